"""Views derived from the zone declarations (issue 37): a game's view model declares only
the fields its `view_extra` adds; the core adds a typed field for each zone entry, and a
derived view never shows a seat a private zone it may not see."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import cardkit
from cardkit.authoring import Card, Seen, View, Zone
from cardkit.engine.views import ZoneView
from cardkit.engine.zoneviews import derived_view_model, zone_fields

EXAMPLES = ("crazyeights", "spades", "ginrummy")


def _states(name: str, seeds: range) -> list[Any]:
    """Every state of random games of `name`, seats and seeds as given."""
    game = cardkit.load_game(name)
    states = []
    for seed in seeds:
        state = game.start(players=game.players.default, seed=seed)
        rng = random.Random(seed)
        while True:
            states.append(state)
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
    return states


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_zone_entries_are_derived_not_declared(name: str) -> None:
    state = cardkit.load_game(name).start(seed=1)
    declared = type(state).view_model
    derived = zone_fields(type(state).zone_specs)
    assert "hand" in derived
    assert not set(derived) & set(declared.model_fields)
    view = state.view(0)
    assert isinstance(view, declared)
    assert type(view) is not declared
    assert set(derived) <= set(type(view).model_fields)
    assert [c.code for c in view.cards_of("hand")] == view.model_dump(mode="json")["hand"]
    assert pickle.loads(pickle.dumps(view)) == view


def _zone_cards(view: View, keys: set[str]) -> set[str]:
    """The card codes the view's zone entries `keys` show (its own hand and revealed ones
    left out)."""
    shown: set[str] = set()
    data = view.model_dump(mode="json")
    stack = [data[k] for k in keys if k in data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            shown.add(value)
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
    return shown


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_derived_view_shows_no_private_zone_of_another_seat(name: str) -> None:
    # Planted once: an owner zone derived as one everyone sees (in `zone_fields` and the
    # viewer's per-seat step) made every seat's view show every hand; this test failed.
    for state in _states(name, range(3)):
        zones = type(state).zone_specs
        keys = set(zone_fields(zones)) - {"hand", "hand_revealed"}
        hands = state.f.hands
        revealed = next((z.revealed for z in zones if z.name == "hand"), None)
        mask = revealed(state) if revealed is not None else 0
        for seat in [None, *range(state.players)]:
            view = state.view(seat)
            own = view.model_dump(mode="json")["hand"]
            if seat is None:
                assert own is None
            elif own is not None:
                assert sorted(own) == sorted(c.code for c in hands[seat])
            private = {
                c.code
                for other, hand in enumerate(hands)
                if other != seat and not mask >> other & 1
                for c in hand
            }
            assert not _zone_cards(view, keys) & private, (seat, state.action_count)
            if seat is not None and own is not None:
                assert not set(own) & private


def test_a_model_declaring_every_entry_or_untyped_is_kept() -> None:
    zones = (Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER),)

    class Full(View):
        hand: list[Card] | None
        hand_counts: list[int]
        dealer: int

    assert derived_view_model(zones, Full) is Full
    assert derived_view_model(zones, ZoneView) is ZoneView
    assert zone_fields((Zone("stock", seen=Seen.TOP), Zone("deck"))) == {
        "stock_count": int,
        "stock_top": Card | None,
    }


def test_a_view_reads_its_entries_typed() -> None:
    view = cardkit.load_game("crazyeights").start(players=2, seed=1).view(None)
    assert view.cards_of("hand") == []
    assert len(view.cards_of("top")) == 1
    assert isinstance(view.cards_of("top")[0], Card)
    assert view.number_of("stock_count") == 37
    with pytest.raises(KeyError, match="no entry 'nope'"):
        view.cards_of("nope")
    with pytest.raises(KeyError, match="not a number"):
        view.number_of("top")
    with pytest.raises(KeyError, match="holds no cards"):
        view.cards_of("stock_count")


def test_state_classes_sharing_a_model_get_their_own_derived_model() -> None:
    class Shared(View):
        dealer: int

    hand = Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER)
    one = derived_view_model((hand,), Shared)
    two = derived_view_model((hand, Zone("stock", seen=Seen.COUNT)), Shared)
    assert one is derived_view_model((hand,), Shared)  # made once
    assert two is not one
    assert "stock_count" in two.model_fields
    assert "stock_count" not in one.model_fields
    assert Shared.zone_model is one  # type: ignore[attr-defined]
    assert Shared.zone_model_2 is two  # type: ignore[attr-defined]


def test_every_view_shows_the_dealer() -> None:
    """The core puts the dealer in every view of a `GenericState` (the examples' view models
    no longer declare it; a model that does not is derived with it)."""
    zones = (Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER),)

    class NoDealer(View):
        hand: list[Card] | None
        hand_counts: list[int]

    assert derived_view_model(zones, NoDealer).model_fields["dealer"].annotation is int
    for name in ("crazyeights", "spades", "ginrummy"):
        state = cardkit.load_game(name).start(seed=3, dealer=1)
        assert all(state.view(seat).model_dump()["dealer"] == 1 for seat in (None, 0, 1)), name


def test_the_view_model_is_the_one_the_state_s_base_names() -> None:
    """`GenericState[R, F, MyView]` sets `view_model = MyView` (the examples set none)."""
    from cardkit_crazyeights.state import CrazyEightsState
    from cardkit_spades.state import SpadesState, SpadesView

    from cardkit.authoring import SheddingView

    assert CrazyEightsState.view_model is SheddingView
    assert SpadesState.view_model is SpadesView  # on a SimultaneousChoices base too
    assert isinstance(cardkit.load_game("crazyeights").start(seed=1).view(0), SheddingView)


@pytest.mark.parametrize("name", [*EXAMPLES, "palace", "tienlen", "tonk"])
def test_a_bot_view_is_the_view_less_its_recent_lines(name: str) -> None:
    # Palace's private windows (a seat not asked gets the public state's bot view) and
    # Spades' simultaneous bids (its own `view`, its `recent` dropped) included.
    worded = 0
    for state in _states(name, range(2)):
        for seat in range(state.players):
            view = state.view(seat)
            worded += bool(view.recent)
            assert state.bot_view(seat) == view.model_copy(update={"recent": []})
    assert worded
