"""A turn (rules 4.2-4.7): play from the active source, pick up the pile, or flip.

Each action kind has its check (the one home of its legality, a
[`Refusal`][cardkit.errors.Refusal] or ``None``) and its transition (the
next fields and the events), which [`PalaceState`][cardkit_palace.state.PalaceState]
calls as `check_<kind>` and `do_<kind>`; and whose turn it is, its `whose_turn`.
"""

from __future__ import annotations

from typing import Any

from cardkit import Event, Rank
from cardkit.authoring import Refusal
from cardkit_palace.actions import Flip, PalaceAction, Play
from cardkit_palace.events import PLAY_EVENTS, flip_event, play_event
from cardkit_palace.fields import (
    CARDS,
    DOWNS,
    MOVES,
    MUST,
    PHASES,
    TURN,
    UPS,
    Fields,
    freeze,
    put,
    thaw,
)
from cardkit_palace.protocols import PalaceLike, S
from cardkit_palace.resolve import pick_up, resolve
from cardkit_palace.rules import PalaceRefused as Code

_fields = tuple.__new__

__all__ = [
    "check_flip",
    "check_pickup",
    "check_play",
    "do_flip",
    "do_pickup",
    "do_play",
    "refuse",
    "whose_turn",
    "wrong_phase",
]


def whose_turn(state: PalaceLike) -> int | None:
    """The seat asked to decide: the player whose turn it is, the player in the exchange,
    or the one seat a window asks; ``None`` once over."""
    actor = state.f.actor
    return None if actor < 0 else actor


def refuse(f: Fields, code: Code, action: PalaceAction, message: str) -> Refusal:
    """The refusal of ``action`` for the seat to act, with its code and why (seats from 1)."""
    return Refusal(code, f"{action} is illegal for seat {f.actor + 1}: {message}")


def wrong_phase(f: Fields, action: PalaceAction) -> Refusal:
    """The refusal of an action of another phase."""
    kind = type(action).__name__.lower()
    return refuse(
        f, Code.WRONG_PHASE, action, f"{kind} is not an action of the {PHASES[f.phase]} phase"
    )


def check_play(state: PalaceLike, action: Play) -> Refusal | None:
    """Why ``play`` is refused: the active source, one rank, the rank rule, the first play."""
    f = state.f
    if f.phase != TURN:
        return wrong_phase(f, action)
    p = f.actor
    x = f.cfg
    mask = action.mask
    hand = f.hands[p]
    ups = f.ups[p]
    source = hand or ups
    if not source:
        return refuse(
            f,
            Code.MUST_FLIP,
            action,
            "your hand and face-up cards are gone: flip a face-down card",
        )
    if mask & ~source and not (
        x.mixed and hand and f.stock >= 52 and not hand & ~mask and not mask & ~(hand | ups)
    ):
        return _not_held(f, action, p)
    rank = action.rank
    if not rank:
        return refuse(f, Code.MIXED_RANKS, action, "a play is cards of one rank")
    if mask & ~x.legal[f.top]:
        return refuse(f, Code.TOO_LOW, action, _too_low(f, rank))
    if f.must and rank != f.must:
        return refuse(
            f,
            Code.MUST_INCLUDE_LOWEST,
            action,
            f"the first play must include {_a(Rank(f.must))}, the rank that made you the starter",
        )
    return None


def _too_low(f: Fields, rank: int) -> str:
    top = f.top
    allowed = f.cfg.tables.follow[Rank(top)]
    names = " ".join(_written(r) for r in sorted(allowed))
    return f"{_a(Rank(rank))} may not be played on {_a(Rank(top))}; allowed: {names}"


def _a(rank: Rank) -> str:
    """``a 4``, ``an A``, ``an 8``, ``a 10``: a rank as people write it, with its article."""
    return ("an " if rank in (Rank.ACE, Rank.EIGHT) else "a ") + _written(rank)


def _written(rank: Rank) -> str:
    """A rank as the cards show it: ``10``, not its code ``T``."""
    return "10" if rank == Rank.TEN else rank.code


