"""The Palace game: deal, exchange, turns, windows, and the end of the game.

The state machine follows section 4 of the rules spec::

    DEAL -> EXCHANGE (seat by seat: swap* then ready) -> TURN(starter)
    TURN(p): hand / face-up source -> play | pickup;  face-down source -> flip
    after a play -> RESOLVE -> [p plays again] | WINDOW -> TURN(next player)
    GAME_OVER when at most one player still holds cards

The windows between turns are their own phases, each asking exactly one
seat (``state.to_act``): ``add`` (the player who just played may add a
just-drawn card of the same rank) and ``complete`` (the one player holding
the cards missing from a four of a kind may complete it out of turn).
Windows are private (rules 4.5): every view but the asked seat's, and every
event, is what it would be with no window open; a declined window records
no event; and the next player's action (``apply_as``) declines it first.

A state is immutable. Internally it keeps a small record of ints, bit masks
(one bit per card, as in [`cardkit.CardSet`][cardkit.cardset.CardSet]) and tuples, and every
move copies that record once; there is no pydantic and no hook dispatch in
the move loop.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from cardkit import (
    Action,
    Card,
    CardSet,
    Event,
    Game,
    GameResult,
    GameState,
    IllegalAction,
    InvalidState,
    Rank,
    Setup,
    Variant,
)
from cardkit.cardset import cards_of_mask, ranks_present
from cardkit.orders import CardOrder, RankOrder, SuitOrder
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
    parse_palace_action,
)
from cardkit_palace.effects import PalaceTables, build_tables, rank_mask
from cardkit_palace.rules import (
    BurnRule,
    EndCondition,
    FirstPlayerRule,
    NextDealer,
    PalaceRules,
)
from cardkit_palace.views import PalaceView

__all__ = ["PHASES", "PalaceGame", "PalaceState", "PalaceView"]

# -- phases -------------------------------------------------------------------

EXCHANGE: Final = 0
TURN: Final = 1
ADD: Final = 2
COMPLETE: Final = 3
OVER: Final = 4
#: The phase names, as ``state.phase`` and snapshots show them.
PHASES: Final = ("exchange", "turn", "add", "complete", "over")
#: The phase names as every view shows them (windows are told only to the seat asked).
_PUBLIC_PHASES: Final = ("exchange", "play", "play", "play", "over")

# Action kinds (see cardkit_palace.actions).
_SWAP, _READY, _PLAY, _PICKUP, _FLIP, _ADD, _COMPLETE, _DECLINE = range(8)

_CARDS: Final = Card._by_index
_RANK_MASK: Final = tuple(rank_mask(r) if r >= 2 else 0 for r in range(15))
#: By rank offset 0-12 (rank - 2): the four cards of that rank.
_RANK_MASK_BY_OFFSET: Final = tuple(rank_mask(o + 2) for o in range(13))
_FULL: Final = (1 << 52) - 1


_cards_of: Final = cards_of_mask
_ranks_present: Final = ranks_present


def _submasks(mask: int) -> list[int]:
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
    for _sub in _submasks(_RANK_MASK_BY_OFFSET[_offset]):
        _PLAYS_OF[_sub] = tuple(Play.of(m) for m in _submasks(_sub))
        _ADDS_OF[_sub] = tuple(Add.of(m) for m in _submasks(_sub))
_PILE_CARDS: Final = {m: _cards_of(m) for m in _PLAYS_OF}
_FLIPS: Final = tuple(Flip.of(i) for i in range(1, 7))
_ADD_ACTIONS: Final = {m: (*adds, DECLINE) for m, adds in _ADDS_OF.items()}


class _FlipsOf(dict[tuple[int, ...], tuple[PalaceAction, ...]]):
    """The flips of a face-down row (card index or -1 by position), computed once per row."""

    def __missing__(self, row: tuple[int, ...]) -> tuple[PalaceAction, ...]:
        flips = tuple(_FLIPS[i] for i, d in enumerate(row) if d >= 0)
        self[row] = flips
        return flips


_FLIPS_OF: Final = _FlipsOf()
#: The legal actions of a turn, keyed by the playable cards and two flags (see legal_actions).
_TURN_ACTIONS: dict[int, tuple[PalaceAction, ...]] = {}


_LOW_RANKS: Final = sum(_RANK_MASK_BY_OFFSET[o] for o in range(7))  # 2 to 8
_HIGH_RANKS: Final = sum(_RANK_MASK_BY_OFFSET[o] for o in range(7, 13))  # 9 to A
#: The plays of the cards of one half of the ranks, keyed by those cards.
_HALF_PLAYS: dict[int, tuple[PalaceAction, ...]] = {}


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
        _HALF_PLAYS[cards] = plays
    return plays


def _turn_actions(playable: int, pile: bool, voluntary: bool) -> tuple[PalaceAction, ...]:
    """Every play of ``playable`` cards (one rank at a time), then ``pickup`` if legal."""
    plays = _plays_of(playable & _LOW_RANKS) + _plays_of(playable & _HIGH_RANKS)
    if pile and (not plays or voluntary):
        plays += (PICKUP,)
    return plays


# -- cheap, interned events ---------------------------------------------------

_EVENTS: dict[tuple[Any, ...], Event] = {}


def _event(kind: str, seat: int | None, mask: int = 0, count: int | None = None) -> Event:
    """An interned event (events are immutable; the same fact is the same object)."""
    key = (kind, seat, mask, count)
    event = _EVENTS.get(key)
    if event is None:
        event = _EVENTS[key] = Event(kind, seat, _cards_of(mask), count)
    return event


_PLAY_EVENTS: dict[int, Event] = {}
_COUNT_EVENTS: dict[int, Event] = {}


def _play_event(seat: int, mask: int) -> Event:
    """The interned ``play`` event (the hot path: one int key)."""
    event = _PLAY_EVENTS.get(mask << 3 | seat)
    if event is None:
        event = _PLAY_EVENTS[mask << 3 | seat] = Event("play", seat, _cards_of(mask))
    return event


def _draw_event(seat: int, count: int) -> Event:
    key = count << 4 | seat
    event = _COUNT_EVENTS.get(key)
    if event is None:
        event = _COUNT_EVENTS[key] = Event("draw", seat, count=count)
    return event


def _burn_event(seat: int, count: int) -> Event:
    key = count << 4 | 8 | seat
    event = _COUNT_EVENTS.get(key)
    if event is None:
        event = _COUNT_EVENTS[key] = Event("burn", seat, count=count)
    return event


def _swap_event(seat: int, hand_card: Card, up_card: Card) -> Event:
    key = ("swap", seat, hand_card.index, up_card.index)
    event = _EVENTS.get(key)
    if event is None:
        # The first card leaves the hand and goes face up; the second comes to the hand.
        event = _EVENTS[key] = Event("swap", seat, (hand_card, up_card))
    return event


def _flip_event(seat: int, card: Card, position: int) -> Event:
    key = ("flip", seat, card.index, position)
    event = _EVENTS.get(key)
    if event is None:
        event = _EVENTS[key] = Event(
            "flip", seat, (card,), note=f"face-down card {position}", data={"position": position}
        )
    return event


def _reverse_event(seat: int, direction: int) -> Event:
    key = ("reverse", seat, -1, direction)
    event = _EVENTS.get(key)
    if event is None:
        way = "clockwise" if direction > 0 else "counter-clockwise"
        note = f"the order of play (now {way})"
        event = _EVENTS[key] = Event("reverse", seat, note=note, data={"direction": direction})
    return event


def _lead_event(seat: int) -> Event:
    key = ("lead", seat, -1, None)
    event = _EVENTS.get(key)
    if event is None:
        event = _EVENTS[key] = Event("lead", seat, note="the first pile")
    return event


def _place_event(kind: str, seat: int, place: int) -> Event:
    key = (kind, seat, -1, place)
    event = _EVENTS.get(key)
    if event is None:
        nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")
        note = f"{nth}" if kind == "finish" else f"as the last player holding cards ({nth})"
        event = _EVENTS[key] = Event(kind, seat, note=note, data={"place": place})
    return event


# -- the per-game context and the internal record -------------------------------


class _Ctx:
    """Everything fixed for one game: setup, options and the resolved hook tables."""

    __slots__ = (
        "across",
        "add_on",
        "again",
        "bits",
        "burn",
        "burn_next",
        "completion",
        "dealer",
        "first_out",
        "game",
        "legal",
        "mixed",
        "must_lowest",
        "players",
        "reverses",
        "rules",
        "setup",
        "skip",
        "tables",
        "voluntary",
        "zone",
    )

    def __init__(self, game: PalaceGame, setup: Setup, tables: PalaceTables) -> None:
        rules = setup.rules
        assert isinstance(rules, PalaceRules)
        self.game = game
        self.rules = rules
        self.setup = setup
        self.tables = tables
        self.players = setup.players
        self.dealer = setup.dealer
        self.zone = rules.zone_size
        self.bits = tuple(card.bit for card in setup.deck.cards)
        self.legal = tables.legal_cards
        self.burn = tables.burn
        self.again = tables.again
        self.skip = tables.skip
        self.reverses = tables.reverses
        self.across = rules.four_of_a_kind_across_plays
        self.completion = rules.out_of_turn_completion and self.across
        self.add_on = rules.add_drawn_match
        self.burn_next = rules.burn_rule == BurnRule.NEXT_PLAYER
        self.voluntary = rules.allow_voluntary_pickup
        self.mixed = rules.allow_mixed_source_play
        self.first_out = rules.end_condition == EndCondition.FIRST_OUT_WINS
        self.must_lowest = (
            rules.first_play_must_include_lowest
            and rules.first_player_rule == FirstPlayerRule.LOWEST_IN_HAND
        )


#: The pile as a persistent linked list of plays: ``(rest of the pile, cards of the top play)``.
_Pile = tuple[Any, tuple[Card, ...]] | None


class _Core:
    """The mutable record behind one immutable state; never changed once wrapped."""

    __slots__ = (
        "actor",
        "add",
        "again",
        "burned",
        "direction",
        "downs",
        "hands",
        "live",
        "moved",
        "moves",
        "must",
        "need",
        "opener",
        "out",
        "phase",
        "pile",
        "pmask",
        "readied",
        "run",
        "skip",
        "starter",
        "stock",
        "top",
        "ups",
    )

    phase: int  # EXCHANGE, TURN, ADD, COMPLETE or OVER
    actor: int  # the seat to act (-1 once over)
    hands: list[int]  # card masks by seat
    ups: list[int]  # face-up card masks by seat
    downs: list[tuple[int, ...]]  # face-down card index by seat and position, -1 if gone
    stock: int  # deck index of the next stock card (the stock is deck[stock:])
    pile: _Pile  # the plays on the pile, as a linked list from the top (None: empty)
    pmask: int  # the pile's cards as a mask
    top: int  # the top card's rank (2-14), 0 for an empty pile
    run: int  # how many cards of rank `top` lie consecutively on top
    burned: int  # the burned cards as a mask
    out: tuple[int, ...]  # finishing order so far (the loser is appended at the end)
    live: int  # bit mask of the seats still holding cards
    opener: int  # the seat whose play opened the current window
    add: int  # ADD phase: the drawn cards that may be added
    again: bool  # the opener plays again after the window (a 2)
    skip: int  # players skipped after the window (house rules)
    need: int  # COMPLETE phase: the cards that complete the four of a kind
    must: int  # the rank the first play must include (0: none)
    readied: int  # EXCHANGE phase: seats that said ready
    starter: int  # the seat that started the first pile (-1 during the exchange)
    moved: int  # EXCHANGE phase: the cards the seat exchanging has moved by its swaps
    moves: int  # actions played
    direction: int  # 1: clockwise (the deal's order), -1: reversed (house rules)

    def pile_cards(self) -> tuple[Card, ...]:
        """The pile's cards, bottom to top."""
        chunks = []
        node = self.pile
        while node is not None:
            chunks.append(node[1])
            node = node[0]
        return tuple(card for chunk in reversed(chunks) for card in chunk)

    def clone(self) -> _Core:
        new = _Core.__new__(_Core)
        new.phase = self.phase
        new.actor = self.actor
        new.hands = self.hands.copy()
        new.ups = self.ups.copy()
        new.downs = self.downs
        new.stock = self.stock
        new.pile = self.pile
        new.pmask = self.pmask
        new.top = self.top
        new.run = self.run
        new.burned = self.burned
        new.out = self.out
        new.live = self.live
        new.opener = self.opener
        new.add = self.add
        new.again = self.again
        new.skip = self.skip
        new.need = self.need
        new.must = self.must
        new.readied = self.readied
        new.starter = self.starter
        new.moved = self.moved
        new.moves = self.moves + 1
        new.direction = self.direction
        return new


