"""The heuristic bot: sensible single decisions, and clearly better than random."""

from __future__ import annotations

import random

from cardkit_tonk import HeuristicBot, TonkState
from cardkit_tonk.testing import play, stacked_deck

import cardkit
from cardkit import RandomBot, Turn, catalog
from cardkit.play.runner import play_out, seat_rngs

GAME = cardkit.load_game("tonk")


def choose(state: TonkState) -> str:
    """The heuristic bot's choice in ``state``, as text."""
    seat = state.to_act
    assert seat is not None
    turn = Turn(state, seat, state.legal_actions(), random.Random(0))
    return str(HeuristicBot().choose(turn))


def test_registered_as_heuristic() -> None:
    assert catalog(GAME).bots["heuristic"] is HeuristicBot
    assert HeuristicBot.description


def test_drops_with_a_low_count_and_draws_otherwise() -> None:
    low = GAME.start(
        players=2, deck=stacked_deck(["AS AH 2C 2D 3S", "KS KH QD QC JS"], upcard="9D")
    )
    assert choose(low) == "drop"
    high = GAME.start(
        players=2, deck=stacked_deck(["KS KH QD QC JS", "AS AH 2C 2D 3S"], upcard="9D")
    )
    assert choose(high) == "draw"


def test_takes_a_discard_that_melds() -> None:
    state = GAME.start(
        players=2, deck=stacked_deck(["3C 4C 9H KD KS", "2S 6D 8S JH QD"], upcard="5C")
    )
    assert choose(state) == "take"
    state = state.apply("take")
    assert choose(state) == "spread 3C 4C 5C"
    state = state.apply("spread 3C 4C 5C")
    assert choose(state) in ("discard KD", "discard KS")  # the highest deadwood


def test_hits_and_then_discards_the_highest_deadwood() -> None:
    deck = stacked_deck(["4C 9H 2D 3S KD", "5C 6C 7C QS QD"], upcard="TD", stock="2S 3H 8S")
    state = play(
        GAME.start(players=2, deck=deck),
        *("draw", "discard 2S"),
        *("draw", "spread 5C 6C 7C", "discard 3H"),
        "draw",
    )
    assert choose(state) == "hit 4C 1"
    state = state.apply("hit 4C 1")
    assert choose(state) == "discard KD"


def test_responds_to_a_tonk_out_when_it_can() -> None:
    deck = stacked_deck(["5H 6H KC KD KH", "8H 9H QC QD QS"], upcard="2S", stock="7H")
    state = GAME.start(players=2, rules=GAME.rules(double_double="responder_wins"), deck=deck)
    state = play(state, "draw", "spread KC KD KH", "spread 5H 6H 7H")
    assert choose(state).startswith("respond ")


def test_beats_random_bots_clearly() -> None:
    """Over 150 three-player hands (the bot in every seat in turn) it gains > 0.5 stake a hand.

    The full measurement (2,000+ hands) is ``scripts/bot_eval.py``; see the docs page.
    """
    rules = GAME.rules()
    total = 0
    hands = 150
    for k in range(hands):
        me = k % 3
        state = GAME.start(players=3, rules=rules, seed=k, dealer=(k // 3) % 3)
        bots = [HeuristicBot() if s == me else RandomBot() for s in range(3)]
        played = play_out(state, bots, seat_rngs(k, 3), max_actions=3000)
        assert not played.capped
        total += played.result.net[me]
    assert total / hands > 0.5
