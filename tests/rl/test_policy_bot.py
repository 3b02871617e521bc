"""The policy bot: the environment's own observation and mask, read without dealing a
world, no fallback, a factory that pickles, and bots named by import path."""

from __future__ import annotations

import pickle
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import cardkit
import cardkit.rl
from cardkit import catalog
from cardkit.engine import determinize
from cardkit.engine.bots import Turn
from cardkit.errors import CardkitError, InvalidRules
from cardkit.play.botpaths import add_bot_path, load_bot
from cardkit.play.match import resolve_bots
from cardkit.play.runner import play_out, seat_rngs
from cardkit.play.simulate import simulate
from cardkit.plugins.registry import registry, reset_registry
from cardkit.rl.policy import PolicyBot

GAMES = {"tonk": 2, "tienlen": 4, "crazyeights": 2, "spades": 4, "palace": 2}

Seen = list[tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], int]]


def _lowest(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
    return int(np.flatnonzero(mask)[0])


class _Recorder:
    """A policy that plays a random legal id and keeps what it saw and chose."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.seen: Seen = []

    def __call__(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        chosen = int(self.rng.choice(np.flatnonzero(mask)))
        self.seen.append((observation.copy(), mask.copy(), chosen))
        return chosen


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_policy_sees_the_environments_observation_and_mask(name: str) -> None:
    """Every seat a policy bot; the AEC env replays the same ids and gives, at each
    decision, the same observation and mask to the bit."""
    players = GAMES[name]
    game = cardkit.load_game(name)
    for seed in (1, 2):
        recorder = _Recorder(seed)
        factory = cardkit.rl.policy_bot(name, "p", recorder, players=players, register=False)
        deal = random.Random(seed).getrandbits(63)  # what the env deals for reset(seed=seed)
        rngs = seat_rngs(deal, players)
        state = game.start(players, game.rules(), seed=deal)
        played = play_out(state, [factory(r) for r in rngs], rngs, max_actions=300)
        assert len(recorder.seen) == played.decisions > 0
        env = cardkit.rl.aec_env(name, players=players)
        env.reset(seed=seed)
        for observation, mask, chosen in recorder.seen:
            shown = env.observe(env.agent_selection)
            assert np.array_equal(shown["observation"], observation)
            assert np.array_equal(shown["action_mask"], mask)
            env.step(chosen)


def test_a_decision_deals_no_world(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot reads the observation through the turn; it never samples worlds (a world
    replays the whole game: what made a Palace decision cost 227 ms)."""
    dealt: list[int] = []
    sample = determinize.Determinizer.sample

    def counted(self: determinize.Determinizer, n: int, rng: random.Random) -> Any:
        dealt.append(n)
        return sample(self, n, rng)

    monkeypatch.setattr(determinize.Determinizer, "sample", counted)
    factory = cardkit.rl.policy_bot("palace", "p", _lowest, players=2, register=False)
    game = cardkit.load_game("palace")
    rngs = seat_rngs(3, 2)
    played = play_out(game.start(2, game.rules(), seed=3), [factory(r) for r in rngs], rngs)
    assert played.decisions > 20
    assert dealt == []


def test_crazy_eights_has_no_fallback() -> None:
    """The world sampler found no world for one Crazy Eights decision in eight; the
    observation read from the turn always exists."""
    factory = cardkit.rl.policy_bot("crazyeights", "p", _Recorder(0), players=2, register=False)
    game = cardkit.load_game("crazyeights")
    bots: list[PolicyBot] = []
    decisions = 0
    for seed in range(30):
        rngs = seat_rngs(seed, 2)
        seat_bots = [factory(r) for r in rngs]
        bots += seat_bots
        decisions += play_out(game.start(2, game.rules(), seed=seed), seat_bots, rngs).decisions
    assert decisions > 300
    assert sum(bot.fallbacks for bot in bots) == 0


def test_a_turn_answers_only_the_cores_seat_readers() -> None:
    class Peek:
        def read(self, state: Any, seat: int, legal: Any) -> Any:
            return state

    game = cardkit.load_game("tonk")
    state = game.start(2, game.rules(), seed=1)
    turn = Turn(state, state.to_act, state.legal_actions(), random.Random(0))
    with pytest.raises(CardkitError, match="only the core's seat readers, not Peek"):
        turn.read(Peek())


def test_a_policy_for_two_seats_refuses_a_table_of_three() -> None:
    factory = cardkit.rl.policy_bot("tonk", "p", _lowest, players=2, register=False)
    game = cardkit.load_game("tonk")
    state = game.start(3, game.rules(), seed=1)
    turn = Turn(state, state.to_act, state.legal_actions(), random.Random(0))
    with pytest.raises(InvalidRules, match="plays tonk at 2 players, not 3"):
        factory(random.Random(0)).choose(turn)


def test_the_factory_pickles_and_plays_the_same_after() -> None:
    factory = cardkit.rl.policy_bot("tonk", "p", _lowest, players=2, register=False)
    copy = pickle.loads(pickle.dumps(factory))
    assert (copy.game, copy.players, copy.name) == ("tonk", 2, "p")
    assert copy.policy is _lowest
    game = cardkit.load_game("tonk")
    rngs = seat_rngs(5, 2)
    one = play_out(game.start(2, game.rules(), seed=5), [factory(r) for r in rngs], rngs)
    two = play_out(game.start(2, game.rules(), seed=5), [copy(r) for r in rngs], rngs)
    assert one.state.history == two.state.history


# -- bots named by import path ---------------------------------------------------------------


def test_a_bot_by_import_path_plays_and_is_labelled_by_it() -> None:
    report = simulate(
        "tonk", games=6, players=2, bots=["policy_agents:tonk_lowest", "random"], seed=1
    )
    assert [e.bot for e in report.entries] == ["policy_agents:tonk_lowest", "random"]
    assert report.games == 6


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("no_such_module_here:policy", "cannot import 'no_such_module_here'"),
        ("policy_agents:nothing", "policy_agents has no 'nothing'"),
        ("policy_agents:os", "is a module, not a bot factory"),
    ],
)
def test_a_bad_import_path_says_what_is_wrong(path: str, message: str) -> None:
    game = cardkit.load_game("tonk")
    with pytest.raises(InvalidRules, match=message):
        resolve_bots(game, [path], 2)


