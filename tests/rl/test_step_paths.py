"""The env step's short cuts change nothing: kept numberings and masks, `apply` for `act_as`."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import cardkit
import cardkit.rl
from cardkit.errors import IllegalAction
from tests.rl.test_fast_paths import per_move
from tests.rl.test_layout import GAME_COUNTS


def _walk(env: Any, steps: int, seed: int) -> Any:
    """Random legal ids for `steps` steps, game after game; yields before each step."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    for _ in range(steps):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset(seed=rng.randrange(1 << 30))
            continue
        yield observation
        env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_kept_numberings_and_masks_equal_fresh_ones(game: str, players: int) -> None:
    """Game after game (every memo warm), each step's ids, actions and masks are what a fresh
    numbering of the state's legal actions gives; observed masks are new writable arrays."""
    env = cardkit.rl.aec_env(game, players=players)
    table = env.table
    space = table.space
    last = None
    for observation in _walk(env, 1500, seed=11):
        state, seat = table.state, table.state.to_act
        legal = list(state.legal_actions())  # a list: no memo knows it
        if space is None:
            expected = table.codec.legal(object(), legal)
        else:
            expected = per_move(space, legal, state)
        assert table.legal(seat) == expected, f"{game}: {state}"
        mask = observation["action_mask"]
        assert np.flatnonzero(mask).tolist() == expected[0]
        assert mask.flags.writeable
        assert mask is not last
        shared = env.action_space(env.agent_selection).legal
        assert shared is not None
        assert np.array_equal(shared, mask)
        for agent in env.agents:
            other = env._seats[agent]
            if other != seat:
                assert env.action_space(agent).legal is None
                shown = np.flatnonzero(env.observe(agent)["action_mask"]).tolist()
                if state.shown_to_act(other) != other:
                    assert shown == []
                else:  # shown to act while a private window asks `seat`: the public moves
                    public = state.public_state()  # type: ignore[attr-defined]
                    assert shown == per_move(space, list(public.legal_actions()), public)[0]
            assert env.infos[agent] == {}
        last = mask


def test_a_window_s_legal_actions_answer_it_so_act_as_is_apply() -> None:
    """While a private window is open, the asked seat's legal actions all answer it, so for the
    seat to act `act_as` is `apply` (the environment applies without `act_as`'s checks)."""
    pytest.importorskip("cardkit_palace")
    game = cardkit.load_game("palace")
    rng = random.Random(5)
    windows = 0
    for deal in range(60):
        state = game.start(players=3, seed=deal)
        while not state.is_over:
            legal = state.legal_actions()
            if state.decline_window() is not None:
                windows += 1
                for action in legal:
                    assert state.answers_window(action), f"{action} in {state}"
                    assert (
                        state.act_as(state.to_act, action).snapshot()
                        == state.apply(action).snapshot()
                    )
            state = state.apply(rng.choice(legal))
    assert windows > 20


def test_palace_numbers_a_kept_listing_by_the_hand() -> None:
    """A listing numbered without a state (plays from the hand) and then in a state whose plays
    come from the face-up cards gets each numbering right (the memo is keyed by the hand)."""
    pytest.importorskip("cardkit_palace")
    game = cardkit.load_game("palace")
    space = game.action_space(game.rules(), 2)
    assert space is not None
    rng = random.Random(2)
    checked = 0
    for deal in range(40):
        state = game.start(players=2, seed=deal)
        while not state.is_over and checked < 10:
            legal = state.legal_actions()
            f: Any = state.f
            if f.hands[f.actor] == 0 and any(hasattr(a, "mask") for a in legal):
                without = space.number(legal, None)
                within = space.number(legal, state)
                assert without == per_move(space, list(legal), None)
                assert within == per_move(space, list(legal), state) != without
                checked += 1
            state = state.apply(rng.choice(legal))
    assert checked


@pytest.mark.parametrize("chosen", [np.int64(0), 0.0, True])
def test_integer_like_ids_play_and_others_raise(chosen: Any) -> None:
    """An id equal to an int plays (NumPy ints, 0.0); a string or a fraction is refused."""
    env = cardkit.rl.aec_env("crazyeights", players=2)
    env.reset(seed=1)
    ids = env.table.legal(env.table.state.to_act)[0]
    number = int(chosen)
    before = env.table.state
    if number in ids:
        env.step(chosen)
        assert env.table.state is not before
    else:
        with pytest.raises(IllegalAction, match="not legal now"):
            env.step(chosen)
    env.reset(seed=1)
    for bad in (str(ids[0]), ids[0] + 0.5, None):
        with pytest.raises(IllegalAction, match="not legal now"):
            env.step(bad)
        assert env.table.state.history == ()


@pytest.mark.parametrize("seed", [0, 7, -3, 2**40 + 1, 2**70])
def test_a_seeded_reset_deals_what_random_random_of_the_seed_draws(seed: int) -> None:
    """`reset(seed=s)` deals from the stream of `random.Random(s)`."""
    env = cardkit.rl.aec_env("tonk", players=2)
    env.reset(seed=seed)
    deal = random.Random(seed).getrandbits(63)
    expected = env.table.game.start(players=2, rules=env.table.rules, seed=deal)
    assert env.table.state.snapshot() == expected.snapshot()
