"""Words, not field names: how a table drawn for people shows a view's other fields.

A game's state class may set `view_words`, a mapping view field ->
[`Words`][cardkit.engine.viewwords.Words] (its label and how its value reads,
"Drop locked: 1 turn", "Payments: Ana pays Bo 2"), or `None` for a field that
is not shown (positions, internal flags). A field the game does not name is
shown with its name in words and its value read plainly (in a list, `True`,
`False` and `None` read "yes", "no" and "none"); empty values (`None`, `False`,
`0` counts of nothing, empty lists and mappings) are never shown. A fact may
read several fields (`Words.reads`: Spades' "Bid: sealed" reads the bids and
who has bid), or be made of other fields alone (Spades' partnerships,
[`team_words`][cardkit.engine.viewwords.team_words]).
[`view_facts`][cardkit.engine.viewwords.view_facts] gives the
[`Fact`][cardkit.engine.viewwords.Fact]s of one view, and
[`move_help`][cardkit.engine.viewwords.move_help] what a move does, from the
game's grammar (the first line of its action class's docstring).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from cardkit.cards.card import Card

__all__ = [
    "BASE_FIELDS",
    "Fact",
    "Words",
    "card_text",
    "cards_text",
    "count_text",
    "move_help",
    "payments_text",
    "sealed_words",
    "seat_text",
    "seats_text",
    "team_words",
    "view_facts",
    "words_text",
]

#: A value and the seats' names -> its text ("" is not shown).
Format = Callable[[Any, Sequence[str]], str]
#: Fields of every view that the table shows its own way.
BASE_FIELDS = frozenset(
    {"game", "seat", "players", "to_act", "is_over", "legal_actions", "recent", "dealer"}
)


@dataclass(frozen=True)
class Words:
    """How one view field is shown.

    Attributes:
        label: its label ("Drop locked").
        text: value, seat names -> its text ("" hides it); default: read plainly.
        per_seat: the field holds one value per seat, each shown at its seat.
        reads: the view fields its text reads, when more than its own: `text`
            then gets a mapping of those fields (and `"seat"`, the seat, for a
            per-seat fact) in place of the value, and says "" where nothing is
            shown. Such words may name a fact that is no view field of its own.
    """

    label: str
    text: Format | None = None
    per_seat: bool = False
    reads: tuple[str, ...] = ()


class Fact(BaseModel):
    """One shown field of a view, in words.

    Attributes:
        key: the view field.
        label: its label.
        text: its value in words.
        seat: the seat it is about (a per-seat field), else `None`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    label: str
    text: str
    seat: int | None = None


_CODE = re.compile(r"^(?:[2-9TJQKA][SHDC]|BJ|RJ)$")


def card_text(code: Any, names: Sequence[str] = ()) -> str:
    """A card code as people read it (`"TH"` -> `"10♥"`); anything else as it is."""
    if isinstance(code, str) and _CODE.match(code):
        return Card.parse(code).pretty
    return str(code)


def cards_text(value: Any, names: Sequence[str] = ()) -> str:
    """A list of cards as people read them (`"10♥ J♥"`)."""
    return " ".join(card_text(c) for c in value)


def seat_text(value: Any, names: Sequence[str]) -> str:
    """A seat index as the seat's name, or without one as people number it (0: "Seat 1")."""
    if isinstance(value, int) and value >= 0:
        return names[value] if value < len(names) else f"Seat {value + 1}"
    return "" if value is None else str(value)


def seats_text(value: Any, names: Sequence[str]) -> str:
    """Seat numbers as the seats' names, in order."""
    return ", ".join(seat_text(s, names) for s in value)


def words_text(value: Any, names: Sequence[str] = ()) -> str:
    """A code word in words (`"drop_win"` -> `"drop win"`)."""
    return str(value).replace("_", " ")


def count_text(noun: str, plural: str = "") -> Format:
    """A number with its noun (`count_text("turn")` reads 1 as "1 turn", 0 as nothing)."""

    def text(value: Any, names: Sequence[str] = ()) -> str:
        if not value:
            return ""
        return f"{value} {noun if value == 1 else plural or noun + 's'}"

    return text


def sealed_words(
    noun: str,
    say: Callable[[Any, Mapping[str, Any], int], str] | None = None,
    reads: tuple[str, ...] = (),
) -> dict[str, Words | None]:
    """The table words of a sealed choice's view entries ``<noun>s`` and ``<noun>_made``
    ([`Sealed.entries`][cardkit.engine.simultaneous.Sealed.entries]), for a state's
    `view_words`: at each seat, "Bid: 4" once shown, "Bid: sealed" once made, else
    "Bid: no bid yet".

    Args:
        noun: the choice (``"bid"``); its label is the noun capitalised.
        say: how a shown choice reads: the choice, the fields read (the two entries, the
            `reads` and ``"seat"``) and the seat -> its text (default `str(choice)`).
        reads: other view fields `say` reads (a bid said "blind nil" reads who bid blind).
    """
    chosen, made = f"{noun}s", f"{noun}_made"

    def text(seen: Mapping[str, Any], names: Sequence[str]) -> str:
        seat = seen["seat"]
        value = seen[chosen][seat]
        if value is not None:
            return str(value) if say is None else say(value, seen, seat)
        return "sealed" if seen[made][seat] else f"no {noun} yet"

    label = noun[:1].upper() + noun[1:]
    return {chosen: Words(label, text, per_seat=True, reads=(chosen, made, *reads)), made: None}


