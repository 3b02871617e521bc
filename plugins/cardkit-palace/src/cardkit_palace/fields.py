"""The fields of a Palace state (`state.f`), its phases, and the deal's constant configuration.

Cards are kept as bit masks (one bit per card, as in
[`cardkit.CardSet`][cardkit.cards.cardset.CardSet]); the face-down cards as card
indices by position (-1 once turned); the pile as a persistent linked list of
plays. A transition copies the fields into a list, changes what the move
changes (the field positions below), and freezes the list into the next
`Fields` with [`freeze`][cardkit_palace.fields.freeze].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from cardkit import Card
from cardkit.authoring import cards_of_mask, rank_mask
from cardkit_palace.config import Config

__all__ = [
    "PHASES",
    "Fields",
    "freeze",
    "next_seat",
    "pile_cards",
    "put",
    "stock_bits",
    "thaw",
]

EXCHANGE: Final = 0
TURN: Final = 1
ADD: Final = 2
COMPLETE: Final = 3
OVER: Final = 4
#: The phase names, as ``state.phase`` and snapshots show them.
PHASES: Final = ("exchange", "turn", "add", "complete", "over")
#: The phase names as every view shows them (windows are told only to the seat asked).
PUBLIC_PHASES: Final = ("exchange", "play", "play", "play", "over")

CARDS: Final = Card._by_index
#: By rank (2-14): the four cards of that rank (0 below 2).
RANK_MASK: Final = tuple(rank_mask(r) if r >= 2 else 0 for r in range(15))
#: By rank offset 0-12 (rank - 2): the four cards of that rank.
RANK_MASK_BY_OFFSET: Final = tuple(rank_mask(o + 2) for o in range(13))
FULL: Final = (1 << 52) - 1


def stock_bits(bits: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """By deck position ``at`` (0 to the deck's end): the mask and the count of the cards of
    ``bits`` from ``at`` on, and the last one's bit (0 past the end)."""
    found = [(0, 0, 0)]
    mask = 0
    for count, bit in enumerate(reversed(bits), 1):
        mask |= bit
        found.append((mask, count, bits[-1]))
    return tuple(reversed(found))


#: The pile as a persistent linked list of plays: ``(rest of the pile, cards of the top play)``.
Pile = tuple[Any, tuple[Card, ...]] | None


class Fields(NamedTuple):
    """The fields of a Palace state (`state.f`).

    Attributes:
        phase: `EXCHANGE`, `TURN`, `ADD`, `COMPLETE` or `OVER` (see `PHASES`).
        actor: the seat to act (-1 once over).
        hands: card masks by seat.
        ups: face-up card masks by seat.
        downs: face-down card index by seat and position, -1 once turned.
        stock: deck index of the next stock card (the stock is the deck from there).
        pile: the plays on the pile, as a linked list from the top (None: empty).
        pmask: the pile's cards as a mask.
        top: the top card's rank (2-14), 0 for an empty pile.
        run: how many cards of rank `top` lie consecutively on top.
        burned: the burned cards as a mask.
        out: finishing order so far (the loser is appended at the end).
        live: bit mask of the seats still holding cards.
        opener: the seat whose play opened the current window.
        add: ADD phase: the drawn cards that may be added.
        again: the opener plays again after the window (a 2).
        skip: players skipped after the window (house rules).
        need: COMPLETE phase: the cards that complete the four of a kind.
        must: the rank the first play must include (0: none).
        readied: EXCHANGE phase: how many seats said ready.
        starter: the seat that started the first pile (-1 during the exchange).
        moved: EXCHANGE phase: the cards the seat exchanging has moved by its swaps.
        moves: actions played.
        direction: 1 clockwise (the deal's order), -1 reversed by a card effect.
        cfg: the deal's constant configuration.
    """

    phase: int
    actor: int
    hands: tuple[int, ...]
    ups: tuple[int, ...]
    downs: tuple[tuple[int, ...], ...]
    stock: int
    pile: Pile
    pmask: int
    top: int
    run: int
    burned: int
    out: tuple[int, ...]
    live: int
    opener: int
    add: int
    again: bool
    skip: int
    need: int
    must: int
    readied: int
    starter: int
    moved: int
    moves: int
    direction: int
    cfg: Config


# The position of each field, for transitions that change a list copy of the fields
# (`Final` literals: compiled modules read them as constants).
PHASE: Final = 0
ACTOR: Final = 1
HANDS: Final = 2
UPS: Final = 3
DOWNS: Final = 4
STOCK: Final = 5
PILE: Final = 6
PMASK: Final = 7
TOP: Final = 8
RUN: Final = 9
BURNED: Final = 10
OUT: Final = 11
LIVE: Final = 12
OPENER: Final = 13
ADDABLE: Final = 14
AGAIN: Final = 15
SKIP: Final = 16
NEED: Final = 17
MUST: Final = 18
READIED: Final = 19
STARTER: Final = 20
MOVED: Final = 21
MOVES: Final = 22
DIRECTION: Final = 23
CFG: Final = 24

_new_fields = tuple.__new__


def thaw(f: Fields) -> list[Any]:
    """The fields as a list to change for the next state, one more action counted."""
    n: list[Any] = list(f)
    n[MOVES] += 1
    return n


def freeze(n: list[Any]) -> Fields:
    """The next state's fields from a changed list (see `thaw`)."""
    fields: Fields = _new_fields(Fields, n)
    return fields


def put(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    """``values`` with the entry of ``seat`` replaced by ``value``."""
    changed = list(values)
    changed[seat] = value
    return tuple(changed)


def pile_cards(pile: Pile) -> tuple[Card, ...]:
    """The pile's cards, bottom to top."""
    chunks = []
    node = pile
    while node is not None:
        chunks.append(node[1])
        node = node[0]
    return tuple(card for chunk in reversed(chunks) for card in chunk)


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask``, in canonical order."""
    return cards_of_mask(mask)


def next_seat(n: Sequence[Any], seat: int, skip: int = 0) -> int:
    """The next seat in the order of play after ``seat`` still holding cards, skipping ``skip``.

    ``n`` is the fields (or their list copy) whose ``live`` seats and
    ``direction`` count.
    """
    players = n[CFG].players
    live = n[LIVE]
    step = n[DIRECTION]
    for _ in range(players * (skip + 1)):
        seat = (seat + step) % players
        if live >> seat & 1:
            if not skip:
                return seat
            skip -= 1
    return seat  # unreachable while two or more seats hold cards
