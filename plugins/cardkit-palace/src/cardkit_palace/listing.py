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

from typing import Final

from cardkit.authoring import ranks_present as _ranks_present
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
from cardkit_palace.protocols import PalaceLike

__all__ = ["PILE_CARDS", "RANK_GROUPS", "legal_of", "submasks", "turn_plays"]


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


def _group(*offsets: int) -> int:
    """The cards of the ranks at these offsets (rank - 2)."""
    return sum(_RANK_MASK_BY_OFFSET[o] for o in offsets)


# The ranks in four groups, low to high (2-4, 5-7, 8-10, J-A): the plays of a
# group's cards are cached by those cards (at most 2**16 keys per group, so the
# cache stays bounded), where whole listings vary too much to cache.
_G1: Final = _group(0, 1, 2)
_G2: Final = _group(3, 4, 5)
_G3: Final = _group(6, 7, 8)
_G4: Final = _group(9, 10, 11, 12)
#: The cards of each of the four rank groups, low to high.
RANK_GROUPS: Final = (_G1, _G2, _G3, _G4)


class _GroupPlays(dict[int, tuple[PalaceAction, ...]]):
    """Every play of the cards of one rank group (low rank first), computed once per cards."""

    def __missing__(self, cards: int) -> tuple[PalaceAction, ...]:
        out: list[PalaceAction] = []
        ranks = _ranks_present(cards)
        while ranks:
            low = ranks & -ranks
            out += _PLAYS_OF[cards & _RANK_MASK_BY_OFFSET[low.bit_length() - 1]]
            ranks ^= low
        plays = self[cards] = tuple(out)
        return plays


_GROUP_PLAYS: Final = _GroupPlays()


def _plays_of(cards: int) -> tuple[PalaceAction, ...]:
    """Every play of ``cards`` (one rank at a time, low rank first)."""
    g = _GROUP_PLAYS
    return g[cards & _G1] + g[cards & _G2] + g[cards & _G3] + g[cards & _G4]


def _turn_actions(playable: int, pile: bool, voluntary: bool) -> tuple[PalaceAction, ...]:
    """Every play of ``playable`` cards (one rank at a time), then ``pickup`` if legal."""
    plays = _plays_of(playable)
    if pile and (not plays or voluntary):
        plays += (PICKUP,)
    return plays


def legal_of(state: PalaceLike) -> tuple[PalaceAction, ...]:
    """Exactly the legal actions of the seat to act, in a stable order (the game is not over).

    Plays come by rank (low to high), each rank's card subsets smallest
    first; ``pickup`` comes last. The result is an immutable tuple, shared
    between states that allow the same actions.
    """
    f = state.f
    phase = f.phase
    if phase == TURN:
        p = f.actor
        held = f.hands[p]
        source = held or f.ups[p]  # the hand, else the face-up cards
        if not source:
            return _FLIPS_OF[f.downs[p]]
        playable, mixed, pickup = turn_plays(f, bool(held), source)
        if mixed:
            return _with_mixed_plays(f, p, playable)
        g = _GROUP_PLAYS
        plays = g[playable & _G1] + g[playable & _G2] + g[playable & _G3] + g[playable & _G4]
        return plays + _PICKUP_ONLY if pickup else plays
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


def turn_plays(f: Fields, from_hand: bool, source: int) -> tuple[int, bool, bool]:
    """A turn with the cards `source` (the hand's, else the face-up ones): the cards that may
    be played, whether plays from the hand may add face-up cards now
    (``allow_mixed_source_play``, the stock gone), and whether ``pickup`` is legal too."""
    x = f.cfg
    playable: int = source & x.legal[f.top]
    if f.must:
        playable &= RANK_MASK[f.must]
    mixed = from_hand and x.mixed and f.stock >= 52
    return playable, mixed, bool(f.pmask) and (x.voluntary or not playable)


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
