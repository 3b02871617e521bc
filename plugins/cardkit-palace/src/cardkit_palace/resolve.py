"""RESOLVE(p, cards) of rules 4.4: after any play, and the windows it may open (4.5).

The functions here change a list copy of the fields (`cardkit_palace.fields.thaw`)
in place and append the events they cause; the transitions freeze the list.
The cards played are already out of the player's zones.
"""

from __future__ import annotations

from typing import Any

from cardkit import Event
from cardkit_palace.config import Config
from cardkit_palace.events import (
    burn_event,
    draw_event,
    pickup_event,
    place_event,
    reverse_event,
    simple_event,
)
from cardkit_palace.fields import (
    ACTOR,
    ADD,
    ADDABLE,
    AGAIN,
    BURNED,
    CFG,
    COMPLETE,
    DIRECTION,
    DOWNS,
    HANDS,
    LIVE,
    NEED,
    OPENER,
    OUT,
    OVER,
    PHASE,
    PILE,
    PMASK,
    RANK_MASK,
    RUN,
    SKIP,
    STOCK,
    TOP,
    TURN,
    UPS,
    cards_of,
    next_seat,
)
from cardkit_palace.listing import PILE_CARDS

__all__ = ["completion_window", "end_window", "pick_up", "resolve"]


def resolve(
    n: list[Any], p: int, hand: int, mask: int, rank: int, count: int, events: list[Event]
) -> None:
    """Put ``count`` cards (``mask``, of ``rank``) played by ``p`` on the pile, and go on.

    ``hand`` is p's hand without them. The pile may burn, p refills and may
    go out; then a window opens, p plays again, or the next player's turn.
    """
    x: Config = n[CFG]
    pile_cards = PILE_CARDS.get(mask)
    n[PILE] = (n[PILE], pile_cards if pile_cards is not None else cards_of(mask))
    pmask: int = n[PMASK]
    n[PMASK] = pmask | mask
    if x.reverses[rank]:
        _reverse(n, p, events)
    top: int = n[TOP]
    run: int = n[RUN]
    run = run + count if rank == top else count
    n[TOP] = rank
    n[RUN] = run
    burned = x.burn[rank] or (run >= 4 if x.across else count >= 4)
    if burned:
        _burn(n, p, events)
    drawn = _refill(n, x, p, hand, events)
    hand |= drawn
    ups: tuple[int, ...] = n[UPS]
    downs: tuple[tuple[int, ...], ...] = n[DOWNS]
    is_out = not hand and not ups[p] and not any(d >= 0 for d in downs[p])
    if (is_out and _goes_out(n, p, events)) or (burned and _after_burn(n, p, is_out)):
        return
    again = x.again[rank] and not is_out
    rank_cards = RANK_MASK[rank]
    if drawn & rank_cards and x.add_on and not again and not is_out:
        _open_add(n, p, rank, drawn)
        return
    if x.completion:
        on_pile: int = n[PMASK]
        gone: int = n[BURNED]
        free = rank_cards & ~(on_pile | gone)
        if free and free.bit_count() == 4 - run and _opens_completion(n, p, rank, again, free):
            return
    # No window: the next turn (the hot path, inlined from end_window).
    n[PHASE] = TURN
    if again:
        n[ACTOR] = p
        return
    skip = x.skip[rank]
    players = x.players
    direction: int = n[DIRECTION]
    q = p + direction
    if q == players:
        q = 0
    elif q < 0:
        q = players - 1
    live: int = n[LIVE]
    n[ACTOR] = q if live >> q & 1 and not skip else next_seat(n, p, skip)


def _refill(n: list[Any], x: Config, p: int, hand: int, events: list[Event]) -> int:
    """p draws up to the zone size while the stock lasts, and p's hand is now ``hand`` and
    the cards drawn; those are returned."""
    drawn = 0
    stock: int = n[STOCK]
    if stock < 52 and hand.bit_count() < x.zone:
        end = min(stock + x.zone - hand.bit_count(), 52)
        stocks = x.stock_bits
        drawn = stocks[stock][0] ^ stocks[end][0]  # the cards from stock to end
        events.append(draw_event(p, end - stock))
        n[STOCK] = end
        hand |= drawn
    hands: tuple[int, ...] = n[HANDS]
    if hand != hands[p]:
        if x.players == 2:  # put(), inlined: this runs on every play
            n[HANDS] = (hand, hands[1]) if p == 0 else (hands[0], hand)
        else:
            changed = list(hands)
            changed[p] = hand
            n[HANDS] = tuple(changed)
    return drawn


def _reverse(n: list[Any], p: int, events: list[Event]) -> None:
    """The order of play turns round (a house rule's effect)."""
    n[DIRECTION] = -n[DIRECTION]
    events.append(reverse_event(p, n[DIRECTION]))


