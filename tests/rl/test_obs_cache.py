"""Observations stay exact with their caches warm: each zone's last value and what it
gave, the planes' and fields' bytes by value, and the games' zone getters that return the
same object for the same field (Palace, Tonk) are all exercised by encoding the states
of random games in the order they are played, and compared with the reference encoding."""

from __future__ import annotations

import random

import numpy as np
import pytest

import cardkit
import cardkit.rl
from tests.rl.test_layout import reference

GAMES = cardkit.available_games()
#: each game at its fewest and most seats
GAME_COUNTS = sorted(
    {
        (name, players)
        for name in GAMES
        for players in (cardkit.load_game(name).players.min, cardkit.load_game(name).players.max)
    }
)


def played_in_order(game: str, players: int, count: int, seed: int) -> list[cardkit.GameState]:
    """Every state of random deals, in the order they are played (successive states share
    the fields a move leaves alone)."""
    found = cardkit.load_game(game)
    rng = random.Random(seed)
    states: list[cardkit.GameState] = []
    deal = 0
    while len(states) < count:
        state = found.start(players=players, seed=seed * 1000 + deal)
        deal += 1
        while len(states) < count:
            states.append(state)
            if state.is_over:
                break
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    return states


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_warm_caches_give_the_reference_encoding(game: str, players: int) -> None:
    """One layout encodes states in play order (as an environment does), every seat and
    a spectator, each to the bit of the reference built entry by entry."""
    layout = cardkit.rl.aec_env(game, players=players).table.layout
    rng = random.Random(7)
    for state in played_in_order(game, players, 120, seed=5):
        seats = [state.to_act, rng.choice([None, *range(players)])]
        for seat in seats:
            everything = rng.random() < 0.25
            fast = layout.encode(state, seat, everything=everything)
            slow = reference(layout, state, seat, everything)
            assert fast.dtype == np.float32
            assert fast.shape == (layout.size,)
            bad = [n for n, a, b in zip(layout.describe(), fast, slow, strict=True) if a != b]
            assert not bad, f"{game} seat {seat} everything={everything}: {bad[:6]}"
            assert fast.tobytes() == slow.tobytes()


def test_an_observation_is_its_own_writable_array() -> None:
    """Each observation is a fresh array: writing into one changes no other."""
    env = cardkit.rl.aec_env("crazyeights", players=2)
    env.reset(seed=1)
    first = env.table.observe(0)["observation"]
    again = env.table.observe(0)["observation"]
    assert first.flags.writeable
    first[:] = 5.0
    assert np.array_equal(again, env.table.observe(0)["observation"])
    assert not np.array_equal(first, again)


@pytest.mark.parametrize("cards", [52, 54])
def test_a_plane_s_bytes_are_numpy_s_float32_of_its_bits(cards: int) -> None:
    """`PlaneBytes` (13 bits a look-up) gives numpy's bytes for any mask, the bits past
    the plane's cards left out, with jokers or without, new or kept."""
    from cardkit.rl._encoder import PlaneBytes

    rng = random.Random(cards)
    rows = PlaneBytes(cards)
    masks = [0, (1 << cards) - 1, 1 << (cards - 1), (1 << 60) - 1]
    masks += [rng.getrandbits(64) for _ in range(500)]
    for mask in masks * 2:
        expected = np.array([mask >> i & 1 for i in range(cards)], dtype=np.float32)
        assert rows[mask] == expected.tobytes()


def test_view_fields_bytes_are_kept_by_hashable_keys_only_and_start_again_when_full() -> None:
    """A key holding an unhashable value is worked out at each step, never kept; a full
    table starts again rather than growing past its bound."""
    from cardkit.rl import _encoder

    kept: dict[object, bytes] = {}
    assert _encoder._recalled(kept, (0, [1])) is None
    assert _encoder._kept(kept, (0, [1]), b"x") == b"x"
    assert kept == {}
    assert _encoder._kept(kept, (0, 1), b"y") == b"y"
    assert _encoder._recalled(kept, (0, 1)) == b"y"
    kept.update(dict.fromkeys(range(_encoder._KEPT - 1), b""))
    assert len(kept) == _encoder._KEPT
    _encoder._kept(kept, "new", b"z")
    assert kept == {"new": b"z"}
