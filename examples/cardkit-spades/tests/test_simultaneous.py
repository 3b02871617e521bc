"""Spades' sealed bids are a simultaneous phase: every seat still to bid may bid, in any order."""

from __future__ import annotations

import pytest
from cardkit_spades.game import Spades

from cardkit import IllegalAction

GAME = Spades()


def test_seats_bid_in_any_order_and_stay_hidden() -> None:
    """Seat 2 bids first, then 0: each view shows only its own bid; `to_act` is the lowest."""
    state = GAME.start(players=4, seed=5)
    assert state.seats_to_act == (0, 1, 2, 3)
    assert [str(a) for a in state.legal_actions_for(3)][:2] == ["bid 0", "bid 1"]
    assert state.view(3).legal_actions[:2] == ["bid 0", "bid 1"]
    state = state.act_as(2, "bid 4")
    assert state.seats_to_act == (0, 1, 3)
    assert state.to_act == 0
    assert state.view(2).bids == [None, None, 4, None]
    assert state.view(0).bids == [None] * 4
    assert state.view(2).legal_actions == []
    assert state.view(0).recent == ["Seat 3 has chosen"]
    with pytest.raises(IllegalAction) as refused:
        state.act_as(2, "bid 5")
    assert refused.value.code == "not_your_turn"
    for seat, text in ((3, "bid 3"), (0, "bid 2"), (1, "bid 0")):
        state = state.act_as(seat, text)
    assert state.view(None).bids == [2, 0, 4, 3]
    assert state.seats_to_act == (state.to_act,)
    assert [str(a) for a in state.history[:2]] == ["bid 4 as 2", "bid 3 as 3"]
    assert GAME.load_state(state.to_json()) == state


def test_an_out_of_turn_text_is_refused_when_it_is_not_that_seats() -> None:
    """`as` names a seat still to choose other than `to_act`; any other use is refused."""
    state = GAME.start(players=4, seed=5)
    with pytest.raises(IllegalAction) as refused:
        state.apply("bid 3 as 0")
    assert refused.value.code == "unknown_action"
    state = state.act_as(1, "bid 3")
    with pytest.raises(IllegalAction) as refused:
        state.apply("bid 3 as 1")
    assert refused.value.code == "not_your_turn"


def test_worlds_do_not_know_the_other_seats_sealed_bids() -> None:
    """ISMCTS' worlds for seat 0 vary seats 2 and 3's hidden bids; seat 0's own bid is kept."""
    import random

    from cardkit.engine.determinize import sample_worlds

    state = GAME.start(players=4, seed=5).act_as(2, "bid 13").act_as(3, "bid 13")
    state = state.act_as(0, "bid 2")
    worlds = sample_worlds(state, 0, 12, random.Random(1))
    assert len(worlds) == 12
    assert all(w.view(0) == state.view(0) for w in worlds)
    assert all(w.f.bids.values[0] == 2 for w in worlds)
    assert {w.f.bids.values[2] for w in worlds} != {13}
    assert {w.f.bids.values[3] for w in worlds} != {13}
    # Once every bid is revealed, the worlds keep the real ones.
    done = state.act_as(1, "bid 1")
    assert {w.f.bids.values[2] for w in sample_worlds(done, 0, 4, random.Random(1))} == {13}
