"""Refused actions, and the options of scenarios 29-32 (scenarios 28-32).

Seats are A = 0, B = 1, C = 2; the dealer is the last seat unless a test
says otherwise, so A acts first. Every deck is explicit (see
``cardkit_tonk.testing.stacked_deck``); the scenarios of the other sections
are in the other ``test_scenarios_*`` modules.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_tonk import TonkState
from cardkit_tonk.testing import legal, play, start

import cardkit
from cardkit import IllegalAction, InvalidRules

GAME = cardkit.load_game("tonk")


# 28 -----------------------------------------------------------------------------------
def _unchanged(
    state: TonkState, action: str, code: str | None = None, seat: int | None = None
) -> None:
    before = state.to_json()
    snapshot = state.snapshot()
    act = state.apply if seat is None else lambda a: state.act_as(seat, a)
    with pytest.raises(IllegalAction) as err:
        act(action)
    if code is not None:
        assert err.value.code == code, err.value
    assert state.to_json() == before
    assert state.snapshot() == snapshot


def test_28_illegal_actions_leave_the_state_unchanged() -> None:
    fresh = start(["2C 3D 4H 5S 7C", "9D TD JH QS KC"], upcard="8H", stock="JC")
    drawn = fresh.apply("draw")
    _unchanged(drawn, "discard AS", "not_in_hand")
    _unchanged(drawn, "spread 2C 3D", "invalid_spread")
    _unchanged(drawn, "drop", "drop_timing")
    _unchanged(drawn, "pass")  # a turn ends only with a discard
    _unchanged(drawn, "draw", "already_drew")
    _unchanged(fresh, "draw", "not_your_turn", seat=1)
    _unchanged(fresh, "discard 2C", "must_draw")
    hand9 = start(["9D TD JC 2C 2D", "3C 4C 5D 6D 8H"], upcard="KS", stock="QH").apply("draw")
    _unchanged(hand9, "spread 9D TD JC", "invalid_spread")
    _unchanged(hand9, "spread 2C 2D", "invalid_spread")
    empty = start(["2C 3D 4H 5S 7C", "9D TD JH QS KC"], stock="8H", dealer_upcard=False)
    _unchanged(empty, "take", "empty_pile")
    locked = _lock_table("2C 3C 4C 5S 6S 7S 8S 9S TS")
    _, hit = _b_lays("4C 8C 9C 8D KH", "5C 6C 7C QS QD", "5C 6C 7C")
    _unchanged(hit, "hit 9C 1", "invalid_hit")
    locked = play(locked, "draw", "hit 8C 1", "discard 5S")
    _unchanged(locked, "drop", "drop_locked")
    _unchanged(locked, "nonsense", "unparsable")
    over = fresh.apply("drop")
    _unchanged(over, "draw", "game_over")


# 29 -----------------------------------------------------------------------------------
def test_29_picture_values() -> None:
    hands = ["JS QS KS AH 2H", "2C 3C 4C 5C 6C"]
    assert start(hands, upcard="9D").count(0) == 33
    assert start(hands, upcard="9D", picture_values="jqk_11_12_13").count(0) == 39


# 30 -----------------------------------------------------------------------------------
def test_30_take_discard_must_use() -> None:
    state = start(["3C 4C 9H KD KS", "2S 6D 8S JH QD"], upcard="5C", take_discard_must_use=True)
    assert "take" in legal(state)
    state = state.apply("take")
    assert not [a for a in legal(state) if a.startswith("discard")]
    with pytest.raises(IllegalAction) as err:
        state.apply("discard 9H")
    assert err.value.code == "must_use"
    state = state.apply("spread 3C 4C 5C")
    assert "discard 9H" in legal(state)
    useless = start(["3D 4H 9H KD KS", "2S 6D 8S JH QD"], upcard="5C", take_discard_must_use=True)
    assert "take" not in legal(useless)


# 31 -----------------------------------------------------------------------------------
def test_31_max_hits_per_turn() -> None:
    _, state = _b_lays("8C 4C 2D 2H 2C", "5C 6C 7C QS QD", "5C 6C 7C", max_hits_per_turn=1)
    state = state.apply("hit 8C 1")
    assert not [a for a in legal(state) if a.startswith("hit")]
    with pytest.raises(IllegalAction) as err:
        state.apply("hit 4C 1")
    assert err.value.code == "hit_limit"
    assert "spread 2C 2D 2H" in legal(state)


# 32 -----------------------------------------------------------------------------------
def test_32_hand_size_7_with_4_players() -> None:
    state = GAME.start(players=4, rules=GAME.rules(hand_size=7), seed=3)
    view = state.view(0)
    assert view.hand_sizes == [7, 7, 7, 7]
    assert view.discard_size == 1
    assert view.stock_size == 23
    with pytest.raises(InvalidRules, match="5-card hands"):
        GAME.rules(hand_size=7, deal_high_win="49_or_50")


def _b_lays(
    a: str, b: str, spread: str, *, stock: str = "2S 3S 4S", **options: Any
) -> tuple[TonkState, TonkState]:
    """A draws and discards; B draws, lays ``spread`` and discards; A draws.

    Returns the state at A's second turn start and after A's draw.
    """
    state = start([a, b], upcard="TD", stock=stock, **options)
    first, second = stock.split()[:2]
    state = play(state, "draw", f"discard {first}", "draw", f"spread {spread}", f"discard {second}")
    return state, state.apply("draw")


def _lock_table(stock: str) -> TonkState:
    hands = ["8C 9C 2D 3H 4S", "5C 6C 7C KD KH", "QS JS 9D TH 2S"]
    state = start(hands, upcard="AD", stock=stock)
    return play(
        state,
        *("draw", "discard 2C"),
        *("draw", "spread 5C 6C 7C", "discard 3C"),
        *("draw", "discard 4C"),
    )
