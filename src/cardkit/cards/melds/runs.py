"""Run: consecutive natural ranks of one suit (rummy runs, Tonk runs).

The lane tables and the fast meldable test are in the private module `_runlanes`,
the messages saying why cards are not a run in `_runtext`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from cardkit.cards.card import Card, Rank, Suit
from cardkit.cards.cardset import CardSet
from cardkit.cards.melds._bits import LANE, as_hand_mask, plural
from cardkit.cards.melds._runlanes import (
    EITHER_SLOTS,
    HIGH_SLOTS,
    LOW_SLOTS,
    fast_meldable,
    lane_of,
    lane_runs,
    run_masks,
)
from cardkit.cards.melds._runtext import contiguous, cyclic_arc, gap_message, low_view, names
from cardkit.cards.melds.base import MeldKind

__all__ = ["AceRole", "Run"]

#: Where the ace stands in a run: below the 2, above the king, or either (not both at once).
AceRole = Literal["low", "high", "either"]


@dataclass(frozen=True, slots=True)
class Run(MeldKind):
    """``min_length`` or more cards of one suit in consecutive natural ranks.

    The natural ranks are ``2 3 … 10 J Q K`` with the ace at one end:

    * ``ace="low"``: the ace is below the 2 (``A 2 3`` is a run, ``Q K A`` is not);
    * ``ace="high"``: the ace is above the king (``Q K A`` but not ``A 2 3``);
    * ``ace="either"``: at either end, but not at both at once, so ``K A 2`` is
      not a run;
    * ``wrap=True``: runs may turn the corner, ``K A 2`` included (the ace is
      then both low and high); ``ace`` then only fixes how
      [`ranks`][cardkit.cards.melds.runs.Run.ranks] orders a run of all 13 ranks.

    [`find`][cardkit.cards.melds.base.MeldKind.find] lists runs by suit (clubs, diamonds,
    hearts, spades), then by their lowest rank (a low ace first), then by length.

    Examples:
        >>> from cardkit import CardSet
        >>> run = Run(3, ace="either")
        >>> [str(m) for m in run.find(CardSet.parse("QS KS AS 2S 3S"))]
        ['2S 3S AS', 'QS KS AS']
        >>> run.validate(CardSet.parse("KS AS 2S")).reason
        'K A 2 turns the corner: the ace is low (A 2 3) or high (Q K A), not both'
        >>> run.ranks(CardSet.parse("AH 3H 2H"))
        (<Rank.ACE: 14>, <Rank.TWO: 2>, <Rank.THREE: 3>)

    Attributes:
        min_length: the fewest cards (at least 1).
        ace: ``"low"``, ``"high"`` or ``"either"``.
        wrap: whether runs may turn the corner (``K A 2``).
        max_length: the most cards, or ``None`` for no limit (13 at most).
    """

    min_length: int = 3
    ace: AceRole = "low"
    wrap: bool = False
    max_length: int | None = None
    _valid: frozenset[int] = field(init=False, repr=False, compare=False)
    _ordered: dict[int, tuple[Rank, ...]] = field(init=False, repr=False, compare=False)
    _all: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _by_lane: dict[int, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    _meld_by_lane: dict[int, int] = field(init=False, repr=False, compare=False)
    _meldable: Callable[[int], int] = field(init=False, repr=False, compare=False)
    _blocks_by_lane: dict[int, tuple[int, ...] | None] = field(
        init=False, repr=False, compare=False
    )
    _sub_cache: dict[tuple[int, int], tuple[int, ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if self.ace not in ("low", "high", "either"):
            raise ValueError(f"ace must be 'low', 'high' or 'either', got {self.ace!r}")
        if not 1 <= self.min_length <= 13:
            raise ValueError(f"min_length must be 1-13, got {self.min_length}")
        if self.max_length is not None and self.max_length < self.min_length:
            raise ValueError(
                f"max_length ({self.max_length}) must be at least min_length ({self.min_length})"
            )
        top = min(self.max_length or 13, 13)
        ordered: dict[int, tuple[Rank, ...]] = {}
        if self.wrap:
            slots = HIGH_SLOTS if self.ace == "high" else LOW_SLOTS
            for start in range(13):
                for length in range(self.min_length, top + 1):
                    ranks = tuple(slots[(start + i) % 13] for i in range(length))
                    ordered.setdefault(lane_of(ranks), ranks)
        else:
            slots = {"low": LOW_SLOTS, "high": HIGH_SLOTS, "either": EITHER_SLOTS}[self.ace]
            for start in range(len(slots)):
                for length in range(self.min_length, top + 1):
                    if start + length > len(slots):
                        break
                    ranks = slots[start : start + length]
                    if len(set(ranks)) == length:
                        ordered.setdefault(lane_of(ranks), ranks)
        _set = object.__setattr__
        _set(self, "_ordered", ordered)
        _set(self, "_all", tuple(ordered))
        _set(self, "_valid", frozenset(ordered))
        _set(self, "_by_lane", {})
        _set(self, "_meld_by_lane", {})
        _set(self, "_blocks_by_lane", {})
        _set(self, "_sub_cache", {})
        _set(
            self,
            "_meldable",
            self._wrap_meldable if self.wrap else fast_meldable(self.min_length, self.ace),
        )

    @property
    def noun(self) -> str:
        """``"run"``."""
        return "run"

    # -- mask level ------------------------------------------------------------------

    def is_valid_mask(self, mask: int) -> bool:
        """Whether ``mask`` is one run: a single suit and a valid set of ranks."""
        if not mask:
            return False
        low = mask & -mask
        return (mask >> ((low.bit_length() - 1) // 13 * 13)) in self._valid

    def _lane_runs(self, lane: int) -> tuple[int, ...]:
        return lane_runs(self._all, self._by_lane, lane)

    def find_masks(self, mask: int) -> list[int]:
        """Every run in ``mask``: by suit, then lowest rank (low ace first), then length."""
        return run_masks(mask, self.min_length, self._all, self._by_lane)

    def meldable_mask(self, mask: int) -> int:
        """The cards of ``mask`` that are in at least one run inside it."""
        return self._meldable(mask)

    def meldable_function(self) -> Callable[[int], int]:
        """The closure behind [`meldable_mask`][cardkit.cards.melds.runs.Run.meldable_mask],
        without the method call.
        """
        return self._meldable

    def _lane_blocks(self, lane: int) -> tuple[int, ...] | None:
        cache = self._blocks_by_lane
        if lane not in cache:
            runs = self._lane_runs(lane)
            tops = [r for r in runs if not any(o != r and o & r == r for o in runs)]
            union = 0
            for r in tops:
                union |= r
            blocks = tuple(tops) if sum(r.bit_count() for r in tops) == union.bit_count() else None
            cache[lane] = blocks
            return blocks
        return cache[lane]

    def blocks_mask(self, mask: int) -> list[int] | None:
        """The maximal runs of ``mask``, when they do not overlap (else ``None``).

        They overlap only when a length limit cuts a long run, or when a low
        and a high ace run share the ace.
        """
        out: list[int] = []
        lane_blocks = self._lane_blocks
        for shift in (0, 13, 26, 39):
            lane = (mask >> shift) & LANE
            if lane:
                found = lane_blocks(lane)
                if found is None:
                    return None
                out.extend([r << shift for r in found] if shift else found)
        return out

    def _wrap_meldable(self, mask: int) -> int:
        out = 0
        cache = self._meld_by_lane
        for shift in (0, 13, 26, 39):
            lane = (mask >> shift) & LANE
            got = cache.get(lane)
            if got is None:
                got = 0
                for r in self._lane_runs(lane):
                    got |= r
                cache[lane] = got
            out |= got << shift
        return out

    def sub_blocks_mask(self, block: int, shared: int) -> list[int]:
        """The stretches of the run ``block`` between shared cards (or its ends), shorter than
        the block and long enough to be runs."""
        shift = ((block & -block).bit_length() - 1) // 13 * 13
        key = (block >> shift, (shared >> shift) & LANE)
        found = self._sub_cache.get(key)
        if found is None:
            if self.wrap or self.max_length is not None or key[0] not in self._valid:
                return MeldKind.sub_blocks_mask(self, block, shared)
            found = self._sub_cache[key] = self._stretches(*key)
        return [m << shift for m in found] if shift else list(found)

    def _stretches(self, lane: int, cut: int) -> tuple[int, ...]:
        bits = [1 << (r - 2) for r in self._ordered[lane]]
        n = len(bits)
        starts = [0] + [i + 1 for i in range(n - 1) if bits[i] & cut]
        ends = [i - 1 for i in range(1, n) if bits[i] & cut] + [n - 1]
        out = []
        for i in starts:
            for j in ends:
                if j - i + 1 >= self.min_length and (i, j) != (0, n - 1):
                    stretch = 0
                    for b in bits[i : j + 1]:
                        stretch |= b
                    out.append(stretch)
        return tuple(out)

    # -- ordered ranks ---------------------------------------------------------------

    def ranks(self, meld: CardSet | list[Card] | tuple[Card, ...]) -> tuple[Rank, ...]:
        """The ranks of a valid run, low to high as the run goes (``A 2 3``, ``Q K A``).

        Raises:
            ValueError: the cards are not a valid run.
        """
        mask = as_hand_mask(meld)
        if not self.is_valid_mask(mask):
            raise ValueError(f"not a valid run: {CardSet.from_mask(mask)}")
        low = mask & -mask
        return self._ordered[mask >> ((low.bit_length() - 1) // 13 * 13)]

    def ordered(self, meld: CardSet | list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
        """The cards of a valid run in run order, low to high.

        Raises:
            ValueError: the cards are not a valid run.
        """
        ranks = self.ranks(meld)
        mask = as_hand_mask(meld)
        low = mask & -mask
        s = Suit((low.bit_length() - 1) // 13)
        return tuple(Card(r, s) for r in ranks)

    # -- messages --------------------------------------------------------------------

    def _explain(self, mask: int) -> str:
        suits = [s for s in Suit if (mask >> (13 * s)) & LANE]
        if len(suits) > 1:
            a = CardSet.from_mask(mask).of_suit(suits[0])
            b = CardSet.from_mask(mask).of_suit(suits[1])
            ca, cb = next(iter(a)), next(iter(b))
            return (
                f"a run is one suit; {ca.code} is {suits[0].name.lower()} "
                f"but {cb.code} is {suits[1].name.lower()}"
            )
        lane = mask >> (13 * suits[0])
        n = lane.bit_count()
        if n < self.min_length:
            return f"too short: {plural(n, 'card')}, a run needs at least {self.min_length}"
        top = self.max_length or 13
        if n > top:
            return f"too long: {n} cards, a run has at most {top}"
        if lane in self._valid:
            return ""
        ace = bool(lane & (1 << 12))
        if ace and not self.wrap:
            corner = cyclic_arc(lane)
            if corner and lane & 1 and lane & (1 << 11):
                return (
                    f"{names(corner)} turns the corner: the ace is low (A 2 3) or high "
                    "(Q K A), not both"
                )
            if self.ace == "low" and contiguous(lane):
                return (
                    f"{names(HIGH_SLOTS, lane)}: the ace is low in these runs (A 2 3), "
                    "not above the king"
                )
            if self.ace == "high" and contiguous(low_view(lane)):
                return (
                    f"{names(LOW_SLOTS, lane)}: the ace is high in these runs (Q K A), "
                    "not below the 2"
                )
        return gap_message(lane, self.ace, self.wrap)

    def __str__(self) -> str:
        top = f"-{self.max_length}" if self.max_length else "+"
        wrap = ", wrapping" if self.wrap else ""
        return f"runs of {self.min_length}{top} in one suit, ace {self.ace}{wrap}"
