"""The action ids of the legal moves (for an action mask), from the fields: plain functions.

[`ACTION_SPACE`][cardkit_palace.actionspace.ACTION_SPACE] numbers any list of
actions; the legal moves of a turn, of the exchange and of a window it numbers
here, straight from the fields (a turn's from the cards that may be played,
`listing.turn_plays`), with no listing: the same ids and canonical moves (the
lowest suits), which the contract suite compares with the listing's
numbering. The ids follow the space's table (its module says what each block
means).
"""

from __future__ import annotations

from typing import Final

from cardkit import Action, GameState
from cardkit.authoring import ranks_present
from cardkit_palace.actions import DECLINE, PICKUP, READY, Add, Complete, Flip, Play, Swap
from cardkit_palace.fields import (
    ADD,
    CARDS,
    COMPLETE,
    EXCHANGE,
    RANK_MASK_BY_OFFSET,
    TURN,
    Fields,
)
from cardkit_palace.listing import submasks, turn_plays

__all__ = [
    "FLIP_IDS",
    "PICKUP_ID",
    "PLAY_IDS",
    "exchange_numbering",
    "state_numbering",
    "turn_numbering",
    "window_numbering",
]

#: The id of ``pickup``, the first id of the ``flip`` block (``flip 1``), and the first of the
#: ``play`` block: a play's id is ``PLAY_IDS + (rank offset * 4 + count - 1) * 3 + source``
#: (0: from the hand, 1: from the face-up cards).
PICKUP_ID: Final = 1
FLIP_IDS: Final = 3
PLAY_IDS: Final = 9
#: The ids of ``ready`` and ``decline``, and the first of the ``add``, ``complete`` and
#: ``swap`` blocks: an add's (a completion's) id is ``ADD_IDS + rank offset * 4 + count - 1``,
#: a swap's ``SWAP_IDS + the hand card's rank offset * 13 + the face-up card's``.
READY_ID: Final = 0
DECLINE_ID: Final = 2
ADD_IDS: Final = 165
COMPLETE_IDS: Final = 217
SWAP_IDS: Final = 269


def _lowest_plays(cards: int) -> tuple[Play, ...]:
    """The plays of the lowest one, two, ... of ``cards`` (of one rank): each count's
    canonical play."""
    plays = []
    mask = 0
    rest = cards
    while rest:
        low = rest & -rest
        mask |= low
        rest ^= low
        plays.append(Play.of(mask))
    return tuple(plays)


#: By the cards of one rank a turn may play: the canonical play of each count, one to all.
_LOWEST_PLAYS: Final = {
    sub: _lowest_plays(sub) for cards in RANK_MASK_BY_OFFSET for sub in submasks(cards)
}
_FLIPS: Final = tuple(Flip.of(i) for i in range(1, 7))


def state_numbering(state: GameState, seat: int | None) -> tuple[list[int], list[Action]] | None:
    """The space's [`numbering`][cardkit.engine.actionspace.ActionSpace.numbering]: a Palace
    state's [`turn_numbering`][cardkit_palace.numbering.turn_numbering] (in the exchange
    [`exchange_numbering`][cardkit_palace.numbering.exchange_numbering], in a window
    [`window_numbering`][cardkit_palace.numbering.window_numbering]) for `seat` (`None`: the
    seat to act); ``None`` for another seat, or where the turn numbering cannot tell."""
    f = getattr(state, "f", None)
    if not isinstance(f, Fields) or (seat is not None and seat != f.actor):
        return None
    phase = f.phase
    if phase == EXCHANGE:
        return exchange_numbering(f)
    if phase in (ADD, COMPLETE):
        return window_numbering(f)
    return turn_numbering(f)


def exchange_numbering(f: Fields) -> tuple[list[int], list[Action]]:
    """The exchange's moves: ``ready``, then the swaps of a hand card for a face-up card, both
    not moved by a swap yet (rules 3.3), by ranks; each id's canonical swap is the lowest
    hand card's, then the lowest face-up card's."""
    p = f.actor
    hand = f.hands[p] & ~f.moved
    ups = f.ups[p] & ~f.moved
    chosen: dict[int, Action] = {}
    for h in _indexes(hand):  # lowest first: the first swap of an id is its canonical one
        for u in _indexes(ups):
            i = SWAP_IDS + h % 13 * 13 + u % 13
            if i not in chosen:
                chosen[i] = Swap.of(CARDS[h], CARDS[u])
    ids = sorted(chosen)
    return [READY_ID, *ids], [READY, *[chosen[i] for i in ids]]


def window_numbering(f: Fields) -> tuple[list[int], list[Action]]:
    """A window's moves: ``decline``, then each count of the drawn cards that may be added
    (the lowest ones), or the completion of the four of a kind."""
    if f.phase == COMPLETE:
        need = f.need
        return [DECLINE_ID, _cards_id(COMPLETE_IDS, need)], [DECLINE, Complete.of(need)]
    ids = [DECLINE_ID]
    moves: list[Action] = [DECLINE]
    chosen: dict[int, int] = {}  # by id: the lowest cards
    for sub in submasks(f.add):
        i = _cards_id(ADD_IDS, sub)
        if i not in chosen or sub < chosen[i]:
            chosen[i] = sub
    for i in sorted(chosen):
        ids.append(i)
        moves.append(Add.of(chosen[i]))
    return ids, moves


def _cards_id(first: int, cards: int) -> int:
    """The id of an add or a completion of ``cards`` (one rank) in the block from ``first``."""
    low = (cards & -cards).bit_length() - 1
    return first + low % 13 * 4 + min(cards.bit_count(), 4) - 1


def _indexes(mask: int) -> list[int]:
    """The card indexes of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def turn_numbering(f: Fields) -> tuple[list[int], list[Action]] | None:
    """The ascending ids of the legal moves of the seat to act and each id's canonical move,
    in a turn (``None``: not a turn, or plays that may mix the hand and face-up cards,
    which the space numbers from the listing)."""
    if f.phase != TURN:
        return None
    p = f.actor
    hand: int = f.hands[p]
    source: int = hand or f.ups[p]
    ids: list[int] = []
    moves: list[Action] = []
    if not source:  # only face-down cards: a flip of each
        for position, card in enumerate(f.downs[p]):
            if card >= 0:
                ids.append(FLIP_IDS + position)
                moves.append(_FLIPS[position])
        return ids, moves
    playable, mixed, pickup = turn_plays(f, hand != 0, source)
    if mixed:
        return None
    if pickup:  # its id is below every play's
        ids.append(PICKUP_ID)
        moves.append(PICKUP)
    first = PLAY_IDS if hand else PLAY_IDS + 1  # a face-up play's id is the hand play's + 1
    by_offset = RANK_MASK_BY_OFFSET
    ranks = ranks_present(playable)
    offset = 0
    while ranks:
        if ranks & 1:
            plays = _LOWEST_PLAYS[playable & by_offset[offset]]
            at = first + offset * 12
            for play in plays:
                ids.append(at)
                moves.append(play)
                at += 3
        ranks >>= 1
        offset += 1
    return ids, moves
