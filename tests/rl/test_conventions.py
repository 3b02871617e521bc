"""Conventions of learning tools: vector envs, env ids, check_env, state(), render, policy bots."""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardkit
import cardkit.rl
from cardkit import catalog
from cardkit.play.simulate import simulate

GAMES = cardkit.available_games()


def _players(game: str) -> int:
    """Two players, or the fewest the game is played by (Spades: 4)."""
    return max(2, cardkit.load_game(game).players.min)


pytestmark = pytest.mark.filterwarnings("ignore::UserWarning:gymnasium.utils")


def _masked(observation: dict[str, Any], rng: np.random.Generator) -> np.ndarray:
    """One legal id per env of a batch: sampling with the mask (an env whose episode just
    ended shows an all-zero mask; Gymnasium resets it on the next step and ignores its id)."""
    masks = observation["action_mask"]
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])


@pytest.mark.parametrize("vector", [gym.vector.SyncVectorEnv, gym.vector.AsyncVectorEnv])
@pytest.mark.parametrize("game", GAMES)
def test_vector_envs_batch_every_game(game: str, vector: Any) -> None:
    players = _players(game)
    envs = vector([lambda: gym.make(cardkit.rl.env_id(game), players=players)] * 4)
    try:
        observation, _ = envs.reset(seed=1)
        assert observation["action_mask"].shape == (4, envs.single_action_space.n)
        rng = np.random.default_rng(0)
        for _ in range(40):
            observation, reward, terminated, truncated, _ = envs.step(_masked(observation, rng))
            assert reward.shape == terminated.shape == truncated.shape == (4,)
        assert envs.single_observation_space.contains(
            {key: value[0] for key, value in observation.items()}
        )
    finally:
        envs.close()


def test_env_ids_make_the_single_seat_env() -> None:
    env = gym.make("cardkit/tonk-v0", players=2)
    assert isinstance(env.unwrapped, cardkit.rl.CardkitGymEnv)
    assert env.unwrapped.table.players == 2
    assert set(cardkit.rl.register_envs()) == {f"cardkit/{g}-v0" for g in GAMES}
    assert gym.make("cardkit.rl:cardkit/palace-v0").unwrapped.table.game.name == "palace"


@pytest.mark.parametrize("game", GAMES)
def test_check_env_passes_with_the_default_settings(game: str) -> None:
    for _ in range(3):  # an unmasked sample is legal, or a documented lost episode
        check_env(cardkit.rl.gym_env(game, players=_players(game)))


@pytest.mark.parametrize("game", GAMES)
def test_state_shows_every_card_in_the_state_space(game: str) -> None:
    env = cardkit.rl.aec_env(game, players=_players(game))
    env.reset(seed=2)
    whole = env.state()
    assert env.state_space.contains(whole)
    mine = env.observe(env.agent_selection)["observation"]
    assert whole.shape == mine.shape
    cards = env.table.layout.cards * env.table.layout.planes
    assert whole[:cards].sum() > mine[:cards].sum()  # the hidden cards are in it


def test_render_modes_and_fps(capsys: pytest.CaptureFixture[str]) -> None:
    assert cardkit.rl.CardkitAECEnv.metadata["render_fps"] > 0
    assert set(cardkit.rl.CardkitGymEnv.metadata["render_modes"]) == {"ansi", "human"}
    env = cardkit.rl.gym_env("tonk", players=2, render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert "Tonk" in capsys.readouterr().out
    ansi = cardkit.rl.aec_env("tonk", players=2, render_mode="ansi")
    ansi.reset(seed=1)
    assert "Tonk" in str(ansi.render())


def _first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[-1])


def test_a_policy_bot_plays_simulations_and_sees_only_its_turn(
    request: pytest.FixtureRequest,
) -> None:
    game = cardkit.load_game("crazyeights")
    name = f"policy-{random.getrandbits(32)}"
    seen: list[int] = []

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        seen.append(int(mask.sum()))
        return _first_legal(observation, mask)

    cardkit.rl.policy_bot(game, name, policy, players=2)
    request.addfinalizer(lambda: catalog(game)._bots.pop(name, None))  # built for 2 players only
    assert name in catalog(game).bots
    report = simulate(game, games=4, players=2, bots=[name, "random"], seed=1)
    assert sum(1 for _ in report.entries) == 2
    assert seen
    assert min(seen) >= 1


def test_a_policy_bot_observes_what_the_env_observes() -> None:
    game = cardkit.load_game("tonk")
    factory = cardkit.rl.policy_bot(game, "unused", _first_legal, players=2, register=False)
    bot = factory(random.Random(0))
    env = cardkit.rl.aec_env(game, players=2)
    env.reset(seed=3)
    state = env.table.state
    seat = state.to_act
    turn = cardkit.Turn(state, seat, state.legal_actions(), random.Random(1))
    seen = bot.observe(turn)  # type: ignore[attr-defined]
    assert seen is not None
    observation, mask, _ = seen
    expected = env.observe(env.agent_selection)
    assert np.array_equal(observation, expected["observation"])
    assert np.array_equal(mask, expected["action_mask"])


def test_a_policy_bot_enters_a_tournament_and_a_server_table(
    request: pytest.FixtureRequest,
) -> None:
    pytest.importorskip("fastapi")
    from cardkit.eval.tournament import run_tournament
    from cardkit.server import Table
    from cardkit.server._models import CreateTable

    game = cardkit.load_game("tienlen")
    name = f"policy-{random.getrandbits(32)}"
    cardkit.rl.policy_bot(game, name, _first_legal, players=2)
    request.addfinalizer(lambda: catalog(game)._bots.pop(name, None))  # built for 2 players only
    report = run_tournament(game, [name, "random"], games=4, players=2, seed=3)
    assert report is not None
    settings = {"game": "tienlen", "players": 2, "seed": 5, "deals": 1}
    table = Table.create(
        "t1", CreateTable.model_validate({**settings, "seats": [{"bot": name}, {}]})
    )
    table.join(1, "Ann")
    played = 0
    while table.status == "playing" and table.bot_seat() == 0 and played < 20:
        table.play_bot(0)
        played += 1
    assert played >= 1
