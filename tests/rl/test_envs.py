"""Observations, actions, rewards, seeding and rendering of the RL environments."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from gymnasium.utils import seeding

import cardkit
import cardkit.rl
from cardkit.errors import IllegalAction, InvalidRules, InvalidState
from cardkit.rl.rewards import REWARDS
from cardkit.testing import check_non_interference, random_playout

#: Every installed game with each of its player counts.
GAME_COUNTS = [
    (name, players)
    for name in cardkit.available_games()
    for players in range(
        cardkit.load_game(name).players.min, cardkit.load_game(name).players.max + 1
    )
]


@pytest.mark.slow
def test_import_cardkit_does_not_import_numpy() -> None:
    code = "import sys, cardkit; sys.exit('numpy' in sys.modules or 'cardkit.rl' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_observation_does_not_depend_on_hidden_cards(game: str, players: int) -> None:
    env = cardkit.rl.aec_env(game, players=players)
    layout = env.table.layout

    def observe(state: cardkit.GameState, seat: int | None) -> bytes:
        return layout.encode(state, seat).tobytes()

    found = cardkit.load_game(game)
    playout = random_playout(found, players, 3, max_actions=120)
    assert check_non_interference(found, players, 3, playout=playout, observe=observe) > 0


def test_a_hidden_swap_that_the_seat_can_see_changes_its_observation() -> None:
    game = cardkit.load_game("tienlen")
    env = cardkit.rl.aec_env(game, players=4)
    first = game.start(players=4, seed=1)
    order = list(first.setup.deck)
    order[0], order[1] = order[1], order[0]  # seat 0's first card and seat 1's
    other = game.start(players=4, deck=cardkit.Deck(order))
    mine = env.table.layout.encode(first, 0)
    assert not np.array_equal(mine, env.table.layout.encode(other, 0))


def test_planes_show_own_hand_and_counts_of_others() -> None:
    env = cardkit.rl.aec_env("tienlen", players=4, view_fields=False)
    env.reset(seed=5)
    state = env.table.state
    seat = state.to_act
    obs = env.observe(f"player_{seat}")["observation"]
    names = env.table.layout.describe()
    assert len(names) == obs.shape[0]
    value = dict(zip(names, obs.tolist(), strict=True))
    hand = state.zones()[f"hand:{seat}"]
    assert {n.split("/")[1] for n, v in value.items() if n.startswith("hand:+0/") and v} == {
        c.code for c in hand
    }
    assert not any(v for n, v in value.items() if n.startswith("hand:+1/"))
    assert value["count/hand:+1"] == pytest.approx(
        len(state.zones()[f"hand:{(seat + 1) % 4}"]) / 52
    )
    assert value["to_act/+0"] == 1.0
    assert value[f"seat/{seat}"] == 1.0


def test_view_fields_carry_the_phase_as_a_one_hot() -> None:
    env = cardkit.rl.aec_env("palace", players=2)
    env.reset(seed=2)
    names = env.table.layout.describe()
    obs = env.observe(env.agent_selection)["observation"]
    value = dict(zip(names, obs.tolist(), strict=True))
    assert value["phase/exchange"] == 1.0
    assert value["phase/play"] == 0.0


def test_ids_are_the_games_fixed_action_space() -> None:
    env = cardkit.rl.gym_env("tonk", players=2, opponents="random")
    observation, info = env.reset(seed=1)
    game = cardkit.load_game("tonk")
    space = game.action_space(game.rules(), 2)
    legal = env.table.state.legal_actions()
    ids = {space.encode(a) for a in legal}
    assert set(np.flatnonzero(observation["action_mask"])) == ids
    assert env.action_space.n == space.size == 1363
    assert info == {}


def test_candidates_are_the_exact_legal_moves_as_padded_card_planes() -> None:
    env = cardkit.rl.aec_env("tienlen", players=4, candidates=300)
    env.reset(seed=3)
    state = env.table.state
    observation = env.observe(env.agent_selection)
    ordered = sorted(state.legal_actions(), key=str)
    assert observation["candidates"].shape == (300, 52)
    assert int(observation["candidate_mask"].sum()) == len(ordered)
    space = state.game.action_space(state.rules, 4)
    for row, i, action in zip(
        observation["candidates"], observation["candidate_ids"], ordered, strict=False
    ):
        codes = {cardkit.Card.from_index(k).code for k in np.flatnonzero(row)}
        assert codes == set(str(action).split()[1:])
        assert i == space.encode(action)
    assert set(observation["candidate_ids"][len(ordered) :]) == {-1}
    assert env.observation_space(env.agent_selection).contains(observation)


def test_an_abstract_id_plays_the_canonical_move() -> None:
    env = cardkit.rl.aec_env("tienlen", players=4)
    env.reset(seed=3)
    state = env.table.state
    space = state.game.action_space(state.rules, 4)
    ids, actions = space.legal(state)
    env.step(ids[-1])
    assert env.table.state.history[-1] == actions[-1] == space.decode(ids[-1], state)


def test_illegal_ids_raise_and_change_nothing() -> None:
    env = cardkit.rl.aec_env("tonk", players=2)
    env.reset(seed=4)
    before = env.table.state
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction, match="not legal now; expected one of"):
        env.step(bad)
    with pytest.raises(IllegalAction):
        env.step("draw")
    assert env.table.state is before
    gym = cardkit.rl.gym_env("tonk", players=2, illegal="raise")
    gym.reset(seed=4)
    with pytest.raises(IllegalAction):
        gym.step(bad)


def test_bad_options_are_refused() -> None:
    with pytest.raises(InvalidRules, match="unknown reward"):
        cardkit.rl.aec_env("tonk", reward="money")
    with pytest.raises(InvalidRules, match="no bot 'genius'"):
        cardkit.rl.gym_env("tonk", players=2, opponents="genius")
    with pytest.raises(InvalidRules, match="seat must be"):
        cardkit.rl.gym_env("tonk", players=2, seat=2)
    with pytest.raises(InvalidRules, match="render_mode"):
        cardkit.rl.aec_env("tonk", render_mode="rgb_array")
    with pytest.raises(InvalidRules, match="candidates"):
        cardkit.rl.aec_env("tonk", candidates=-1)
    with pytest.raises(cardkit.UnknownGame):
        cardkit.rl.aec_env("go-fish")


def _episode(env: cardkit.rl.CardkitGymEnv, seed: int) -> list[str]:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    return [str(a) for a in env.table.state.history]


@pytest.mark.parametrize("game", cardkit.available_games())
def test_a_seed_reproduces_the_deal_and_the_bots(game: str) -> None:
    loaded = cardkit.load_game(game)
    players = min(max(3, loaded.players.min), loaded.players.max)  # Spades is for 4 only
    env = cardkit.rl.gym_env(game, players=players, opponents="heuristic", max_steps=400)
    first, again = _episode(env, 11), _episode(env, 11)
    assert first == again
    assert (
        cardkit.rl.gym_env(game, players=players, max_steps=400)
        .reset(seed=11)[0]["observation"]
        .tobytes()
        == env.reset(seed=11)[0]["observation"].tobytes()
    )
    assert _episode(env, 12) != first


def test_rewards_come_from_the_result() -> None:
    game = cardkit.load_game("tonk")
    playout = random_playout(game, 3, 1)
    result = playout.final.result()
    assert result.payments
    assert REWARDS["auto"](result) == [float(n) for n in result.net]
    tien = random_playout(cardkit.load_game("tienlen"), 4, 1).final.result()
    placed = REWARDS["placement"](tien)
    assert placed[tien.order[0]] == 1.0
    assert sorted(placed) == pytest.approx([-1.0, -1 / 3, 1 / 3, 1.0])
    assert REWARDS["auto"](tien) == placed
    env = cardkit.rl.aec_env("tonk", players=3, reward=lambda r: [7.0, 8.0, 9.0])
    env.reset(seed=2)
    while not all(env.terminations.values()):
        env.step(int(env.action_space(env.agent_selection).sample()))
    assert env._cumulative_rewards == {"player_0": 7.0, "player_1": 8.0, "player_2": 9.0}


def test_a_long_game_is_truncated() -> None:
    env = cardkit.rl.aec_env("palace", players=4, max_steps=5)
    env.reset(seed=0)
    for _ in range(5):
        env.step(int(env.action_space(env.agent_selection).sample()))
    assert all(env.truncations.values())
    assert not any(env.terminations.values())


def test_ansi_render_shows_the_seats_view() -> None:
    env = cardkit.rl.gym_env("tonk", players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "Tonk: Seat 1" in text  # seat index 0, as people read it
    hand = env.table.state.zones()["hand:0"]
    assert all(card.pretty in text or card.code in text for card in hand)
    assert "hand:1" not in text


def test_reset_deals_again_when_the_bots_end_the_game_before_the_seats_turn() -> None:
    env = cardkit.rl.gym_env("tonk", players=2, seat=1, opponents="random")
    redealt = 0
    for seed in range(30):
        observation, _ = env.reset(seed=seed)
        state = env.table.state
        assert not state.is_over
        assert state.to_act == 1
        assert observation["action_mask"].any()
        first_deal = seeding.np_random(seed)[0].integers(0, 2**63 - 1, size=2)[0]
        redealt += state.setup.seed != int(first_deal)
    assert redealt > 0  # the random bot drops at once often enough to end some deals


def test_a_deal_that_ends_the_game_is_terminal_at_reset_with_its_rewards() -> None:
    env = cardkit.rl.aec_env("tienlen", players=4)
    env.reset(seed=86)  # this seed deals an instant win
    assert env.table.state.result().reason == "instant_win"
    assert all(env.terminations.values())
    _, reward, terminated, _, _ = env.last()
    assert terminated
    assert reward == env._cumulative_rewards[env.agent_selection]
    assert sum(env._cumulative_rewards.values()) == pytest.approx(0.0)
    assert max(env._cumulative_rewards.values()) == 1.0
    for _agent in env.agent_iter():
        env.step(None)
    assert env.agents == []


def test_opponents_may_differ_per_seat() -> None:
    env = cardkit.rl.gym_env("tonk", players=3, seat=1, opponents=["random", "heuristic"])
    assert env.opponents == {0: "random", 2: "heuristic"}
    env.reset(seed=0)
    with pytest.raises(InvalidRules, match="2 other seats"):
        cardkit.rl.gym_env("tonk", players=3, opponents=["random"])


def test_illegal_lose_is_the_default_and_ends_the_episode_with_a_penalty() -> None:
    env = cardkit.rl.gym_env("tonk", players=2)
    observation, info = env.reset(seed=4)
    assert info == {}
    bad = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "not legal now" in info["illegal"]
    with pytest.raises(InvalidState, match="call reset"):
        env.step(0)
    with pytest.raises(InvalidRules, match="illegal must be"):
        cardkit.rl.gym_env("tonk", players=2, illegal="ignore")


def test_win_reward_pays_the_winners_and_the_losers() -> None:
    result = cardkit.GameResult(reason="last_with_cards", players=3, winners=[0, 1], losers=[2])
    assert REWARDS["win"](result) == [1.0, 1.0, -1.0]
    alone = cardkit.GameResult(reason="went_out", players=3, winners=[1])
    assert REWARDS["win"](alone) == [-1.0, 1.0, -1.0]
    capped = cardkit.GameResult.capped_at(3, 99)
    assert cardkit.rl.rewards.pays(REWARDS["win"], capped) == [0.0, 0.0, 0.0]


def test_zones_that_appear_during_play_share_the_other_plane() -> None:
    game = cardkit.load_game("tonk")
    state, name = next(
        (s, n)
        for seed in range(1000)
        for s in random_playout(game, 2, seed).states
        for n in s.zones()
        if n.startswith("spread:")  # a spread on the table: not a zone of a fresh deal
    )
    spread = state.zones()[name]
    assert name in state.visible_zones(0)
    layout = cardkit.rl.aec_env(game, players=2).table.layout
    value = dict(zip(layout.describe(), layout.encode(state, 0).tolist(), strict=True))
    assert {n.split("/")[1] for n, v in value.items() if n.startswith("other/") and v} == {
        c.code for c in spread
    }
    assert value["count/other"] == pytest.approx(len(spread) / 52)


@pytest.mark.parametrize("game", cardkit.available_games())
def test_every_entry_is_bounded_and_seat_fields_are_relative(game: str) -> None:
    found = cardkit.load_game(game)
    wanted = 4 if game in ("tienlen", "spades") else 3
    players = min(max(wanted, found.players.min), found.players.max)
    env = cardkit.rl.aec_env(game, players=players)
    box = env.table.observation_space["observation"]
    assert np.isfinite(box.low).all()
    assert np.isfinite(box.high).all()
    env.reset(seed=1)
    for _ in range(30):
        agent = env.agent_selection
        observation, _, terminated, truncated, _ = env.last()
        assert box.contains(env.observe(agent)["observation"])
        if terminated or truncated:
            break
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    seats = [f.name for f in env.table.layout.view_fields if f.seat]
    if game == "tienlen":
        assert "current_by" in seats
