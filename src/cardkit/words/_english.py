"""English for the narrator: verbs in the base form and the third person, ordinals.

Used by [cardkit.words.wording][]; plain functions of strings.
"""

from __future__ import annotations

__all__ = ["base_form", "is_verb", "ordinal", "second_person", "third_person"]

_IRREGULAR = {"is": "are", "has": "have", "does": "do", "was": "were", "goes": "go"}
_IRREGULAR_THIRD = {v: k for k, v in _IRREGULAR.items()} | {"be": "is", "may": "may"}
_MODAL = frozenset({"may", "must", "can", "cannot", "will", "shall", "might", "could"})


def base_form(verb: str) -> str:
    """A phrase's first verb in the base form: `plays` → `play`, `buries up` → `bury up`."""
    first, space, rest = verb.partition(" ")
    if first in _IRREGULAR:
        first = _IRREGULAR[first]
    elif first in _MODAL:
        pass
    elif first.endswith("ies") and len(first) > 4:
        first = first[:-3] + "y"
    elif first.endswith(("sses", "shes", "ches", "xes", "zes")):
        first = first[:-2]
    elif first.endswith("s") and not first.endswith("ss") and len(first) > 2:
        first = first[:-1]
    return first + space + rest


def third_person(verb: str) -> str:
    """A phrase's first verb in the third person: `play` → `plays`, `pass up` → `passes up`."""
    first, space, rest = verb.partition(" ")
    if first in _IRREGULAR_THIRD:
        first = _IRREGULAR_THIRD[first]
    elif first.endswith(("s", "sh", "ch", "x", "z", "o")):
        first += "es"
    elif first.endswith("y") and first[-2:-1] not in ("a", "e", "i", "o", "u"):
        first = first[:-1] + "ies"
    else:
        first += "s"
    return first + space + rest


def second_person(phrase: str) -> str:
    """A third-person predicate said to its subject: `wins and leads` → `win and lead`.

    The first verb takes the base form, and so does each lower-case word
    right after `and` in the first clause (before a `:`, `;` or `,`).
    """
    clause, mark, tail = _first_clause(phrase)
    parts = clause.split(" and ")
    said = " and ".join(
        base_form(part) if i == 0 or part[:1].islower() else part for i, part in enumerate(parts)
    )
    return said + mark + tail


def _first_clause(phrase: str) -> tuple[str, str, str]:
    cut = min((i for i in (phrase.find(c) for c in ":;,") if i >= 0), default=-1)
    if cut < 0:
        return phrase, "", ""
    return phrase[:cut], phrase[cut], phrase[cut + 1 :]


def ordinal(number: int) -> str:
    """`1` → `"1st"`, `2` → `"2nd"`, `11` → `"11th"`, `23` → `"23rd"`."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


_NOT_VERBS = frozenset({"as", "its", "his", "hers", "this", "thus", "plus", "less", "unless", "us"})


def is_verb(word: str) -> bool:
    """Whether a note's first word reads as a verb of the seat (`goes`, `has`, `may`)."""
    if word in _MODAL or word in _IRREGULAR:
        return True
    return word.endswith("s") and not word.endswith("ss") and word not in _NOT_VERBS