_new_state = object.__new__
_set = object.__setattr__


def _wrap(ctx: _Ctx, core: _Core, log: Any) -> PalaceState:
    state: PalaceState = _new_state(PalaceState)
    _set(state, "_log", log)
    _set(state, "_c", core)
    _set(state, "_x", ctx)
    return state


# -- transitions (on a fresh clone) ---------------------------------------------


def _next_seat(x: _Ctx, c: _Core, seat: int, skip: int = 0) -> int:
    """The next seat in the order of play after ``seat`` still holding cards, skipping ``skip``."""
    players = x.players
    live = c.live
    step = c.direction
    for _ in range(players * (skip + 1)):
        seat = (seat + step) % players
        if live >> seat & 1:
            if not skip:
                return seat
            skip -= 1
    return seat  # unreachable while two or more seats hold cards


def _finish(x: _Ctx, c: _Core, events: list[Event]) -> None:
    c.phase = OVER
    c.actor = -1
    if x.first_out:
        events.append(_event("win", c.out[0]))
        events.append(_event("game_over", None))
        return
    if c.live:
        loser = c.live.bit_length() - 1
        c.out = (*c.out, loser)
        events.append(_place_event("lose", loser, len(c.out)))
        events.append(_event("game_over", None))
    else:  # cannot happen with one deck, kept for safety
        events.append(_event("game_over", None))


