"""Determinism and saves: the same seed or deck gives the same game; saves round-trip."""

from __future__ import annotations

import random
from typing import Any

from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.errors import InvalidState
from cardkit.testing._support import (
    _fail,
)
from cardkit.testing.corrupt import canonical as _canonical
from cardkit.testing.corrupt import corrupted_saves
from cardkit.testing.playouts import random_playout

__all__ = ["check_corrupted_saves", "check_determinism", "check_save_round_trip"]


def _step(state: GameState) -> tuple[list[dict[str, Any]], str]:
    """What one step shows: its events and the state reached."""
    return [e.to_json_dict() for e in state.last_events], _canonical(state.snapshot())


def check_determinism(
    game: Game[Any, Any],
    players: int,
    seed: int,
    *,
    rules: Rules | None = None,
    max_actions: int = 1000,
) -> None:
    """The same seed gives the same game; so does the same deck order alone.

    Two random playouts from ``seed`` give the same actions, events, states
    and result. Replaying those actions from ``game.start(deck=<the deck>,
    dealer=<the dealer>)`` with no seed gives the same events and states:
    a deal must be reproducible from its deck order, so a game may not draw
    hidden randomness from the seed itself.
    """
    one = random_playout(game, players, seed, rules=rules, max_actions=max_actions)
    two = random_playout(game, players, seed, rules=rules, max_actions=max_actions)
    if len(one.states) != len(two.states) or one.result != two.result:
        _fail(one.final, f"two games from seed {seed} differ in length or result")
    for number, (a, b) in enumerate(zip(one.states, two.states, strict=True)):
        if _step(a) != _step(b) or (number and a.history[-1] != b.history[-1]):
            _fail(a, f"two games from seed {seed} differ after {number} actions")
    setup = one.states[0].setup
    state = game.start(players=players, rules=setup.rules, deck=setup.deck, dealer=setup.dealer)
    for number, expected in enumerate(one.states):
        if number:
            state = state.apply(str(expected.history[-1]))
        if _step(state) != _step(expected):
            _fail(
                expected,
                f"replaying from the deck order alone (no seed) differs after {number} actions",
            )


def check_save_round_trip(state: GameState) -> None:
    """``game.load_state(state.to_json())`` gives the same state, history and views."""
    text = state.to_json()
    try:
        loaded = state.game.load_state(text)
    except Exception as exc:
        _fail(state, f"load_state(to_json()) raised {exc!r}")
    if _canonical(loaded.snapshot()) != _canonical(state.snapshot()):
        _fail(state, "load_state(to_json()) gives another snapshot")
    if [str(a) for a in loaded.history] != [str(a) for a in state.history]:
        _fail(state, "load_state(to_json()) gives another history")
    if loaded.to_json() != text:
        _fail(state, "to_json() of the loaded state differs from the saved text")
    if [str(a) for a in loaded.legal_actions()] != [str(a) for a in state.legal_actions()]:
        _fail(state, "the loaded state has other legal actions")
    for seat in [None, *range(state.players)]:
        if loaded.view(seat) != state.view(seat):
            _fail(state, f"the loaded state shows another view({seat})")


def check_corrupted_saves(
    state: GameState, *, rng: random.Random | None = None, leaves: int = 12
) -> int:
    """Corrupted saves of ``state`` are refused with ``InvalidState``; returns how many were tried.

    The corruptions (`cardkit.testing.corrupt.corrupted_saves`) are
    generic: truncated text and garbage, another game or format, bad rules,
    players or dealer, a deck with a card swapped, duplicated, missing or
    foreign, a wrong seed, changed, removed or added actions, and snapshots
    with a card duplicated, removed or moved, a changed number, flag or
    text (such as the seat to act), a key added or removed.
    """
    rng = rng or random.Random(0)
    count = 0
    for description, text in corrupted_saves(state, rng=rng, leaves=leaves):
        count += 1
        try:
            state.game.load_state(text)
        except InvalidState:
            continue
        except Exception as exc:
            _fail(state, f"loading a save with {description} raised {exc!r}, expected InvalidState")
        _fail(state, f"a save with {description} was loaded; expected InvalidState")
    return count
