"""What the deal and a turn's moves do (spec sections 3, 4.2-4.5): the fields and events of
the deal, and the next fields and the events of a draw, a take, a drop, a spread, a hit, an
extra discard and the discard that ends the turn; and whose turn they leave.

Plain functions of the fields, compiled in the compiled build (a playout runs one per
decision). The action families name them as their transitions (`do_draw` in
[`cardkit_tonk.turn`][cardkit_tonk.turn], `do_discard` in [`cardkit_tonk.play`][cardkit_tonk.play]
...), where their legality is; each takes the state as a
[`TonkLike`][cardkit_tonk.protocols.TonkLike] and returns the next one.
"""

from __future__ import annotations

from cardkit import Card, Event
from cardkit.authoring import Setup, cards_of_mask
from cardkit_tonk.actions import Bonus, Discard, Draw, Drop, Hit, Spread, Take, spread_cards
from cardkit_tonk.config import Config
from cardkit_tonk.events import card_events, over, retire, turns
from cardkit_tonk.fields import (
    EMPTY_TABLE,
    MAIN,
    NO_EXTRA,
    NO_TURN,
    OVER,
    RESPONSE,
    SPADES,
    START,
    TAKEN_TURNS,
    Extra,
    Fields,
    Table,
    Turn,
    new_tuple,
)
from cardkit_tonk.payouts import Ending, ending
from cardkit_tonk.protocols import S, TonkLike
from cardkit_tonk.rules import TonkRules
from cardkit_tonk.showdowns import showdown
from cardkit_tonk.spreads import BOOK, accepts_mask

__all__ = [
    "bonus",
    "dealt",
    "discard",
    "draw",
    "drop",
    "enter_turn",
    "hit",
    "spread",
    "take",
    "whose_turn",
]


def whose_turn(state: TonkLike) -> int | None:
    """The seat that must decide now, or ``None`` once the hand is over."""
    f = state.f
    return None if f.phase == OVER else f.seat


def dealt(setup: Setup[TonkRules], c: Config) -> tuple[Fields, tuple[Event, ...]]:
    """The fields and events of the deal (section 3): cards one at a time from the left of
    the dealer, then the upcard."""
    n, size, dealer = c.players, c.dealt, setup.dealer
    cards = setup.deck.cards
    first = (dealer + 1) % n
    at = n * size
    masks = [0] * n
    for k in range(n):
        mask = 0
        i = k
        while i < at:  # the cards dealt to the k-th seat from the dealer's left
            mask |= cards[i].bit
            i += n
        masks[(first + k) % n] = mask
    pile: tuple[Card, ...] = ()
    events = c.deals[dealer]
    if c.upcard:
        upcard = cards[at]
        pile = (upcard,)
        events = c.upcard_deals[dealer][upcard.index]
        at += 1
    phase = START if c.plain_start else SPADES  # plain: no side pot, claim or drop window
    hands = tuple(masks)
    after = new_tuple(
        Fields, (phase, first, hands, at, pile, EMPTY_TABLE, c.no_locks, NO_TURN, NO_EXTRA, None, c)
    )
    return after, events


def enter_turn(
    hands: tuple[int, ...], seat: int, x: Extra
) -> tuple[int, int, Ending | None, list[Event]]:
    """TURN_START(seat): a pending 49 is claimed now; else the seat acts.

    Returns (phase, seat, ending, events).
    """
    if x.pending49 >> seat & 1:
        end = ending("deal_win", len(hands), (seat,), x.dealt_counts, claim="deal_49")
        claim = Event(
            "deal_claim",
            seat,
            cards_of_mask(hands[seat]),
            note="claims a dealt 49 at the first turn:",
            data={"claim": "deal_49", "count": 49},
        )
        return OVER, seat, end, [claim, over("wins on the dealt 49", seat)]
    return START, seat, None, []


# -- the start of a turn (4.2) ---------------------------------------------------------------