def _resolve(
    x: _Ctx, c: _Core, p: int, mask: int, rank: int, count: int, events: list[Event]
) -> None:
    """RESOLVE(p, cards): the cards are already out of p's zones; put them on the pile."""
    pile_cards = _PILE_CARDS.get(mask)
    c.pile = (c.pile, pile_cards if pile_cards is not None else _cards_of(mask))
    c.pmask |= mask
    if x.reverses[rank]:
        c.direction = -c.direction
        events.append(_reverse_event(p, c.direction))
    run = c.run + count if rank == c.top else count
    c.top = rank
    c.run = run
    burned = False
    if x.burn[rank] or (run >= 4 if x.across else count >= 4):
        events.append(_burn_event(p, c.pmask.bit_count()))
        c.burned |= c.pmask
        c.pile = None
        c.pmask = 0
        c.top = 0
        c.run = 0
        burned = True
    # Refill to zone_size from the stock.
    hand = c.hands[p]
    drawn = 0
    stock = c.stock
    if stock < 52:
        missing = x.zone - hand.bit_count()
        if missing > 0:
            end = stock + missing
            if end > 52:
                end = 52
            bits = x.bits
            for i in range(stock, end):
                drawn |= bits[i]
            events.append(_draw_event(p, end - stock))
            c.stock = end
            c.hands[p] = hand = hand | drawn
    # Out check.
    is_out = False
    if not hand and not c.ups[p] and not any(d >= 0 for d in c.downs[p]):
        live = c.live & ~(1 << p)
        c.live = live
        c.out = (*c.out, p)
        events.append(_place_event("finish", p, len(c.out)))
        if x.first_out or not live & (live - 1):
            _finish(x, c, events)
            return
        is_out = True
    # Continuation.
    if burned:
        c.phase = TURN
        c.actor = p if not (is_out or x.burn_next) else _next_seat(x, c, p)
        return
    again = x.again[rank] and not is_out
    if not again and not is_out and x.add_on:
        match = drawn & _RANK_MASK[rank]
        if match:
            c.opener = p
            c.again = False
            c.skip = x.skip[rank]
            c.add = match
            c.phase = ADD
            c.actor = p
            return
    if x.completion:
        free = _RANK_MASK[rank] & ~(c.pmask | c.burned)
        if free and free.bit_count() == 4 - run:
            c.opener = p
            c.again = again
            c.skip = x.skip[rank]
            _completion_window(x, c)
            return
    # No window: the next turn (the hot path, inlined from _end_window).
    c.phase = TURN
    if again:
        c.actor = p
        return
    skip = x.skip[rank]
    q = p + c.direction
    if q == x.players:
        q = 0
    elif q < 0:
        q = x.players - 1
    c.actor = q if c.live >> q & 1 and not skip else _next_seat(x, c, p, skip)


def _completion_window(x: _Ctx, c: _Core) -> None:
    """Window (b): ask the one seat holding the rest of the top rank, if any."""
    top = c.top
    if x.completion and top:
        free = _RANK_MASK[top] & ~(c.pmask | c.burned)
        if free and free.bit_count() == 4 - c.run:
            players = x.players
            live = c.live
            hands = c.hands
            ups = c.ups
            q = c.opener
            for _ in range(players - 1):
                q = q + 1 if q + 1 < players else 0
                if live >> q & 1:
                    source = hands[q] or ups[q]
                    if source & free == free:
                        c.phase = COMPLETE
                        c.actor = q
                        c.need = free
                        return
    _end_window(x, c)


