"""PettingZoo's api_test and seed_test, and Gymnasium's check_env, for every game and count."""

from __future__ import annotations

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import cardkit
import cardkit.rl

#: Every installed game with each of its player counts.
GAME_COUNTS = [
    (name, players)
    for name in cardkit.available_games()
    for players in range(
        cardkit.load_game(name).players.min, cardkit.load_game(name).players.max + 1
    )
]


# The checkers warn about Dict observations and unbounded scalar fields; both are by design.
pytestmark = [
    pytest.mark.filterwarnings("ignore::UserWarning:pettingzoo.test"),
    pytest.mark.filterwarnings("ignore::UserWarning:gymnasium.utils"),
]


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_pettingzoo_api_test(game: str, players: int) -> None:
    api_test(cardkit.rl.aec_env(game, players=players), num_cycles=60)


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_pettingzoo_seed_test(game: str, players: int) -> None:
    seed_test(lambda: cardkit.rl.aec_env(game, players=players), num_cycles=60)


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_gymnasium_check_env(game: str, players: int) -> None:
    # check_env steps with an action sampled before its reset (against the old mask):
    # illegal="lose" turns such a step into a lost episode instead of an error.
    env = cardkit.rl.gym_env(game, players=players, illegal="lose", render_mode="ansi")
    check_env(env)
