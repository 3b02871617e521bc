"""The ``cardkit play`` screen, built from any game's view alone."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console

import cardkit
from cardkit import Card
from cardkit.cli._screen import screen, seat_fields, table_rows
from cardkit.engine.state import GameState

GAMES = ("tienlen", "palace", "tonk", "crazyeights")
LABELS = ["you", "heuristic", "heuristic", "heuristic"]
PRETTY = re.compile(r"(?:10|[2-9JQKA])[♠♣♦♥]")


def _midgame(name: str, seed: int, moves: int = 12) -> GameState:
    game = cardkit.load_game(name)
    state = game.start(game.players.default, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = [a for a in state.legal_actions() if not state.apply(a).is_over]
        if not legal:
            break
        state = state.apply(rng.choice(legal))
    return state


def _render(state: GameState) -> str:
    console = Console(record=True, width=100, color_system=None)
    view = state.view(0)
    console.print(screen(view, LABELS[: state.players], state.game.hand_order, title="t"))
    return console.export_text()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_screen_shows_only_what_your_view_holds(name: str, seed: int) -> None:
    state = _midgame(name, seed)
    text = _render(state)
    visible = set(re.findall(r'"(?:10|[2-9TJQKA])[SHDC]"', state.view(0).model_dump_json()))
    shown = {f'"{Card.parse(c).code}"' for c in PRETTY.findall(text)}
    assert shown <= visible, shown - visible


@pytest.mark.parametrize("name", GAMES)
def test_your_hand_is_sorted_in_the_games_order(name: str) -> None:
    state = _midgame(name, 4)
    hand = list(state.view(0).hand)  # type: ignore[attr-defined]  # every game here has a hand
    line = next(x for x in _render(state).splitlines() if x.startswith("Your hand:"))
    cards = [Card.parse(c) for c in PRETTY.findall(line.split("new:")[0])]
    assert cards == state.game.hand_order.sorted(hand)


@pytest.mark.parametrize("name", GAMES)
def test_one_row_per_seat_with_the_per_seat_fields(name: str) -> None:
    state = _midgame(name, 5)
    text = _render(state)
    for seat in range(1, state.players):
        assert f"Seat {seat + 1} (heuristic)" in text  # people count seats from 1
    fields = seat_fields(state.view(0))
    assert any("hand" in f for f in fields), fields


def test_a_pile_of_one_card_per_seat_is_a_pile_not_a_column() -> None:
    game = cardkit.load_game("palace")
    for seed in range(40):
        state = _midgame("palace", seed, moves=30)
        view = state.view(0)
        if len(getattr(view, "pile", ())) == state.players:
            break
    else:
        pytest.skip("no Palace game with a pile of one card per seat")
    assert "pile" not in seat_fields(view)
    assert "pile" in dict(table_rows(view, LABELS))
    assert game.name == "palace"
