"""Gin Rummy's rules, one scenario each, from stacked decks (the rules: docs/games/ginrummy.md).

Seat 1 deals (the default dealer), so seat 0 is the non-dealer: it is dealt first, is
offered the upcard first and plays first.
"""

import random
from typing import Any

import pytest
from cardkit_ginrummy.bots import HeuristicBot
from cardkit_ginrummy.game import GinRummy
from cardkit_ginrummy.state import GinState

from cardkit import Card, Deck, IllegalAction, Refused, Turn
from cardkit.play.match import Match

GAME = GinRummy()
#: Seat 0's melds 2-3-4 of spades, three sevens and three kings; 5D is its deadwood.
KNOCKER = "2S 3S 4S 7H 7D 7C KH KD KC 5D"


def deal(hand0: str, hand1: str, upcard: str, stock: str = "", **options: Any) -> GinState:
    """A deal of ``hand0`` to seat 0 and ``hand1`` to seat 1, the upcard, the stock's top."""
    deck = Deck.stacked(2, {0: hand0, 1: hand1}, size=10, then=f"{upcard} {stock}")
    return GAME.start(players=2, rules=GAME.rules(**options), deck=deck)


def play(state: GinState, *actions: str) -> GinState:
    """``state`` after ``actions``, in order."""
    for action in actions:
        state = state.apply(action)
    return state


