"""Palace house rules, written on Palace's own hooks (`cardkit_palace.hookspecs`)."""

from __future__ import annotations

from cardkit_palace import CardEffect, PalaceRules

from cardkit import HouseRule, Rank, hookimpl

__all__ = ["EIGHT_SKIPS", "palace_card_effect"]

# --8<-- [start:eight-skips]
#: ``eight-skips``: an 8 makes the next player miss their turn.
EIGHT_SKIPS = HouseRule(
    name="eight-skips", game="palace", description="An 8 makes the next player miss their turn."
)


@hookimpl
def palace_card_effect(rules: PalaceRules, rank: Rank) -> CardEffect | None:
    """An 8 skips one player under ``eight-skips``; ``None`` (the game's own rule) otherwise.

    Palace asks this once per rank when a game starts and freezes the answers
    into tables, so checking ``rules.house_rules`` here costs nothing per move.
    """
    if rank != Rank.EIGHT or EIGHT_SKIPS.name not in rules.house_rules:
        return None
    return CardEffect(skip=1)


# --8<-- [end:eight-skips]
