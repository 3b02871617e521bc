"""Every game is finite: the action cap `max_actions` of every game's rules (issue 21)."""

from __future__ import annotations

import tracemalloc

import pytest

import cardkit
from cardkit import GameResult

CAP = 300
#: Peak memory of one capped README loop, in bytes (measured peaks: well under 5 MB).
PEAK = 20_000_000
GAMES = [
    (name, players)
    for name in cardkit.available_games()
    for players in range(
        cardkit.load_game(name).players.min, cardkit.load_game(name).players.max + 1
    )
]


@pytest.mark.parametrize("index", [0, -1, 1, -2])
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_readme_loop_ends_within_the_cap_for_any_fixed_index(
    name: str, players: int, index: int
) -> None:
    game = cardkit.load_game(name)
    state = game.start(players, game.rules(max_actions=CAP), seed=5)
    tracemalloc.start()
    try:
        while not state.is_over:
            legal = state.legal_actions()
            state = state.apply(legal[index if -len(legal) <= index < len(legal) else 0])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert state.action_count <= CAP
    assert peak < PEAK
    result = state.result()
    assert result.capped == (state.action_count == CAP and result.reason == "capped")
    if result.capped:
        assert (result.winners, result.losers, result.payments) == ([], [], [])
        assert state.to_act is None
        assert state.seats_to_act == ()
        assert state.legal_actions() == ()
        for seat in [None, *range(players)]:
            assert state.view(seat).is_over


@pytest.mark.parametrize("name", cardkit.available_games())
def test_the_default_cap_is_set_and_left_out_of_dumps(name: str) -> None:
    game = cardkit.load_game(name)
    rules = game.rules()
    assert rules.max_actions >= 1000
    assert "max_actions" not in rules.model_dump(mode="json")  # old saves read the same
    capped = game.rules(max_actions=7)
    assert capped.model_dump(mode="json")["max_actions"] == 7
    assert game.rules_model.model_validate_json(capped.model_dump_json()) == capped


def test_the_cap_ends_tonks_take_discard_loop_and_pays_nothing() -> None:
    """Tonk, 3 players, seed 5 with the last legal action loops on take/discard forever."""
    game = cardkit.load_game("tonk")
    state = game.start(3, game.rules(max_actions=500), seed=5)
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    assert state.result() == GameResult.capped_at(3, 500)
    assert state.result().net == [0, 0, 0]
    again = game.load_state(state.to_json())
    assert again == state
    assert again.result().capped