def draw(state: S, action: Draw) -> S:
    """Draw the top stock card; from an empty stock, the hand ends in a showdown."""
    _, seat, hands, stock, pile, table, locks, turn, x, _, c = state.f
    if stock >= 52:
        end, events = showdown(hands, c, None)
        drew = Event("draw", seat, note="from the empty stock")
        after = new_tuple(Fields, (OVER, seat, hands, stock, pile, table, locks, turn, x, end, c))
        return state.successor(action, (drew, *events), after)
    held = list(hands)  # cheaper than joining slices around the new hand
    held[seat] |= state.setup.deck.cards[stock].bit
    new_hands = tuple(held)
    fields = (MAIN, seat, new_hands, stock + 1, pile, table, locks, NO_TURN, x, None, c)
    after = new_tuple(Fields, fields)
    return state.successor(action, c.draws[seat], after)


def take(state: S, action: Take) -> S:
    """Take the top discard; the turn remembers it (`take_discard_must_use`...)."""
    _, seat, hands, stock, pile, table, locks, _, x, _, c = state.f
    card = pile[-1]
    held = list(hands)  # cheaper than joining slices around the new hand
    held[seat] |= card.bit
    new_hands = tuple(held)
    turn = TAKEN_TURNS[card.index]
    after = new_tuple(
        Fields, (MAIN, seat, new_hands, stock, pile[:-1], table, locks, turn, x, None, c)
    )
    return state.successor(action, c.takes[seat][card.index], after)


def drop(state: S, action: Drop) -> S:
    """Drop: every hand is shown; the lowest count wins or the dropper is caught."""
    _, seat, hands, stock, pile, table, locks, turn, x, _, c = state.f
    end, events = showdown(hands, c, seat)
    after = new_tuple(Fields, (OVER, seat, hands, stock, pile, table, locks, turn, x, end, c))
    return state.successor(action, events, after)


# -- the main part of a turn (4.3-4.5) ---------------------------------------------------------


def discard(state: S, action: Discard) -> S:
    """Discard: the turn passes on, or the hand ends (run out, stock out)."""
    _, seat, hands, stock, pile, table, locks, turn, x, _, c = state.f
    card = action.card
    hand = hands[seat] ^ card.bit
    held = list(hands)
    held[seat] = hand
    new_hands = tuple(held)
    pile = (*pile, card)
    events = c.discards[seat][card.index]
    if not hand:
        end = ending("run_out", len(hands), (seat,))
        after = new_tuple(
            Fields, (OVER, seat, new_hands, stock, pile, table, locks, turn, x, end, c)
        )
        return state.successor(action, (*events, over("runs out", seat)), after)
    if locks[seat]:
        locks = (*locks[:seat], locks[seat] - 1, *locks[seat + 1 :])
    if stock >= 52 and not c.when_needed:  # Tonk plays the 52 cards
        end, more = showdown(new_hands, c, None)
        after = new_tuple(
            Fields, (OVER, seat, new_hands, stock, pile, table, locks, turn, x, end, c)
        )
        return state.successor(action, (*events, *more), after)
    nxt = seat + 1
    if nxt == len(hands):
        nxt = 0
    if x.pending49:
        phase, nxt, claimed, claims = enter_turn(new_hands, nxt, x)
        after = new_tuple(
            Fields, (phase, nxt, new_hands, stock, pile, table, locks, NO_TURN, x, claimed, c)
        )
        return state.successor(action, (*events, *claims), after)
    after = new_tuple(
        Fields, (START, nxt, new_hands, stock, pile, table, locks, NO_TURN, x, None, c)
    )
    return state.successor(action, events, after)


def bonus(state: S, action: Bonus) -> S:
    """An extra discard: the turn goes on (or the hand ends in a run out)."""
    phase, seat, hands, stock, pile, table, locks, turn, x, end, c = state.f
    card = action.card
    hand = hands[seat] ^ card.bit
    held = list(hands)
    held[seat] = hand
    new_hands = tuple(held)
    turn = turn._replace(bonus=turn.bonus - 1)
    events = card_events("bonus", seat, card)
    pile = (*pile, card)
    if hand:
        after = new_tuple(
            Fields, (phase, seat, new_hands, stock, pile, table, locks, turn, x, end, c)
        )
        return state.successor(action, events, after)
    end = ending("run_out", len(hands), (seat,))
    after = new_tuple(Fields, (OVER, seat, new_hands, stock, pile, table, locks, turn, x, end, c))
    return state.successor(action, (*events, over("runs out", seat)), after)


