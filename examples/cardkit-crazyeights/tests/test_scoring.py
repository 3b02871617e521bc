"""Crazy Eights rules, scenario by scenario, from explicit deck orders: going out,
scoring and the match."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cardkit_crazyeights.game import CrazyEights
from cardkit_crazyeights.rules import POINTS, WILD_POINTS
from cardkit_crazyeights.state import CrazyEightsState

import cardkit
from cardkit import Deck, IllegalAction, InvalidState
from cardkit.play.match import play_match

GAME = CrazyEights()
#: The fixtures of ``conftest.py``: deals from explicit deck orders, and refusals.
DeckFor = Callable[..., Deck]
Refused = Callable[[CrazyEightsState, str], IllegalAction]


# -- going out and scoring ----------------------------------------------------------------


def test_going_out_wins_and_scores_the_other_hands(deck_for: DeckFor, refused: Refused) -> None:
    """8 = 50, pictures 10, ace 1, others their pips."""
    state = GAME.start(
        players=3,
        rules=GAME.rules(cards_each=1),
        deck=deck_for(["KH", "8D", "AS"], "9H", "7C QS 5S TD"),
    )
    state = state.apply("play KH")
    assert state.is_over
    assert state.to_act is None
    assert state.legal_actions() == ()
    result = state.result()
    assert result.reason == "went_out"
    assert result.winners == [0]
    assert result.points == [50 + 1, 0, 0]
    assert result.details["hand_points"] == [0, 50, 1]
    assert result.order[0] == 0
    assert [e.kind for e in state.last_events] == ["play", "out"]
    assert refused(state, "pass").code == "game_over"


def test_going_out_on_an_eight_still_names_a_suit(deck_for: DeckFor) -> None:
    """The last card may be an 8; the action keeps its usual form."""
    state = GAME.start(
        players=2, rules=GAME.rules(cards_each=1), deck=deck_for(["8C", "KD"], "2H", "3S")
    )
    state = state.apply("play 8C hearts")
    assert state.result().points == [10, 0]


def test_card_points() -> None:
    """The scoring tables, with and without wild eights."""
    cards = cardkit.parse_cards("8S KD QH JC TS 9D 2C AH")
    assert WILD_POINTS.total(cards) == 50 + 10 + 10 + 10 + 10 + 9 + 2 + 1
    assert POINTS.total(cards) == 8 + 10 + 10 + 10 + 10 + 9 + 2 + 1


def test_result_before_the_end_raises() -> None:
    """result() of a game in progress is an InvalidState error."""
    with pytest.raises(InvalidState, match="not over"):
        GAME.start(players=3, seed=1).result()


# -- the match ----------------------------------------------------------------------------


def test_a_match_is_played_to_the_target_score() -> None:
    """The match runner stops when a player reaches target_score."""
    result = play_match(
        "crazyeights", 3, GAME.rules(target_score=60), bots=["heuristic", "random"], seed=4
    )
    assert result.finished
    assert max(result.totals) >= 60
    assert all(max(d.totals) < 60 for d in result.deals[:-1])
    assert GAME.match.over(GAME.rules(), [99, 0], 5) is False
    assert GAME.match.over(GAME.rules(), [100, 0], 5) is True
