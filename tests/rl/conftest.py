"""Shared helpers of the RL environment tests."""

from __future__ import annotations

import cardkit

#: Every installed game with each of its player counts.
GAME_COUNTS = [
    (name, players)
    for name in cardkit.available_games()
    for players in range(
        cardkit.load_game(name).min_players, cardkit.load_game(name).max_players + 1
    )
]
