"""The view entries the core derives besides the zones' cards (issue 37): the trick zones'
leaders and tricks, a sealed choice's entries and the fields a state declares `shown`; a
game's `view_extra` gives only what is its own, and observations read the same entries."""

from __future__ import annotations

import random
from typing import Any

import pytest
from cardkit_spades.state import SpadesState

import cardkit
from cardkit.authoring import trick_entries
from cardkit.engine.shown import view_entries
from cardkit.errors import ContractError
from cardkit.rl.fields import view_extra_of


def _states(name: str, seeds: range) -> list[Any]:
    """Every state of random games of `name` (each seat acting when it may)."""
    game = cardkit.load_game(name)
    states = []
    for seed in seeds:
        state, rng = game.start(seed=seed), random.Random(seed)
        while True:
            states.append(state)
            if state.is_over:
                break
            seat = rng.choice(sorted(state.seats_to_act))
            state = state.act_as(seat, rng.choice(list(state.legal_actions_for(seat))))
    return states


def test_spades_shows_trick_sealed_and_shown_entries_it_does_not_write() -> None:
    # Planted once: the sealed field's step left out of the plan (`_plan`): the views had
    # no `bids` and failed to build; this test failed.
    for state in _states("spades", range(2)):
        f = state.f
        for seat in (None, 0, 3):
            own = state.view_extra(seat)
            assert set(own) <= {"blind", "hand"}
            view = state.view(seat)
            expected = {
                **trick_entries(f.trick, f.last, f.tricks),
                **f.bids.entries(seat, "bid"),
                "broken": f.broken,
            }
            assert {k: getattr(view, k) for k in expected} == expected
            assert view_entries(state, seat) == expected | own


def test_a_sealed_choice_is_shown_by_its_declared_noun_not_its_fields_spelling() -> None:
    # Planted once: the noun taken from the field's name less its "s" (as before): the
    # view showed `bid_made`, not `offer_made`; this test failed.
    start = cardkit.load_game("spades").start(seed=1)

    class Offers(SpadesState):
        __slots__ = ()
        sealed_noun = "offer"

    state = Offers.first(start.game, start.setup, start.f)
    entries = view_entries(state, 0)
    assert entries["offer_made"] == start.f.bids.made
    assert entries["bids"] == start.f.bids.seen_by(0)
    assert "bid_made" not in entries


def test_a_sealed_field_without_its_noun_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="names its sealed field 'bids' but no noun"):
        type("Unnamed", (SpadesState,), {"__slots__": (), "sealed_noun": ""})


def test_a_shown_field_is_said_and_shown_as_over_once_the_game_is() -> None:
    # Planted once: `over` ignored (the field shown as it is when over): a view of a
    # finished game showed `drew` true; this test failed.
    start = cardkit.load_game("crazyeights").start(seed=3)
    assert start.view(0).suit == start.f.suit.word
    drawn = type(start).first(start.game, start.setup, start.f._replace(drew=True))
    assert drawn.view(None).drew is True
    over = type(start).first(start.game, start.setup, drawn.f._replace(outcome="blocked"))
    assert over.is_over
    assert over.f.drew
    assert over.view(None).drew is False
    assert view_extra_of(over, 1)["drew"] is False


def test_shown_naming_no_field_is_refused() -> None:
    start = cardkit.load_game("spades").start(seed=1)

    class Misnamed(SpadesState):
        __slots__ = ()
        shown = ("suits",)

    state = Misnamed.first(start.game, start.setup, start.f)
    with pytest.raises(ContractError, match=r"Misnamed\.shown names 'suits', which is no field"):
        state.view(0)


SHOWN = {
    "spades": {"dealer", "trick_leader", "last_leader", "tricks", "bids", "bid_made", "broken"},
    "crazyeights": {"dealer", "suit", "drew"},
}


@pytest.mark.parametrize("name", sorted(SHOWN))
def test_observations_read_the_entries_the_view_shows(name: str) -> None:
    # Planted once: `view_extra_of` reading `view_extra` alone: Spades' leaders and
    # Crazy Eights' suit were missing from it; this test failed.
    for state in _states(name, range(2))[::7]:
        for seat in range(state.players):
            entries = view_extra_of(state, seat)
            view = state.view(seat).model_dump()
            assert set(entries) >= SHOWN[name]
            assert entries == {k: view[k] for k in entries}
