"""The exchange (rules 3.3) and who starts the first pile (3.4).

Seat by seat from the dealer's left, each player swaps hand cards with
face-up cards (a card a swap has moved is not swapped again), then says
``ready``; once every seat is ready, the starter leads.
"""

from __future__ import annotations

from cardkit import Event
from cardkit.authoring import Refusal, ranks_present
from cardkit_palace.actions import PalaceAction, Swap
from cardkit_palace.events import lead_event, simple_event, swap_event
from cardkit_palace.fields import (
    ACTOR,
    EXCHANGE,
    FULL,
    HANDS,
    MOVED,
    MUST,
    PHASE,
    RANK_MASK,
    READIED,
    STARTER,
    TURN,
    UPS,
    Fields,
    freeze,
    put,
    thaw,
)
from cardkit_palace.protocols import PalaceLike, S
from cardkit_palace.rules import FirstPlayerRule
from cardkit_palace.rules import PalaceRefused as Code
from cardkit_palace.turns import refuse, wrong_phase

__all__ = ["check_ready", "check_swap", "do_ready", "do_swap", "starter"]


def check_swap(state: PalaceLike, action: Swap) -> Refusal | None:
    """Why ``swap`` is refused: not this seat's hand and face-up cards, or moved already."""
    f = state.f
    if f.phase != EXCHANGE:
        return wrong_phase(f, action)
    p = f.actor
    h = action.hand_card.bit
    u = action.up_card.bit
    if not f.hands[p] & h or not f.ups[p] & u:
        return refuse(
            f,
            Code.NOT_SWAPPABLE,
            action,
            "swap one of your hand cards with one of your face-up cards (hand card first)",
        )
    if (h | u) & f.moved:
        moved = " and ".join(
            card.code for card in (action.hand_card, action.up_card) if card.bit & f.moved
        )
        return refuse(
            f,
            Code.ALREADY_SWAPPED,
            action,
            f"{moved} moved in an earlier swap and may not be swapped again in "
            "this exchange (swap cards that have not moved yet, or say ready)",
        )
    return None


def do_swap(state: S, action: Swap) -> S:
    """The fields after ``swap``: the hand card goes face up, the face-up card to the hand."""
    f = state.f
    events: list[Event] = []
    p = f.actor
    h = action.hand_card.bit
    u = action.up_card.bit
    n = thaw(f)
    n[HANDS] = put(f.hands, p, (f.hands[p] ^ h) | u)
    n[UPS] = put(f.ups, p, (f.ups[p] ^ u) | h)
    n[MOVED] = f.moved | h | u
    events.append(swap_event(p, action.hand_card, action.up_card))
    return state.successor(action, events, freeze(n))


def check_ready(state: PalaceLike, action: PalaceAction) -> Refusal | None:
    """Why ``ready`` is refused: only in the exchange."""
    f = state.f
    return None if f.phase == EXCHANGE else wrong_phase(f, action)


def do_ready(state: S, action: PalaceAction) -> S:
    """The fields after ``ready``: the next seat exchanges, or the starter leads."""
    f = state.f
    events: list[Event] = []
    x = f.cfg
    n = thaw(f)
    n[READIED] = f.readied + 1
    n[MOVED] = 0
    events.append(simple_event("ready", f.actor))
    if n[READIED] < x.players:
        n[ACTOR] = (x.dealer + 1 + n[READIED]) % x.players
    else:
        first, rank = starter(freeze(n))
        n[PHASE] = TURN
        n[ACTOR] = first
        n[STARTER] = first
        n[MUST] = rank if x.must_lowest else 0
        events.append(lead_event(first))
    return state.successor(action, events, freeze(n))


def starter(f: Fields) -> tuple[int, int]:
    """Who starts the first pile, and the rank that made them the starter (0: none)."""
    x = f.cfg
    rule = x.first_player
    first = (x.dealer + 1) % x.players
    if rule == FirstPlayerRule.LEFT_OF_DEALER:
        return first, 0
    zones = f.hands if rule == FirstPlayerRule.LOWEST_IN_HAND else f.ups
    best_seat, best_rank = first, 0
    ranked = FULL & ~(RANK_MASK[2] | RANK_MASK[10])
    for k in range(x.players):
        seat = (first + k) % x.players
        present = ranks_present(zones[seat] & ranked)
        if present:
            rank = (present & -present).bit_length() + 1
            if not best_rank or rank < best_rank:
                best_seat, best_rank = seat, rank
    return best_seat, best_rank