def _not_held(f: Fields, action: Play, p: int) -> Refusal:
    hands, ups = f.hands, f.ups
    stray = action.mask & ~(hands[p] or ups[p])
    if hands[p] and stray & ups[p] and not stray & ~ups[p]:
        return refuse(
            f,
            Code.FACE_UP_NOT_ACTIVE,
            action,
            "face-up cards are played only once your hand is empty",
        )
    # Only public cards (face up) may be placed; never say who holds a hidden card.
    for seat in range(f.cfg.players):
        if seat != p and stray & ups[seat] and not stray & ~ups[seat]:
            return refuse(
                f,
                Code.NOT_YOUR_TURN,
                action,
                f"those are seat {seat + 1}'s face-up cards, and seat {p + 1} is to act",
            )
    return refuse(
        f,
        Code.NOT_HELD,
        action,
        "you may only play cards of your active source "
        + ("(your hand)" if hands[p] else "(your face-up cards)"),
    )


def do_play(state: S, action: Play) -> S:
    """The state after ``play`` (a legal one): the hot path of every playout."""
    f = state.f
    p = f.actor
    mask = action.mask
    n: list[Any] = list(f)  # thaw(f), inlined
    n[MOVES] += 1
    event = PLAY_EVENTS.get(mask << 3 | p)
    events = [event if event is not None else play_event(p, mask)]
    ups = f.ups[p]
    if mask & ups:
        n[UPS] = put(f.ups, p, ups & ~mask)
    n[MUST] = 0
    resolve(n, p, f.hands[p] & ~mask, mask, action.rank, mask.bit_count(), events)
    return state.successor(action, events, _fields(Fields, n))  # freeze(n), inlined


def check_pickup(state: PalaceLike, action: PalaceAction) -> Refusal | None:
    """Why ``pickup`` is refused: no pile, only face-down cards, or a play exists."""
    f = state.f
    if f.phase != TURN:
        return wrong_phase(f, action)
    if not f.pmask:
        return refuse(f, Code.EMPTY_PILE, action, "there is no pile to pick up")
    p = f.actor
    source = f.hands[p] or f.ups[p]
    if not source:
        return refuse(f, Code.MUST_FLIP, action, "with only face-down cards left you flip one")
    if source & f.cfg.legal[f.top] and not f.cfg.voluntary:
        return refuse(
            f, Code.CAN_PLAY, action, "you can only pick up the pile when you cannot play"
        )
    return None


def do_pickup(state: S, action: PalaceAction) -> S:
    """The fields after ``pickup``."""
    f = state.f
    events: list[Event] = []
    n: list[Any] = list(f)  # thaw(f), inlined
    n[MOVES] += 1
    pick_up(n, f.actor, 0, events)
    return state.successor(action, events, _fields(Fields, n))  # freeze(n), inlined


def check_flip(state: PalaceLike, action: Flip) -> Refusal | None:
    """Why ``flip`` is refused: cards left in hand or face up, or no card there."""
    f = state.f
    if f.phase != TURN:
        return wrong_phase(f, action)
    p = f.actor
    if f.hands[p] or f.ups[p]:
        return refuse(
            f,
            Code.NOT_FACE_DOWN_STAGE,
            action,
            "face-down cards are flipped only when your hand and face-up cards are gone",
        )
    downs = f.downs[p]
    i = action.position - 1
    if i >= len(downs) or downs[i] < 0:
        return refuse(f, Code.NO_SUCH_CARD, action, f"there is no face-down card {i + 1}")
    return None


def do_flip(state: S, action: Flip) -> S:
    """The fields after ``flip``: the card is played if it may be, else picked up with the pile."""
    f = state.f
    events: list[Event] = []
    p = f.actor
    downs = f.downs[p]
    i = action.position - 1
    card = CARDS[downs[i]]
    n = thaw(f)
    n[DOWNS] = (*f.downs[:p], (*downs[:i], -1, *downs[i + 1 :]), *f.downs[p + 1 :])
    events.append(flip_event(p, card, i + 1))
    rank = card.rank
    assert rank is not None
    if card.bit & f.cfg.legal[f.top]:
        resolve(n, p, f.hands[p], card.bit, int(rank), 1, events)
    else:
        pick_up(n, p, card.bit, events)
    return state.successor(action, events, freeze(n))
