"""Determinization: every world gives the seat exactly its view; nothing hidden steers it."""

from __future__ import annotations

import random

import pytest

import cardkit
from cardkit.engine.bots import Turn
from cardkit.engine.determinize import Determinizer, _replay, sample_worlds, seen_cards
from cardkit.engine.state import GameState
from cardkit.eval.fairness import twin_state

GAMES = ["tienlen", "palace", "tonk", "crazyeights"]


def _random_state(game: str, seed: int) -> GameState:
    """A state part-way through a game with random bots (before its end when possible)."""
    g = cardkit.load_game(game)
    rng = random.Random(seed)
    state: GameState = g.start(seed=seed)
    for _ in range(rng.randrange(0, 40)):
        if state.is_over:
            break
        nxt = state.apply(rng.choice(list(state.legal_actions())))
        if nxt.is_over:
            break
        state = nxt
    return state


@pytest.mark.parametrize("game", GAMES)
def test_every_world_gives_the_seat_exactly_its_view(game: str) -> None:
    found = 0
    for seed in range(6):
        state = _random_state(game, seed)
        for seat in range(state.players):
            worlds = sample_worlds(state, seat, 4, random.Random(seed))
            found += len(worlds)
            for world in worlds:
                assert world.view(seat) == state.view(seat)
                assert world.history == state.history
                assert world.setup.seed is None  # a world never carries the real seed
                # The seat's own cards and every card it saw are where they really are.
                mine = seen_cards(state, seat)
                real, fake = state.zones(), world.zones()
                for name in state.visible_zones(seat):
                    assert set(real[name]) == set(fake[name])
                    assert set(real[name]) <= set(mine)
    assert found > 0


def _after_a_draw(seed: int) -> GameState:
    """A Crazy Eights state just after seat 1 drew (how many cards: a public event)."""
    rng = random.Random(seed)
    state: GameState = cardkit.load_game("crazyeights").start(2, seed=seed)
    while True:
        seat, action = state.to_act, rng.choice(list(state.legal_actions()))
        nxt = state.apply(action)
        if nxt.is_over:
            return _after_a_draw(seed + 100)
        if seat == 1 and str(action) == "draw" and rng.random() < 0.5:
            return nxt
        state = nxt


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 6, 7, 8])
def test_every_world_replays_the_public_events_the_seat_saw(seed: int) -> None:
    """Each transition of a world records the events it really did (a draw's count...)."""
    state = _after_a_draw(seed)
    real = [s.last_events for s in _replay(state)]
    worlds = sample_worlds(state, 0, 6, random.Random(seed))
    assert worlds  # seeds 0 and 5: none in 120 deals
    for world in worlds:
        assert [s.last_events for s in _replay(world)] == real


@pytest.mark.parametrize("game", ["tienlen", "palace", "tonk"])
def test_worlds_reshuffle_the_hidden_cards(game: str) -> None:
    state = _random_state(game, 3)
    seat = state.to_act
    assert seat is not None
    worlds = sample_worlds(state, seat, 8, random.Random(1))
    assert len(worlds) == 8
    other = next(s for s in range(state.players) if s != seat)
    hands = {frozenset(w.zones()[f"hand:{other}"]) for w in worlds}
    assert len(hands) > 1  # the opponents' hands differ from world to world


@pytest.mark.parametrize("game", ["tienlen", "palace", "tonk"])
def test_worlds_do_not_depend_on_where_the_hidden_cards_are(game: str) -> None:
    state = _random_state(game, 5)
    seat = state.to_act
    assert seat is not None
    twin = twin_state(state, seat, random.Random(0))
    assert twin is not None
    assert twin.zones() != state.zones()
    one = Determinizer(state, seat).sample(5, random.Random(9))
    two = Determinizer(twin, seat).sample(5, random.Random(9))
    assert [w.zones() for w in one] == [w.zones() for w in two]


def test_a_turn_holds_no_reference_to_the_state() -> None:
    state = _random_state("tienlen", 2)
    seat = state.to_act
    assert seat is not None
    turn = Turn(state, seat, state.legal_actions(), random.Random(0))
    assert not hasattr(turn, "__dict__")
    for name in Turn.__slots__:
        assert not isinstance(getattr(turn, name, None), GameState)
    worlds = turn.sample_worlds(3)
    assert len(worlds) == 3
    assert all(w.view(seat) == turn.view for w in worlds)


def test_bad_requests_are_refused() -> None:
    state = _random_state("tienlen", 1)
    with pytest.raises(cardkit.CardkitError, match="seat"):
        Determinizer(state, 9)
    with pytest.raises(cardkit.CardkitError, match="worlds"):
        Determinizer(state, 0).sample(-1, random.Random(0))
