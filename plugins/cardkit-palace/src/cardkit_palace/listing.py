"""The fast legal listing: every legal action of a state, from precomputed tables.

The checks (`check_<kind>` of [`PalaceState`][cardkit_palace.state.PalaceState])
are the one home of legality; this listing is their fast equivalent, and
the contract suite proves the two equal on random states
([`check_fast_listings`][cardkit.testing.fastlisting.check_fast_listings]).
Plays come by rank (low to high), each rank's card subsets smallest first;
``pickup`` comes last. Listings are immutable tuples of interned actions,
shared between states that allow the same actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardkit.cardset import ranks_present as _ranks_present
from cardkit_palace.actions import (
    DECLINE,
    PICKUP,
    READY,
    Add,
    Complete,
    Flip,
    PalaceAction,
    Play,
    Swap,
)
from cardkit_palace.fields import ADD, COMPLETE, EXCHANGE, RANK_MASK, TURN, Fields
from cardkit_palace.fields import RANK_MASK_BY_OFFSET as _RANK_MASK_BY_OFFSET
from cardkit_palace.fields import cards_of as _cards_of

if TYPE_CHECKING:
    from cardkit_palace.state import PalaceState

__all__ = ["PILE_CARDS", "legal_of", "submasks"]


def submasks(mask: int) -> list[int]:
    """Every non-empty subset of ``mask``, smallest first (then by mask)."""
    subs = []
    sub = mask
    while sub:
        subs.append(sub)
        sub = (sub - 1) & mask
    subs.sort(key=lambda m: (m.bit_count(), m))
    return subs


# Every non-empty subset of the cards of one rank, as interned actions, keyed
# by the mask of the cards of that rank available.
_PLAYS_OF: Final[dict[int, tuple[Play, ...]]] = {}
_ADDS_OF: Final[dict[int, tuple[Add, ...]]] = {}
for _offset in range(13):
    for _sub in submasks(_RANK_MASK_BY_OFFSET[_offset]):
        _PLAYS_OF[_sub] = tuple(Play.of(m) for m in submasks(_sub))
        _ADDS_OF[_sub] = tuple(Add.of(m) for m in submasks(_sub))
PILE_CARDS: Final = {m: _cards_of(m) for m in _PLAYS_OF}
_FLIPS: Final = tuple(Flip.of(i) for i in range(1, 7))
_ADD_ACTIONS: Final = {m: (*adds, DECLINE) for m, adds in _ADDS_OF.items()}


class _FlipsOf(dict[tuple[int, ...], tuple[PalaceAction, ...]]):
    """The flips of a face-down row (card index or -1 by position), computed once per row."""

    def __missing__(self, row: tuple[int, ...]) -> tuple[PalaceAction, ...]:
        flips = tuple(_FLIPS[i] for i, d in enumerate(row) if d >= 0)
        self[row] = flips
        return flips


_FLIPS_OF: Final = _FlipsOf()
_PICKUP_ONLY: Final[tuple[PalaceAction, ...]] = (PICKUP,)


_LOW_RANKS: Final = sum(_RANK_MASK_BY_OFFSET[o] for o in range(7))  # 2 to 8
_HIGH_RANKS: Final = sum(_RANK_MASK_BY_OFFSET[o] for o in range(7, 13))  # 9 to A
#: The plays of the cards of one half of the ranks, keyed by those cards.
_HALF_PLAYS: dict[int, tuple[PalaceAction, ...]] = {}
#: The plays of the cards of the high ranks, then ``pickup`` (``allow_voluntary_pickup``).
_HIGH_PLAYS_PICKUP: dict[int, tuple[PalaceAction, ...]] = {}


def _plays_of(cards: int) -> tuple[PalaceAction, ...]:
    """Every play of ``cards`` (within one half of the ranks), cached."""
    plays = _HALF_PLAYS.get(cards)
    if plays is None:
        out: list[PalaceAction] = []
        ranks = _ranks_present(cards)
        while ranks:
            low = ranks & -ranks
            out += _PLAYS_OF[cards & _RANK_MASK_BY_OFFSET[low.bit_length() - 1]]
            ranks ^= low
        plays = tuple(out)
        if len(_HALF_PLAYS) > 50_000:
            _HALF_PLAYS.clear()
            _HIGH_PLAYS_PICKUP.clear()
        _HALF_PLAYS[cards] = plays
    return plays


def _turn_actions(playable: int, pile: bool, voluntary: bool) -> tuple[PalaceAction, ...]:
    """Every play of ``playable`` cards (one rank at a time), then ``pickup`` if legal."""
    plays = _plays_of(playable & _LOW_RANKS) + _plays_of(playable & _HIGH_RANKS)
    if pile and (not plays or voluntary):
        plays += (PICKUP,)
    return plays


def legal_of(state: PalaceState) -> tuple[PalaceAction, ...]:
    """Exactly the legal actions of the seat to act, in a stable order (the game is not over).

    Plays come by rank (low to high), each rank's card subsets smallest
    first; ``pickup`` comes last. The result is an immutable tuple, shared
    between states that allow the same actions.
    """
    f = state.f
    phase = f.phase
    if phase == TURN:
        p = f.actor
        source = f.hands[p]
        from_hand = True
        if not source:
            source = f.ups[p]
            from_hand = False
            if not source:
                return _FLIPS_OF[f.downs[p]]
        x = f.cfg
        playable = source & x.legal[f.top]
        if f.must:
            playable &= RANK_MASK[f.must]
        if x.mixed and from_hand and f.stock >= 52:
            return _with_mixed_plays(f, p, playable)
        # The plays of the low ranks, then of the high ranks (each half cached by its
        # cards: whole listings vary too much to cache), then pickup if legal.
        low = playable & _LOW_RANKS
        plays = _HALF_PLAYS.get(low)
        if plays is None:
            plays = _plays_of(low)
        high = playable & _HIGH_RANKS
        if f.pmask:
            if x.voluntary:
                highs = _HIGH_PLAYS_PICKUP.get(high)
                if highs is None:
                    highs = _HIGH_PLAYS_PICKUP[high] = (*_plays_of(high), PICKUP)
                return plays + highs
            if not playable:
                return _PICKUP_ONLY
        highs = _HALF_PLAYS.get(high)
        if highs is None:
            highs = _plays_of(high)
        return plays + highs
    if phase == ADD:
        return _ADD_ACTIONS[f.add]
    if phase == COMPLETE:
        return (Complete.of(f.need), DECLINE)
    if phase == EXCHANGE:
        # A card a swap has moved is not swapped again (rules 3.3).
        p = f.actor
        hand = _cards_of(f.hands[p] & ~f.moved)
        ups = _cards_of(f.ups[p] & ~f.moved)
        return (*(Swap.of(h, u) for h in hand for u in ups), READY)
    return ()


def _with_mixed_plays(f: Fields, p: int, playable: int) -> tuple[PalaceAction, ...]:
    """allow_mixed_source_play, stock gone: also the whole hand plus face-up cards."""
    plain = _turn_actions(playable, False, False)
    hand = f.hands[p]
    mixed: list[PalaceAction] = []
    if hand == playable and _ranks_present(hand).bit_count() == 1:
        extra = f.ups[p] & _RANK_MASK_BY_OFFSET[_ranks_present(hand).bit_length() - 1]
        mixed = [Play.of(hand | sub) for sub in submasks(extra)]
    pickup = (PICKUP,) if f.pmask and (not (plain or mixed) or f.cfg.voluntary) else ()
    return (*plain, *mixed, *pickup)
