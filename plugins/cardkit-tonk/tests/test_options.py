"""What each option changes in play, beyond the section-8 scenarios."""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_tonk import Respond, TonkState
from cardkit_tonk.testing import play, start

from cardkit import IllegalAction


def legal(state: TonkState) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in state.legal_actions()]


def draw_discard(state: TonkState) -> TonkState:
    """Draw, then discard the card just drawn."""
    seat = state.to_act
    assert seat is not None
    before = state.hand(seat)
    state = state.apply("draw")
    (card,) = state.hand(seat) - before
    return state.apply(f"discard {card}")


TONK_HANDS = ["7H 7S 7D 2C 3C", "KS QD 9S 8D 6H", "JC TH 9H 5S 6S"]


def test_stake_scales_every_payment() -> None:
    state = start(TONK_HANDS, upcard="JD", stock="4C", stake=3)
    state = play(state, "draw", "spread 7H 7S 7D", "spread 2C 3C 4C")
    assert state.result().net == [12, -6, -6]
    assert all(p.amount % 3 == 0 for p in state.result().payments)


# -- hits, locks and bonus discards -----------------------------------------------------------


def _hit_b(**options: Any) -> TonkState:
    """B lays 5C 6C 7C; on A's second turn A draws and hits 8C onto it."""
    hands = ["8C 9C 2D 2H 2S", "5C 6C 7C KD KH", "QS JS 9D TH 3S"]
    state = start(hands, upcard="AD", stock="2C 3C 4C 5S 6S 7S 8S 9S TS JH QH", **options)
    state = play(
        state,
        *("draw", "discard 2C"),
        *("draw", "spread 5C 6C 7C", "discard 3C"),
        *("draw", "discard 4C"),
        "draw",
    )
    return state.apply("hit 8C 1")


@pytest.mark.parametrize(("turns", "lock"), [(0, 0), (1, 1), (2, 2)])
def test_hit_lock_turns(turns: int, lock: int) -> None:
    state = _hit_b(hit_lock_turns=turns)
    assert state.drop_locks == (0, lock, 0)
    assert state.view(None).drop_locks == [0, lock, 0]
    state = state.apply("hit 9C 1")
    assert state.drop_locks == (0, 2 * lock, 0)  # locks add up, card by card


def test_per_hit_bonus_discard() -> None:
    plain = _hit_b()
    assert not [a for a in legal(plain) if a.startswith("bonus")]
    state = _hit_b(hit_bonus_discard="per_hit")
    assert state.view(0).bonus_discards == 1
    assert "bonus 2D" in legal(state)
    state = state.apply("bonus 2D")
    assert state.to_act == 0  # the turn goes on
    assert state.phase == "turn"
    assert str(state.discard_top) == "2D"
    assert not [a for a in legal(state) if a.startswith("bonus")]
    with pytest.raises(IllegalAction) as err:
        state.apply("bonus 2H")
    assert err.value.code == "no_bonus"
    state = state.apply("discard 2H")
    assert state.to_act == 1


def test_a_bonus_discard_that_empties_the_hand_is_a_run_out() -> None:
    hands = ["8C 9C 2D 2H 2S", "5C 6C 7C KD KH"]
    state = start(hands, upcard="AD", stock="3C 4C KC", hit_bonus_discard="per_hit")
    state = play(
        state,
        *("draw", "discard 3C"),
        *("draw", "spread 5C 6C 7C", "discard 4C"),
        *("draw", "spread 2D 2H 2S", "hit 8C 1", "hit 9C 1"),
    )
    assert str(state.hand(0)) == "KC"
    assert state.view(0).bonus_discards == 2
    state = state.apply("bonus KC")
    assert state.result().reason == "run_out"
    assert state.result().net == [1, -1]


# -- tonk outs ------------------------------------------------------------------------------------


def _short_tonk(**options: Any) -> TonkState:
    """A lays a book on turn 1, then tonks out on turn 2 with only 3 cards used."""
    state = start(["KC KD KH 5H 6H", "2S 3D 9C JD QS"], upcard="8D", stock="4S 8S 7H", **options)
    return play(
        state,
        *("draw", "spread KC KD KH", "discard 4S"),
        *("draw", "discard 8S"),
        *("draw", "spread 5H 6H 7H"),
    )


def test_six_card_tonk_out_with_zero() -> None:
    state = _short_tonk()
    assert state.result().reason == "tonk_out"
    assert state.result().net == [2, -2]
    state = _short_tonk(six_card_tonk=True)
    assert state.result().details["full_tonk"] is False
    assert state.result().net == [1, -1]
    assert [p.reason for p in state.result().payments] == ["out_with_zero"]


