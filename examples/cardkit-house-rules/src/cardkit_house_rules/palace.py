"""Palace house rules, written on Palace's own hooks (`cardkit_palace.hookspecs`)."""

from __future__ import annotations

# --8<-- [start:imports]
from cardkit_palace import CardEffect, PalaceRules

from cardkit import HouseRule, Rank, hookimpl

# --8<-- [end:imports]

__all__ = ["EIGHT_SKIPS", "NINE_REVERSES", "palace_card_effect"]

# --8<-- [start:eight-skips]
#: ``eight-skips``: an 8 makes the next player miss their turn.
EIGHT_SKIPS = HouseRule(
    name="eight-skips", game="palace", description="An 8 makes the next player miss their turn."
)
# --8<-- [end:eight-skips]
# --8<-- [start:nine-reverses]
#: ``nine-reverses``: a 9 reverses the order of play (with two players nothing changes).
NINE_REVERSES = HouseRule(
    name="nine-reverses", game="palace", description="A 9 reverses the order of play."
)
# --8<-- [end:nine-reverses]


# --8<-- [start:hook]
@hookimpl
def palace_card_effect(rules: PalaceRules, rank: Rank) -> CardEffect | None:
    """An 8 skips one player under ``eight-skips``, a 9 reverses the order of play under
    ``nine-reverses``; ``None`` (the game's own rule) otherwise.

    Palace asks this once per rank when a game starts and freezes the answers
    into tables, so checking ``rules.house_rules`` here costs nothing per move.
    """
    if rank == Rank.EIGHT and EIGHT_SKIPS.name in rules.house_rules:
        return CardEffect(skip=1)
    if rank == Rank.NINE and NINE_REVERSES.name in rules.house_rules:
        return CardEffect(reverses=True)
    return None


# --8<-- [end:hook]
