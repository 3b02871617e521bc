"""Phases: when an action kind applies, said once, not in every check.

A deal of Spades is bid, then played: a bid is refused while the cards are played
and a card while the seats bid. A game says so with a
[`Phase`][cardkit.engine.phases.Phase] per part of its deal, naming the action
classes it allows and the refusal of any other, and a `current_phase()` saying
which one the state is in:

```python
BIDDING = Phase(Bid, Blind, Look, refusal=Refusal("bidding", "every seat bids first"))
PLAYING = Phase(Play, refusal=Refusal("not_bidding", "the bidding is over: play a card"))

class SpadesState(GenericState[SpadesRules, ContractFields, SpadesView]):
    phases = (BIDDING, PLAYING)

    def current_phase(self) -> Phase:
        return BIDDING if not self.f.bids.complete else PLAYING
```

[`GenericState`][cardkit.engine.generic.GenericState] then refuses an action of
another kind with the phase's refusal before its check is asked (the checks hold
only the rules of their phase), and its reference listing lists and checks only
the phase's kinds. `current_phase` is a method: a subclass that overrides it is
played with its own. The action kinds the core adds (a choice made out of turn)
apply in every phase.

A state class may instead declare its named phases, `phases = (OFFER, DRAW, ...)`,
and keep the current one's name in its field `phase`: `current_phase()` is then
the declared phase of that name. An action kind that one of the declared phases
names needs no `check_<kind>`: its phase is its whole check (Gin Rummy's `take`,
`pass`, `draw` and `done`). A kind with no check that no declared phase names is
refused when the class is made, as a kind of the grammar that no declared phase
names is: a misspelt check never makes a move legal always.

A state class that declares its `phases` needs no `grammar`: the core derives it from
the kinds the phases name ([`derived_grammar`][cardkit.engine.phases.derived_grammar]),
in the order their classes are defined. A class whose `current_phase()` is its own may
declare its phases too, unnamed (Spades: `phases = (BIDDING, PLAYING)`), for its grammar
and for its kinds that need no check.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardkit.engine.actions import Action
from cardkit.engine.cardverb import CardVerb, CardWord, NumberVerb, Verb, grammar_of
from cardkit.engine.grammar import Grammar
from cardkit.errors import Refusal, Refused

if TYPE_CHECKING:
    from cardkit.engine._moves import Check, Do

__all__ = [
    "Phase",
    "PhaseMoves",
    "check_declared_phases",
    "derived_grammar",
    "phase_moves",
    "phases_by_name",
]


class Phase:
    """A part of a deal and the action kinds that apply in it (compared by identity).

    Attributes:
        kinds: the action classes that apply in this phase.
        name: the phase's name (`"discard"`), which a state class declaring its
            `phases` keeps in its field `phase`; `None` for a phase that
            `current_phase()` names itself.
        refusal: the refusal of an action of any other kind of the game in this phase,
            which should say what is allowed now; by default code
            [`Refused.NOT_NOW`][cardkit.errors.Refused] and, for a named phase, its name
            (`"not allowed in the discard phase"`), else the forms allowed
            (`"not now: write 'bid <number>' or 'look'"`).
    """

    __slots__ = ("kinds", "name", "refusal")

    def __init__(
        self, *kinds: type[Action], name: str | None = None, refusal: Refusal | None = None
    ) -> None:
        """A phase allowing `kinds`, called `name`, refusing the others with `refusal`.

        Raises:
            TypeError: no kind, or one that is not an action class.
        """
        if not kinds or not all(isinstance(k, type) and issubclass(k, Action) for k in kinds):
            raise TypeError(f"a Phase names one or more action classes, not {kinds!r}")
        self.kinds = kinds
        self.name = name
        self.refusal = refusal

    def __repr__(self) -> str:
        """The kinds' names, and the phase's name if it has one."""
        kinds = ", ".join(kind.__name__ for kind in self.kinds)
        return f"Phase({kinds})" if self.name is None else f"Phase({kinds}, name={self.name!r})"


class PhaseMoves:
    """What a state class lists and checks in one phase (made once per class and phase).

    Attributes:
        grammar: the forms of the phase's kinds, in the grammar's order.
        moves: the checks and transitions of the phase's kinds and of the kinds the
            core adds (which apply in every phase), by action class.
        refusal: the refusal of the game's other kinds in this phase.
    """

    __slots__ = ("grammar", "moves", "refusal")

    def __init__(
        self, grammar: Grammar, moves: dict[type[Action], tuple[Check, Do]], refusal: Refusal
    ) -> None:
        """The phase's grammar, moves and refusal."""
        self.grammar = grammar
        self.moves = moves
        self.refusal = refusal


