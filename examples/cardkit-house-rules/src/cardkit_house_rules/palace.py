"""Palace house rules, written on Palace's own hooks (:mod:`cardkit_palace.hookspecs`)."""

from __future__ import annotations

from typing import ClassVar

from cardkit_palace import CardEffect

from cardkit import Rank, hookimpl

__all__ = ["EightSkips"]


class EightSkips:
    """``eight-skips``: an 8 makes the next player miss their turn.

    Palace asks ``palace_card_effect`` once per rank when a game starts;
    this rule answers for the 8 and leaves every other rank to the game.
    """

    name: ClassVar[str] = "eight-skips"
    game: ClassVar[str] = "palace"
    description: ClassVar[str] = "An 8 makes the next player miss their turn."

    @hookimpl
    def palace_card_effect(self, rank: Rank) -> CardEffect | None:
        """An 8 skips one player; ``None`` (the game's own rule) for every other rank."""
        return CardEffect(skip=1) if rank == Rank.EIGHT else None
