"""Stock out, deal-time claims and the Spades side pot (scenarios 23-27).

Seats are A = 0, B = 1, C = 2; the dealer is the last seat unless a test
says otherwise, so A acts first. Every deck is explicit (see
``cardkit_tonk.testing.stacked_deck``); the scenarios of the other sections
are in the other ``test_scenarios_*`` modules.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_tonk import TonkState
from cardkit_tonk.testing import draw_discard, legal, net, play, start

import cardkit

GAME = cardkit.load_game("tonk")


# 23 -----------------------------------------------------------------------------------
def _to_last_stock_card(**options: Any) -> TonkState:
    """A takes the upcard and throws it back; then draw/discard until B drew the last card."""
    state = start(["AS AH AD AC 2S", "KS KH KD KC QS"], upcard="9D", **options)
    state = play(state, "take", "discard 9D")
    while state.view(None).stock_size > 1:
        state = draw_discard(state)
    assert state.to_act == 1
    return state


def test_23_stock_out() -> None:
    state = draw_discard(_to_last_stock_card())
    assert state.is_over  # the seed: play stops after the turn that drew the last card
    assert state.result().reason == "stock_out"
    assert net(state) == [1, -1]
    state = draw_discard(_to_last_stock_card(stock_end="when_draw_needed"))
    assert not state.is_over
    assert state.view(None).stock_size == 0
    assert legal(state) == ["drop", "draw", "take"]
    taken = state.apply("take")  # A may take B's discard and play on
    assert taken.phase == "turn"
    state = state.apply("draw")  # asking the empty stock ends the hand
    assert state.is_over
    result = state.result()
    assert result.reason == "stock_out"
    assert result.details["counts"] == [6, 50]


# 24 -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("hand", "variant", "expected"),
    [
        ("KS QS JS TS TH", None, [4, -2, -2]),
        ("KS QH JD TC 9S", None, [4, -2, -2]),
        ("KS QS JS TS TH", "texas", [4, -2, -2]),
        ("KS QH JD TC 9S", "texas", [2, -1, -1]),
    ],
)
def test_24_dealt_50_and_49(hand: str, variant: str | None, expected: list[int]) -> None:
    options: dict[str, Any] = {"variant": variant} if variant else {"deal_high_win": "49_or_50"}
    state = start([hand, "2C 3C 5D 6D 8H", "4C 7H 8C 9D 2D"], upcard="5S", **options)
    assert state.is_over
    assert state.result().reason == "deal_win"
    assert net(state) == expected


# 25 -----------------------------------------------------------------------------------
def test_25_two_deal_claims_void_the_hand() -> None:
    state = start(
        ["KS QS JS TS TH", "AS AH 2C 3D 5C"],
        upcard="9D",
        dealer=1,
        deal_high_win="49_or_50",
        deal_13_or_less_double=True,
    )
    result = state.result()
    assert result.reason == "void_deal"
    assert result.payments == []
    assert result.winners == []
    assert GAME.match.next_dealer(state.rules, 1, result) == 0


# 26 -----------------------------------------------------------------------------------
def test_26_low_dealt_counts() -> None:
    others = ["KS QS 9H 8H 7H", "KD QD 9C 8C 7C"]
    state = start(["AS 2S 3H 3C 4D", *others], upcard="5S", deal_13_or_less_double=True)
    assert state.result().details["claim"] == "deal_13_or_less"
    assert net(state) == [4, -2, -2]
    state = start(["AS 2S 3H 3C 5D", *others], upcard="5H", deal_13_or_less_double=True)
    assert not state.is_over  # 14 does not qualify
    nine = ["AS AH 2C 2D 3S", *others]
    both = start(nine, upcard="5S", deal_13_or_less_double=True, deal_9_or_less_triple=True)
    assert net(both) == [6, -3, -3]
    only13 = start(nine, upcard="5S", deal_13_or_less_double=True)
    assert net(only13) == [4, -2, -2]


# 27 -----------------------------------------------------------------------------------
def _spades(a: str, c: str, **options: Any) -> TonkState:
    state = start(
        [a, "2D 3D 4H 5H 8C", c], upcard="9D", spades_side_pot=True, spades_stake=1, **options
    )
    assert state.phase == "spades"
    return play(state, "join", "pass", "join")


def _spades_winner(state: TonkState) -> int | None:
    spades = state.view(None).spades
    assert spades is not None
    return spades.winner


def test_27_spades_side_pot() -> None:
    state = _spades("QS 2C 3C 4C 6H", "KS 5C 6C 7C 9H")
    view = state.view(None)
    assert view.spades is not None
    assert view.spades.joined == [0, 2]
    assert {k: str(v) for k, v in view.spades.shown.items()} == {0: "QS", 2: "KS"}
    assert view.spades.winner == 2
    assert state.phase == "turn_start"
    assert state.to_act == 0
    side = state.spades_payments()
    assert [(p.payer, p.payee, p.amount) for p in side] == [(0, 2, 1)]
    state = state.apply("drop")
    result = state.result()
    spades, main = result.details["spades"], result.details["main_net"]
    assert isinstance(spades, dict)
    assert isinstance(main, list)
    assert spades["net"] == [-1, 0, 1]
    assert [m + s for m, s in zip(main, [-1, 0, 1], strict=True)] == result.net
    # an ace of spades wins when aces are high...
    assert _spades_winner(_spades("AS 2C 3C 4C 6H", "KS 5C 6C 7C 9H")) == 0
    # ...and loses when they are low
    low = _spades("AS 2C 3C 4C 6H", "2S 5C 6C 7C 9H", spades_ace_high=False)
    assert _spades_winner(low) == 2
    # no spade among the participants: every stake is refunded
    none = _spades("2C 3C 4C 6H 7H", "5C 6C 7C 9H TH")
    assert _spades_winner(none) is None
    assert none.spades_payments() == []
