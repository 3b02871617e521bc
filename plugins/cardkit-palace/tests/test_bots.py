"""The heuristic bot: sensible choices, games that end, and clearly better than random."""

from __future__ import annotations

import random
from typing import Any

import pytest
from cardkit_palace import PalaceBot, PalaceState

from cardkit import CardSet, catalog
from cardkit.engine.bots import Turn
from cardkit.play.simulate import simulate

A, B = 0, 1
LEFT = {"first_player_rule": "left_of_dealer"}


def choose(state: PalaceState, seed: int = 0) -> str:
    seat = state.to_act
    assert seat is not None
    return str(PalaceBot().choose(Turn(state, seat, state.legal_actions(), random.Random(seed))))


def test_the_bot_is_registered(game: Any) -> None:
    assert "heuristic" in catalog(game).bots
    assert catalog(game).bots["heuristic"].description


def test_exchange_puts_the_strongest_cards_face_up(begin: Any) -> None:
    state = begin(2, exchange=False, hands={A: "AS TD 2H", B: "4C 5C 6C"}, face_up={A: "3S 4D KC"})
    for _ in range(10):
        action = choose(state)
        state = state.apply(action)
        if action == "ready":
            break
    assert state.view(A).face_up[A] == CardSet.parse("AS TD 2H")
    assert state.view(A).hand == CardSet.parse("3S 4D KC")


def test_plays_the_lowest_rank_all_copies_and_keeps_specials(begin: Any) -> None:
    state = begin(
        2,
        dealer=A,
        rules={**LEFT, "zone_size": 6},
        hands={A: "2C TC 8S 8D QH 5H", B: "4C 3D 6D 7D 9D JD"},
        stock="KS",
    )
    state = state.apply("play 4C")
    picks = {choose(state, seed) for seed in range(40)}
    assert "play 5H" in picks
    assert choose(state, seed=1) == "play 5H"
    state = state.apply("play 5H").apply("play 6D")
    assert choose(state, seed=1) == "play 8D 8S"


def test_uses_a_ten_on_a_big_pile_and_a_two_otherwise(begin: Any) -> None:
    state = begin(
        2,
        dealer=A,
        rules={**LEFT, "zone_size": 6},
        hands={A: "2C TC 3S 4S 5S 6S", B: "AC 3D 6D 7D 9D JD"},
        stock="KS",
    )
    state = state.apply("play AC")
    assert choose(state, seed=1) == "play 2C"  # a pile of one: reset it


def test_heuristic_games_always_end(game: Any) -> None:
    for players in range(2, 6):
        for options in ({}, {"variant": "shithead"}, {"four_of_a_kind_across_plays": False}):
            report = simulate(
                "palace",
                games=15,
                players=players,
                bots=["heuristic"],
                seed=players,
                rules=options,
                max_actions=20_000,
            )
            assert report.capped == 0, (players, options)


@pytest.mark.parametrize("players", [4])
def test_heuristic_loses_clearly_less_than_random(players: int) -> None:
    """A quick check; scripts/bot_loss_rate.py measures it over 2,000 games."""
    report = simulate(
        "palace",
        games=80,
        players=players,
        bots=["heuristic"] + ["random"] * (players - 1),
        seed=7,
        max_actions=3000,
        rotate=True,
    )
    heuristic = next(b for b in report.by_bot if b.bot == "heuristic")
    randoms = next(b for b in report.by_bot if b.bot == "random")
    assert heuristic.completed >= 50
    assert heuristic.loss_rate < 0.1  # random loses 1 game in 4
    assert randoms.loss_rate > 3 * heuristic.loss_rate
