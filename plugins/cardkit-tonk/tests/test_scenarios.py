"""The test scenarios of the Tonk spec, section 8, one test each.

Seats are A = 0, B = 1, C = 2; the dealer is the last seat unless a test
says otherwise, so A acts first. Every deck is explicit (see
``cardkit_tonk.testing.stacked_deck``).
"""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_tonk import TonkState
from cardkit_tonk.spreads import BOOK, run_kind
from cardkit_tonk.testing import play, stacked_deck

import cardkit
from cardkit import CardSet, IllegalAction, InvalidRules

GAME = cardkit.load_game("tonk")


def start(
    hands: list[str],
    *,
    upcard: str | None = None,
    stock: str = "",
    dealer: int | None = None,
    **options: Any,
) -> TonkState:
    """Deal exactly ``hands`` (then the upcard and the stock) under ``options``."""
    rules = GAME.rules(**options)
    deck = stacked_deck(hands, upcard=upcard, stock=stock, dealer=dealer)
    state = GAME.start(players=len(hands), rules=rules, deck=deck, dealer=dealer)
    assert isinstance(state, TonkState)
    return state


def legal(state: TonkState) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in state.legal_actions()]


def net(state: TonkState) -> list[int]:
    """Each seat's net money from the hand."""
    assert state.is_over
    return state.result().net


def valid(kind: Any, cards: str) -> bool:
    """Whether the cards form a valid meld of a spread kind."""
    return bool(kind.is_valid_mask(CardSet.parse(cards).mask))


# 1 ------------------------------------------------------------------------------------
def test_01_counting() -> None:
    state = start(["KS QD 7C AH 2S", "2C 3C 4C 5C 6C"], upcard="9D")
    assert state.count(0) == 30
    assert state.view(0).count == 30


# 2 ------------------------------------------------------------------------------------
def test_02_books() -> None:
    assert valid(BOOK, "7S 7H 7D")
    assert valid(BOOK, "7S 7H 7D 7C")
    assert not valid(BOOK, "7S 7H")
    assert not valid(BOOK, "7S 7H 8S")
    state = play(start(["7S 7H 7D 7C 8S", "2C 3C 4C 5D 6D"], upcard="9D", stock="KH"), "draw")
    actions = legal(state)
    assert "spread 7D 7H 7S" in actions
    assert "spread 7C 7D 7H 7S" in actions
    for bad in ("spread 7S 7H", "spread 7S 7H 8S"):
        with pytest.raises(IllegalAction):
            state.apply(bad)


# 3 ------------------------------------------------------------------------------------
def test_03_runs_default_aces() -> None:
    run = run_kind("low_or_high")
    for ok in ("9D TD JD", "AH 2H 3H", "QH KH AH"):
        assert valid(run, ok), ok
    for bad in ("9D TD JC", "KH AH 2H", "3H 5H 6H"):
        assert not valid(run, bad), bad
    # the same through the game: the spreads a 10-card holding may lay
    state = play(
        start(
            ["QH KH AH 2H 3H 9D TD JD JC", "2C 3C 4C 5C 6C 7C 8C 9C TC"],
            upcard="5S",
            stock="5H",
            hand_size=9,
        ),
        "draw",
    )
    actions = legal(state)
    assert "spread 9D TD JD" in actions
    assert "spread AH 2H 3H" in actions
    assert "spread QH KH AH" in actions
    for bad in ("spread 9D TD JC", "spread KH AH 2H"):
        assert str(state.parse_action(bad)) not in actions
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        assert err.value.code == "invalid_spread"
    with pytest.raises(IllegalAction, match="corner"):
        state.apply("spread KH AH 2H")


# 4 ------------------------------------------------------------------------------------
def test_04_runs_ace_low_only() -> None:
    run = run_kind("low_only")
    assert not valid(run, "QH KH AH")
    assert valid(run, "AH 2H 3H")
    state = play(
        start(
            ["QH KH AH 2H 3H", "2C 3C 4C 5C 6C"], upcard="5S", stock="9D", ace_in_runs="low_only"
        ),
        "draw",
    )
    assert "spread AH 2H 3H" in legal(state)
    assert "spread QH KH AH" not in legal(state)


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


# 5 ------------------------------------------------------------------------------------
def test_05_hits_on_a_run() -> None:
    _, state = _b_lays("4C 8C 9C 8D KH", "5C 6C 7C QS QD", "5C 6C 7C")
    assert state.spreads[0].owner == 1
    actions = legal(state)
    assert "hit 4C 1" in actions
    assert "hit 8C 1" in actions
    assert "hit 9C 1" not in actions  # not adjacent
    assert "hit 8D 1" not in actions  # another suit
    with pytest.raises(IllegalAction) as err:
        state.apply("hit 9C 1")
    assert err.value.code == "invalid_hit"
    after = state.apply("hit 8C 1")
    assert "hit 9C 1" in legal(after)
    after = after.apply("hit 9C 1")
    assert [c.code for c in after.view(0).spreads[0].cards] == ["5C", "6C", "7C", "8C", "9C"]