def _end_window(x: _Ctx, c: _Core) -> None:
    c.phase = TURN
    c.need = 0
    c.add = 0
    c.actor = c.opener if c.again else _next_seat(x, c, c.opener, c.skip)


def _pick_up(x: _Ctx, c: _Core, p: int, extra: int, events: list[Event]) -> None:
    """The pile (and ``extra`` cards) go into p's hand; the next player starts a new pile."""
    events.append(_event("pickup", p, count=(c.pmask | extra).bit_count()))
    c.hands[p] |= c.pmask | extra
    c.pile = None
    c.pmask = 0
    c.top = 0
    c.run = 0
    c.actor = _next_seat(x, c, p)


def _latest_events(log: Any) -> tuple[Event, ...]:
    """The events of the latest transition that had any (declined windows have none)."""
    while log is not None and not log[2]:
        log = log[0]
    return () if log is None else log[2]


def _starter(x: _Ctx, c: _Core) -> tuple[int, int]:
    """Who starts the first pile, and the rank that made them the starter (0: none)."""
    rule = x.rules.first_player_rule
    first = (x.dealer + 1) % x.players
    if rule == FirstPlayerRule.LEFT_OF_DEALER:
        return first, 0
    zones = c.hands if rule == FirstPlayerRule.LOWEST_IN_HAND else c.ups
    best_seat, best_rank = first, 0
    ranked = _FULL & ~(_RANK_MASK[2] | _RANK_MASK[10])
    for k in range(x.players):
        seat = (first + k) % x.players
        present = _ranks_present(zones[seat] & ranked)
        if present:
            rank = (present & -present).bit_length() + 1
            if not best_rank or rank < best_rank:
                best_seat, best_rank = seat, rank
    return best_seat, best_rank


# -- the state ------------------------------------------------------------------------