def spread(state: S, action: Spread) -> S:
    """Lay the spread (a four-card book leaves the table at once)."""
    f = state.f
    seat, mask, table = f.seat, action.cards.mask, f.table
    sid = table.next_id
    laid = f.c.new_spread(sid, seat, mask)
    events: list[Event] = [
        Event(
            "spread",
            seat,
            tuple(spread_cards(mask)),
            note=f"({laid.kind} #{sid})",
            data={"spread": sid, "kind": laid.kind},
        )
    ]
    if laid.book and mask.bit_count() == 4:
        table = Table(table.spreads, (*table.retired, laid), sid + 1)
        events.append(retire(sid, seat))
    else:
        table = Table((*table.spreads, laid), table.retired, sid + 1)
    t = f.turn
    turn = new_tuple(Turn, (t.used + mask.bit_count(), t.hits, t.bonus, t.taken, (*t.touched, sid)))
    return _after_meld(state, action, f.hands[seat] & ~mask, table, f.locks, turn, events)


def hit(state: S, action: Hit) -> S:
    """Hit the spread: a hit on another's spread may lock them and earn a bonus discard."""
    f = state.f
    c, seat, card, table = f.c, f.seat, action.card, f.table
    spreads = list(table.spreads)
    i = next(k for k, s in enumerate(spreads) if s.id == action.spread)
    old = spreads[i]
    mask = old.mask | card.bit
    events: list[Event] = [
        Event(
            "hit",
            seat,
            (card,),
            note=f"on #{old.id} of seat {old.owner + 1}",
            data={"spread": old.id, "owner": old.owner},
        )
    ]
    locks, extra = f.locks, f.turn.bonus
    if old.owner != seat:
        if c.lock:
            owner = old.owner
            locks = (*locks[:owner], locks[owner] + c.lock, *locks[owner + 1 :])
            note = f"may not drop for {turns(locks[owner])}"
            events.append(Event("lock", owner, note=note, data={"lock": locks[owner]}))
        if c.per_hit:
            extra += 1
    if old.book and mask.bit_count() == 4:
        del spreads[i]
        retired = (*table.retired, old._replace(mask=mask, accepts=0))
        events.append(retire(old.id, old.owner))
        table = Table(tuple(spreads), retired, table.next_id)
    else:
        kind = BOOK if old.book else c.run
        spreads[i] = old._replace(mask=mask, accepts=accepts_mask(kind, mask, old.book))
        table = Table(tuple(spreads), table.retired, table.next_id)
    t = f.turn
    turn = new_tuple(Turn, (t.used + 1, t.hits + 1, extra, t.taken, (*t.touched, old.id)))
    return _after_meld(state, action, f.hands[seat] ^ card.bit, table, locks, turn, events)


def _after_meld(
    state: S,
    action: Spread | Hit,
    hand: int,
    table: Table,
    locks: tuple[int, ...],
    turn: Turn,
    events: list[Event],
) -> S:
    """The state after a spread or hit: the turn goes on, or the seat has tonked out."""
    phase, seat, hands, stock, pile, _, _, _, x, end, c = state.f
    held = list(hands)
    held[seat] = hand
    new_hands = tuple(held)
    if hand:
        after = new_tuple(
            Fields, (phase, seat, new_hands, stock, pile, table, locks, turn, x, end, c)
        )
        return state.successor(action, events, after)
    n = len(hands)
    full = turn.used >= c.dealt + 1
    end = ending("tonk_out", n, (seat,), tonker=seat, full_tonk=full)
    phrase = "tonks out" if full or not c.rules.six_card_tonk else "goes out with zero"
    events.append(Event("tonk_out", seat, note=phrase + "!"))
    if c.rules.double_double != "off" and n == 2:
        after = new_tuple(
            Fields, (RESPONSE, 1 - seat, new_hands, stock, pile, table, locks, turn, x, end, c)
        )
        return state.successor(action, events, after)
    events.append(over(phrase, seat))
    after = new_tuple(Fields, (OVER, seat, new_hands, stock, pile, table, locks, turn, x, end, c))
    return state.successor(action, events, after)
