"""Spreads: Tonk's books and runs on the table, built on
[`cardkit.cards.melds`][cardkit.cards.melds].

A *book* is 3 or 4 cards of one rank (``NOfAKind(3, 4)``), a *run* 3 or more
cards of one suit in sequence (``Run(3, ace="either")``, or ace low only under
``ace_in_runs = low_only``). A *hit* adds one card to a spread; it is legal
exactly when the spread with the card is still a valid meld of its kind (the
meld kinds' extension check). Every spread on the table is owned by the
player who laid it and has a stable id.

Everything here works on integer card masks (see
[`cardkit.CardSet`][cardkit.cards.cardset.CardSet]).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, NamedTuple

from cardkit.authoring import MeldKind, NOfAKind, Run

__all__ = [
    "BOOK",
    "RUN_EITHER",
    "RUN_LOW",
    "TableSpread",
    "accepts_mask",
    "hit_candidates",
    "may_spread",
    "response_plans",
    "run_kind",
    "usable",
]

#: A Tonk book: 3 or 4 cards of one rank.
BOOK: Final = NOfAKind(3, 4)
#: A Tonk run with the ace low or high (never both): the seed's rule.
RUN_EITHER: Final = Run(3, ace="either")
#: A Tonk run with the ace low only (pagat).
RUN_LOW: Final = Run(3, ace="low")

_LANE: Final = (1 << 13) - 1
_SPREAD: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
#: The ranks 2..Q of each suit lane: where a run of three without a low ace may start.
_RUN_STARTS: Final = ((1 << 11) - 1) * _SPREAD


def may_spread(hand: int) -> bool:
    """Whether ``hand`` may hold a book or a run: a fast filter for the usual hand.

    ``False`` means it surely holds none: no rank in three suits, no three
    consecutive ranks of a suit (A-2-3 and Q-K-A included). ``True`` means
    it may (the meld finders decide; under ``ace_in_runs = low_only`` Q-K-A
    passes this filter but is no run).
    """
    c = hand & _LANE
    d = hand >> 13 & _LANE
    h = hand >> 26 & _LANE
    s = hand >> 39 & _LANE
    if c & d & (h | s) or h & s & (c | d):
        return True
    return bool(hand & hand >> 1 & (hand >> 2 & _RUN_STARTS | hand >> 12 & _SPREAD))


def run_kind(ace_in_runs: str) -> Run:
    """The run kind of an ``ace_in_runs`` option value."""
    return RUN_LOW if ace_in_runs == "low_only" else RUN_EITHER


class TableSpread(NamedTuple):
    """One spread on the table.

    Attributes:
        id: its stable id (1, 2, …, in the order spreads are laid).
        owner: the seat that laid it; cards hit onto it belong to it too.
        book: ``True`` for a book, ``False`` for a run.
        mask: its cards.
        accepts: the cards that may be hit onto it now (0 when no hit is
            allowed, such as on a book under ``hit_runs_only``).
    """

    id: int
    owner: int
    book: bool
    mask: int
    accepts: int

    @property
    def kind(self) -> str:
        """``"book"`` or ``"run"``."""
        return "book" if self.book else "run"


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def _neighbours(mask: int, book: bool) -> int:
    """The cards that could possibly extend ``mask``: its rank (book) or its suit (run)."""
    low = mask & -mask
    index = low.bit_length() - 1
    if book:
        return (_SPREAD << (index % 13)) & ~mask
    shift = index // 13 * 13
    return (_LANE << shift) & ~mask


def accepts_mask(kind: MeldKind, mask: int, book: bool) -> int:
    """The cards that, added alone, keep ``mask`` a valid meld of ``kind``."""
    out = 0
    valid = kind.is_valid_mask
    for bit in _bits(_neighbours(mask, book)):
        if valid(mask | bit):
            out |= bit
    return out


def hit_candidates(table: Sequence[TableSpread], hand: int) -> Iterator[tuple[int, int]]:
    """Every legal hit ``(card bit, spread id)`` of ``hand`` onto ``table``, spread by spread."""
    for spread in table:
        fits = hand & spread.accepts
        while fits:
            low = fits & -fits
            yield low, spread.id
            fits ^= low


def usable(
    bit: int,
    hand: int,
    table: Sequence[tuple[bool, int]],
    run: Run,
    hits_left: int,
    runs_only: bool,
) -> bool:
    """Whether the card ``bit`` (held in ``hand``) can still be spread or hit this turn.

    It can if it is in a book or run inside ``hand``, or if it extends one of
    the ``table`` spreads (``(is_book, mask)`` pairs), possibly after other
    cards of ``hand`` have been hit onto that spread first, within
    ``hits_left`` hits. Used by ``take_discard_must_use``. A card no longer
    in ``hand`` (bonus-discarded, say) is never usable.
    """
    if not hand & bit:
        return False
    if (BOOK.meldable_mask(hand) | run.meldable_mask(hand)) & bit:
        return True
    if hits_left <= 0:
        return False
    for book, mask in table:
        if book:
            if not runs_only and accepts_mask(BOOK, mask, True) & bit:
                return True
            continue
        current = mask
        for _ in range(hits_left):
            fits = accepts_mask(run, current, False) & hand
            if fits & bit:
                return True
            if not fits:
                break
            current |= fits
    return False


def _hit_order(kind: MeldKind, base: int, added: int) -> list[int]:
    """An order in which the cards of ``added`` can be hit one by one onto ``base``."""
    order: list[int] = []
    current = base
    rest = added
    valid = kind.is_valid_mask
    while rest:
        for bit in _bits(rest):
            if valid(current | bit):
                order.append(bit)
                current |= bit
                rest ^= bit
                break
        else:
            raise AssertionError("no valid hit order")  # pragma: no cover
    return order


def response_plans(
    hand: int,
    table: Sequence[TableSpread],
    targets: frozenset[int],
    run: Run,
    runs_only: bool,
) -> list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]:
    """Every way to use all of ``hand`` in new spreads and hits onto ``table``.

    A plan is ``(spread masks, hits)`` where hits are ``(card bit, spread id)``
    in a valid order. New spreads are disjoint books and runs; the hits go on
    spreads already on the table (a hit on a spread laid in the same plan
    would only make that spread longer). At least one hit must go on a spread
    whose id is in ``targets`` (a run the tonker laid or extended). Plans are
    listed in a fixed order.
    """
    plans: list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = []
    hittable = [s for s in table if not (s.book and runs_only)]
    kinds: dict[int, MeldKind] = {s.id: (BOOK if s.book else run) for s in hittable}

    def rec(rest: int, spreads: tuple[int, ...], added: tuple[tuple[int, int], ...]) -> None:
        if not rest:
            if not added:
                return
            per: dict[int, int] = {}
            for sid, bit in added:
                per[sid] = per.get(sid, 0) | bit
            if not any(sid in targets for sid in per):
                return
            hits: list[tuple[int, int]] = []
            for spread in hittable:
                extra = per.get(spread.id)
                if extra is None:
                    continue
                kind = kinds[spread.id]
                if not kind.is_valid_mask(spread.mask | extra):
                    return
                hits.extend((bit, spread.id) for bit in _hit_order(kind, spread.mask, extra))
            plans.append((spreads, tuple(hits)))
            return
        low = rest & -rest
        for meld in BOOK.find_masks(rest) + run.find_masks(rest):
            if meld & low:
                rec(rest ^ meld, (*spreads, meld), added)
        for spread in hittable:
            if _neighbours(spread.mask, spread.book) & low:
                rec(rest ^ low, spreads, ((spread.id, low), *added))

    rec(hand, (), ())
    out: list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = []
    seen: set[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = set()
    for spreads, hits in plans:
        key = (tuple(sorted(spreads)), hits)
        if key not in seen:
            seen.add(key)
            out.append(key)
    return out