class PalaceState(GameState):
    """One position of a Palace game (immutable; `apply` returns a new state)."""

    __slots__ = ("_c", "_x")

    _c: _Core
    _x: _Ctx

    # ``game`` and ``setup`` are read from the per-game context rather than
    # stored in every state: two fewer slots to fill per move.
    @property
    def game(self) -> Game[Any, Any]:
        """The game this state belongs to."""
        return self._x.game

    @game.setter
    def game(self, value: Game[Any, Any]) -> None:
        raise AttributeError("PalaceState is immutable; apply() returns a new state")

    @property
    def setup(self) -> Setup:
        """Everything the game started from (players, rules, deck, dealer, seed)."""
        return self._x.setup

    @setup.setter
    def setup(self, value: Setup) -> None:
        raise AttributeError("PalaceState is immutable; apply() returns a new state")

    # -- the contract --------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat asked to decide: the player whose turn it is, the player in
        the exchange, or the one seat a window asks; ``None`` once over."""
        actor = self._c.actor
        return None if actor < 0 else actor

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._c.phase == OVER

    @property
    def phase(self) -> str:
        """``"exchange"``, ``"turn"``, ``"add"``, ``"complete"`` or ``"over"``."""
        return PHASES[self._c.phase]

    def legal_actions(self) -> tuple[PalaceAction, ...]:
        """Exactly the legal actions of the seat to act, in a stable order.

        Plays come by rank (low to high), each rank's card subsets smallest
        first; ``pickup`` comes last. The result is an immutable tuple,
        shared between states that allow the same actions.
        """
        c = self._c
        phase = c.phase
        if phase == TURN:
            p = c.actor
            source = c.hands[p]
            from_hand = True
            if not source:
                source = c.ups[p]
                from_hand = False
                if not source:
                    return _FLIPS_OF[c.downs[p]]
            x = self._x
            playable = source & x.legal[c.top]
            if c.must:
                playable &= _RANK_MASK[c.must]
            if x.mixed and from_hand and c.stock >= 52:
                return self._with_mixed_plays(p, playable)
            key = playable | (bool(c.pmask) << 60) | (x.voluntary << 61)
            cached = _TURN_ACTIONS.get(key)
            if cached is None:
                cached = _turn_actions(playable, bool(c.pmask), x.voluntary)
                if len(_TURN_ACTIONS) > 50_000:
                    _TURN_ACTIONS.clear()
                _TURN_ACTIONS[key] = cached
            return cached
        if phase == ADD:
            return _ADD_ACTIONS[c.add]
        if phase == COMPLETE:
            return (Complete.of(c.need), DECLINE)
        if phase == EXCHANGE:
            # A card a swap has moved is not swapped again (rules 3.3).
            p = c.actor
            hand = _cards_of(c.hands[p] & ~c.moved)
            ups = _cards_of(c.ups[p] & ~c.moved)
            return (*(Swap.of(h, u) for h in hand for u in ups), READY)
        return ()

    def _with_mixed_plays(self, p: int, playable: int) -> tuple[PalaceAction, ...]:
        """allow_mixed_source_play, stock gone: also the whole hand plus face-up cards."""
        c = self._c
        plain = _turn_actions(playable, False, False)
        hand = c.hands[p]
        mixed: list[PalaceAction] = []
        if hand == playable and _ranks_present(hand).bit_count() == 1:
            extra = c.ups[p] & _RANK_MASK_BY_OFFSET[_ranks_present(hand).bit_length() - 1]
            mixed = [Play.of(hand | sub) for sub in _submasks(extra)]
        pickup = (PICKUP,) if c.pmask and (not (plain or mixed) or self._x.voluntary) else ()
        return (*plain, *mixed, *pickup)

    def parse_action(self, text: str) -> PalaceAction:
        """Read an action's text (see `cardkit_palace.actions` for the forms).

        Raises:
            IllegalAction: code ``"unparsable"``, listing the forms.
        """
        return parse_palace_action(text)

    def _apply(self, action: Action) -> PalaceState:
        return self.apply(action)

    def apply(self, action: Action | str) -> PalaceState:
        """The state after ``action`` (an action of `cardkit_palace.actions`, or its text).

        Raises:
            IllegalAction: the action is not legal now (its ``code`` says why,
                the message lists the legal actions); ``self`` is unchanged.
        """
        if isinstance(action, str):
            action = parse_palace_action(action)
        c = self._c
        x = self._x
        kind = action.kind if isinstance(action, PalaceAction) else -1
        phase = c.phase
        if phase == TURN:
            p = c.actor
            if kind == _PLAY:
                assert isinstance(action, Play)
                mask = action.mask
                rank = action.rank
                hand = c.hands[p]
                ups = c.ups[p]
                source = hand or ups
                if not source:
                    raise self._illegal(
                        "must_flip",
                        action,
                        "your hand and face-up cards are gone: flip a face-down card",
                    )
                if mask & ~source and not (
                    x.mixed
                    and hand
                    and c.stock >= 52
                    and not hand & ~mask
                    and not mask & ~(hand | ups)
                ):
                    raise self._not_held(action, p)
                if not rank:
                    raise self._illegal("mixed_ranks", action, "a play is cards of one rank")
                if mask & ~x.legal[c.top]:
                    raise self._illegal("too_low", action, self._too_low(rank))
                if c.must and rank != c.must:
                    raise self._illegal(
                        "must_include_lowest",
                        action,
                        f"the first play must include a {Rank(c.must).code}, "
                        "the rank that made you the starter",
                    )
                n = c.clone()
                event = _PLAY_EVENTS.get(mask << 3 | p)
                events: list[Event] = [event if event is not None else _play_event(p, mask)]
                n.hands[p] = hand & ~mask
                if mask & ups:
                    n.ups[p] = ups & ~mask
                n.must = 0
                _resolve(x, n, p, mask, rank, mask.bit_count(), events)
                return _wrap(x, n, (self._log, action, tuple(events)))
            if kind == _PICKUP:
                if not c.pmask:
                    raise self._illegal("empty_pile", action, "there is no pile to pick up")
                source = c.hands[p] or c.ups[p]
                if not source:
                    raise self._illegal(
                        "must_flip", action, "with only face-down cards left you flip one"
                    )
                if source & x.legal[c.top] and not x.voluntary:
                    raise self._illegal(
                        "can_play", action, "you can only pick up the pile when you cannot play"
                    )
                n = c.clone()
                events = []
                _pick_up(x, n, p, 0, events)
                return _wrap(x, n, (self._log, action, tuple(events)))
            if kind == _FLIP:
                assert isinstance(action, Flip)
                if c.hands[p] or c.ups[p]:
                    raise self._illegal(
                        "not_face_down_stage",
                        action,
                        "face-down cards are flipped only when your hand and face-up cards "
                        "are gone",
                    )
                downs = c.downs[p]
                i = action.position - 1
                if i >= len(downs) or downs[i] < 0:
                    raise self._illegal(
                        "no_such_card", action, f"there is no face-down card {i + 1}"
                    )
                card = _CARDS[downs[i]]
                n = c.clone()
                n.downs = c.downs.copy()
                n.downs[p] = (*downs[:i], -1, *downs[i + 1 :])
                events = [_flip_event(p, card, i + 1)]
                assert card.rank is not None
                if card.bit & x.legal[c.top]:
                    _resolve(x, n, p, card.bit, int(card.rank), 1, events)
                else:
                    _pick_up(x, n, p, card.bit, events)
                return _wrap(x, n, (self._log, action, tuple(events)))
        elif phase == ADD:
            if kind == _ADD:
                assert isinstance(action, Add)
                mask = action.mask
                if mask & ~c.add or not mask:
                    raise self._illegal(
                        "not_addable",
                        action,
                        "only cards drawn in the last refill, of the rank just played, "
                        "may be added",
                    )
                p = c.actor
                n = c.clone()
                n.hands[p] &= ~mask
                n.add = 0
                events = [_event("add", p, mask)]
                _resolve(x, n, p, mask, action.rank, mask.bit_count(), events)
                return _wrap(x, n, (self._log, action, tuple(events)))
            if kind == _DECLINE:
                n = c.clone()
                n.add = 0
                _completion_window(x, n)
                return _wrap(x, n, (self._log, action, ()))  # a declined window leaves no trace
        elif phase == COMPLETE:
            if kind == _COMPLETE:
                assert isinstance(action, Complete)
                if action.mask != c.need:
                    raise self._illegal(
                        "not_completing",
                        action,
                        "complete with exactly the cards missing from the four of a kind",
                    )
                q = c.actor
                mask = c.need
                n = c.clone()
                if c.hands[q] & mask == mask:
                    n.hands[q] &= ~mask
                else:
                    n.ups[q] &= ~mask
                n.need = 0
                events = [_event("complete", q, mask)]
                _resolve(x, n, q, mask, c.top, mask.bit_count(), events)
                return _wrap(x, n, (self._log, action, tuple(events)))
            if kind == _DECLINE:
                n = c.clone()
                _end_window(x, n)
                return _wrap(x, n, (self._log, action, ()))  # a declined window leaves no trace
        elif phase == EXCHANGE:
            swapped = self._apply_exchange(action, kind)
            if swapped is not None:
                return swapped
        else:
            raise IllegalAction("game_over", "the game is over", action=action)
        if kind < 0:
            raise IllegalAction(
                "unparsable",
                f"{action!r} is not a Palace action; use state.legal_actions() or action text",
                action=action,
                allowed=[str(a) for a in self.legal_actions()],
            )
        raise self._illegal(
            "wrong_phase",
            action,
            f"{type(action).__name__.lower()} is not an action of the {PHASES[phase]} phase",
        )

    def _apply_exchange(self, action: Action, kind: int) -> PalaceState | None:
        """A ``swap`` or ``ready`` in the exchange; ``None`` for any other action."""
        c = self._c
        x = self._x
        p = c.actor
        if kind == _SWAP:
            assert isinstance(action, Swap)
            h = action.hand_card.bit
            u = action.up_card.bit
            if not c.hands[p] & h or not c.ups[p] & u:
                raise self._illegal(
                    "not_swappable",
                    action,
                    "swap one of your hand cards with one of your face-up cards (hand card first)",
                )
            if (h | u) & c.moved:
                moved = " and ".join(
                    card.code for card in (action.hand_card, action.up_card) if card.bit & c.moved
                )
                raise self._illegal(
                    "already_swapped",
                    action,
                    f"{moved} moved in an earlier swap and may not be swapped again in "
                    "this exchange (swap cards that have not moved yet, or say ready)",
                )
            n = c.clone()
            n.hands[p] = (c.hands[p] ^ h) | u
            n.ups[p] = (c.ups[p] ^ u) | h
            n.moved = c.moved | h | u
            return _wrap(
                x,
                n,
                (self._log, action, (_swap_event(p, action.hand_card, action.up_card),)),
            )
        if kind == _READY:
            n = c.clone()
            n.readied += 1
            n.moved = 0
            events = [_event("ready", p)]
            if n.readied < x.players:
                n.actor = (x.dealer + 1 + n.readied) % x.players
            else:
                starter, rank = _starter(x, n)
                n.phase = TURN
                n.actor = starter
                n.starter = starter
                n.must = rank if x.must_lowest else 0
                events.append(_lead_event(starter))
            return _wrap(x, n, (self._log, action, tuple(events)))
        return None

    def apply_as(self, seat: int, action: Action | str) -> PalaceState:
        """Apply ``action`` on behalf of ``seat``, refusing it if ``seat`` may not act now.

        For apps that take moves from several players. The seat a window
        asks acts in its window. The next player, whom every other view
        shows to act while a window is open, may act too: its
        action declines the open windows first (as ``decline`` actions in
        the history, with no event), then applies. Any other seat gets
        `IllegalAction` with code ``"not_your_turn"`` and a message that
        names only the seat shown to act (never the seat a window asks, and
        no legal actions). Otherwise the same as [apply][cardkit_palace.game.PalaceState.apply].

        Raises:
            IllegalAction: ``seat`` may not act now, or the action is illegal
                (nothing is declined then).
        """
        c = self._c
        if isinstance(action, str):
            action = parse_palace_action(action)
        if c.phase not in (ADD, COMPLETE):
            if seat == c.actor:
                return self.apply(action)
            raise self._not_your_turn(seat, action, c.actor)
        public = self._public_core().actor
        kind = action.kind if isinstance(action, PalaceAction) else -1
        asked_action = kind in ((_ADD, _DECLINE) if c.phase == ADD else (_COMPLETE, _DECLINE))
        if seat == c.actor and (asked_action or seat != public):
            return self.apply(action)
        if seat != public:
            raise self._not_your_turn(seat, action, public)
        state = self
        while state._c.phase in (ADD, COMPLETE) and not (state._c.actor == seat and asked_action):
            state = state.apply(DECLINE)
        return state.apply(action)

    def shown_to_act(self, seat: int | None) -> int | None:
        """The seat ``view(seat).to_act`` names: windows are private (rules 4.5).

        The seat a window asks is shown itself; every other seat, and a
        spectator, the player who acts once the open windows are declined.
        """
        c = self._c
        if c.phase in (ADD, COMPLETE) and seat != c.actor:
            actor = self._public_core().actor
        else:
            actor = c.actor
        return None if actor < 0 else actor

    def _not_your_turn(self, seat: int, action: Action, shown: int) -> IllegalAction:
        who = "the game is over" if shown < 0 else f"seat {shown} is to act"
        return IllegalAction("not_your_turn", f"seat {seat} may not act now: {who}", action=action)

    def _public_core(self) -> _Core:
        """The record as every seat but the one asked sees it: every open window declined."""
        c = self._c
        if c.phase not in (ADD, COMPLETE):
            return c
        n = c.clone()
        n.moves = c.moves
        _end_window(self._x, n)
        return n

    # -- error helpers -------------------------------------------------------------------

    def _illegal(self, code: str, action: Action, message: str) -> IllegalAction:
        seat = self._c.actor
        return IllegalAction(
            code,
            f"{action} is illegal for seat {seat}: {message}",
            action=action,
            allowed=[str(a) for a in self.legal_actions()],
        )

    def _too_low(self, rank: int) -> str:
        top = self._c.top
        allowed = self._x.tables.follow[Rank(top)]
        names = " ".join(r.code for r in sorted(allowed))
        return f"a {Rank(rank).code} may not be played on a {Rank(top).code}; allowed: {names}"

    def _not_held(self, action: Play, p: int) -> IllegalAction:
        c = self._c
        stray = action.mask & ~(c.hands[p] or c.ups[p])
        if c.hands[p] and stray & c.ups[p] and not stray & ~c.ups[p]:
            return self._illegal(
                "face_up_not_active",
                action,
                "face-up cards are played only once your hand is empty",
            )
        # Only public cards (face up) may be placed; never say who holds a hidden card.
        for seat in range(self.players):
            if seat != p and stray & c.ups[seat] and not stray & ~c.ups[seat]:
                return self._illegal(
                    "not_your_turn",
                    action,
                    f"those are seat {seat}'s face-up cards, and seat {p} is to act",
                )
        return self._illegal(
            "not_held",
            action,
            "you may only play cards of your active source "
            + ("(your hand)" if c.hands[p] else "(your face-up cards)"),
        )

    # -- results, views, saves ----------------------------------------------------------

    def result(self) -> GameResult:
        """The finishing order, the loser and the winners.

        With the default ``end_condition``, ``order`` lists every seat in the
        order they went out, the loser (the last player holding cards) last;
        ``losers`` is that player and ``winners`` everyone else (the object of
        the game is not to be last). With ``first_out_wins``, ``order`` and
        ``winners`` hold the first player out only, and there is no loser.

        Raises:
            InvalidState: the game is not over yet.
        """
        c = self._c
        if c.phase != OVER:
            raise InvalidState("the game is not over yet; result() needs a finished game")
        players = self.players
        if self._x.first_out:
            winner = c.out[0]
            return GameResult(
                reason="first_out",
                players=players,
                order=[winner],
                winners=[winner],
                actions=c.moves,
                details={"burned": c.burned.bit_count()},
            )
        order = list(c.out)
        loser = order[-1]
        return GameResult(
            reason="last_with_cards",
            players=players,
            order=order,
            winners=[s for s in order if s != loser],
            losers=[loser],
            actions=c.moves,
            details={"burned": c.burned.bit_count()},
        )

    def view(self, seat: int | None = None) -> PalaceView:
        """What ``seat`` may know (``None``: a spectator). Never a face-down card.

        Windows are private (rules 4.5): only the seat a window asks sees it;
        every other view is the view with every open window declined, the
        next player shown to act with its legal actions.
        """
        c = self._c
        x = self._x
        players = self.players
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
            raise ValueError(f"seat must be 0-{players - 1} or None, not {seat!r}")
        if c.phase in (ADD, COMPLETE) and seat != c.actor:
            return _wrap(x, self._public_core(), self._log).view(seat)
        actor = self.to_act
        ready = [(x.dealer + 1 + k) % players for k in range(c.readied)]
        asked = seat is not None and seat == actor
        in_window = c.phase in (ADD, COMPLETE) and asked
        recent = [e.describe() for e in _latest_events(self._log)]
        return PalaceView(
            game=self.game.name,
            seat=seat,
            players=players,
            to_act=actor,
            is_over=c.phase == OVER,
            legal_actions=[str(a) for a in self.legal_actions()]
            if seat is not None and seat == actor
            else [],
            recent=recent,
            phase=_PUBLIC_PHASES[c.phase],
            window=PHASES[c.phase] if in_window else None,
            dealer=x.dealer,
            hand=CardSet.from_mask(c.hands[seat]) if seat is not None else None,
            hand_counts=[h.bit_count() for h in c.hands],
            face_up=[CardSet.from_mask(u) for u in c.ups],
            face_down_counts=[sum(1 for d in downs if d >= 0) for downs in c.downs],
            face_down_positions=[
                [i + 1 for i, d in enumerate(downs) if d >= 0] for downs in c.downs
            ],
            pile=list(c.pile_cards()),
            top_run=c.run,
            burned_count=c.burned.bit_count(),
            burned=CardSet.from_mask(c.burned),
            stock_count=52 - c.stock,
            finished=list(c.out),
            ready=ready if c.phase == EXCHANGE else list(range(players)),
            starter=c.starter if c.starter >= 0 else None,
            first_play_rank=Rank(c.must).code if c.must and asked else None,
            window_seat=c.opener if in_window else None,
            addable=CardSet.from_mask(c.add) if c.phase == ADD and asked else None,
            completing=CardSet.from_mask(c.need) if c.phase == COMPLETE and asked else None,
            plays_again=bool(c.again) if in_window else False,
        )

    def snapshot(self) -> dict[str, Any]:
        """The full state, face-down cards and stock order included, as JSON-ready data.

        Under rules where a card reverses the order of play, it has a
        `direction` too (1 clockwise, -1 reversed); other saves have none.
        """
        c = self._c
        x = self._x
        return {
            "phase": PHASES[c.phase],
            "to_act": self.to_act,
            "hands": [CardSet.from_mask(h).codes for h in c.hands],
            "face_up": [CardSet.from_mask(u).codes for u in c.ups],
            "face_down": [[_CARDS[d].code if d >= 0 else None for d in ds] for ds in c.downs],
            "stock": [card.code for card in self.setup.deck.cards[c.stock :]],
            "pile": [card.code for card in c.pile_cards()],
            "top_run": c.run,
            "burned": CardSet.from_mask(c.burned).codes,
            "finished": list(c.out),
            "readied": c.readied,
            "moved": CardSet.from_mask(c.moved).codes,
            "window_opener": c.opener if c.phase in (ADD, COMPLETE) else None,
            "addable": CardSet.from_mask(c.add).codes,
            "completing": CardSet.from_mask(c.need).codes,
            "plays_again": bool(c.again) if c.phase in (ADD, COMPLETE) else False,
            "skip": c.skip if c.phase in (ADD, COMPLETE) else 0,
            "first_play_rank": Rank(c.must).code if c.must else None,
            "starter": c.starter if c.starter >= 0 else None,
            "actions": c.moves,
            **({"direction": c.direction} if x.tables.any_reverses else {}),
        }

    def zones(self) -> Mapping[str, Sequence[Card] | CardSet]:
        """Where every card is: ``hand:i``, ``face_up:i``, ``face_down:i``,
        ``stock`` (top first), ``pile`` (bottom to top) and ``burned``."""
        c = self._c
        out: dict[str, Sequence[Card] | CardSet] = {}
        for seat in range(self.players):
            out[f"hand:{seat}"] = CardSet.from_mask(c.hands[seat])
            out[f"face_up:{seat}"] = CardSet.from_mask(c.ups[seat])
            out[f"face_down:{seat}"] = tuple(_CARDS[d] for d in c.downs[seat] if d >= 0)
        out["stock"] = self.setup.deck.cards[c.stock :]
        out["pile"] = c.pile_cards()
        out["burned"] = CardSet.from_mask(c.burned)
        return out

    def visible_zones(self, seat: int | None) -> tuple[str, ...]:
        """Public zones: every ``face_up:i``, the ``pile`` and ``burned``; plus ``hand:seat``.

        Face-down cards and the stock are seen by no one.
        """
        public = (*tuple(f"face_up:{i}" for i in range(self.players)), "pile", "burned")
        return public if seat is None else (*public, f"hand:{seat}")

    # -- extras for tools and tests -----------------------------------------------------------

    @property
    def tables(self) -> PalaceTables:
        """The effect and follow tables this game resolved from its hooks at the start."""
        return self._x.tables

    @property
    def direction(self) -> int:
        """The order of play: 1 clockwise (the deal's order), -1 reversed by a card effect."""
        return self._c.direction

    @property
    def action_count(self) -> int:
        """How many actions have been played (constant time)."""
        return self._c.moves


# -- the game -------------------------------------------------------------------------------


class PalaceGame(Game[PalaceRules, PalaceState]):
    """Palace (Shithead, Karma): the shedding game where the last player holding cards loses."""

    name: ClassVar[str] = "palace"
    title: ClassVar[str] = "Palace"
    summary: ClassVar[str] = (
        "Shedding game: play equal or higher, 2 resets, 10 burns; the last player "
        "holding cards loses."
    )
    aliases: ClassVar[tuple[str, ...]] = ("shithead", "karma")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    default_players: ClassVar[int] = 4
    rules_model: ClassVar[type[PalaceRules]] = PalaceRules
    #: 2 (reset) and 10 (burn) sort after the ace: they are played apart from the ranking.
    hand_order: ClassVar[CardOrder] = CardOrder(
        RankOrder.parse("3 4 5 6 7 8 9 J Q K A 2 T"), SuitOrder.parse("C D H S")
    )
    rules_version: ClassVar[str] = "2"
    presets: ClassVar[tuple[Variant, ...]] = (
        Variant(
            name="shithead",
            description="Common Shithead house rules: 2 passes the turn, 7 or lower "
            "after a 7, voluntary pick-up.",
            options={
                "two_rule": "next_player_any",
                "seven_rule": "lower_or_equal",
                "allow_voluntary_pickup": True,
            },
            source="palace",
        ),
        Variant(
            name="bga",
            description="Board Game Arena's table: the starter must play their lowest "
            "card; voluntary pick-up.",
            options={"first_play_must_include_lowest": True, "allow_voluntary_pickup": True},
            source="palace",
        ),
        Variant(
            name="quick",
            description="Stop when the first player goes out; that player wins.",
            options={"end_condition": "first_out_wins"},
            source="palace",
        ),
    )

    def __init__(self) -> None:
        """Create the game."""
        super().__init__()
        self._tables: dict[tuple[Any, ...], PalaceTables] = {}

    def resolve_tables(self, rules: PalaceRules) -> PalaceTables:
        """The effect and follow tables for ``rules``, from the hooks as registered now.

        The hook implementations are looked up once per call (once per game
        start); the tables are cached per rules and set of implementations.
        """
        effects = tuple(self.hook_functions("palace_card_effect"))
        follow = tuple(self.hook_functions("palace_follow_ranks"))
        key = (rules, effects, follow)
        tables = self._tables.get(key)
        if tables is None:
            if len(self._tables) > 64:
                self._tables.clear()
            tables = self._tables[key] = build_tables(rules, effects, follow)
        return tables

    def deal(self, setup: Setup) -> PalaceState:
        """Deal face-down, face-up and hand cards, one at a time from the dealer's left."""
        rules = setup.rules
        assert isinstance(rules, PalaceRules)
        x = _Ctx(self, setup, self.resolve_tables(rules))
        players = setup.players
        zone = rules.zone_size
        first = (setup.dealer + 1) % players
        cards = setup.deck.cards
        downs: list[list[int]] = [[] for _ in range(players)]
        ups = [0] * players
        hands = [0] * players
        i = 0
        for stage in range(3):
            for _ in range(zone):
                for k in range(players):
                    seat = (first + k) % players
                    card = cards[i]
                    i += 1
                    if stage == 0:
                        downs[seat].append(card.index)
                    elif stage == 1:
                        ups[seat] |= card.bit
                    else:
                        hands[seat] |= card.bit
        c = _Core.__new__(_Core)
        c.phase = EXCHANGE
        c.actor = first
        c.hands = hands
        c.ups = ups
        c.downs = [tuple(d) for d in downs]
        c.stock = i
        c.pile = None
        c.pmask = 0
        c.top = 0
        c.run = 0
        c.burned = 0
        c.out = ()
        c.live = (1 << players) - 1
        c.opener = -1
        c.add = 0
        c.again = False
        c.skip = 0
        c.need = 0
        c.must = 0
        c.readied = 0
        c.starter = -1
        c.moved = 0
        c.moves = 0
        c.direction = 1
        events = (
            Event(
                "deal",
                setup.dealer,
                note=f"deals {zone} face down, {zone} face up and {zone} in hand to each",
            ),
        )
        return _wrap(x, c, (None, None, events))

    # -- matches -------------------------------------------------------------------------------

    def deal_score(self, result: GameResult) -> list[int]:
        """Minus one for the loser of the game, zero for everyone else.

        A match counts losses: a seat's match total is minus its number of
        losses, so that the core's "highest total leads" standings and
        winners (the fewest losses) hold. A ``first_out_wins`` game has no
        loser: it scores one for its winner instead. Capped games score
        nothing (the match runner skips them).
        """
        if not result.losers:
            return [1 if seat in result.winners else 0 for seat in range(result.players)]
        return [-1 if seat in result.losers else 0 for seat in range(result.players)]

    def next_dealer(self, rules: PalaceRules, dealer: int, result: GameResult) -> int:
        """One seat left (``rotate_left``), or the loser (``next_dealer = loser``).

        A capped game has no loser; the deal then passes left.
        """
        if rules.next_dealer == NextDealer.LOSER and result.losers:
            return result.losers[0]
        return (dealer + 1) % result.players
