"""A state class that declares its `phases` and no `grammar` gets the grammar of the kinds
the phases name, in the order their classes are defined (issue 37: one thing said once).

That order numbers the RL action space and orders the listing: Spades, which declares
`phases = (BIDDING, PLAYING)` and no grammar, keeps the ids of its former
`grammar_of(Bid, Play, Blind, Look)`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from cardkit_spades.state import Bid, Blind, Look, Play, SpadesState

import cardkit
from cardkit.authoring import (
    Action,
    CardVerb,
    GenericState,
    NumberVerb,
    Phase,
    Refusal,
    Seen,
    Verb,
    Zone,
    grammar_of,
)


class _Fields(NamedTuple):
    hands: tuple[Any, ...]
    seat: int
    phase: str = "bid"
    outcome: str | None = None


_HAND = (Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER),)


class Offer(NumberVerb):
    high = 3


class Take(CardVerb):
    pass


class Fold(Verb):
    pass


class Knock(Verb):
    pass


def _moves(*kinds: type[Action]) -> dict[str, Any]:
    """A transition for each kind (and no check: their phases are their checks)."""
    return {f"do_{kind.__name__.lower()}": lambda self, action: self for kind in kinds}


def _state_class(name: str, base: type = GenericState, **body: Any) -> type[GenericState]:
    made: type[GenericState] = type(name, (base,), {"__slots__": (), "zone_specs": _HAND, **body})
    return made


def test_spades_grammar_is_derived_with_its_former_order_and_ids() -> None:
    """Spades declares no grammar: its phases' kinds in the order their classes are defined,
    as its explicit grammar listed them, so its action space is unchanged."""
    assert SpadesState._derived  # no grammar declared
    assert SpadesState.grammar.forms == grammar_of(Bid, Play, Blind, Look).forms
    game = cardkit.load_game("spades")
    space = game.action_space(game.rules(), 4)
    assert space is not None
    assert [str(space.decode(i)) for i in (0, 13, 14, 65, 66, 67)] == [
        "bid 0",
        "bid 13",
        "play 2C",
        "play AS",
        "blind",
        "look",
    ]


def test_the_order_is_the_classes_not_the_phases() -> None:
    """Kinds named in another order by the phases still come in the order of definition."""
    late, early = Phase(Knock, Fold, name="late"), Phase(Take, Offer, name="early")
    cls = _state_class("Order", phases=(late, early), **_moves(Offer, Take, Fold, Knock))
    assert [form.make for form in cls.grammar.forms] == [Offer, Take, Fold, Knock]


def test_kinds_of_several_modules_come_module_by_module() -> None:
    """Kinds of two modules come in the order the phases first name each module (whatever
    module was imported first), each module's in the order of definition."""
    second = type("Second", (Verb,), {"__module__": "one", "__slots__": ()})
    first = type("First", (Verb,), {"__module__": "two", "__slots__": ()})
    third = type("Third", (Verb,), {"__module__": "one", "__slots__": ()})
    phases = (Phase(first, third, second, name="only"),)
    cls = _state_class("Modules", phases=phases, **_moves(first, second, third))
    assert [form.make for form in cls.grammar.forms] == [first, second, third]


def test_a_subclass_declaring_other_phases_gets_their_grammar() -> None:
    """A derived grammar follows the phases of the class; one declared stays declared."""
    base = _state_class("Base", phases=(Phase(Offer, Fold, name="bid"),), **_moves(Offer, Fold))
    more = _state_class(
        "More", base, phases=(Phase(Offer, Fold, Knock, name="bid"),), **_moves(Knock)
    )
    same = _state_class("Same", base)
    assert [form.make for form in more.grammar.forms] == [Offer, Fold, Knock]
    assert same.grammar is base.grammar
    declared = grammar_of(Fold, Offer)
    fixed = _state_class("Fixed", base, grammar=declared)
    assert _state_class("Sub", fixed, phases=(Phase(Fold, Offer, name="bid"),)).grammar is declared


def test_phases_without_names_where_the_class_says_its_phase() -> None:
    """A class with its own `current_phase()` may declare unnamed phases (Spades); where
    the field `phase` names the current one, each needs its name."""
    bidding, playing = Phase(Offer), Phase(Take)

    def current_phase(self: Any) -> Phase:
        return bidding

    own = _state_class(
        "Own", phases=(bidding, playing), current_phase=current_phase, **_moves(Offer, Take)
    )
    assert own._phased
    assert own._phase_names == {}
    with pytest.raises(TypeError, match="has no name"):
        _state_class("Field", phases=(bidding, playing), **_moves(Offer, Take))


def test_a_derived_grammar_still_needs_each_transition_and_derivable_forms() -> None:
    """A kind with no transition is refused when the class is made, as with a declared
    grammar; so is a kind whose form the core cannot derive (not a verb class)."""
    with pytest.raises(TypeError, match="needs check_knock and do_knock"):
        _state_class("NoKnock", phases=(Phase(Offer, Knock, name="bid"),), **_moves(Offer))

    class Give(Action):
        __slots__ = ()

        def __str__(self) -> str:
            return "give"

    with pytest.raises(TypeError, match="name Give, whose form the core cannot derive"):
        _state_class("NoForm", phases=(Phase(Give, name="give"),), do_give=lambda s, a: s)


def test_a_check_still_applies_with_a_derived_grammar() -> None:
    """The checks of a class with a derived grammar are found as with a declared one."""

    def check_take(self: Any, action: Take) -> Refusal | None:
        return Refusal("no", "no")

    cls = _state_class(
        "Checked", phases=(Phase(Take, name="play"),), check_take=check_take, **_moves(Take)
    )
    assert cls._moves[Take][0] is check_take