def _burn(n: list[Any], p: int, events: list[Event]) -> None:
    """The pile leaves the game (a burning rank, or four of a kind)."""
    events.append(burn_event(p, n[PMASK].bit_count()))
    n[BURNED] |= n[PMASK]
    n[PILE] = None
    n[PMASK] = 0
    n[TOP] = 0
    n[RUN] = 0


def _after_burn(n: list[Any], p: int, is_out: bool) -> bool:
    """A new pile: the burner starts it, unless out or under ``burn_rule = next_player``."""
    n[PHASE] = TURN
    n[ACTOR] = p if not (is_out or n[CFG].burn_next) else next_seat(n, p)
    return True


def _goes_out(n: list[Any], p: int, events: list[Event]) -> bool:
    """p holds no card any more: p is out. Whether the game is over with it."""
    live = n[LIVE] & ~(1 << p)
    n[LIVE] = live
    n[OUT] = (*n[OUT], p)
    events.append(place_event("finish", p, len(n[OUT])))
    if n[CFG].first_out or not live & (live - 1):
        _finish(n, events)
        return True
    return False


def _open_add(n: list[Any], p: int, rank: int, drawn: int) -> None:
    """Window (a): p may add the cards of ``rank`` just drawn."""
    n[OPENER] = p
    n[AGAIN] = False
    n[SKIP] = n[CFG].skip[rank]
    n[ADDABLE] = drawn & RANK_MASK[rank]
    n[PHASE] = ADD
    n[ACTOR] = p


def _opens_completion(n: list[Any], p: int, rank: int, again: bool, free: int) -> bool:
    """Window (b) after p's play, if one seat holds the ``free`` rest of the four of a kind.

    The window's fields are set either way (as `completion_window` then
    `end_window` would); with no seat to ask, the caller goes on to the next turn.
    """
    n[OPENER] = p
    n[AGAIN] = again
    x = n[CFG]
    n[SKIP] = x.skip[rank]
    if x.players == 2:  # the one seat to ask, inline (a third of the plays come here)
        q = 1 - p
        source = n[HANDS][q] or n[UPS][q]
        q = q if n[LIVE] >> q & 1 and source & free == free else -1
    else:
        q = _completer(n, free)
    if q < 0:
        n[NEED] = 0
        n[ADDABLE] = 0
        return False
    n[PHASE] = COMPLETE
    n[ACTOR] = q
    n[NEED] = free
    return True


def _completer(n: list[Any], free: int) -> int:
    """The live seat after the opener, in seat order, whose active source holds ``free``; -1."""
    players = n[CFG].players
    live = n[LIVE]
    hands = n[HANDS]
    ups = n[UPS]
    q = n[OPENER]
    for _ in range(players - 1):
        q = q + 1 if q + 1 < players else 0
        if live >> q & 1:
            source = hands[q] or ups[q]
            if source & free == free:
                return q
    return -1


def _finish(n: list[Any], events: list[Event]) -> None:
    """The game is over: the last player holding cards loses (or the first out won)."""
    n[PHASE] = OVER
    n[ACTOR] = -1
    if n[CFG].first_out:
        events.append(simple_event("win", n[OUT][0]))
    elif n[LIVE]:
        loser = n[LIVE].bit_length() - 1
        n[OUT] = (*n[OUT], loser)
        events.append(place_event("lose", loser, len(n[OUT])))
    events.append(simple_event("game_over", None))


def completion_window(n: list[Any]) -> None:
    """Window (b): ask the one seat holding the rest of the top rank, if any."""
    x = n[CFG]
    top = n[TOP]
    if x.completion and top:
        free = RANK_MASK[top] & ~(n[PMASK] | n[BURNED])
        if free and free.bit_count() == 4 - n[RUN]:
            q = _completer(n, free)
            if q >= 0:
                n[PHASE] = COMPLETE
                n[ACTOR] = q
                n[NEED] = free
                return
    end_window(n)


def end_window(n: list[Any]) -> None:
    """Close the window: the opener plays again (a 2), or the next player's turn."""
    n[PHASE] = TURN
    n[NEED] = 0
    n[ADDABLE] = 0
    n[ACTOR] = n[OPENER] if n[AGAIN] else next_seat(n, n[OPENER], n[SKIP])


def pick_up(n: list[Any], p: int, extra: int, events: list[Event]) -> None:
    """The pile (and ``extra`` cards) go into p's hand; the next player starts a new pile."""
    taken = n[PMASK] | extra
    events.append(pickup_event(p, taken.bit_count()))
    hands = list(n[HANDS])  # put(), inlined: a fifth of a random playout's moves
    hands[p] |= taken
    n[HANDS] = tuple(hands)
    n[PILE] = None
    n[PMASK] = 0
    n[TOP] = 0
    n[RUN] = 0
    q = p + n[DIRECTION]
    if q == len(hands):
        q = 0
    elif q < 0:
        q = len(hands) - 1
    n[ACTOR] = q if n[LIVE] >> q & 1 else next_seat(n, p)