def team_words(
    teams: Sequence[Sequence[int]],
    say: Callable[[Sequence[int], Mapping[str, Any], Sequence[str]], str] | None = None,
    *,
    label: str = "Partnerships",
    reads: tuple[str, ...] = (),
) -> Words:
    """The table words of a game's partnerships (teams), a fact of no view field of its own,
    for a state's `view_words`: each team's seats by name, joined by " & ", then what `say`
    says of it after a colon, teams separated by " · " ("Ana & Cy: bid 7 · Bo & Di: bid 5").

    Args:
        teams: the partnerships, each a sequence of seats (Spades: ``((0, 2), (1, 3))``).
        say: how a team's state reads: the team, the view fields read (`reads`) and the
            seats' names -> its text ("" says nothing but the names; default: nothing).
        label: the fact's label.
        reads: the view fields `say` reads.

    Raises:
        ValueError: no team, or a team of no seat.
    """
    if not teams or not all(teams):
        raise ValueError(f"teams must be one or more non-empty sequences of seats, not {teams!r}")
    sides = tuple(tuple(team) for team in teams)

    def text(seen: Mapping[str, Any], names: Sequence[str]) -> str:
        parts = []
        for team in sides:
            side = " & ".join(seat_text(s, names) for s in team)
            said = "" if say is None else say(team, seen, names)
            parts.append(f"{side}: {said}" if said else side)
        return " · ".join(parts)

    return Words(label, text, reads=reads)


def payments_text(value: Any, names: Sequence[str]) -> str:
    """Payments (`payer`, `payee`, `amount`) as "Ana pays Bo 2"."""
    parts = []
    for pay in value:
        get = pay.get if isinstance(pay, Mapping) else lambda k, p=pay: getattr(p, k, None)
        text = f"{seat_text(get('payer'), names)} pays {seat_text(get('payee'), names)} "
        parts.append(text + str(get("amount")))
    return "; ".join(parts)


def _empty(value: Any) -> bool:
    return value is None or value is False or (isinstance(value, (list, dict, str)) and not value)


def _plain(value: Any, names: Sequence[str]) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return ", ".join(_plain(v, names) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{words_text(k)}: {_plain(v, names)}" for k, v in value.items())
    if isinstance(value, str):
        return card_text(value) if _CODE.match(value) else words_text(value)
    return str(value)


def _label(key: str) -> str:
    text = key.replace("_", " ")
    return text[:1].upper() + text[1:]


def view_facts(
    view: Mapping[str, Any],
    words: Mapping[str, Words | None],
    names: Sequence[str],
    skip: Iterable[str] = (),
) -> list[Fact]:
    """The facts a table shows for `view` (a view as JSON): every field but the base
    ones, those in `skip` (drawn as zones) and those `words` hides, in words."""
    left_out = BASE_FIELDS | set(skip)
    facts: list[Fact] = []
    made = [(k, w) for k, w in words.items() if k not in view and w is not None and w.reads]
    for key, value in [*view.items(), *made]:
        shown = words.get(key, Words(_label(key))) if key in words else Words(_label(key))
        if shown is not None and shown.reads:
            facts += _read_facts(key, shown, view, names)
            continue
        if key in left_out or _empty(value) or shown is None:
            continue
        text = shown.text or _plain
        if shown.per_seat and isinstance(value, list):
            for seat, item in enumerate(value):
                said = "" if _empty(item) else text(item, names)
                if said:
                    facts.append(Fact(key=key, label=shown.label, text=said, seat=seat))
            continue
        said = text(value, names)
        if said:
            facts.append(Fact(key=key, label=shown.label, text=said))
    return facts


def _read_facts(
    key: str, shown: Words, view: Mapping[str, Any], names: Sequence[str]
) -> list[Fact]:
    """The facts of words that read several fields (`Words.reads`)."""
    fields = {k: view.get(k) for k in shown.reads}
    text = shown.text or _plain
    if not shown.per_seat:
        said = text(fields, names)
        return [Fact(key=key, label=shown.label, text=said)] if said else []
    facts = []
    for seat in range(int(view.get("players") or len(names))):
        said = text({**fields, "seat": seat}, names)
        if said:
            facts.append(Fact(key=key, label=shown.label, text=said, seat=seat))
    return facts


_EXAMPLE_HEAD = re.compile(r"^``[^`]*``:\s*")
_EXAMPLE_IN = re.compile(r"\s*\(``[^`]*``\)")
_EXAMPLE_TAIL = re.compile(r"\s*:\s*``[^`]*``(\s*;.*)?\s*\.?\s*$")


def move_help(grammar: Any, action: str, own: Mapping[str, str] | None = None) -> str:
    """What the move `action` (its text) does: `own[verb]` if given, else the first line
    of the docstring of its form's action class, without its example."""
    verb = action.split(" ", 1)[0].lower()
    if own and verb in own:
        return own[verb]
    for form in getattr(grammar, "forms", ()):
        if form.verb == verb:
            doc = inspect.getdoc(form.make) or ""
            line = doc.split("\n\n", 1)[0].replace("\n", " ").strip()
            line = _EXAMPLE_IN.sub("", _EXAMPLE_HEAD.sub("", line))
            line = _EXAMPLE_TAIL.sub("", line).replace("``", "").rstrip(".")
            return line[:1].upper() + line[1:] + ("." if line else "")
    return ""
