"""Sequences and double sequences in key space, for climbing games (private).

In a [`KeySpace`][cardkit.cards.keyspace.KeySpace] whose rank order is the kind's own,
rank position ``p`` is the nibble at bit ``4 * p``, so a window of consecutive ranks is
a few bit operations; these walks back the keyed finders of
[`Sequence`][cardkit.cards.melds.sequences.Sequence] and
[`DoubleSequence`][cardkit.cards.melds.sequences.DoubleSequence] as `KeyedChains` and
`KeyedAllChains`, plain classes that the compiled build compiles to native code.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final

from cardkit.cards.card import Rank
from cardkit.cards.keyspace import NIBBLES, nibble_subsets
from cardkit.cards.orders import RankOrder

#: In key space, ``[4 * p][nibble]``: the choices of one card (or one pair) of a rank, ascending.
KEYED_SINGLES: Final = nibble_subsets(1)
#: The same for pairs.
KEYED_PAIRS: Final = nibble_subsets(2)


def keyed_allowed(order: RankOrder, excluded: frozenset[Rank]) -> int:
    """In key space, bit ``4 * p`` of each position whose rank may be in a chain."""
    return sum(1 << (4 * p) for p, r in enumerate(order.ranks) if r not in excluded) & NIBBLES


def held_ranks(hand: int, allowed: int, per_rank: int) -> int:
    """Bit ``4 * p`` of each allowed rank position (``allowed``, see `keyed_allowed`) of the
    keyed ``hand`` with at least one card (``per_rank`` 1) or at least two (``per_rank`` 2)."""
    if per_rank == 1:
        return (hand | hand >> 1 | hand >> 2 | hand >> 3) & allowed
    a = hand & allowed
    b = (hand >> 1) & allowed
    c = (hand >> 2) & allowed
    d = (hand >> 3) & allowed
    return (a & b) | (c & d) | ((a | b) & (c | d))


class KeyedChains:
    """``find(hand, size, above)``: the chains of ``size`` cards inside the keyed ``hand``
    (sequences with ``per_rank`` 1, double sequences with 2), ascending; only those whose
    highest card's key is above ``above`` (-1: all). See `keyed_chains`.

    Attributes:
        allowed: the rank positions that may take part (see `keyed_allowed`).
        per_rank: the cards of each rank in a chain (1 or 2).
        low: the fewest ranks of a chain.
        top: the most ranks of a chain.
    """

    __slots__ = ("allowed", "choices", "low", "per_rank", "top")

    def __init__(self, allowed: int, per_rank: int, low: int, top: int) -> None:
        """Find chains of ``low`` to ``top`` ranks, ``per_rank`` cards of each."""
        self.allowed = allowed
        self.per_rank = per_rank
        self.low = low
        self.top = top
        self.choices = KEYED_SINGLES if per_rank == 1 else KEYED_PAIRS

    def __call__(self, hand: int, size: int, above: int = -1) -> list[int]:
        """The chains of ``size`` cards of ``hand`` above ``above``, ascending."""
        per_rank = self.per_rank
        ranks = size // per_rank
        if ranks * per_rank != size or ranks < self.low or ranks > self.top:
            return []
        held = held_ranks(hand, self.allowed, per_rank)
        return keyed_chains(hand, held, ranks, per_rank, self.choices, above)


class KeyedAllChains:
    """``find_all(hand)``: every chain of ``first`` to ``last`` ranks inside the keyed
    ``hand``, ``per_rank`` cards of each, by length (shortest first), then ascending.

    Attributes:
        allowed: the rank positions that may take part (see `keyed_allowed`).
        per_rank: the cards of each rank in a chain (1 or 2).
        first: the fewest ranks of a chain.
        last: the most ranks of a chain.
    """

    __slots__ = ("allowed", "choices", "first", "last", "per_rank")

    def __init__(self, allowed: int, per_rank: int, first: int, last: int) -> None:
        """Find chains of ``first`` to ``last`` ranks, ``per_rank`` cards of each."""
        self.allowed = allowed
        self.per_rank = per_rank
        self.first = first
        self.last = last
        self.choices = KEYED_SINGLES if per_rank == 1 else KEYED_PAIRS

    def __call__(self, hand: int) -> list[int]:
        """Every chain of ``hand``, in the order of the class's description."""
        held = held_ranks(hand, self.allowed, self.per_rank)
        starts = held
        for i in range(1, self.first):
            starts &= held >> (4 * i)
        if not starts:  # the common case
            return []
        return keyed_all_chains(
            hand, held, starts, self.first, self.last, self.per_rank, self.choices
        )


def keyed_all_chains(
    hand: int,
    held: int,
    starts: int,
    ranks: int,
    last: int,
    per_rank: int,
    choices_of: tuple[tuple[tuple[int, ...], ...], ...],
) -> list[int]:
    """The chains of ``ranks`` to ``last`` ranks (see `keyed_chains`), by length, then
    ascending, given the ``starts`` of the windows of ``ranks`` ranks. The windows of one
    length are those of the previous one, one bit operation on; the walk stops at the
    first length with none."""
    out: list[int] = []
    while starts and ranks <= last:
        out += window_chains(hand, starts, ranks, per_rank, choices_of)
        starts &= held >> (4 * ranks)
        ranks += 1
    return out


def keyed_chains(
    hand: int,
    held: int,
    ranks: int,
    per_rank: int,
    choices_of: tuple[tuple[tuple[int, ...], ...], ...],
    above: int,
) -> list[int]:
    """The chains of ``ranks`` consecutive rank positions of ``held`` in the keyed ``hand``,
    ``per_rank`` cards of each (chosen by ``choices_of``), ascending as keyed masks; only
    those whose highest card is above ``above`` (-1: all).

    ``held`` has bit ``4 * p`` for each position that may take part; a window
    of ``ranks`` positions is one bit operation per rank.
    """
    starts = held
    for i in range(1, ranks):
        starts &= held >> (4 * i)
        if not starts:
            return []
    if above >= 0:
        first = 4 * ((above >> 2) - ranks + 1)  # lowest start whose top rank reaches above's
        if first > 0:
            starts &= -(1 << first)
    out = window_chains(hand, starts, ranks, per_rank, choices_of)
    if above >= 0 and out and out[0] < (2 << above):
        del out[: bisect_right(out, (2 << above) - 1)]
    return out


def window_chains(
    hand: int,
    starts: int,
    ranks: int,
    per_rank: int,
    choices_of: tuple[tuple[tuple[int, ...], ...], ...],
) -> list[int]:
    """The chains of ``ranks`` ranks starting at each bit of ``starts`` (bit ``4 * p``: a
    window from position ``p``), ascending.

    Within a window the highest rank's choice varies slowest, then the next
    lower rank's, so the output is ascending without a sort. A window where
    each rank has only one choice is one chain.
    """
    size = ranks * per_rank
    span = (1 << (4 * ranks)) - 1
    top_offset = 4 * (ranks - 1)
    out: list[int] = []
    while starts:
        low = starts & -starts
        starts ^= low
        start = low.bit_length() - 1
        cards = hand & (span << start)
        if cards.bit_count() == size:  # one choice for every rank
            out.append(cards)
            continue
        slot = start + top_offset
        partial = list(choices_of[slot][(hand >> slot) & 15])
        while slot > start:
            slot -= 4
            choices = choices_of[slot][(hand >> slot) & 15]
            if len(choices) == 1:
                one = choices[0]
                partial = [m | one for m in partial]
            else:
                partial = [m | c for m in partial for c in choices]
        out += partial
    return out
