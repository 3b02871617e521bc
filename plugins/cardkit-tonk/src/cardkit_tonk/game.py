"""The Tonk game: the deal, the turn state machine of the spec's section 4, views and results.

One `TonkState` is one hand. It is immutable; ``apply`` returns the
next state. The hot path (legal actions, draw, discard) works on integer
card masks and interned action objects; pydantic models are only built for
views, results and saved games.

>>> import cardkit
>>> game = cardkit.load_game("tonk")
>>> state = game.start(players=2, seed=1)
>>> [str(a) for a in state.legal_actions()]
['drop', 'draw', 'take']
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import Any, ClassVar, Final, NamedTuple

from cardkit import (
    Action,
    Card,
    CardSet,
    CardValues,
    Deck,
    Event,
    Game,
    GameResult,
    GameState,
    IllegalAction,
    InvalidState,
    Payment,
    Rank,
    Setup,
    Suit,
)
from cardkit.actions import parse_card_args, split_action_text
from cardkit.cardset import MaskDecoder, cards_of_mask
from cardkit.melds import MeldSolver, Run, solver_for
from cardkit.orders import ACE_LOW, CardOrder, SuitOrder
from cardkit.plugins import Registry, registry
from cardkit_tonk.actions import (
    _DISCARDS,
    DRAW,
    DROP,
    FIXED_ACTIONS,
    JOIN,
    PASS,
    TAKE,
    Bonus,
    Discard,
    Draw,
    Drop,
    Hit,
    Respond,
    Spread,
    Take,
    bonus_action,
    discard_action,
    hit_action,
    spread_action,
    spread_cards,
)
from cardkit_tonk.payouts import Ending, default_payout, spades_payments
from cardkit_tonk.rules import PRESETS, TonkRules
from cardkit_tonk.spreads import (
    BOOK,
    TableSpread,
    accepts_mask,
    may_spread,
    response_plans,
    run_kind,
    usable,
)
from cardkit_tonk.views import SpadesView, SpreadView, TonkView

__all__ = ["PHASES", "TonkGame", "TonkState", "default_card_values"]

#: The phases of a hand, as named in views and saved states.
PHASES: Final = ("spades", "drop_window", "turn_start", "turn", "response", "over")
SPADES, WINDOW, START, MAIN, RESPONSE, OVER = range(6)
#: Endings after which every hand is shown.
_SHOWDOWNS: Final = frozenset({"drop_win", "drop_caught", "stock_out", "stock_out_void"})

_CARDS: Final = Card._by_index
_BIT: Final = attrgetter("bit")
_new = object.__new__
_NO_TURN: Final[tuple[int, int, int, Card | None, tuple[int, ...]]] = (0, 0, 0, None, ())
_BIG: Final = 1 << 30
_STANDARD_DECK: Final = Deck.standard()


def default_card_values(rules: TonkRules) -> CardValues:
    """The built-in card values: A = 1, 2-10 face value, J Q K 10 (or 11, 12, 13)."""
    if rules.picture_values == "jqk_11_12_13":
        values = {r: int(r) for r in Rank if r <= Rank.TEN}
        values |= {Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13, Rank.ACE: 1}
        return CardValues(values)
    return CardValues.pips(ace=1, pictures=10)


# -- hook plumbing ---------------------------------------------------------------------

_ARGNAMES: dict[Any, frozenset[str] | None] = {}


def _call_hook(fn: Callable[..., Any], **kwargs: Any) -> Any:
    """Call one hook implementation with the arguments it declares (as pluggy does)."""
    names = _ARGNAMES.get(fn, ())
    if names == ():
        try:
            params = inspect.signature(fn).parameters.values()
            if any(p.kind is p.VAR_KEYWORD for p in params):
                names = None
            else:
                names = frozenset(p.name for p in params)
        except (TypeError, ValueError):
            names = None
        _ARGNAMES[fn] = names
    if names is None:
        return fn(**kwargs)
    return fn(**{k: v for k, v in kwargs.items() if k in names})


class _Ctx:
    """The constants of one hand: rule flags, the card values and the payout hooks.

    Built from the rules, the number of players and the hook implementations
    resolved when the hand is dealt; shared by every state of the hand.
    """

    __slots__ = (
        "anytime",
        "deal_check",
        "dealt",
        "drop_max",
        "forbid_taken",
        "lock",
        "max_hits",
        "must_use",
        "no_locks",
        "payout_hooks",
        "per_hit",
        "plain_start",
        "players",
        "rules",
        "run",
        "runs_only",
        "solver",
        "taken_rules",
        "values",
        "when_needed",
    )

    def __init__(
        self,
        rules: TonkRules,
        players: int,
        values: CardValues,
        payout_hooks: tuple[Callable[..., Any], ...],
    ) -> None:
        self.rules = rules
        self.players = players
        self.dealt = rules.cards_dealt(players)
        self.anytime = rules.drop_timing == "anytime"
        self.lock = rules.hit_lock_turns
        self.per_hit = rules.hit_bonus_discard == "per_hit"
        self.runs_only = rules.hit_runs_only
        self.run: Run = run_kind(rules.ace_in_runs)
        self.when_needed = rules.stock_end == "when_draw_needed"
        self.must_use = rules.take_discard_must_use
        self.max_hits = _BIG if rules.max_hits_per_turn is None else rules.max_hits_per_turn
        self.forbid_taken = rules.forbid_discard_of_taken_card
        self.drop_max = rules.drop_max_count
        self.deal_check = (
            rules.deal_high_win != "off"
            or rules.deal_13_or_less_double
            or rules.deal_9_or_less_triple
        )
        self.values = values
        self.solver: MeldSolver = solver_for((BOOK, self.run), values)
        self.payout_hooks = payout_hooks
        self.no_locks = (0,) * players
        self.taken_rules = self.must_use or self.forbid_taken
        self.plain_start = not (rules.spades_side_pot or self.deal_check or self.anytime)

    def count(self, mask: int) -> int:
        """The count of the cards of ``mask``."""
        return self.solver.value_mask(mask)

    def payout(self, ending: Ending) -> list[Payment]:
        """The transfers of an ending: the first hook that answers, else the default."""
        for fn in self.payout_hooks:
            got = _call_hook(fn, ending=ending, rules=self.rules)
            if got is not None:
                return list(got)
        return default_payout(ending, self.rules)

    def new_spread(self, sid: int, owner: int, mask: int) -> TableSpread:
        """A spread laid from the cards of ``mask`` (a valid book or run)."""
        book = BOOK.is_valid_mask(mask)
        if book and self.runs_only:
            return TableSpread(sid, owner, True, mask, 0)
        return TableSpread(
            sid, owner, book, mask, accepts_mask(BOOK if book else self.run, mask, book)
        )


class _Table(NamedTuple):
    """The spreads on the table, the retired books and the next spread id."""

    spreads: tuple[TableSpread, ...]
    retired: tuple[TableSpread, ...]
    next_id: int


_EMPTY_TABLE: Final = _Table((), (), 1)


@dataclass(frozen=True, slots=True)
class _Extra:
    """The rarely changing parts of a hand: deal claims and the Spades side pot."""

    pending49: int = 0
    dealt_counts: tuple[int, ...] | None = None
    shown: int = 0
    spades_answered: tuple[int, ...] = ()
    spades_joined: tuple[int, ...] = ()
    spades_shown: tuple[tuple[int, Card | None], ...] = ()
    spades_winner: int | None = None
    spades_settled: bool = False


_NO_EXTRA: Final = _Extra()

#: The legal actions at the start of a turn, by (may drop, may draw, may take) bits.
_START_LEGAL: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(a for bit, a in ((4, DROP), (2, DRAW), (1, TAKE)) if key & bit) for key in range(8)
)

# -- interned events of the hot path -------------------------------------------------------

_DRAW_EVENTS: dict[int, tuple[Event, ...]] = {}
_CARD_EVENTS: dict[tuple[str, int, int], tuple[Event, ...]] = {}


def _draw_events(seat: int) -> tuple[Event, ...]:
    got = _DRAW_EVENTS.get(seat)
    if got is None:
        got = _DRAW_EVENTS[seat] = (Event("draw", seat, count=1),)
    return got


#: The discard of every card of a mask, in card order (see cardkit.cardset.MaskDecoder).
_discards_of: Final = MaskDecoder(_DISCARDS)


#: The events of a deal with an upcard, by (dealer, cards each, upcard index).
_DEAL_UPCARD: dict[tuple[int, int, int], tuple[Event, ...]] = {}


def _deal_event(dealer: int, size: int) -> Event:
    key = ("deal", dealer, size)
    got = _CARD_EVENTS.get(key)
    if got is None:
        note = f"{size} cards each"
        got = _CARD_EVENTS[key] = (Event("deal", dealer, count=size, note=note),)
    return got[0]


def _card_events(kind: str, seat: int, card: Card) -> tuple[Event, ...]:
    key = (kind, seat, card.index)
    got = _CARD_EVENTS.get(key)
    if got is None:
        got = _CARD_EVENTS[key] = (Event(kind, seat, (card,), note=_CARD_NOTES.get(kind, "")),)
    return got


#: Notes that make card events read well in narration ("Seat 2 turns up 9♦").
_CARD_NOTES: Final = {"upcard": "turns up", "bonus": "makes an extra discard:"}
_CLAIM_WORDS: Final = {
    "deal_50": "50",
    "deal_49": "49",
    "deal_13_or_less": "13 or less",
    "deal_9_or_less": "9 or less",
}


def _retire(sid: int, owner: int) -> Event:
    note = f"book #{sid} of seat {owner} holds all four cards and leaves the table"
    return Event("retire", None, note=note, data={"spread": sid, "owner": owner})


_OVER_EVENTS: dict[str, Event] = {}
#: The hand_over events of drops by (dropper, its count, the lowest count or -1 for a win).
_DROP_OVERS: dict[tuple[int, int, int], Event] = {}
_SHOW_NOTES: dict[int, str] = {}
_DROP_NOTES: dict[int, str] = {}
_tuple_new: Final = tuple.__new__
#: Event's default ``data`` (events built with ``tuple.__new__`` on the hot path need it).
_NO_DATA: Final = Event._field_defaults["data"]


def _show_note(count: int) -> str:
    note = _SHOW_NOTES.get(count)
    if note is None:
        note = _SHOW_NOTES[count] = f"shows a count of {count}:"
    return note


def _drop_note(count: int) -> str:
    note = _DROP_NOTES.get(count)
    if note is None:
        note = _DROP_NOTES[count] = f"(count {count})"
    return note


def _over(note: str) -> Event:
    """The table event that ends a hand (interned: the same few notes recur)."""
    event = _OVER_EVENTS.get(note)
    if event is None:
        if len(_OVER_EVENTS) > 4096:
            _OVER_EVENTS.clear()
        event = _OVER_EVENTS[note] = Event("hand_over", None, note=note)
    return event


#: The cards of a mask in card order (one shared tuple per suit lane).
_cards_of: Final = cards_of_mask


#: The fields of a state: phase, seat to act, hands (masks), next stock index, discard
#: pile, table, drop locks, this turn's (cards used, hits, bonus discards, taken card,
#: spread ids touched), the rarely changing extras, and the ending.
_Fields = tuple[
    int,
    int,
    tuple[int, ...],
    int,
    tuple[Card, ...],
    _Table,
    tuple[int, ...],
    tuple[int, int, int, Card | None, tuple[int, ...]],
    _Extra,
    Ending | None,
]


class TonkState(GameState):
    """One hand of Tonk (immutable).

    Besides the game contract (``to_act``, ``legal_actions()``, ``apply``,
    ``view``, ``result``…) it offers `apply_as` to act for a named
    seat, `count` for a seat's hand count, and read-only accessors of
    the table used by tests and bots.
    """

    __slots__ = ("_c", "_legal", "_s")

    _c: _Ctx
    #: (phase, seat, hands, stock, pile, table, locks, turn, extra, ending): one tuple, so
    #: that a transition builds one small tuple instead of setting ten attributes.
    _s: _Fields
    _legal: tuple[Action, ...] | None

    @property
    def _phase(self) -> int:
        return self._s[0]

    @property
    def _seat(self) -> int:
        return self._s[1]

    @property
    def _hands(self) -> tuple[int, ...]:
        return self._s[2]

    @property
    def _stock(self) -> int:
        return self._s[3]

    @property
    def _pile(self) -> tuple[Card, ...]:
        return self._s[4]

    @property
    def _tab(self) -> _Table:
        return self._s[5]

    @property
    def _locks(self) -> tuple[int, ...]:
        return self._s[6]

    @property
    def _turn(self) -> tuple[int, int, int, Card | None, tuple[int, ...]]:
        return self._s[7]

    @property
    def _x(self) -> _Extra:
        return self._s[8]

    @property
    def _end(self) -> Ending | None:
        return self._s[9]

    # -- construction ------------------------------------------------------------------

    def _next(
        self,
        action: Action | None,
        events: tuple[Event, ...],
        phase: int,
        seat: int,
        hands: tuple[int, ...],
        stock: int,
        pile: tuple[Card, ...],
        tab: _Table,
        locks: tuple[int, ...],
        turn: tuple[int, int, int, Card | None, tuple[int, ...]],
        x: _Extra,
        end: Ending | None,
    ) -> TonkState:
        new: TonkState = _new(TonkState)
        _put_game(new, self.game)
        _put_setup(new, self.setup)
        _put_log(new, (self._log, action, events))
        _put_c(new, self._c)
        _put_s(new, (phase, seat, hands, stock, pile, tab, locks, turn, x, end))
        _put_legal(new, None)
        return new

    def _to(self, action: Action, events: tuple[Event, ...], state: _Fields) -> TonkState:
        """The next state: ``state`` reached by ``action``, which caused ``events``."""
        new: TonkState = _new(TonkState)
        _put_game(new, self.game)
        _put_setup(new, self.setup)
        _put_log(new, (self._log, action, events))
        _put_c(new, self._c)
        _put_s(new, state)
        _put_legal(new, None)
        return new

    @classmethod
    def _dealt(cls, game: TonkGame, setup: Setup, ctx: _Ctx) -> TonkState:
        n = setup.players
        size = ctx.dealt
        cards = setup.deck.cards
        first = (setup.dealer + 1) % n
        at = n * size
        masks = [0] * n
        for k in range(n):  # the cards are distinct: the sum of their bits is their union
            masks[(first + k) % n] = sum(map(_BIT, cards[k:at:n]))
        dealer = setup.dealer
        pile: tuple[Card, ...] = ()
        if ctx.rules.dealer_upcard:
            up = cards[at]
            pile = (up,)
            key = (dealer, size, up.index)
            events = _DEAL_UPCARD.get(key)
            if events is None:
                events = _DEAL_UPCARD[key] = (
                    _deal_event(dealer, size),
                    *_card_events("upcard", dealer, up),
                )
            at += 1
        else:
            events = (_deal_event(dealer, size),)
        hands = tuple(masks)
        locks = ctx.no_locks
        state: TonkState = _new(cls)
        _put_game(state, game)
        _put_setup(state, setup)
        _put_c(state, ctx)
        _put_legal(state, None)
        if ctx.plain_start:  # no side pot, no deal-time claim, no drop window
            _put_log(state, (None, None, events))
            _put_s(state, (START, first, hands, at, pile, _EMPTY_TABLE, locks, _NO_TURN,
                               _NO_EXTRA, None))  # fmt: skip
            return state
        _put_log(state, (None, None, events))
        _put_s(state, (SPADES, first, hands, at, pile, _EMPTY_TABLE, locks, _NO_TURN,
                           _NO_EXTRA, None))  # fmt: skip
        if ctx.rules.spades_side_pot:
            return state
        phase, seat, x, end, more = state._after_spades(_NO_EXTRA)
        _put_log(state, (None, None, (*events, *more)))
        _put_s(state, (phase, seat, hands, at, pile, _EMPTY_TABLE, locks, _NO_TURN, x, end))
        return state

    # -- the deal-time steps -----------------------------------------------------------

    @property
    def _first(self) -> int:
        return (self.setup.dealer + 1) % self.setup.players

    def _after_spades(self, x: _Extra) -> tuple[int, int, _Extra, Ending | None, list[Event]]:
        """DEAL_CHECK, then the drop window or the first turn: (phase, seat, extra, end, events)."""
        c = self._c
        first = self._first
        events: list[Event] = []
        if c.deal_check:
            x, end, events = self._deal_check(x)
            if end is not None:
                return OVER, first, x, end, events
        if c.anytime:
            return WINDOW, first, x, None, events
        phase, seat, end, more = self._enter_turn(first, x)
        return phase, seat, x, end, events + more

    def _deal_check(self, x: _Extra) -> tuple[_Extra, Ending | None, list[Event]]:
        c = self._c
        rules = c.rules
        n = self.setup.players
        counts = tuple(c.count(h) for h in self._hands)
        high = rules.deal_high_win
        claims: list[tuple[int, str]] = []
        pending = 0
        for k in range(n):
            seat = (self._first + k) % n
            count = counts[seat]
            claim = None
            if high != "off" and count == 50:
                claim = "deal_50"
            elif count == 49 and high == "49_or_50":
                claim = "deal_49"
            elif count == 49 and high == "50_now_49_in_turn":
                pending |= 1 << seat
            elif rules.deal_9_or_less_triple and count <= 9:
                claim = "deal_9_or_less"
            elif rules.deal_13_or_less_double and count <= 13:
                claim = "deal_13_or_less"
            if claim is not None:
                claims.append((seat, claim))
        shown = 0
        for seat, _ in claims:
            shown |= 1 << seat
        x = replace(x, pending49=pending, dealt_counts=counts, shown=shown)
        events = [
            Event(
                "deal_claim",
                seat,
                _cards_of(self._hands[seat]),
                note=f"claims a dealt {_CLAIM_WORDS[claim]} (count {counts[seat]}):",
                data={"claim": claim, "count": counts[seat]},
            )
            for seat, claim in claims
        ]
        if len(claims) == 1:
            seat, claim = claims[0]
            end = Ending("deal_win", n, (seat,), counts, claim=claim)
            return x, end, [*events, _over(f"seat {seat} wins on the deal")]
        if len(claims) > 1:
            end = Ending("void_deal", n, (), counts)
            return x, end, [*events, _over("two or more deal claims: a void hand, redeal")]
        return x, None, events

    def _enter_turn(self, seat: int, x: _Extra) -> tuple[int, int, Ending | None, list[Event]]:
        """TURN_START(seat): a pending 49 is claimed now; else the seat acts."""
        if x.pending49 >> seat & 1:
            counts = x.dealt_counts
            end = Ending("deal_win", self.setup.players, (seat,), counts, claim="deal_49")
            return (
                OVER,
                seat,
                end,
                [
                    Event(
                        "deal_claim",
                        seat,
                        _cards_of(self._hands[seat]),
                        note="claims a dealt 49 at the first turn:",
                        data={"claim": "deal_49", "count": 49},
                    ),
                    _over(f"seat {seat} wins on the dealt 49"),
                ],
            )
        return START, seat, None, []

    # -- the contract ------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` once the hand is over."""
        state = self._s
        return None if state[0] == OVER else state[1]

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self._s[0] == OVER

    @property
    def phase(self) -> str:
        """The phase: ``spades``, ``drop_window``, ``turn_start``, ``turn``, ``response``
        or ``over``."""
        return PHASES[self._phase]

    def legal_actions(self) -> tuple[Action, ...]:
        """Exactly the legal actions of the seat to act (empty once the hand is over)."""
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            _put_legal(self, legal)
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        state = self._s
        phase = state[0]
        if phase == MAIN:
            return self._main_legal()
        c = self._c
        seat = state[1]
        if phase == START:
            drop = not state[6][seat] and (
                c.drop_max is None or c.count(state[2][seat]) <= c.drop_max
            )
            draw = state[3] < 52 or c.when_needed
            pile = state[4]
            take = bool(pile) and (not c.must_use or self._take_usable(pile[-1]))
            return _START_LEGAL[drop << 2 | draw << 1 | take]
        if phase == SPADES:
            return (JOIN, PASS)
        if phase == WINDOW:
            return (DROP, PASS) if self._may_drop(seat, self._hands[seat]) else (PASS,)
        if phase == RESPONSE:
            return (PASS, *self._response_actions())
        return ()

    def _may_drop(self, seat: int, hand: int) -> bool:
        if self._locks[seat]:
            return False
        limit = self._c.drop_max
        return limit is None or self._c.count(hand) <= limit

    def _take_usable(self, card: Card) -> bool:
        c = self._c
        hand = self._hands[self._seat] | card.bit
        table = [(s.book, s.mask) for s in self._tab.spreads]
        return usable(card.bit, hand, table, c.run, c.max_hits, c.runs_only)

    def _main_legal(self) -> tuple[Action, ...]:
        c = self._c
        _, seat, hands, _, _, tab, locks, turn, _, _ = self._s
        hand = hands[seat]
        spreads = tab.spreads
        taken = turn[3]
        if (
            not (spreads or turn[2] or c.anytime)
            and (taken is None or not c.taken_rules)
            and not may_spread(hand)
        ):
            return _discards_of(hand)  # the usual case: nothing to lay, nothing to hit
        books = BOOK.find_masks(hand)
        runs = c.run.find_masks(hand)
        out: list[Action] = [spread_action(m) for m in books]
        for m in runs:
            out.append(spread_action(m))
        if spreads and turn[1] < c.max_hits:
            for sp in spreads:
                fits = hand & sp.accepts
                while fits:
                    low = fits & -fits
                    out.append(hit_action(low.bit_length() - 1, sp.id))
                    fits ^= low
        keep = 0
        if taken is not None and c.forbid_taken:
            keep = taken.bit
        if turn[2]:
            rest = hand & ~keep
            while rest:
                low = rest & -rest
                out.append(bonus_action(low.bit_length() - 1))
                rest ^= low
        if c.must_use and taken is not None and hand & taken.bit:
            return tuple(a for a in out if self._keeps_usable(a, taken))
        if c.anytime and not locks[seat] and (c.drop_max is None or c.count(hand) <= c.drop_max):
            out.append(DROP)
        if keep and hand == keep:
            keep = 0  # the taken card is the only one left: it may be discarded
        return (*out, *_discards_of(hand & ~keep))

    def _keeps_usable(self, action: Action, taken: Card) -> bool:
        """Under ``take_discard_must_use``: the action uses the taken card or keeps it usable."""
        c = self._c
        bit = taken.bit
        hand = self._hands[self._seat]
        hits_left = c.max_hits - self._turn[1]
        table = [(s.book, s.mask) for s in self._tab.spreads]
        if isinstance(action, Spread):
            mask = action.cards.mask
            if mask & bit:
                return True
            hand &= ~mask
            if not (BOOK.is_valid_mask(mask) and mask.bit_count() == 4):
                table.append((BOOK.is_valid_mask(mask), mask))
        elif isinstance(action, Hit):
            if action.card is taken:
                return True
            hand &= ~action.card.bit
            hits_left -= 1
            table = [
                (book, mask | action.card.bit if s.id == action.spread else mask)
                for s, (book, mask) in zip(self._tab.spreads, table, strict=True)
            ]
        elif isinstance(action, Bonus):
            hand &= ~action.card.bit
        else:
            return False
        return usable(bit, hand, table, c.run, hits_left, c.runs_only)

    def _response_actions(self) -> list[Respond]:
        c = self._c
        end = self._end
        assert end is not None
        hand = self._hands[self._seat]
        spreads = self._tab.spreads
        touched = frozenset(
            sid for sid in self._turn[4] for s in spreads if s.id == sid and not s.book
        )
        out = []
        for melds, hits in response_plans(hand, spreads, touched, c.run, c.runs_only):
            steps: list[Spread | Hit] = [spread_action(m) for m in melds]
            steps.extend(hit_action(bit.bit_length() - 1, sid) for bit, sid in hits)
            out.append(Respond(tuple(steps)))
        return out

    # -- parsing -----------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        """Read an action's text (see `cardkit_tonk.actions` for the forms).

        Raises:
            IllegalAction: the text is not a Tonk action (code ``"unparsable"``).
        """
        if isinstance(text, Action):
            return text
        verb, args = split_action_text(text)
        simple = _SIMPLE.get(verb)
        if simple is not None:
            if args:
                raise IllegalAction(
                    "unparsable", f"{verb!r} takes no arguments, got {text!r}", action=text
                )
            return simple
        if verb == "respond":
            return self._parse_respond(text)
        return _parse_step(text, verb, args)

    def _parse_respond(self, text: str) -> Respond:
        body = text.strip()[len("respond") :]
        parts = [p.strip() for p in body.split(";") if p.strip()]
        if not parts:
            raise IllegalAction(
                "unparsable",
                f"{text!r}: a response lists spreads and hits, such as "
                "'respond spread 4C 4D 4S; hit 8H 1'",
                action=text,
            )
        steps: list[Spread | Hit] = []
        for part in parts:
            verb, args = split_action_text(part)
            step = _parse_step(part, verb, args)
            if not isinstance(step, Spread | Hit):
                raise IllegalAction(
                    "unparsable",
                    f"{text!r}: a response holds only 'spread ...' and 'hit CARD ID' steps",
                    action=text,
                )
            steps.append(step)
        return self._canonical_response(steps, text)

    def _canonical_response(self, steps: Sequence[Spread | Hit], text: str) -> Respond:
        """The canonical form of a plan (its steps in any order); checks nothing else."""
        melds = sorted(s.cards.mask for s in steps if isinstance(s, Spread))
        per: dict[int, int] = {}
        for s in steps:
            if isinstance(s, Hit):
                per[s.spread] = per.get(s.spread, 0) | s.card.bit
        ordered: list[Spread | Hit] = [spread_action(m) for m in melds]
        by_id = {s.id: s for s in self._tab.spreads}
        table_order = [s.id for s in self._tab.spreads if s.id in per]
        for sid in table_order + sorted(i for i in per if i not in by_id):
            spread = by_id.get(sid)
            extra = per[sid]
            if spread is None:
                ordered.extend(hit_action(b.bit_length() - 1, sid) for b in _bit_list(extra))
                continue
            kind = BOOK if spread.book else self._c.run
            current = spread.mask
            rest = extra
            while rest:
                for b in _bit_list(rest):
                    if kind.is_valid_mask(current | b):
                        break
                else:
                    ordered.extend(hit_action(b.bit_length() - 1, sid) for b in _bit_list(rest))
                    break
                ordered.append(hit_action(b.bit_length() - 1, sid))
                current |= b
                rest ^= b
        return Respond(tuple(ordered))

    # -- applying ----------------------------------------------------------------------

    def apply_as(self, seat: int, action: Action | str) -> TonkState:
        """Apply an action for ``seat``, refusing it if that seat is not the one to act.

        Raises:
            IllegalAction: code ``"not_your_turn"`` when ``seat`` is not to act,
                or any reason `apply` gives.
        """
        if self.to_act != seat:
            who = "nobody: the hand is over" if self.to_act is None else f"seat {self.to_act}"
            raise IllegalAction(
                "not_your_turn",
                f"seat {seat} may not act now; it is the turn of {who}",
                action=str(action),
            )
        return self.apply(action)

    def apply(self, action: Action | str) -> TonkState:
        """The state after ``action`` (an [`Action`][cardkit.actions.Action] or its text).

        The same as [`cardkit.GameState.apply`][cardkit.state.GameState.apply] with the
        checks inlined (one call less per move: random playouts spend much of their time
        here).

        Raises:
            IllegalAction: the action is not legal now; ``self`` is unchanged.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for a in legal:
            if a is action:
                break
        else:
            if action not in legal:
                raise self._refusal(action)
            action = legal[legal.index(action)]
        phase = self._s[0]
        if phase == MAIN:
            return self._apply_main(action)
        if phase == START:
            return self._apply_start(action)
        if phase == SPADES:
            return self._apply_spades(action)
        if phase == WINDOW:
            return self._apply_window(action)
        return self._apply_response(action)

    def _apply(self, action: Action) -> TonkState:
        return self.apply(action)

    def _apply_start(self, action: Action) -> TonkState:
        _, seat, hands, stock, pile, tab, locks, turn, x, _ = self._s
        if action is DRAW:
            cards = self.setup.deck.cards
            if stock >= 52:
                end, events = self._showdown(None)
                return self._next(
                    action,
                    (Event("draw", seat, note="from the empty stock"), *events),
                    OVER,
                    seat,
                    hands,
                    stock,
                    pile,
                    tab,
                    locks,
                    turn,
                    x,
                    end,
                )
            bit = cards[stock].bit
            new_hands = (*hands[:seat], hands[seat] | bit, *hands[seat + 1 :])
            return self._to(
                action,
                _draw_events(seat),
                (MAIN, seat, new_hands, stock + 1, pile, tab, locks, _NO_TURN, x, None),
            )
        if action is TAKE:
            card = pile[-1]
            new_hands = (*hands[:seat], hands[seat] | card.bit, *hands[seat + 1 :])
            return self._to(
                action,
                _card_events("take", seat, card),
                (MAIN, seat, new_hands, stock, pile[:-1], tab, locks, (0, 0, 0, card, ()), x, None),
            )
        return self._drop(action)

    def _drop(self, action: Action) -> TonkState:
        state = self._s
        end, events = self._showdown(state[1])
        new: TonkState = _new(TonkState)
        _put_game(new, self.game)
        _put_setup(new, self.setup)
        _put_log(new, (self._log, action, events))
        _put_c(new, self._c)
        _put_s(new, (OVER, *state[1:9], end))
        _put_legal(new, None)
        return new

    def _showdown(self, dropper: int | None) -> tuple[Ending, tuple[Event, ...]]:
        """Every hand is shown and counted: a drop (``dropper``) or a stock out (``None``)."""
        hands = self._s[2]
        counts = tuple(map(self._c.solver.value_mask, hands))
        n = len(hands)
        low = min(counts)
        if dropper is None:
            return self._stock_out(hands, counts, low)
        mine = counts[dropper]
        shown = _cards_of(hands[dropper])
        drop = _tuple_new(Event, ("drop", dropper, shown, None, _drop_note(mine), _NO_DATA))
        shows: Sequence[Event]
        if n == 2:
            j = 1 - dropper
            shown = _cards_of(hands[j])
            shows = (_tuple_new(Event, ("show", j, shown, None, _show_note(counts[j]), _NO_DATA)),)
        else:
            shows = [
                Event("show", j, _cards_of(hands[j]), None, _show_note(counts[j]))
                for j in range(n)
                if j != dropper
            ]
        if mine == low and counts.count(low) == 1:
            end = Ending("drop_win", n, (dropper,), counts, dropper)
            over = _DROP_OVERS.get((dropper, mine, -1))
            if over is None:
                if len(_DROP_OVERS) > 4096:
                    _DROP_OVERS.clear()
                over = _DROP_OVERS[(dropper, mine, -1)] = _over(
                    f"seat {dropper} wins the drop with {mine}"
                )
        else:
            winners = tuple([j for j in range(n) if j != dropper and counts[j] == low])
            end = Ending("drop_caught", n, winners, counts, dropper)
            over = _DROP_OVERS.get((dropper, mine, low))
            if over is None:
                if len(_DROP_OVERS) > 4096:
                    _DROP_OVERS.clear()
                over = _DROP_OVERS[(dropper, mine, low)] = _over(
                    f"seat {dropper} is caught with {mine}; lowest {low}"
                )
        return end, (drop, *shows, over)

    def _stock_out(
        self, hands: tuple[int, ...], counts: tuple[int, ...], low: int
    ) -> tuple[Ending, tuple[Event, ...]]:
        """The showdown when the stock runs out: every hand is shown, the lowest wins."""
        n = len(hands)
        events = [
            Event("show", j, _cards_of(hands[j]), None, f"shows a count of {counts[j]}:")
            for j in range(n)
        ]
        tied = tuple([j for j in range(n) if counts[j] == low])
        if len(tied) == 1:
            end = Ending("stock_out", n, tied, counts)
            note = f"stock out: seat {tied[0]} is lowest with {low}"
        elif self._c.rules.stock_tie == "void":
            end = Ending("stock_out_void", n, (), counts)
            note = f"stock out: a tie for lowest ({low}), void hand"
        else:
            end = Ending("stock_out", n, tied, counts)
            note = f"stock out: a tie for lowest ({low}), every tied player is paid"
        events.append(_over(note))
        return end, tuple(events)

    def _apply_main(self, action: Action) -> TonkState:
        _, seat, hands, stock, pile, tab, locks, turn, x, _ = self._s
        hand = hands[seat]
        kind = type(action)
        if kind is Discard:
            assert isinstance(action, Discard)
            card = action.card
            hand ^= card.bit
            new_hands = (*hands[:seat], hand, *hands[seat + 1 :])
            pile = (*pile, card)
            events = _card_events("discard", seat, card)
            if not hand:
                end = Ending("run_out", self.setup.players, (seat,))
                return self._next(
                    action,
                    (*events, _over(f"seat {seat} runs out")),
                    OVER,
                    seat,
                    new_hands,
                    stock,
                    pile,
                    tab,
                    locks,
                    turn,
                    x,
                    end,
                )
            if locks[seat]:
                locks = (*locks[:seat], locks[seat] - 1, *locks[seat + 1 :])
            if stock >= 52 and not self._c.when_needed:  # Tonk plays the 52 cards
                after = self._next(
                    action, events, OVER, seat, new_hands, stock, pile, tab, locks, turn, x, None
                )
                end, more = after._showdown(None)
                _put_s(after, (*after._s[:9], end))
                _put_log(after, (self._log, action, (*events, *more)))
                return after
            nxt = seat + 1
            if nxt == len(hands):
                nxt = 0
            if x.pending49:
                phase, nseat, end2, more2 = self._enter_turn(nxt, x)
                return self._next(
                    action,
                    (*events, *more2),
                    phase,
                    nseat,
                    new_hands,
                    stock,
                    pile,
                    tab,
                    locks,
                    _NO_TURN,
                    x,
                    end2,
                )
            return self._to(
                action, events, (START, nxt, new_hands, stock, pile, tab, locks, _NO_TURN, x, None)
            )
        if kind is Spread:
            assert isinstance(action, Spread)
            return self._spread(action, seat, hand)
        if kind is Hit:
            assert isinstance(action, Hit)
            return self._hit(action, seat, hand)
        if kind is Bonus:
            assert isinstance(action, Bonus)
            card = action.card
            hand ^= card.bit
            used, hits, bonus, taken, touched = self._turn
            new_hands = (*hands[:seat], hand, *hands[seat + 1 :])
            pile = (*self._pile, card)
            events = _card_events("bonus", seat, card)
            out_end: Ending | None = None
            phase = MAIN
            if not hand:
                out_end = Ending("run_out", self.setup.players, (seat,))
                phase = OVER
                events = (*events, _over(f"seat {seat} runs out"))
            return self._next(
                action,
                events,
                phase,
                seat,
                new_hands,
                self._stock,
                pile,
                self._tab,
                self._locks,
                (used, hits, bonus - 1, taken, touched),
                self._x,
                out_end,
            )
        return self._drop(action)

    def _spread(self, action: Spread, seat: int, hand: int) -> TonkState:
        c = self._c
        mask = action.cards.mask
        hand &= ~mask
        used, hits, bonus, taken, touched = self._turn
        tab = self._tab
        sid = tab.next_id
        spread = c.new_spread(sid, seat, mask)
        events: list[Event] = [
            Event(
                "spread",
                seat,
                tuple(spread_cards(mask)),
                note=f"({spread.kind} #{sid})",
                data={"spread": sid, "kind": spread.kind},
            )
        ]
        if spread.book and mask.bit_count() == 4:
            tab = _Table(tab.spreads, (*tab.retired, spread), sid + 1)
            events.append(_retire(sid, seat))
        else:
            tab = _Table((*tab.spreads, spread), tab.retired, sid + 1)
        turn = (used + mask.bit_count(), hits, bonus, taken, (*touched, sid))
        return self._after_meld(action, seat, hand, tab, self._locks, turn, events)

    def _hit(self, action: Hit, seat: int, hand: int) -> TonkState:
        c = self._c
        card = action.card
        hand ^= card.bit
        used, hits, bonus, taken, touched = self._turn
        tab = self._tab
        spreads = list(tab.spreads)
        i = next(k for k, s in enumerate(spreads) if s.id == action.spread)
        old = spreads[i]
        mask = old.mask | card.bit
        events: list[Event] = [
            Event(
                "hit",
                seat,
                (card,),
                note=f"on #{old.id} of seat {old.owner}",
                data={"spread": old.id, "owner": old.owner},
            )
        ]
        locks = self._locks
        if old.owner != seat:
            if c.lock:
                locks = (*locks[: old.owner], locks[old.owner] + c.lock, *locks[old.owner + 1 :])
                events.append(
                    Event(
                        "lock",
                        old.owner,
                        note=f"may not drop for {_turns(locks[old.owner])}",
                        data={"lock": locks[old.owner]},
                    )
                )
            if c.per_hit:
                bonus += 1
        if old.book and mask.bit_count() == 4:
            del spreads[i]
            retired = (*tab.retired, old._replace(mask=mask, accepts=0))
            events.append(_retire(old.id, old.owner))
            tab = _Table(tuple(spreads), retired, tab.next_id)
        else:
            kind = BOOK if old.book else c.run
            spreads[i] = old._replace(mask=mask, accepts=accepts_mask(kind, mask, old.book))
            tab = _Table(tuple(spreads), tab.retired, tab.next_id)
        turn = (used + 1, hits + 1, bonus, taken, (*touched, old.id))
        return self._after_meld(action, seat, hand, tab, locks, turn, events)

    def _after_meld(
        self,
        action: Action,
        seat: int,
        hand: int,
        tab: _Table,
        locks: tuple[int, ...],
        turn: tuple[int, int, int, Card | None, tuple[int, ...]],
        events: list[Event],
    ) -> TonkState:
        hands = (*self._hands[:seat], hand, *self._hands[seat + 1 :])
        if hand:
            return self._next(
                action,
                tuple(events),
                MAIN,
                seat,
                hands,
                self._stock,
                self._pile,
                tab,
                locks,
                turn,
                self._x,
                None,
            )
        c = self._c
        n = self.setup.players
        full = turn[0] >= c.dealt + 1
        end = Ending("tonk_out", n, (seat,), tonker=seat, full_tonk=full)
        phrase = "tonks out" if full or not c.rules.six_card_tonk else "goes out with zero"
        events.append(Event("tonk_out", seat, note=phrase + "!"))
        if c.rules.double_double != "off" and n == 2:
            return self._next(
                action,
                tuple(events),
                RESPONSE,
                1 - seat,
                hands,
                self._stock,
                self._pile,
                tab,
                locks,
                turn,
                self._x,
                end,
            )
        events.append(_over(f"seat {seat} {phrase}"))
        return self._next(
            action,
            tuple(events),
            OVER,
            seat,
            hands,
            self._stock,
            self._pile,
            tab,
            locks,
            turn,
            self._x,
            end,
        )

    def _apply_spades(self, action: Action) -> TonkState:
        seat = self._seat
        x = self._x
        joined = x.spades_joined + ((seat,) if action is JOIN else ())
        x = replace(x, spades_answered=(*x.spades_answered, seat), spades_joined=joined)
        events: list[Event] = [
            Event("spades_join", seat, note="joins the Spades side pot")
            if action is JOIN
            else Event("spades_pass", seat, note="stays out of the Spades side pot")
        ]
        n = self.setup.players
        nxt = (seat + 1) % n
        if nxt != self._first:
            return self._next(
                action,
                tuple(events),
                SPADES,
                nxt,
                self._hands,
                self._stock,
                self._pile,
                self._tab,
                self._locks,
                self._turn,
                x,
                None,
            )
        ace_high = self._c.rules.spades_ace_high
        shown: list[tuple[int, Card | None]] = []
        best: tuple[int, int] | None = None
        for p in joined:
            spades = self._hands[p] >> (13 * Suit.SPADES)
            if not spades:
                shown.append((p, None))
                events.append(Event("spades_show", p, note="has no spade"))
                continue
            # With the ace low, the highest spade is the highest one but the ace,
            # and the ace only when it is the one spade held.
            low = spades & ~(1 << 12) if not ace_high else spades
            if low:
                rank_bit = low.bit_length() - 1
                key = rank_bit + 1
            else:
                rank_bit, key = 12, 0
            card = _CARDS[13 * Suit.SPADES + rank_bit]
            shown.append((p, card))
            events.append(Event("spades_show", p, (card,), note="shows the highest spade:"))
            if best is None or key > best[0]:
                best = (key, p)
        winner = None if best is None else best[1]
        stake = self._c.rules.side_stake
        pot = stake * len(joined)
        if winner is None:
            note = "no spade shown: every stake is refunded" if joined else "nobody joined"
        else:
            note = f"seat {winner} takes the side pot of {pot}"
        events.append(Event("spades_pot", None, note=note, data={"pot": pot, "winner": winner}))
        x = replace(x, spades_shown=tuple(shown), spades_winner=winner, spades_settled=True)
        phase, seat2, x, end, more = self._after_spades(x)
        return self._next(
            action,
            (*events, *more),
            phase,
            seat2,
            self._hands,
            self._stock,
            self._pile,
            self._tab,
            self._locks,
            self._turn,
            x,
            end,
        )

    def _apply_window(self, action: Action) -> TonkState:
        seat = self._seat
        if action is DROP:
            return self._drop(action)
        events: list[Event] = [Event("pass", seat)]
        if seat != self.setup.dealer:
            return self._next(
                action,
                tuple(events),
                WINDOW,
                (seat + 1) % self.setup.players,
                self._hands,
                self._stock,
                self._pile,
                self._tab,
                self._locks,
                self._turn,
                self._x,
                None,
            )
        phase, nseat, end, more = self._enter_turn(self._first, self._x)
        return self._next(
            action,
            (*events, *more),
            phase,
            nseat,
            self._hands,
            self._stock,
            self._pile,
            self._tab,
            self._locks,
            self._turn,
            self._x,
            end,
        )

    def _apply_response(self, action: Action) -> TonkState:
        seat = self._seat
        end = self._end
        assert end is not None
        if action is PASS:
            return self._next(
                action,
                (
                    Event("pass", seat),
                    _over(f"seat {end.tonker} tonks out"),
                ),
                OVER,
                seat,
                self._hands,
                self._stock,
                self._pile,
                self._tab,
                self._locks,
                self._turn,
                self._x,
                end,
            )
        assert isinstance(action, Respond)
        c = self._c
        tab = self._tab
        spreads = list(tab.spreads)
        retired = list(tab.retired)
        next_id = tab.next_id
        events: list[Event] = []
        for step in action.steps:
            if isinstance(step, Spread):
                mask = step.cards.mask
                spread = c.new_spread(next_id, seat, mask)
                events.append(
                    Event(
                        "spread",
                        seat,
                        tuple(spread_cards(mask)),
                        note=f"{spread.kind} #{next_id}",
                        data={"spread": next_id, "kind": spread.kind},
                    )
                )
                if spread.book and mask.bit_count() == 4:
                    retired.append(spread)
                else:
                    spreads.append(spread)
                next_id += 1
            else:
                i = next(k for k, s in enumerate(spreads) if s.id == step.spread)
                old = spreads[i]
                mask = old.mask | step.card.bit
                events.append(
                    Event(
                        "hit",
                        seat,
                        (step.card,),
                        note=f"on #{old.id}",
                        data={"spread": old.id, "owner": old.owner},
                    )
                )
                if old.book and mask.bit_count() == 4:
                    del spreads[i]
                    retired.append(old._replace(mask=mask, accepts=0))
                else:
                    kind = BOOK if old.book else c.run
                    spreads[i] = old._replace(mask=mask, accepts=accepts_mask(kind, mask, old.book))
        tonker = end.tonker
        assert tonker is not None
        winner = tonker if c.rules.double_double == "tonker_wins" else seat
        new_end = Ending(
            "double_double",
            end.players,
            (winner,),
            tonker=tonker,
            responder=seat,
            full_tonk=end.full_tonk,
        )
        events.append(
            Event("double_double", seat, note="tonks out on the tonker's run: a double-double")
        )
        events.append(_over(f"seat {winner} wins the double-double"))
        hands = (*self._hands[:seat], 0, *self._hands[seat + 1 :])
        return self._next(
            action,
            tuple(events),
            OVER,
            seat,
            hands,
            self._stock,
            self._pile,
            _Table(tuple(spreads), tuple(retired), next_id),
            self._locks,
            self._turn,
            self._x,
            new_end,
        )

    def _refusal(self, action: Action) -> IllegalAction:
        """Why ``action`` is not legal now, as an IllegalAction naming what is."""
        allowed = [str(a) for a in self.legal_actions()]
        text = str(action)
        phase = self._phase
        if phase == OVER:
            return IllegalAction("game_over", "the hand is over", action=text)
        seat = self._seat
        hand = self._hands[seat]
        c = self._c
        code, why = "not_allowed", f"{text!r} is not legal now"
        taken = self._turn[3]
        if isinstance(action, Discard | Bonus | Hit) and not hand & action.card.bit:
            code, why = "not_in_hand", f"{action.card.code} is not in seat {seat}'s hand"
        elif isinstance(action, Spread) and action.cards.mask & ~hand:
            missing = CardSet.from_mask(action.cards.mask & ~hand)
            code, why = "not_in_hand", f"{missing} not in seat {seat}'s hand"
        elif isinstance(action, Spread):
            mask = action.cards.mask
            check = BOOK.validate(action.cards)
            run_check = c.run.validate(action.cards)
            if not check and not run_check:
                code = "invalid_spread"
                if mask.bit_count() < 3:
                    why = f"{text!r}: a spread needs at least 3 cards"
                else:
                    why = (
                        f"{text!r} is neither a book ({check.reason}) "
                        f"nor a run ({run_check.reason})"
                    )
        elif isinstance(action, Hit):
            spread = next((s for s in self._tab.spreads if s.id == action.spread), None)
            if spread is None:
                ids = ", ".join(str(s.id) for s in self._tab.spreads) or "none"
                code, why = (
                    "no_such_spread",
                    f"there is no spread #{action.spread} (on the table: {ids})",
                )
            elif spread.book and c.runs_only:
                code, why = "invalid_hit", "hits go on runs only (hit_runs_only)"
            elif not spread.accepts & action.card.bit:
                code = "invalid_hit"
                cards = CardSet.from_mask(spread.mask)
                why = f"{action.card.code} does not extend #{spread.id} ({cards})"
            elif self._turn[1] >= c.max_hits:
                code, why = "hit_limit", f"at most {c.max_hits} hit(s) per turn"
        if code == "not_allowed":
            if isinstance(action, Drop):
                if phase == MAIN and not c.anytime:
                    code, why = (
                        "drop_timing",
                        "you may drop only before drawing (drop_timing=before_draw)",
                    )
                elif phase in (START, MAIN, WINDOW) and self._locks[seat]:
                    code, why = (
                        "drop_locked",
                        (
                            f"seat {seat} was hit and may not drop for "
                            f"{_turns(self._locks[seat], 'more ')}"
                        ),
                    )
                elif phase == MAIN and taken is not None and c.must_use and hand & taken.bit:
                    code, why = "must_use", f"spread or hit the taken {taken.code} first"
                elif c.drop_max is not None:
                    code, why = "drop_count", f"drop only with a count of {c.drop_max} or less"
            elif isinstance(action, Take) and not self._pile:
                code, why = "empty_pile", "the discard pile is empty"
            elif isinstance(action, Take) and phase == START:
                code, why = "must_use", "take only a card you can spread or hit this turn"
            elif isinstance(action, Draw | Take) and phase == MAIN:
                code, why = "already_drew", "you have drawn this turn; spread, hit or discard"
            elif phase == MAIN and taken is not None and c.must_use and hand & taken.bit:
                code, why = "must_use", f"spread or hit the taken {taken.code} first"
            elif isinstance(action, Discard) and taken is action.card:
                code, why = "taken_card", "you may not discard the card you took this turn"
            elif isinstance(action, Bonus) and not self._turn[2]:
                code, why = "no_bonus", "no extra discard earned this turn"
            elif phase == START and isinstance(action, Discard | Spread | Hit | Bonus):
                code, why = "must_draw", "draw or take a card first (or drop)"
        return IllegalAction(code, f"{why} ({PHASES[phase]})", action=text, allowed=allowed)

    # -- results -----------------------------------------------------------------------

    @property
    def ending(self) -> Ending | None:
        """How the hand ended (``None`` until it is over)."""
        return self._end if self._phase == OVER else None

    def count(self, seat: int) -> int:
        """The current count of ``seat``'s hand (full-state knowledge)."""
        return self._c.count(self._hands[seat])

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (full-state knowledge: not for bots)."""
        return CardSet.from_mask(self._hands[seat])

    @property
    def spreads(self) -> tuple[TableSpread, ...]:
        """The spreads on the table."""
        return self._tab.spreads

    @property
    def drop_locks(self) -> tuple[int, ...]:
        """Every player's drop lock."""
        return self._locks

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile."""
        return self._pile[-1] if self._pile else None

    def main_payments(self) -> list[Payment]:
        """The transfers of the main hand (no side pot); empty until the hand is over."""
        end = self.ending
        return [] if end is None else self._c.payout(end)

    def spades_payments(self) -> list[Payment]:
        """The Spades side-pot transfers (empty when it is not played or refunded)."""
        x = self._x
        if not x.spades_settled:
            return []
        return spades_payments(x.spades_joined, x.spades_winner, self._c.rules.side_stake)

    def result(self) -> GameResult:
        """How the hand ended: reason, winners, transfers (side pot included) and details.

        Raises:
            InvalidState: the hand is not over.
        """
        end = self.ending
        if end is None:
            raise InvalidState("the hand is not over yet; play on until is_over")
        main = self.main_payments()
        side = self.spades_payments()
        losers = [end.dropper] if end.reason == "drop_caught" and end.dropper is not None else []
        details: dict[str, object] = {
            "ending": end.reason,
            "counts": list(end.counts) if end.counts is not None else None,
            "dropper": end.dropper,
            "tonker": end.tonker,
            "responder": end.responder,
            "claim": end.claim,
            "main_net": _net(main, end.players),
            "dealer": self.setup.dealer,
        }
        if self._c.rules.six_card_tonk and end.reason == "tonk_out":
            details["full_tonk"] = end.full_tonk
        if self._x.spades_settled:
            details["spades"] = {
                "joined": list(self._x.spades_joined),
                "shown": {str(p): (c.code if c else None) for p, c in self._x.spades_shown},
                "winner": self._x.spades_winner,
                "net": _net(side, end.players),
            }
        return GameResult(
            reason=end.reason,
            players=end.players,
            winners=list(end.winners),
            losers=losers,
            payments=[*main, *side],
            actions=self.action_count,
            details=details,
        )

    # -- views -------------------------------------------------------------------------

    def _shown_mask(self) -> int:
        """The seats whose hands everyone has seen: all after a showdown, deal claimers."""
        end = self.ending
        if end is None:
            return 0
        if end.reason in _SHOWDOWNS:
            return (1 << end.players) - 1
        if end.reason == "deal_win":
            return 1 << end.winners[0]
        if end.reason == "void_deal":
            return self._x.shown
        return 0

    def view(self, seat: int | None = None) -> TonkView:
        """What ``seat`` may know (``None``: a spectator)."""
        n = self.setup.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat must be 0-{n - 1} or None, not {seat!r}")
        over = self._phase == OVER
        to_act = self.to_act
        legal = (
            [str(a) for a in self.legal_actions()] if seat is not None and seat == to_act else []
        )
        x = self._x
        shown = self._shown_mask()
        end = self.ending
        spades = None
        if self._c.rules.spades_side_pot:
            spades = SpadesView(
                answered=list(x.spades_answered),
                joined=list(x.spades_joined),
                shown=dict(x.spades_shown),
                winner=x.spades_winner,
                settled=x.spades_settled,
            )
        turn = self._turn
        in_turn = self._phase == MAIN
        return TonkView(
            game=self.game.name,
            seat=seat,
            players=n,
            to_act=to_act,
            is_over=over,
            legal_actions=legal,
            recent=[e.describe() for e in self.last_events],
            phase=PHASES[self._phase],
            dealer=self.setup.dealer,
            hand=None if seat is None else CardSet.from_mask(self._hands[seat]),
            count=None if seat is None else self.count(seat),
            spreads=[_spread_view(s) for s in self._tab.spreads],
            retired=[_spread_view(s) for s in self._tab.retired],
            discard_top=self._pile[-1] if self._pile else None,
            discard_size=len(self._pile),
            stock_size=len(self.setup.deck.cards) - self._stock,
            hand_sizes=[h.bit_count() for h in self._hands],
            drop_locks=list(self._locks),
            taken=turn[3] if in_turn else None,
            hits_this_turn=turn[1] if in_turn else 0,
            bonus_discards=turn[2] if in_turn else 0,
            spades=spades,
            shown_hands={j: CardSet.from_mask(self._hands[j]) for j in range(n) if shown >> j & 1},
            counts=list(end.counts)
            if end is not None and end.reason in _SHOWDOWNS and end.counts
            else None,
            ending=end.reason if end is not None else None,
            payments=self.main_payments() + self.spades_payments() if over else [],
        )

    def visible_zones(self, seat: int | None) -> list[str]:
        """The zones ``seat`` may see: its hand, the table, the top discard, shown hands."""
        out = ["discard:top", "retired", *(f"spread:{s.id}" for s in self._tab.spreads)]
        shown = self._shown_mask()
        for j in range(self.setup.players):
            if j == seat or shown >> j & 1:
                out.append(f"hand:{j}")
        return out

    def zones(self) -> dict[str, Sequence[Card] | CardSet]:
        """Every card of the deck, zone by zone: hands, stock, discard pile, spreads, retired."""
        out: dict[str, Sequence[Card] | CardSet] = {
            f"hand:{j}": CardSet.from_mask(h) for j, h in enumerate(self._hands)
        }
        out["stock"] = self.setup.deck.cards[self._stock :]
        out["discard"] = self._pile[:-1]
        out["discard:top"] = self._pile[-1:]
        for s in self._tab.spreads:
            out[f"spread:{s.id}"] = CardSet.from_mask(s.mask)
        retired = 0
        for s in self._tab.retired:
            retired |= s.mask
        out["retired"] = CardSet.from_mask(retired)
        return out

    def snapshot(self) -> dict[str, Any]:
        """The full state (hidden cards included) as JSON-ready data."""
        used, hits, bonus, taken, touched = self._turn
        x = self._x
        end = self._end
        return {
            "phase": PHASES[self._phase],
            "seat": self._seat,
            "hands": [CardSet.from_mask(h).codes for h in self._hands],
            "stock": [c.code for c in self.setup.deck.cards[self._stock :]],
            "discard": [c.code for c in self._pile],
            "spreads": [_spread_json(s) for s in self._tab.spreads],
            "retired": [_spread_json(s) for s in self._tab.retired],
            "next_spread_id": self._tab.next_id,
            "drop_locks": list(self._locks),
            "turn": {
                "cards_used": used,
                "hits": hits,
                "bonus_discards": bonus,
                "taken": taken.code if taken else None,
                "touched": list(touched),
            },
            "pending49": [j for j in range(self.setup.players) if x.pending49 >> j & 1],
            "dealt_counts": list(x.dealt_counts) if x.dealt_counts is not None else None,
            "shown": [j for j in range(self.setup.players) if x.shown >> j & 1],
            "spades": {
                "answered": list(x.spades_answered),
                "joined": list(x.spades_joined),
                "shown": [[p, c.code if c else None] for p, c in x.spades_shown],
                "winner": x.spades_winner,
                "settled": x.spades_settled,
            },
            "ending": None
            if end is None
            else {
                "reason": end.reason,
                "winners": list(end.winners),
                "counts": list(end.counts) if end.counts is not None else None,
                "dropper": end.dropper,
                "tonker": end.tonker,
                "responder": end.responder,
                "claim": end.claim,
                "full_tonk": end.full_tonk,
            },
        }


# The slot setters of a state, called directly: a little faster than object.__setattr__
# on the hot path (every transition builds one state).
_put_game: Final = vars(GameState)["game"].__set__
_put_setup: Final = vars(GameState)["setup"].__set__
_put_log: Final = vars(GameState)["_log"].__set__
_put_c: Final = vars(TonkState)["_c"].__set__
_put_s: Final = vars(TonkState)["_s"].__set__
_put_legal: Final = vars(TonkState)["_legal"].__set__


def _spread_view(s: TableSpread) -> SpreadView:
    return SpreadView(id=s.id, owner=s.owner, kind=s.kind, cards=spread_cards(s.mask))


def _spread_json(s: TableSpread) -> dict[str, Any]:
    return {
        "id": s.id,
        "owner": s.owner,
        "kind": s.kind,
        "cards": [c.code for c in spread_cards(s.mask)],
    }


def _net(payments: Sequence[Payment], players: int) -> list[int]:
    net = [0] * players
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    return net


def _bit_list(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


_SIMPLE: Final[Mapping[str, Action]] = {
    "draw": DRAW,
    "take": TAKE,
    "drop": DROP,
    "pass": PASS,
    "join": JOIN,
}

_FORMS: Final = (
    "draw, take, drop, pass, join, 'spread 3C 4C 5C', 'hit 8C 2', 'discard KS', 'bonus KS', "
    "'respond spread 4C 4D 4S; hit 8H 1'"
)


def _parse_step(text: str, verb: str, args: list[str]) -> Action:
    if verb == "spread":
        cards = parse_card_args(text, args)
        if not cards:
            raise IllegalAction("unparsable", f"{text!r}: name the cards to spread", action=text)
        return spread_action(CardSet(cards).mask)
    if verb == "hit":
        if len(args) != 2 or not args[1].lstrip("#").isdigit():
            raise IllegalAction(
                "unparsable",
                f"{text!r}: a hit is 'hit CARD SPREAD_ID', such as 'hit 8C 2'",
                action=text,
            )
        card = parse_card_args(text, args[:1])[0]
        if card.index >= 52:
            raise IllegalAction("unparsable", f"{text!r}: Tonk has no jokers", action=text)
        return hit_action(card.index, int(args[1].lstrip("#")))
    if verb in ("discard", "bonus"):
        cards = parse_card_args(text, args)
        if len(cards) != 1 or cards[0].index >= 52:
            raise IllegalAction(
                "unparsable", f"{text!r}: name one card, such as '{verb} KS'", action=text
            )
        index = cards[0].index
        return discard_action(index) if verb == "discard" else bonus_action(index)
    raise IllegalAction(
        "unparsable", f"{text!r} is not a Tonk action; the forms are: {_FORMS}", action=text
    )


class TonkGame(Game[TonkRules, TonkState]):
    """Tonk (Tunk): a rummy game played for stakes, with drops, hits and tonk outs."""

    name: ClassVar[str] = "tonk"
    title: ClassVar[str] = "Tonk"
    summary: ClassVar[str] = (
        "Rummy for stakes: spread books and runs, hit, drop with the lowest count, or tonk out."
    )
    aliases: ClassVar[tuple[str, ...]] = ("tunk",)
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 3
    rules_model: ClassVar[type[TonkRules]] = TonkRules
    hand_order: ClassVar[CardOrder] = CardOrder(ACE_LOW, SuitOrder.parse("C D H S"))
    rules_version: ClassVar[str] = "2"
    presets = PRESETS
    fixed_actions: ClassVar[tuple[Action, ...]] = FIXED_ACTIONS

    def __init__(self) -> None:
        """Create the game."""
        super().__init__()
        self._contexts: dict[int, tuple[TonkRules, int, _Ctx]] = {}
        #: (registry, its generation) that the hooks of ``_contexts`` were resolved from.
        self._hooks_of: tuple[Registry, int] | None = None

    def _context(self, rules: TonkRules, players: int) -> _Ctx:
        """The hand constants, cached by rules and players.

        The hooks are resolved again whenever the registry's plugins change (its
        ``generation``), so a plugin registered or removed takes effect at the next deal.
        """
        reg = self._registry
        if reg is None:
            reg = registry()
        hooks_of = (reg, reg.generation)
        if self._hooks_of != hooks_of:
            self._contexts.clear()
            self._hooks_of = hooks_of
        else:
            cached = self._contexts.get(id(rules))
            if cached is not None and cached[0] is rules and cached[1] == players:
                return cached[2]
        values = None
        for fn in self.hook_functions("tonk_card_values"):
            values = _call_hook(fn, rules=rules)
            if values is not None:
                break
        if values is None:
            values = default_card_values(rules)
        if not isinstance(values, CardValues):
            raise TypeError(f"tonk_card_values must return a cardkit.CardValues, got {values!r}")
        ctx = _Ctx(rules, players, values, tuple(self.hook_functions("tonk_payout")))
        if len(self._contexts) > 32:
            self._contexts.clear()
        self._contexts[id(rules)] = (rules, players, ctx)
        return ctx

    def new_deck(self, rules: TonkRules) -> Deck:
        """The standard 52 cards, no jokers (one shared immutable deck)."""
        return _STANDARD_DECK

    def deal(self, setup: Setup) -> TonkState:
        """Deal a hand: cards one at a time from the left of the dealer, then the upcard."""
        rules = setup.rules
        assert isinstance(rules, TonkRules)
        return TonkState._dealt(self, setup, self._context(rules, setup.players))

    def deal_score(self, result: GameResult) -> list[int]:
        """A hand adds each seat's net money (side pot included) to its match balance."""
        return result.net

    def next_dealer(self, rules: TonkRules, dealer: int, result: GameResult) -> int:
        """The deal passes one seat to the left after every hand, void hands included."""
        return (dealer + 1) % result.players


def _turns(count: int, more: str = "") -> str:
    """``1 turn``, ``2 more turns``: a count of turns with its plural."""
    return f"{count} {more}turn{'s' if count != 1 else ''}"