def refused(state: GinState, action: str, code: str) -> str:
    """Apply ``action``, expect a refusal with ``code`` that changes nothing; its message."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.code == code
    assert state.to_json() == before
    return str(info.value)


def test_the_deal_offers_the_upcard_to_the_non_dealer() -> None:
    state = deal(KNOCKER, "AH AC 8H 9H TH QC QD JC 5S 6S", "2D")
    view = state.view(0)
    assert (state.to_act, view.phase, view.top, view.stock_count) == (
        0,
        "offer",
        Card.parse("2D"),
        31,
    )
    assert [str(a) for a in state.legal_actions()] == ["take", "pass"]
    refused(state, "draw", Refused.NOT_NOW)
    refused(state, "discard 5D", Refused.NOT_NOW)


def test_the_dealer_may_take_the_upcard_the_non_dealer_passed() -> None:
    state = play(deal(KNOCKER, "AH AC 8H 9H TH QC QD JC 5S 6S", "2D"), "pass")
    assert (state.to_act, state.view(1).phase) == (1, "offer")
    state = play(state, "take", "discard JC")
    assert (state.to_act, state.view(0).phase, state.view(0).top) == (0, "draw", Card.parse("JC"))
    assert {str(a) for a in state.legal_actions()} == {"take", "draw"}


def test_when_both_pass_the_upcard_the_non_dealer_draws_from_the_stock() -> None:
    state = play(deal(KNOCKER, "AH AC 8H 9H TH QC QD JC 5S 6S", "2D", "9C"), "pass", "pass")
    assert (state.to_act, state.view(0).phase) == (0, "stock")
    message = refused(state, "take", Refused.NOT_NOW)
    assert "not allowed in the stock phase; legal now: 'draw'" in message
    assert [str(a) for a in state.legal_actions()] == ["draw"]
    state = play(state, "draw")
    assert Card.parse("9C") in (state.view(0).hand or [])
    assert state.view(1).hand_counts == [11, 10]


def test_the_card_taken_from_the_discard_pile_is_not_discarded_that_turn() -> None:
    state = play(deal(KNOCKER, "AH AC 8H 9H TH QC QD JC 5S 6S", "2D"), "take")
    message = refused(state, "discard 2D", "just_taken")
    assert "discard another card" in message
    refused(state, "knock 2D", "just_taken")
    refused(state, "discard 9C", Refused.NOT_IN_HAND)
    refused(state, "draw", Refused.NOT_NOW)


def test_a_drawn_card_may_be_discarded_at_once() -> None:
    state = play(deal(KNOCKER, "AH AC 8H 9H TH QC QD JC 5S 6S", "2D", "9C"), "pass", "pass", "draw")
    state = play(state, "discard 9C")
    assert (state.to_act, state.view(1).phase, state.view(1).top) == (1, "draw", Card.parse("9C"))


def test_a_knock_needs_10_or_less_deadwood_after_the_discard() -> None:
    state = play(
        deal("2S 3S 4S 7H 7D 7C KH QD 9C 5D", "AH AC 8H 9H TH QC KD JC 5S 6S", "2D"), "take"
    )
    message = refused(state, "knock 5D", "too_much_deadwood")
    assert "your deadwood would be 31: knock with 10 or less" in message
    refused(
        deal(KNOCKER, "AH AC 8H 9H TH QC QD JC 5S 6S", "2D", knock_limit=1).apply("take"),
        "knock 5D",
        "too_much_deadwood",
    )


def test_a_knock_shows_the_knockers_hand_and_the_defender_lays_off() -> None:
    state = play(deal(KNOCKER, "AH AC 8H 9H TH QC QD JC 5S 6S", "2D"), "take", "knock 5D")
    view = state.view(1)
    assert (state.to_act, view.phase, view.knocker) == (1, "layoff", 0)
    assert sorted(map(str, (c for meld in view.melds for c in meld))) == sorted(
        ["2S", "3S", "4S", "7H", "7D", "7C", "KH", "KD", "KC"]
    )
    assert set(view.hand_revealed) == {0}
    assert set(state.view(0).hand_revealed) == {0}
    assert "extends none" in refused(state, "layoff AH", "does_not_fit")
    refused(state, "layoff 6S", "does_not_fit")  # not until 5S is laid off
    refused(state, "layoff 9C", Refused.NOT_IN_HAND)
    refused(state, "discard AH", Refused.NOT_NOW)
    state = play(state, "layoff 5S", "layoff 6S")
    assert [str(c) for c in state.f.melds[-1]] == ["2S", "3S", "4S", "5S", "6S"]
    state = play(state, "done")
    result = state.result()
    # Knocker: 2D (2). Defender: AH AC QC QD JC (32) after laying off 5S 6S (43 before).
    assert (result.reason, result.winners, result.points) == ("knock", [0], [30, 0])
    assert set(state.view(0).hand_revealed) == {0, 1}


def test_without_lay_offs_the_defender_counts_every_card_in_no_meld() -> None:
    state = play(deal(KNOCKER, "AH AC 8H 9H TH QC QD JC 5S 6S", "2D"), "take", "knock 5D", "done")
    assert (state.result().winners, state.result().points) == ([0], [41, 0])


def test_an_undercut_scores_the_difference_and_25_for_the_defender() -> None:
    state = deal("2S 3S 4S 7H 7D 7C KH KD KC 9D", "AH AC AD 2H 3H 4H 5H 9S TS JS", "8C")
    state = play(state, "take", "knock 9D", "done")
    result = state.result()
    assert (result.reason, result.winners, result.points) == ("undercut", [1], [0, 8 + 25])


def test_equal_deadwood_is_an_undercut() -> None:
    state = deal("2S 3S 4S 7H 7D 7C KH KD KC 9D", "AH AC AD AS 2H 3H 4H 5H 6H 8S", "8C")
    state = play(state, "take", "knock 9D", "done")
    assert (state.result().reason, state.result().points) == ("undercut", [0, 25])


def test_gin_scores_25_and_the_defender_may_not_lay_off() -> None:
    state = deal("2S 3S 4S 7H 7D 7C KH KD KC 9D", "AH AC 8H 9H TH QC QD JC 6S 7S", "5S")
    state = play(state, "take", "knock 9D")
    assert state.is_over
    assert state.view(1).phase == "discard"
    refused(state, "layoff 6S", Refused.GAME_OVER)
    result = state.result()
    # The defender's 6S 7S would go on 2S-5S; after gin they count: AH AC QC QD JC 6S 7S.
    assert (result.reason, result.winners, result.points) == ("gin", [0], [25 + 45, 0])


def test_big_gin_is_an_option_that_ends_the_deal_when_11_cards_meld() -> None:
    hand = "2S 3S 4S 5S 7H 7D 7C KH KD KC"
    state = play(deal(hand, "AH AC 8H 9H TH QC QD JC 9S TS", "2D", "6S", big_gin=True), "pass")
    state = play(state, "pass", "draw")
    result = state.result()
    assert (result.reason, result.winners, result.points) == ("big_gin", [0], [31 + 51, 0])
    plain = play(deal(hand, "AH AC 8H 9H TH QC QD JC 9S TS", "2D", "6S"), "pass", "pass", "draw")
    assert not plain.is_over
    assert plain.view(0).phase == "discard"
    assert play(plain, "knock 6S").result().reason == "gin"


def test_big_gin_with_the_upcard() -> None:
    hands = ("2S 3S 4S 5S 7H 7D 7C KH KD KC", "AH AC 8H 9H TH QC QD JC 9S TS")
    state = play(deal(*hands, "6S", big_gin=True), "take")
    assert state.result().reason == "big_gin"


def test_the_deal_is_drawn_when_two_cards_are_left_in_the_stock() -> None:
    state = play(GAME.start(players=2, seed=5), "pass", "pass")
    while not state.is_over:
        assert state.view(0).stock_count > 2 or state.view(0).phase == "discard"
        drawn = play(state, "draw")
        new = next(c for c in drawn.f.hands[state.to_act] if c not in state.f.hands[state.to_act])
        if drawn.view(0).stock_count == 2:
            assert not drawn.is_over  # the player who drew the 50th card may still knock
        state = play(drawn, f"discard {new}")
    result = state.result()
    assert (result.reason, result.winners, result.points, state.view(0).stock_count) == (
        "void",
        [],
        [0, 0],
        2,
    )


def test_hidden_information_stays_hidden() -> None:
    """A seat sees its hand, the top discard, the melds and the hands shown; never the stock."""
    state = play(GAME.start(players=2, seed=3), "pass", "pass", "draw")
    for seat in (0, 1, None):
        view = state.view(seat)
        seen = {*(view.hand or []), *([view.top] if view.top else [])}
        seen |= {c for meld in view.melds for c in meld}
        seen |= {c for cards in view.hand_revealed.values() for c in cards}
        dumped = view.model_dump_json()
        hidden = [*state.f.stock, *(c for s, h in enumerate(state.f.hands) if s != seat for c in h)]
        assert not any(f'"{c}"' in dumped for c in hidden if c not in seen)


def test_a_match_is_played_to_100_points() -> None:
    match = Match("ginrummy", bots=["heuristic"], seed=4)
    match.run()
    assert max(match.totals) >= 100
    assert len(match.deals) > 1


def test_the_heuristic_bot_beats_random_play() -> None:
    wins = 0
    for seed in range(20):
        state, rng, bots = (
            GAME.start(players=2, seed=seed),
            random.Random(seed),
            [HeuristicBot(), None],
        )
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            bot = bots[seat]
            state = state.apply(
                bot.choose(Turn(state, seat, legal, rng)) if bot else rng.choice(legal)
            )
        wins += state.result().winners == [0]
    assert wins >= 15