def _tonk_for_response(b_hand: str, **options: Any) -> TonkState:
    state = start(["5H 6H KC KD KH", b_hand], upcard="2S", stock="7H", **options)
    state = play(state, "draw", "spread KC KD KH", "spread 5H 6H 7H")
    return state


@pytest.mark.parametrize(
    ("mode", "expected"), [("responder_wins", [-4, 4]), ("tonker_wins", [4, -4])]
)
def test_double_double(mode: str, expected: list[int]) -> None:
    state = _tonk_for_response("8H 9H QC QD QS", double_double=mode)
    assert state.phase == "response"
    assert state.to_act == 1
    assert not state.is_over
    plan = "respond spread QC QD QS; hit 8H 2; hit 9H 2"
    assert legal(state) == ["pass", plan]
    # the steps may come in any order
    assert state.parse_action("respond hit 9H 2; spread QS QD QC; hit 8H 2") == state.parse_action(
        plan
    )
    done = state.apply("respond hit 9H 2; hit 8H 2; spread QS QD QC")
    result = done.result()
    assert result.reason == "double_double"
    assert result.net == expected
    assert done.view(None).hand_sizes == [0, 0]
    declined = state.apply("pass")
    assert declined.result().reason == "tonk_out"
    assert declined.result().net == [2, -2]


def test_double_double_plans_are_checked_atomically() -> None:
    state = _tonk_for_response("8H 9H QC QD QS", double_double="responder_wins")
    before = state.to_json()
    for bad in (
        "respond hit 8H 2; hit 9H 2",  # QC QD QS left in hand
        "respond spread QC QD QS; hit 9H 2; hit 8H 1",  # 8H does not fit the kings
        "respond spread QC QD QS",
    ):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_json() == before
    assert state.apply("pass").is_over  # the responder may still decline


def test_double_double_needs_a_hit_on_the_tonkers_run() -> None:
    # B could use every card (a four-card book and the last king), but hits no run of A's
    state = _tonk_for_response("KS QC QD QS QH", double_double="responder_wins")
    assert legal(state) == ["pass"]
    assert all(not isinstance(a, Respond) for a in state.legal_actions())


def test_double_double_off_ends_the_hand_at_once() -> None:
    state = _tonk_for_response("8H 9H QC QD QS")
    assert state.is_over
    assert state.result().net == [2, -2]


# -- deal-time wins ---------------------------------------------------------------------------


OTHERS = ["2C 3C 5D 6D 8H", "4C 7H 8C 9D 2D"]


def test_50_only() -> None:
    forty_nine = start(["KS QH JD TC 9S", *OTHERS], upcard="5S", deal_high_win="50_only")
    assert not forty_nine.is_over
    fifty = start(["KS QS JS TS TH", *OTHERS], upcard="5S", deal_high_win="50_only")
    assert fifty.result().net == [4, -2, -2]


def test_deal_multipliers() -> None:
    opts = {"deal_high_win": "49_or_50", "deal_50_multiplier": 5, "deal_49_multiplier": 3}
    assert start(["KS QS JS TS TH", *OTHERS], upcard="5S", **opts).result().net == [10, -5, -5]
    assert start(["KS QH JD TC 9S", *OTHERS], upcard="5S", **opts).result().net == [6, -3, -3]


def test_50_now_49_in_turn() -> None:
    hands = ["AS AH AD AC 2S", "KS QH JD TC 9S", "2C 3C 5D 6D 8H"]
    opts = {"deal_high_win": "50_now_49_in_turn"}
    state = start(hands, upcard="4D", stock="7C", **opts)
    assert not state.is_over  # a 49 is not claimed at once
    assert state.snapshot()["pending49"] == [1]
    state = draw_discard(state)  # A's turn; then B's first turn claims the 49
    assert state.is_over
    result = state.result()
    assert (result.reason, result.details["claim"], result.winners) == ("deal_win", "deal_49", [1])
    assert result.net == [-2, 4, -2]
    assert 1 in state.view(0).shown_hands
    # the claim lapses when the hand ends before B's first turn
    lapsed = start(hands, upcard="4D", **opts).apply("drop")
    assert lapsed.result().reason == "drop_win"
    # a dealt 50 still wins at once
    fifty = start(["KS QS JS TS TH", *OTHERS], upcard="5S", **opts)
    assert fifty.result().details["claim"] == "deal_50"


def test_a_pending_49_does_not_void_the_deal() -> None:
    hands = ["AS AH 2C 3D 5C", "KS QH JD TC 9S", "7C 8C 9D 6D 8H"]
    state = start(
        hands, upcard="4D", deal_high_win="50_now_49_in_turn", deal_13_or_less_double=True
    )
    result = state.result()
    assert result.reason == "deal_win"
    assert result.winners == [0]
    assert result.details["claim"] == "deal_13_or_less"


