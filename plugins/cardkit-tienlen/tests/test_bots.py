"""The bots: they beat random play clearly, and follow their stated policy."""

from __future__ import annotations

import random

from cardkit_tienlen import GreedyBot, HeuristicBot, Play
from cardkit_tienlen.bots import hand_plan
from cardkit_tienlen.combos import game_mask
from cardkit_tienlen.decks import start_with_hands as start

import cardkit
from cardkit import RandomBot, Turn, catalog
from cardkit.play.runner import play_out, seat_rngs

GAME = cardkit.load_game("tienlen")
A, B, C, D = 0, 1, 2, 3


def wins_against_random(bot: str, deals: int) -> int:
    """Deals that ``bot`` finished first, against three random bots (it moves seat each deal)."""
    wins = 0
    for deal in range(deals):
        seat = deal % 4
        rngs = seat_rngs(deal, 4)
        bots = [RandomBot(rngs[s]) for s in range(4)]
        bots[seat] = catalog(GAME).bots[bot](rngs[seat])
        played = play_out(GAME.start(seed=1000 + deal), bots, rngs)
        wins += played.result.winners == [seat]
    return wins


def test_bots_are_registered() -> None:
    assert {"random", "heuristic", "greedy"} <= set(catalog(GAME).bots)
    assert catalog(GAME).bots["heuristic"] is HeuristicBot
    assert HeuristicBot.description
    assert GreedyBot.description


def test_heuristic_bot_beats_random_clearly() -> None:
    # random alone would finish first in about 25 of 100; the full measurement
    # (scripts/bot_win_rate.py, 2,000 deals) gives about 78%
    assert wins_against_random("heuristic", 100) >= 55


def test_greedy_bot_beats_random() -> None:
    assert wins_against_random("greedy", 60) >= 30


def choose(bot: HeuristicBot | GreedyBot, state: cardkit.GameState) -> str:
    seat = state.to_act
    assert seat is not None
    return str(bot.choose(Turn(state, seat, state.legal_actions(), random.Random(0))))


def test_heuristic_plays_out_a_hand_that_is_one_combination() -> None:
    hands = {A: "3S 4C 5D 6H 7S 8C 9D TH JS QC KD 2S 2H"}
    state = start(hands, leader=A).apply("play 3S 4C 5D 6H 7S 8C 9D TH JS QC KD")
    while state.to_act != A:
        state = state.apply("pass")
    assert choose(HeuristicBot(), state) == "play 2S 2H"


def test_heuristic_leads_low_and_keeps_structure() -> None:
    hands = {A: "3S 4C 5D 9H 9D KS KH AC 2D"}
    state = start(hands, leader=A)
    assert choose(HeuristicBot(), state) == "play 3S 4C 5D"


def test_heuristic_keeps_twos_on_low_singles_but_not_on_aces() -> None:
    hands = {A: "6C AS", B: "2D 3S 3C 3D 3H 4S 4D 4H 5S 5C 5D 5H 6S"}
    state = start(hands, leader=A).apply("play 6C")
    assert choose(HeuristicBot(), state) == "pass"  # only a 2 beats: keep it
    state = start(hands, leader=A).apply("play AS")
    assert choose(HeuristicBot(), state) == "play 2D"


def test_heuristic_does_not_break_a_pair_to_follow() -> None:
    hands = {A: "6C", B: "8S 8H 9C TD JD 4S 5C 6D 3H 3D QS QH KS"}
    state = start(hands, leader=A).apply("play 6C")
    choice = choose(HeuristicBot(), state)
    assert choice not in {"play 8S", "play 8H"}


def test_greedy_leads_its_biggest_combination_with_the_lowest_card() -> None:
    state = start({A: "3S 4C 5D 6H 3H 8C 8D TS TH QS QC AD AH"}, leader=A)
    assert choose(GreedyBot(), state) == "play 3S 4C 5D 6H"
    state = state.apply("play 3S 4C 5D 6H")
    assert isinstance(state.history[-1], Play)


def test_hand_plan() -> None:
    assert hand_plan(0) == (0, 0)
    assert hand_plan(game_mask(cardkit.parse_cards("3S 4C 5D"))) == (1, 0)
    assert hand_plan(game_mask(cardkit.parse_cards("3S 3C 5D"))) == (2, 1)
    assert hand_plan(game_mask(cardkit.parse_cards("3S 3C 4D 4H 5S 5D 9C")))[0] == 2
