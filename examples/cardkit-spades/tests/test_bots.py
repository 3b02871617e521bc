"""Spades' bots: the heuristic bot beats random partners, and every bot finishes a match."""

from __future__ import annotations

import cardkit
from cardkit import catalog
from cardkit.play.match import play_match


def test_every_registered_bot_plays_a_deal() -> None:
    """random, heuristic and ismcts are Spades bots, and each plays a legal deal to its end."""
    game = cardkit.load_game("spades")
    assert {"random", "heuristic", "ismcts"} <= set(catalog(game).bots)
    result = play_match("spades", bots=["heuristic", "random"], seed=3, max_deals=1)
    assert result.deals[0].result.teams == [[0, 2], [1, 3]]


def test_heuristic_partners_beat_random_partners() -> None:
    """Over a match to 500, the heuristic partnership (seats 0 and 2) is ahead."""
    wins = 0
    for seed in range(4):
        result = play_match("spades", bots=["heuristic", "random"], seed=seed)
        assert result.finished
        assert [row.seats for row in result.team_standings] in ([[0, 2], [1, 3]], [[1, 3], [0, 2]])
        wins += result.team_standings[0].seats == [0, 2]
    assert wins >= 3
