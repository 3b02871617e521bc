"""Tiến lên bots (placeholder, replaced below)."""

from __future__ import annotations

import random

from cardkit import Action, Turn

__all__ = ["GreedyBot", "HeuristicBot"]


class GreedyBot:
    """Plays the first legal action."""

    description = "Plays the lowest combination it can."

    def __init__(self, rng: random.Random | None = None) -> None:
        """A greedy bot."""

    def choose(self, turn: Turn) -> Action:
        """The first legal action."""
        return turn.legal[0]


HeuristicBot = GreedyBot
