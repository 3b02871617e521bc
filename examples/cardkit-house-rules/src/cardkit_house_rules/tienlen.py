"""Tiến lên house rules, written on Tiến lên's own hooks (`cardkit_tienlen.hookspecs`)."""

from __future__ import annotations

# --8<-- [start:imports]
from itertools import product

from cardkit_tienlen import AddedCombination, BeatsRule, Kind, Play, TienLenRules

from cardkit import HouseRule, Rank, hookimpl

# --8<-- [end:imports]

__all__ = [
    "THREES_BEAT_A_TWO",
    "WRAPPED_RUN",
    "WRAPPING_RUNS",
    "pair_of_threes_on_a_two",
    "tienlen_add_combinations",
    "tienlen_beats",
    "wrapped_run_key",
    "wrapped_runs",
]

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


# --8<-- [start:wrapping-runs]
#: ``wrapping-runs``: a run may wrap from 2 round to 3 (``K A 2 3``); its top card is its last.
WRAPPING_RUNS = HouseRule(
    name="wrapping-runs",
    game="tienlen",
    description="Runs may wrap from 2 to 3 (K A 2 3); a wrapped run ranks by its last card.",
)


def _ranks(bits: int) -> list[int]:
    """The rank positions (3 is 0 … 2 is 12) of a game mask with one card per rank, else []."""
    ranks = [r for r in range(13) if bits >> (4 * r) & 15]
    return ranks if len(ranks) == bits.bit_count() else []


def wrapped_run_key(bits: int) -> int | None:
    """The game key of a wrapped run's last card (the 3 of ``K A 2 3``), or ``None``.

    A wrapped run is 3 to 12 cards of consecutive ranks, one card each,
    going up through the 2 and on to the 3: ``A 2 3``, ``K A 2 3``, ``2 3 4``.
    """
    ranks = _ranks(bits)
    if not 3 <= len(ranks) <= 12 or ranks[0] != 0 or ranks[-1] != 12:
        return None
    end = next(i for i, r in enumerate(ranks) if r != i) - 1  # the ranks 3 … end
    if ranks[end + 1 :] != list(range(13 - len(ranks) + end + 1, 13)):
        return None
    top = bits >> (4 * end) & 15
    return 4 * end + top.bit_length() - 1


def wrapped_runs(hand: int) -> list[int]:
    """The game masks of every wrapped run inside ``hand``."""
    out = []
    for length in range(3, 13):
        for end in range(length - 1):  # the run's ranks: 13 - (length - end - 1) … 12, 0 … end
            ranks = [*range(13 - (length - end - 1), 13), *range(end + 1)]
            suits = [[1 << (4 * r + s) for s in range(4) if hand >> (4 * r + s) & 1] for r in ranks]
            out += [sum(cards) for cards in product(*suits)]
    return out


#: The combination ``wrapping-runs`` adds: wrapped runs count as sequences.
WRAPPED_RUN = AddedCombination(Kind.SEQUENCE, wrapped_run_key, wrapped_runs)


@hookimpl
def tienlen_add_combinations(rules: TienLenRules) -> AddedCombination | None:
    """Wrapped runs under ``wrapping-runs``; ``None`` (no combination added) otherwise."""
    return WRAPPED_RUN if WRAPPING_RUNS.name in rules.house_rules else None


# --8<-- [end:wrapping-runs]
