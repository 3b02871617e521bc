"""Tiến lên house rules, written on Tiến lên's own hooks (`cardkit_tienlen.hookspecs`)."""

from __future__ import annotations

# --8<-- [start:imports]
from cardkit_tienlen import BeatsRule, Kind, Play, TienLenRules

from cardkit import HouseRule, Rank, hookimpl

# --8<-- [end:imports]

__all__ = ["THREES_BEAT_A_TWO", "pair_of_threes_on_a_two", "tienlen_beats"]

# --8<-- [start:threes-beat-a-two]
#: ``threes-beat-a-two``: a pair of 3s beats a single 2.
THREES_BEAT_A_TWO = HouseRule(
    name="threes-beat-a-two", game="tienlen", description="A pair of 3s beats a single 2."
)


def pair_of_threes_on_a_two(play: Play, current: Play) -> bool | None:
    """``True`` for a pair of 3s on a single 2; no opinion (``None``) on anything else."""
    if current.kind != Kind.SINGLE or current.high.rank != Rank.TWO:
        return None
    if play.kind != Kind.PAIR or play.high.rank != Rank.THREE:
        return None
    return True


@hookimpl
def tienlen_beats(rules: TienLenRules) -> BeatsRule | None:
    """The decision above under ``threes-beat-a-two``; ``None`` (the game's own rule) otherwise.

    Tiến lên asks this once per game start; without the rule the game keeps
    its fast built-in listing.
    """
    if THREES_BEAT_A_TWO.name not in rules.house_rules:
        return None
    return pair_of_threes_on_a_two


# --8<-- [end:threes-beat-a-two]
