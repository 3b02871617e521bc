"""The non-cheating check, for every registered bot of every installed game."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardkit
from cardkit import catalog
from cardkit.engine.actions import Action
from cardkit.engine.bots import Turn
from cardkit.engine.state import GameState
from cardkit.eval.fairness import UnfairBot, check_fair


def _states(game: str, count: int) -> list[GameState]:
    """States part-way through random games, with a seat to act."""
    g = cardkit.load_game(game)
    out: list[GameState] = []
    for seed in range(count):
        rng = random.Random(seed)
        state: GameState = g.start(seed=100 + seed)
        steps = rng.randrange(0, 25)
        while steps > 0 or len(state.legal_actions()) < 2:  # a real choice to make
            nxt = state.apply(rng.choice(list(state.legal_actions())))
            if nxt.is_over:
                break
            state, steps = nxt, steps - 1
        out.append(state)
    return out


BOTS = [
    (game, bot)
    for game in cardkit.available_games()
    for bot in catalog(cardkit.load_game(game)).bots
]


@pytest.mark.parametrize(("game", "bot"), BOTS)
def test_no_registered_bot_reads_hidden_cards(game: str, bot: str) -> None:
    factory = catalog(cardkit.load_game(game)).bots[bot]
    checked = 0
    for i, state in enumerate(_states(game, 1 if bot == "ismcts" else 6)):
        checked += check_fair(factory, state, seed=i)
    assert checked > 0


class _Peeker:
    """A cheater: it digs the real state out of the turn's closures and reads a hidden hand."""

    def __init__(self, rng: Any) -> None:
        pass

    def choose(self, turn: Turn) -> Action:
        cells = turn._see.__closure__ or ()  # deliberately cheating: the core's closure cells
        state = next(c.cell_contents for c in cells if isinstance(c.cell_contents, GameState))
        other = (turn.seat + 1) % state.players
        hidden = sorted(c.code for c in state.zones()[f"hand:{other}"])
        return turn.legal[sum(map(ord, "".join(hidden))) % len(turn.legal)]


def test_the_check_catches_a_bot_that_reads_hidden_cards() -> None:
    messages: list[str] = []
    for i, state in enumerate(_states("tienlen", 8)):
        if len(state.legal_actions()) < 2:
            continue
        try:
            check_fair(_Peeker, state, seed=i)
        except UnfairBot as exc:
            messages.append(str(exc))
    assert messages
    assert all("hidden from seat" in m for m in messages)