def test_a_policy_of_another_game_is_refused_by_name() -> None:
    with pytest.raises(InvalidRules, match="plays tonk, not spades"):
        load_bot("policy_agents:tonk_lowest", cardkit.load_game("spades"))


def test_a_bot_path_is_added_to_its_game_for_tables() -> None:
    """What `cardkit serve --bot` does (in a registry of its own: the bot stays added)."""
    before = registry()
    try:
        reset_registry()
        game, name = add_bot_path("policy_agents:tonk_lowest")
        assert (game.name, name) == ("tonk", "policy_agents:tonk_lowest")
        assert name in catalog(game).bots
        assert add_bot_path(" policy_agents:tonk_lowest ") == (game, name)  # once
        with pytest.raises(InvalidRules, match="does not say which game it plays"):
            add_bot_path("policy_agents:lowest")
    finally:
        reset_registry(before)
    assert name not in catalog(cardkit.load_game("tonk")).bots


def test_a_gym_envs_opponent_may_be_a_policy_by_import_path() -> None:
    """Self-play: the other seat of a Gymnasium env is a trained policy, named by path (so a
    vector env's subprocesses find it too)."""
    env = cardkit.rl.gym_env("tonk", players=2, seat=0, opponents="policy_agents:tonk_lowest")
    observation, _ = env.reset(seed=1)
    done = False
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    with pytest.raises(InvalidRules, match="plays tonk, not spades"):
        cardkit.rl.gym_env("spades", players=4, opponents="policy_agents:tonk_lowest")


def test_threads_do_not_share_a_table() -> None:
    """A table holds the state it encodes: two threads (a Dask worker's) get two."""
    factory = cardkit.rl.policy_bot("tonk", "p", _lowest, players=2, register=False)
    here = factory.table
    with ThreadPoolExecutor(1) as pool:
        there = pool.submit(lambda: factory.table).result()
    assert there is not here
    assert factory.table is here