# 6 ------------------------------------------------------------------------------------
def test_06_ace_hits() -> None:
    _, state = _b_lays("AS 2H 3H 4H 9D", "JS QS KS 8C 8D", "JS QS KS")
    assert "hit AS 1" in legal(state)
    _, state = _b_lays("AS 2H 3H 4H 9D", "JS QS KS 8C 8D", "JS QS KS", ace_in_runs="low_only")
    assert "hit AS 1" not in legal(state)
    _, state = _b_lays("KS 9H 9D 5C 6D", "AS 2S 3S 8C 8D", "AS 2S 3S", stock="2C 3C 4C")
    assert "hit KS 1" not in legal(state)  # K A 2 would turn the corner
    with pytest.raises(IllegalAction):
        state.apply("hit KS 1")


# 7 ------------------------------------------------------------------------------------
def test_07_hit_on_a_book_retires_it() -> None:
    state = start(["TC 2D 3D 8H 9S", "TS TH TD KC QC"], upcard="JH", stock="5S 4C 6S")
    state = play(state, "draw", "discard 5S", "draw", "spread TS TH TD", "discard 4C")
    state = state.apply("draw")
    assert str(state.discard_top) == "4C"
    state = state.apply("hit TC 1")
    view = state.view(0)
    assert view.spreads == []
    assert [s.id for s in view.retired] == [1]
    assert len(view.retired[0].cards) == 4
    assert str(view.discard_top) == "4C"
    assert not [a for a in legal(state) if a.startswith("hit")]
    assert state.drop_locks == (0, 1)  # a hit on B's book
    kinds = [e.kind for e in state.last_events]
    assert "retire" in kinds


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


def _draw_discard(state: TonkState) -> TonkState:
    """Draw, then discard the card just drawn."""
    seat = state.to_act
    assert seat is not None
    before = state.hand(seat)
    state = state.apply("draw")
    (card,) = state.hand(seat) - before
    return state.apply(f"discard {card}")


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
    state = _draw_discard(state)  # B's locked turn uses the lock
    assert state.drop_locks == (0, 0, 0)
    state = _draw_discard(_draw_discard(state))  # C, then A without hits
    assert state.to_act == 1
    assert "drop" in legal(state)


def test_17_two_hits_lock_two_turns() -> None:
    state = _lock_table("2C 3C 4C 5S 6S 7S 8S 9S TS JH QH KC")
    state = play(state, "draw", "hit 8C 1", "hit 9C 1", "discard 5S")
    assert state.drop_locks == (0, 2, 0)
    for _ in range(2):
        assert state.to_act == 1
        assert "drop" not in legal(state)
        state = _draw_discard(_draw_discard(_draw_discard(state)))
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


# 23 -----------------------------------------------------------------------------------
def _to_last_stock_card(**options: Any) -> TonkState:
    """A takes the upcard and throws it back; then draw/discard until B drew the last card."""
    state = start(["AS AH AD AC 2S", "KS KH KD KC QS"], upcard="9D", **options)
    state = play(state, "take", "discard 9D")
    while state.view(None).stock_size > 1:
        state = _draw_discard(state)
    assert state.to_act == 1
    return state


def test_23_stock_out() -> None:
    state = _draw_discard(_to_last_stock_card())
    assert state.is_over  # the seed: play stops after the turn that drew the last card
    assert state.result().reason == "stock_out"
    assert net(state) == [1, -1]
    state = _draw_discard(_to_last_stock_card(stock_end="when_draw_needed"))
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
    assert GAME.next_dealer(state.rules, 1, result) == 0


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
    assert result.details["spades"]["net"] == [-1, 0, 1]  # type: ignore[index]
    main = result.details["main_net"]
    assert [m + s for m, s in zip(main, [-1, 0, 1], strict=True)] == result.net  # type: ignore[call-overload]
    # an ace of spades wins when aces are high...
    assert _spades("AS 2C 3C 4C 6H", "KS 5C 6C 7C 9H").view(None).spades.winner == 0  # type: ignore[union-attr]
    # ...and loses when they are low
    low = _spades("AS 2C 3C 4C 6H", "2S 5C 6C 7C 9H", spades_ace_high=False)
    assert low.view(None).spades.winner == 2  # type: ignore[union-attr]
    # no spade among the participants: every stake is refunded
    none = _spades("2C 3C 4C 6H 7H", "5C 6C 7C 9H TH")
    assert none.view(None).spades.winner is None  # type: ignore[union-attr]
    assert none.spades_payments() == []


# 28 -----------------------------------------------------------------------------------
def _unchanged(
    state: TonkState, action: str, code: str | None = None, seat: int | None = None
) -> None:
    before = state.to_json()
    snapshot = state.snapshot()
    act = state.apply if seat is None else lambda a: state.apply_as(seat, a)
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
