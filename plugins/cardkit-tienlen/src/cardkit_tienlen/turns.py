"""A turn (rules spec section 4): the fast listing, playing a combination, passing.

[`TienLenState`][cardkit_tienlen.state.TienLenState] keeps its `check_play` and
`check_pass` (the one home of legality) and calls these plain functions as
`whose_turn`, `list_legal`, `do_play` and `do_pass`: they take the state as a
[`TienLenLike`][cardkit_tienlen.protocols.TienLenLike] and build the next
fields whole. Plain functions over the state, so that the compiled build
compiles them (a class in the plugin cannot be native over the core's state).
"""

from __future__ import annotations

from typing import Any, Final

from cardkit import Action, Event
from cardkit_tienlen.combos import PASS, Pass, Play
from cardkit_tienlen.events import (
    PLAY_EVENTS,
    finish_event,
    game_over_event,
    play_event,
    round_end_event,
)
from cardkit_tienlen.fields import Fields
from cardkit_tienlen.handcombos import hand_combos_after
from cardkit_tienlen.protocols import S, TienLenLike
from cardkit_tienlen.rules import PlayUntil
from cardkit_tienlen.scoring import deal_points, finishing_order

__all__ = ["do_pass", "do_play", "legal_of", "next_eligible", "round_end", "whose_turn"]

_new_fields = tuple.__new__
_FIRST_OUT: Final = PlayUntil.FIRST_OUT.value
_ALL_PLACED: Final = PlayUntil.ALL_PLACED.value


def whose_turn(state: TienLenLike) -> int | None:
    """The seat that must decide now, or ``None`` once the deal is over."""
    return state.f.to_act


def legal_of(state: TienLenLike) -> tuple[Action, ...]:
    """The legal actions, listed fast (the contract tests compare the checks' listing).

    A leader may play every combination in hand (only those holding 3S on the
    first lead of a match); a follower every combination that beats the
    current one, or pass (a locked seat: only bombs, on 2s).
    """
    f = state.f
    seat = f.to_act
    if seat is None:
        return ()
    current, cfg = f.current, f.cfg
    if current is None:
        return cfg.beating.leads(f.hands[seat], f.required)
    bombs_only = cfg.pass_lock and bool(f.locked >> seat & 1)
    return cfg.beating.follow_actions(f.hands[seat], current, bombs_only)


def do_play(state: S, play: Play) -> S:
    """Put the cards on the pile; finish the seat if its hand is empty; pass the turn."""
    f = state.f
    cfg, seat = f.cfg, f.to_act
    assert seat is not None
    if not play.kind:  # cards a house rule's combination gives a meaning to
        play = cfg.beating.classified(play)
    bits = play.bits
    hands = list(f.hands)
    before = hands[seat]
    hand = hands[seat] = before ^ bits
    hand_combos_after(before, hand)
    event = PLAY_EVENTS.get(bits << 2 | seat)  # `play_event`'s cache, looked up inline
    events: list[Event] = [event if event is not None else play_event(seat, play)]
    finished, over = f.finished, None
    if not hand:
        finished = (*finished, seat)
        events.append(finish_event(seat, len(finished), cfg.points))
        if cfg.first_out:
            over = _FIRST_OUT
        elif sum(1 for h in hands if h) <= 1:
            over = _ALL_PLACED
    new_hands = tuple(hands)
    nxt = None if over is not None else next_eligible(f, seat, new_hands, seat, f.locked, 0, play)
    values: tuple[Any, ...]
    if over is None and nxt is None:
        leader = round_end(f, new_hands, seat, events)
        values = (new_hands, finished, None, -1, 0, 0, leader, 0, None, None, 0, cfg)
    else:
        values = (
            new_hands,
            finished,
            play,
            seat,
            f.locked,
            0,
            nxt,
            f.pile | bits,
            over,
            None,
            0,
            cfg,
        )
    fields: Fields = _new_fields(Fields, values)
    if over is not None:
        events.append(game_over_event(over, finishing_order(fields), deal_points(fields)))
    return state.successor(play, events, fields)


def do_pass(state: S, action: Pass) -> S:
    """Pass (and, with the pass lock, be locked out); the round ends when nobody is left."""
    f = state.f
    cfg, seat, current = f.cfg, f.to_act, f.current
    assert seat is not None
    assert current is not None
    bit = 1 << seat
    locked = f.locked | bit if cfg.pass_lock else f.locked
    passed = f.passed | bit
    hands, last = f.hands, f.last
    nxt = next_eligible(f, seat, hands, last, locked, passed, current)
    if nxt is None:
        events = [cfg.pass_events[seat][0]]
        leader = round_end(f, hands, last, events)
        cleared = (hands, f.finished, None, -1, 0, 0, leader, 0, None, None, 0, cfg)
        return state.successor(PASS, events, _new_fields(Fields, cleared))
    values = (hands, f.finished, current, last, locked, passed, nxt, f.pile, None, None, 0, cfg)
    return state.successor(PASS, cfg.pass_events[seat], _new_fields(Fields, values))


def next_eligible(
    f: Fields,
    after: int,
    hands: tuple[int, ...],
    last: int,
    locked: int,
    passed: int,
    current: Play,
) -> int | None:
    """The first eligible seat clockwise after ``after`` (rules spec 4.3), if any."""
    cfg = f.cfg
    n = cfg.players
    if cfg.pass_lock and not (cfg.bomb_overrides_pass and current.is_twos):
        passed |= locked
    for i in range(1, n):
        p = (after + i) % n
        if hands[p] and p != last and not passed >> p & 1:
            return p
    return None


def round_end(f: Fields, hands: tuple[int, ...], last: int, events: list[Event]) -> int:
    """Clear the pile: the last player leads, or the next holder after them."""
    n = f.cfg.players
    leader = last
    if not hands[leader]:
        for i in range(1, n):
            p = (last + i) % n
            if hands[p]:
                leader = p
                break
    events.append(round_end_event(leader, last))
    return leader
