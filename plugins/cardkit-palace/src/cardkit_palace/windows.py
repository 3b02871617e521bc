"""The windows between turns (rules 4.5): adding a drawn match, completing a four of a kind.

Each window asks exactly one seat. Windows are private: every view but the
asked seat's, and every event, is what it would be with no window open; a
declined window records no event; and the next player's action
([`act_as`][cardkit.engine.state.GameState.act_as]) declines it first.
"""

from __future__ import annotations

from cardkit import Event
from cardkit.authoring import Refusal
from cardkit_palace.actions import Add, Complete, PalaceAction
from cardkit_palace.events import simple_event
from cardkit_palace.fields import (
    ADD,
    ADDABLE,
    COMPLETE,
    NEED,
    UPS,
    Fields,
    freeze,
    put,
    thaw,
)
from cardkit_palace.protocols import PalaceLike, S
from cardkit_palace.resolve import completion_window, end_window, resolve
from cardkit_palace.rules import PalaceRefused as Code
from cardkit_palace.turns import refuse, wrong_phase

__all__ = [
    "check_add",
    "check_complete",
    "check_decline",
    "do_add",
    "do_complete",
    "do_decline",
    "in_window",
]


def in_window(f: Fields) -> bool:
    """Whether a window is open (one seat asked between turns)."""
    return f.phase == ADD or f.phase == COMPLETE


def check_add(state: PalaceLike, action: Add) -> Refusal | None:
    """Why ``add`` is refused: only just-drawn cards of the rank just played."""
    f = state.f
    if f.phase != ADD:
        return wrong_phase(f, action)
    mask = action.mask
    if mask & ~f.add or not mask:
        return refuse(
            f,
            Code.NOT_ADDABLE,
            action,
            "only cards drawn in the last refill, of the rank just played, may be added",
        )
    return None


def do_add(state: S, action: Add) -> S:
    """The fields after ``add``: the cards go on the pile, as a play of the same rank."""
    f = state.f
    events: list[Event] = []
    p = f.actor
    mask = action.mask
    n = thaw(f)
    n[ADDABLE] = 0
    events.append(simple_event("add", p, mask))
    resolve(n, p, f.hands[p] & ~mask, mask, action.rank, mask.bit_count(), events)
    return state.successor(action, events, freeze(n))


def check_complete(state: PalaceLike, action: Complete) -> Refusal | None:
    """Why ``complete`` is refused: exactly the missing cards complete a four of a kind."""
    f = state.f
    if f.phase != COMPLETE:
        return wrong_phase(f, action)
    if action.mask != f.need:
        return refuse(
            f,
            Code.NOT_COMPLETING,
            action,
            "complete with exactly the cards missing from the four of a kind",
        )
    return None


def do_complete(state: S, action: Complete) -> S:
    """The fields after ``complete``: the asked seat plays the missing cards out of turn."""
    f = state.f
    events: list[Event] = []
    q = f.actor
    mask = f.need
    n = thaw(f)
    hand = f.hands[q]
    if hand & mask == mask:
        hand &= ~mask
    else:
        n[UPS] = put(f.ups, q, f.ups[q] & ~mask)
    n[NEED] = 0
    events.append(simple_event("complete", q, mask))
    resolve(n, q, hand, mask, f.top, mask.bit_count(), events)
    return state.successor(action, events, freeze(n))


def check_decline(state: PalaceLike, action: PalaceAction) -> Refusal | None:
    """Why ``decline`` is refused: no window is open."""
    f = state.f
    return None if in_window(f) else wrong_phase(f, action)


def do_decline(state: S, action: PalaceAction) -> S:
    """The fields after ``decline`` (no event: a declined window leaves no trace)."""
    f = state.f
    events: list[Event] = []
    n = thaw(f)
    if f.phase == ADD:
        n[ADDABLE] = 0
        completion_window(n)
    else:
        end_window(n)
    return state.successor(action, events, freeze(n))