def test_a_first_player_49_comes_after_the_drop_window() -> None:
    hands = ["KS QH JD TC 9S", "2C 3C 5D 6D 8H", "4C 7H 8C 9D 2D"]
    state = start(hands, upcard="5S", deal_high_win="50_now_49_in_turn", drop_timing="anytime")
    assert state.phase == "drop_window"
    state = play(state, "pass", "pass", "pass")
    assert state.is_over
    assert state.result().winners == [0]


# -- stock out ------------------------------------------------------------------------------------


def _stock_out(**options: Any) -> TonkState:
    hands = ["AS AH 2S 2H 3S", "AD AC 2D 2C 3D", "KS KH KD KC QS"]
    state = start(hands, upcard="9D", **options)
    while not state.is_over:
        state = draw_discard(state)
    return state


def test_stock_tie_void_or_all_tied_paid() -> None:
    void = _stock_out()
    assert void.result().reason == "stock_out_void"
    assert void.result().payments == []
    assert void.result().details["counts"] == [9, 9, 50]
    paid = _stock_out(stock_tie="all_tied_paid")
    assert paid.result().reason == "stock_out"
    assert paid.result().winners == [0, 1]
    assert paid.result().net == [1, 1, -2]
    assert paid.view(2).shown_hands.keys() == {0, 1, 2}  # a showdown shows every hand


# -- drops and taking -------------------------------------------------------------------------


def test_drop_max_count() -> None:
    low = start(["AS AH AD AC 2S", "KS KH KD KC QS"], upcard="9D", drop_max_count=10)
    assert "drop" in legal(low)
    high = start(["KS KH KD KC QS", "AS AH AD AC 2S"], upcard="9D", drop_max_count=10)
    assert "drop" not in legal(high)
    with pytest.raises(IllegalAction) as err:
        high.apply("drop")
    assert err.value.code == "drop_count"


def test_forbid_discard_of_taken_card() -> None:
    state = start(["3C 4C 9H KD KS", "2S 6D 8S JH QD"], upcard="5H")
    assert "discard 5H" in legal(state.apply("take"))  # allowed by default (Q13)
    state = start(
        ["3C 4C 9H KD KS", "2S 6D 8S JH QD"], upcard="5H", forbid_discard_of_taken_card=True
    )
    state = state.apply("take")
    assert "discard 5H" not in legal(state)
    assert "discard 9H" in legal(state)
    with pytest.raises(IllegalAction) as err:
        state.apply("discard 5H")
    assert err.value.code == "taken_card"
    # with only the taken card left, it may be thrown
    alone = start(
        ["2C 3C 4C 5C 6C", "2S 6D 8S JH QD"], upcard="KH", forbid_discard_of_taken_card=True
    )
    alone = play(alone, "take", "spread 2C 3C 4C 5C 6C")
    assert legal(alone) == ["discard KH"]


def test_take_discard_must_use_counts_hits_on_the_table() -> None:
    # B lays 5C 6C 7C and throws 9C; A holds 8C: 9C is usable after hitting 8C first
    hands = ["8C 2D 3H 4S TD", "5C 6C 7C 9C KH"]
    state = start(hands, upcard="AD", stock="JS QH", take_discard_must_use=True)
    state = play(state, "draw", "discard JS", "draw", "spread 5C 6C 7C", "discard 9C")
    assert "take" in legal(state)
    state = state.apply("take")
    assert legal(state) == ["hit 8C 1"]  # the only move that keeps 9C usable
    state = state.apply("hit 8C 1")
    assert "hit 9C 1" in legal(state)
    limited = start(
        hands, upcard="AD", stock="JS QH", take_discard_must_use=True, max_hits_per_turn=1
    )
    limited = play(limited, "draw", "discard JS", "draw", "spread 5C 6C 7C", "discard 9C")
    assert "take" not in legal(limited)  # two hits would be needed


def test_spades_stake() -> None:
    state = start(
        ["QS 2C 3C 4C 6H", "2D 3D 4H 5H 8C", "KS 5C 6C 7C 9H"],
        upcard="9D",
        spades_side_pot=True,
        spades_stake=2,
    )
    state = play(state, "join", "join", "join")
    side = state.spades_payments()
    assert sorted((p.payer, p.payee, p.amount) for p in side) == [(0, 2, 2), (1, 2, 2)]
    spades = state.view(1).spades
    assert spades is not None
    assert {seat: str(card) for seat, card in spades.shown.items()} == {
        0: "QS",
        1: "None",
        2: "KS",
    }