def phase_moves(
    phase: Phase, grammar: Grammar, moves: Mapping[type[Action], tuple[Any, Any]], name: str
) -> PhaseMoves:
    """`phase`'s part of a state class's `grammar` and `moves` (the class is called `name`).

    Raises:
        TypeError: a kind of the phase is not an action of the grammar.
    """
    kinds = grammar.action_types
    _check_in_grammar(phase, kinds, name)
    forms = Grammar(*(form for form in grammar.forms if form.make in phase.kinds))
    allowed = {k: m for k, m in moves.items() if k in phase.kinds or k not in kinds}
    refusal = phase.refusal
    if refusal is None and phase.name is not None:
        refusal = Refusal(Refused.NOT_NOW, f"not allowed in the {phase.name} phase")
    elif refusal is None:
        written = [repr(usage) for usage in forms.usage]
        said = ", ".join(written[:-1]) + " or " + written[-1] if len(written) > 1 else written[0]
        refusal = Refusal(Refused.NOT_NOW, f"not now: write {said}")
    return PhaseMoves(forms, allowed, refusal)


def phases_by_name(phases: object, name: str, named: bool = True) -> dict[str, Phase]:
    """The phases a state class called `name` declares, by name (with `named` false, for a
    class whose `current_phase()` is its own, those with a name: the others need none).

    Raises:
        TypeError: `phases` is not a tuple of phases, or one has the name of another, or
            (`named`) no name.
    """
    if not isinstance(phases, tuple) or not all(isinstance(p, Phase) for p in phases):
        raise TypeError(f"{name}.phases is a tuple of Phase objects, not {phases!r}")
    found: dict[str, Phase] = {}
    for phase in phases:
        if phase.name is None and not named:
            continue
        if phase.name is None or phase.name in found:
            said = "has no name" if phase.name is None else "has the name of another"
            raise TypeError(f"{name}'s phase {phase!r} {said}: give each a name of its own")
        found[phase.name] = phase
    return found


def derived_grammar(phases: Sequence[Phase], name: str) -> Grammar:
    """The grammar of a state class called `name` that declares `phases` and no `grammar`:
    the forms of the kinds the phases name (each read as
    [`grammar_of`][cardkit.engine.cardverb.grammar_of] reads it), in the order their
    classes are defined. That order numbers the actions of the RL action space and orders
    the listing: kinds defined in another module come module by module, in the order the
    phases first name one of each, so that it never depends on which module was imported
    first.

    Raises:
        TypeError: a kind is not a `Verb`, `CardVerb`, `CardWord` or `NumberVerb` class,
            whose form the core cannot derive (declare `grammar` with its `Form`).
    """
    kinds = list(dict.fromkeys(kind for phase in phases for kind in phase.kinds))
    modules = list(dict.fromkeys(kind.__module__ for kind in kinds))
    kinds.sort(key=lambda kind: (modules.index(kind.__module__), kind._defined))
    derivable: list[type[Verb | CardVerb | CardWord[Any] | NumberVerb]] = []
    for kind in kinds:
        if not issubclass(kind, Verb | CardVerb | CardWord | NumberVerb):
            raise TypeError(
                f"{name}'s phases name {kind.__name__}, whose form the core cannot derive "
                "(not a Verb, CardVerb, CardWord or NumberVerb): declare its grammar, "
                "grammar_of(..., Form(...))"
            )
        derivable.append(kind)
    return grammar_of(*derivable)


def check_declared_phases(phases: Collection[Phase], grammar: Grammar, name: str) -> None:
    """Check the phases a state class called `name` declares against its `grammar` (once,
    when the class is made, after its moves are found: a kind with no check and in no phase
    is refused there first, by its missing check).

    Raises:
        TypeError: a phase names a kind not in the grammar; a kind of the grammar is in
            no phase (it would never be legal).
    """
    if not phases:
        return
    kinds = grammar.action_types
    for phase in phases:
        _check_in_grammar(phase, kinds, name)
    phased = {kind for phase in phases for kind in phase.kinds}
    unphased = [kind.__name__ for kind in kinds if kind not in phased]
    if unphased:
        raise TypeError(
            f"{name}'s phases name no {', '.join(unphased)}: "
            "a kind in no phase would never be legal"
        )


def _check_in_grammar(phase: Phase, kinds: Collection[type[Action]], name: str) -> None:
    for kind in phase.kinds:
        if kind not in kinds:
            raise TypeError(f"{name}'s phase {phase!r} names {kind.__name__}, not in its grammar")
