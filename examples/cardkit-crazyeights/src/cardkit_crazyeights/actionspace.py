"""Crazy Eights' fixed action space (exact, 70 ids for every rules and player count).

| ids | block | one id means |
|---|---|---|
| 0–51 | `play` | `play <card>`, card index order (2C … AS) |
| 52–67 | `play8` | `play <8> <suit>`: 8C, 8D, 8H, 8S major, suit minor |
| 68 | `draw` | `draw` |
| 69 | `pass` | `pass` |
"""

from __future__ import annotations

from typing import Final

from cardkit import Card, Rank, Suit
from cardkit.engine.actionspace import ActionBlock, EnumeratedActionSpace
from cardkit_crazyeights.state import Draw, Pass, Play

__all__ = ["ACTION_SPACE"]

_EIGHTS: Final = [c for c in Card._by_index[:52] if c.rank == Rank.EIGHT]

#: The one space of the game: the same ids under every rules and player count.
ACTION_SPACE: Final = EnumeratedActionSpace(
    [
        *(Play(card) for card in Card._by_index[:52]),
        *(Play(card, suit) for card in _EIGHTS for suit in Suit),
        Draw(),
        Pass(),
    ],
    [
        ActionBlock("play", 0, 52, "play that card (card index order, 2C first)"),
        ActionBlock("play8", 52, 16, "play an 8 naming a suit (8 major, suit minor)"),
        ActionBlock("draw", 68, 1, "draw"),
        ActionBlock("pass", 69, 1, "pass"),
    ],
)
