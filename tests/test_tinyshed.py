"""The test game ``tinyshed`` (``tests/test_cli_support.py``): it plays, saves and refuses."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
import test_cli_support as tiny

import cardkit
from cardkit import CardSet, IllegalAction


@pytest.fixture(autouse=True)
def _tinyshed() -> Iterator[None]:
    with tiny.installed():
        yield


def test_tinyshed_plays_to_the_end_and_round_trips() -> None:
    game = cardkit.load_game("tiny")
    state = game.start(players=3, seed=5)
    rng = random.Random(1)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(str(legal[rng.randrange(len(legal))]))
    result = state.result()
    assert result.winners
    assert result.points[result.winners[0]] > 0
    assert sum(result.net) == 0
    again = game.load_state(state.to_json())
    assert again.snapshot() == state.snapshot()
    every = CardSet()
    for zone in state.zones().values():
        every = every | CardSet(zone)
    assert len(every) == 52


def test_tinyshed_refuses_a_card_not_in_hand() -> None:
    game = cardkit.load_game(tiny.NAME)
    state = game.start(players=2, deck=cardkit.Deck.standard())
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply("play AS")
