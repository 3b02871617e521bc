"""A turn and the ways a hand ends: tonk out, run out, drops (scenarios 8-16).

Seats are A = 0, B = 1, C = 2; the dealer is the last seat unless a test
says otherwise, so A acts first. Every deck is explicit (see
``cardkit_tonk.testing.stacked_deck``); the scenarios of the other sections
are in the other ``test_scenarios_*`` modules.
"""

from __future__ import annotations

from typing import Any

from cardkit_tonk import TonkState
from cardkit_tonk.testing import net, play, start


# 8 ------------------------------------------------------------------------------------
def test_08_a_normal_turn() -> None:
    state = start(["3C 4C 9H KD KS", "2S 6D 8S JH QD"], upcard="5C")
    state = play(state, "take", "spread 3C 4C 5C", "discard 9H")
    assert str(state.hand(0)) == "KD KS"
    assert state.count(0) == 20
    assert str(state.discard_top) == "9H"
    assert state.to_act == 1
    assert state.phase == "turn_start"


# 9 ------------------------------------------------------------------------------------
def test_09_tonk_out_full_hand() -> None:
    hands = ["7H 7S 7D 2C 3C", "KS QD 9S 8D 6H", "JC TH 9H 5S 6S"]
    state = start(hands, upcard="JD", stock="4C")
    state = play(state, "draw", "spread 7H 7S 7D", "spread 2C 3C 4C")
    assert state.is_over
    assert state.result().reason == "tonk_out"
    assert net(state) == [4, -2, -2]


# 10 -----------------------------------------------------------------------------------
def test_10_tonk_out_full_hand_six_card_tonk() -> None:
    hands = ["7H 7S 7D 2C 3C", "KS QD 9S 8D 6H", "JC TH 9H 5S 6S"]
    state = start(hands, upcard="JD", stock="4C", six_card_tonk=True)
    state = play(state, "draw", "spread 7H 7S 7D", "spread 2C 3C 4C")
    assert state.result().details["full_tonk"] is True
    assert net(state) == [4, -2, -2]


# 11 -----------------------------------------------------------------------------------
def test_11_run_out() -> None:
    state = start(["3D 4D 5D 6D KC", "2S 8S 9C JH QH"], upcard="TS", stock="AC 5S 7D")
    state = play(state, "draw", "spread 3D 4D 5D", "discard AC", "draw", "discard 5S")
    assert str(state.hand(0)) == "KC 6D"
    state = play(state, "draw", "hit 6D 1", "hit 7D 1")
    assert state.drop_locks == (0, 0)  # A hit A's own run
    state = state.apply("discard KC")
    assert state.result().reason == "run_out"
    assert net(state) == [1, -1]
    assert state.drop_locks == (0, 0)


# 12 -----------------------------------------------------------------------------------
def test_12_a_successful_drop() -> None:
    # The spec has A hold AS 2D 3H (6) at the start of a turn; a 5-card hand of the same
    # count (four aces and the 2D) makes the same showdown on A's first turn.
    state = start(["AS AC AD AH 2D", "4C 5C KD QS 2H", "9S 9H TD JC 3S"], upcard="7S")
    assert [state.count(s) for s in range(3)] == [6, 31, 41]
    state = state.apply("drop")
    result = state.result()
    assert result.reason == "drop_win"
    assert result.details["counts"] == [6, 31, 41]
    assert net(state) == [2, -1, -1]


def _caught(**options: Any) -> TonkState:
    """Scenario 13's position: each player lays a book, then A drops with 4S 6H (10)."""
    hands = ["4S 6H KC KD KH", "AD 3C QC QD QH", "2S 5D JC JD JH"]
    state = start(hands, upcard="9H", stock="8C 8D 8S", **options)
    state = play(
        state,
        *("draw", "spread KC KD KH", "discard 8C"),
        *("draw", "spread QC QD QH", "discard 8D"),
        *("draw", "spread JC JD JH", "discard 8S"),
    )
    assert [state.count(s) for s in range(3)] == [10, 4, 7]
    return state.apply("drop")


# 13 -----------------------------------------------------------------------------------
def test_13_caught_seed_rule() -> None:
    state = _caught()
    result = state.result()
    assert result.reason == "drop_caught"
    assert result.winners == [1]
    assert result.losers == [0]
    pays = {(p.payer, p.payee): 0 for p in result.payments}
    for p in result.payments:
        pays[(p.payer, p.payee)] += p.amount
    assert pays == {(0, 1): 2, (0, 2): 1, (2, 1): 1}
    assert net(state) == [-3, 3, 0]


# 14 -----------------------------------------------------------------------------------
def test_14_caught_pagat_rule() -> None:
    assert net(_caught(caught_rule="pagat")) == [-5, 4, 1]


# 15 -----------------------------------------------------------------------------------
def test_15_caught_double_to_lowest_and_texas() -> None:
    state = _caught(caught_rule="double_to_lowest")
    assert net(state) == [-2, 2, 0]
    assert [(p.payer, p.payee, p.amount) for p in state.result().payments] == [(0, 1, 2)]
    assert net(_caught(variant="texas")) == [-2, 2, 0]


# 16 -----------------------------------------------------------------------------------
def test_16_dropper_ties_for_lowest() -> None:
    state = start(["3S 4H KC KD KH", "5C 2D QC QD QH"], upcard="9H", stock="8C 8D")
    state = play(
        state, "draw", "spread KC KD KH", "discard 8C", "draw", "spread QC QD QH", "discard 8D"
    )
    assert [state.count(0), state.count(1)] == [7, 7]
    state = state.apply("drop")
    assert state.result().reason == "drop_caught"
    assert state.result().winners == [1]
    assert net(state) == [-2, 2]
