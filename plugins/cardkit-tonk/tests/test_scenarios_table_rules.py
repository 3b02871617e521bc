"""Drop locks, hits on runs only, no upcard, drop timing and the drop window (scenarios 17-22).

Seats are A = 0, B = 1, C = 2; the dealer is the last seat unless a test
says otherwise, so A acts first. Every deck is explicit (see
``cardkit_tonk.testing.stacked_deck``); the scenarios of the other sections
are in the other ``test_scenarios_*`` modules.
"""

from __future__ import annotations

import pytest
from cardkit_tonk import TonkState
from cardkit_tonk.testing import draw_discard, legal, net, play, start

from cardkit import IllegalAction


# 17 -----------------------------------------------------------------------------------
def _lock_table(stock: str) -> TonkState:
    hands = ["8C 9C 2D 3H 4S", "5C 6C 7C KD KH", "QS JS 9D TH 2S"]
    state = start(hands, upcard="AD", stock=stock)
    return play(
        state,
        *("draw", "discard 2C"),
        *("draw", "spread 5C 6C 7C", "discard 3C"),
        *("draw", "discard 4C"),
    )


def test_17_drop_lock() -> None:
    state = _lock_table("2C 3C 4C 5S 6S 7S 8S 9S TS")
    state = play(state, "draw", "hit 8C 1", "discard 5S")
    assert state.drop_locks == (0, 1, 0)
    assert state.to_act == 1
    assert "drop" not in legal(state)
    with pytest.raises(IllegalAction) as err:
        state.apply("drop")
    assert err.value.code == "drop_locked"
    assert legal(state) == ["draw", "take"]  # other actions are normal
    state = draw_discard(state)  # B's locked turn uses the lock
    assert state.drop_locks == (0, 0, 0)
    state = draw_discard(draw_discard(state))  # C, then A without hits
    assert state.to_act == 1
    assert "drop" in legal(state)


def test_17_two_hits_lock_two_turns() -> None:
    state = _lock_table("2C 3C 4C 5S 6S 7S 8S 9S TS JH QH KC")
    state = play(state, "draw", "hit 8C 1", "hit 9C 1", "discard 5S")
    assert state.drop_locks == (0, 2, 0)
    for _ in range(2):
        assert state.to_act == 1
        assert "drop" not in legal(state)
        state = draw_discard(draw_discard(draw_discard(state)))
    assert state.to_act == 1
    assert "drop" in legal(state)


# 18 -----------------------------------------------------------------------------------
def test_18_hitting_your_own_spread_never_locks() -> None:
    state = start(
        ["5C 6C 7C 8C KH", "2D 3D 9S JH QD"],
        upcard="TD",
        stock="4S",
        hit_bonus_discard="per_hit",
    )
    state = play(state, "draw", "spread 5C 6C 7C", "hit 8C 1")
    assert state.drop_locks == (0, 0)
    assert not [a for a in legal(state) if a.startswith("bonus")]
    assert state.view(0).bonus_discards == 0


# 19 -----------------------------------------------------------------------------------
def test_19_hits_on_runs_only() -> None:
    state = start(
        ["TC 8C 4S 4H 4D 2H 9D", "TS TH TD 5C 6C 7C KH"],
        upcard="QD",
        stock="AS 3S 2S",
        hand_size=7,
        hit_runs_only=True,
    )
    state = play(
        state,
        *("draw", "discard AS"),
        *("draw", "spread TS TH TD", "spread 5C 6C 7C", "discard 3S"),
        "draw",
    )
    assert [s.kind for s in state.spreads] == ["book", "run"]
    actions = state.legal_actions()
    assert state.parse_action("hit TC 1") not in actions
    assert state.parse_action("hit 8C 2") in actions
    assert state.parse_action("spread 4S 4H 4D") in actions
    with pytest.raises(IllegalAction, match="runs only"):
        state.apply("hit TC 1")


# 20 -----------------------------------------------------------------------------------
def test_20_no_upcard() -> None:
    state = start(["2C 3D 4H 5S 7C", "9C TD JH QS KC"], stock="8H", dealer_upcard=False)
    assert state.discard_top is None
    assert legal(state) == ["drop", "draw"]
    with pytest.raises(IllegalAction) as err:
        state.apply("take")
    assert err.value.code == "empty_pile"
    state = play(state, "draw", "discard 8H")
    assert str(state.discard_top) == "8H"
    assert state.view(1).discard_size == 1
    assert "take" in legal(state)
    assert str(state.apply("take").hand(1)).count("8H") == 1


# 21 -----------------------------------------------------------------------------------
def test_21_drop_timing() -> None:
    hands = ["AS AH AD 2C 3D", "KS KH QD QC JS"]
    state = start(hands, upcard="5C", stock="9H").apply("draw")
    assert "drop" not in legal(state)
    with pytest.raises(IllegalAction) as err:
        state.apply("drop")
    assert err.value.code == "drop_timing"
    state = start(hands, upcard="5C", stock="9H", drop_timing="anytime")
    state = play(state, "pass", "pass", "draw", "spread AS AH AD")
    assert "drop" in legal(state)
    state = state.apply("drop")
    result = state.result()
    assert result.details["counts"] == [14, 50]
    assert result.reason == "drop_win"
    assert net(state) == [1, -1]


# 22 -----------------------------------------------------------------------------------
def test_22_post_deal_drop_window() -> None:
    hands = ["2C 3D 4H 5S 7C", "9C TD JH QS KC", "AS AH 2S 2H 3C"]
    state = start(hands, upcard="8D", dealer=2, drop_timing="anytime")
    assert state.phase == "drop_window"
    assert state.to_act == 0
    stock = state.view(None).stock_size
    state = state.apply("pass")
    assert state.to_act == 1
    assert legal(state) == ["drop", "pass"]
    state = state.apply("drop")
    assert state.is_over
    result = state.result()
    assert result.details["dropper"] == 1
    assert state.view(None).stock_size == stock
    assert not [e for e in state.events if e.kind in ("draw", "take")]
    # every player passing leads to A's first turn
    state = play(start(hands, upcard="8D", dealer=2, drop_timing="anytime"), "pass", "pass", "pass")
    assert state.phase == "turn_start"
    assert state.to_act == 0
