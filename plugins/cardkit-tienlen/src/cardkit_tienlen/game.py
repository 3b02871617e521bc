"""The Tiến lên game: the deal, the state machine of rules spec section 4, views and results.

>>> import cardkit
>>> game = cardkit.load_game("thirteen")
>>> state = game.start(players=4, seed=7)
>>> state.to_act, str(state.legal_actions()[0])
(0, 'play 3S')
>>> state = state.apply("play 3S")
>>> [c.code for c in state.view(1).current]
['3S']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, NamedTuple, Self

from pydantic import Field

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
    Setup,
    Variant,
    View,
)
from cardkit.actions import parse_card_args, split_action_text
from cardkit.errors import Refused
from cardkit.orders import CardOrder
from cardkit.plugins import Registry, registry
from cardkit.state import Log
from cardkit_tienlen.beating import Beating, build_beating
from cardkit_tienlen.combos import (
    BIT_BY_INDEX,
    CARD_BY_KEY,
    CARD_ORDER,
    PASS,
    Kind,
    Pass,
    Play,
    cards_of,
    cardset_of,
    describe_kind,
    explain_invalid,
)
from cardkit_tienlen.rules import InstantWin, PlayUntil, TienLenRules
from cardkit_tienlen.rules import TienLenRefused as Code
from cardkit_tienlen.scoring import (
    INSTANT_WIN_LABELS,
    instant_win_hand,
    match_over,
    placement_points,
)

__all__ = ["TienLen", "TienLenState", "TienLenView", "narrate"]

#: Cards dealt to each player.
HAND_SIZE: Final = 13
_RECENT: Final = 8
_ORDINALS: Final = ("1st", "2nd", "3rd", "4th")


@dataclass(frozen=True, slots=True)
class _Config:
    """The rules of one deal, as plain values for the hot path, and its constant parts."""

    players: int
    pass_lock: bool
    bomb_overrides_pass: bool
    first_out: bool
    beating: Beating
    points: tuple[int, ...]
    undealt: int
    pass_events: tuple[tuple[Event, ...], ...]


class TienLenView(View):
    """What one seat of a Tiến lên deal may know.

    Attributes:
        hand: this seat's cards, low to high in the game's order (empty for a spectator).
        hand_sizes: how many cards each seat holds (never which).
        dealer: the dealer's seat.
        current: the combination to beat, low to high (empty when someone leads).
        current_kind: its type, such as ``"pair"`` or ``"sequence of 5"``.
        current_by: the seat that played it.
        must_include: on the first lead of a match, the card the lead must
            contain (shown to the leader only).
        locked: seats that passed this round and are out until the pile is cleared.
        passed: seats that passed since the last play (skipped until the next play).
        finished: seats that have played their last card, in finishing order.
        points: this deal's points so far (placements decided).
        pile: every card played in this round, low to high.
        played: every card played in this deal, low to high.
        undealt: how many cards were not dealt (2-3 players; never which), else None.
        instant_winner: the seat that won by an instant-win hand, if any.
        instant_hand: that hand's name, such as ``"four_twos"``.
    """

    hand: list[Card] = Field(default_factory=list)
    hand_sizes: list[int]
    dealer: int
    current: list[Card] = Field(default_factory=list)
    current_kind: str | None = None
    current_by: int | None = None
    must_include: Card | None = None
    locked: list[int] = Field(default_factory=list)
    passed: list[int] = Field(default_factory=list)
    finished: list[int] = Field(default_factory=list)
    points: list[int] = Field(default_factory=list)
    pile: list[Card] = Field(default_factory=list)
    played: list[Card] = Field(default_factory=list)
    undealt: int | None = None
    instant_winner: int | None = None
    instant_hand: str | None = None


_NOTES: dict[int, str] = {}
#: The play events of singles, pairs, triples and fours, by ``bits << 2 | seat`` (events
#: are immutable, so they are shared).
_PLAY_EVENTS: dict[int, Event] = {}


def _play_note(kind: int, size: int) -> str:
    """The narration note of a play, such as ``(pair)`` (cached)."""
    gid = kind << 5 | size
    note = _NOTES.get(gid)
    if note is None:
        note = _NOTES[gid] = f"({describe_kind(kind, size)})"
    return note


def _seats(mask: int) -> list[int]:
    out = []
    seat = 0
    while mask:
        if mask & 1:
            out.append(seat)
        mask >>= 1
        seat += 1
    return out


def _ordinal(place: int) -> str:
    return _ORDINALS[place - 1] if place <= len(_ORDINALS) else f"{place}th"


def _codes(mask: int) -> list[str]:
    return [c.code for c in cards_of(mask)]


_new = object.__new__
_set = object.__setattr__
_tuple_new = tuple.__new__


class _Fields(NamedTuple):
    """The changing part of a state (one tuple, so a transition sets one slot).

    Attributes:
        hands: each seat's cards, as game masks.
        finished: the seats that have finished, in order.
        current: the combination to beat, or None when someone leads.
        last: the seat that played ``current`` (-1 when leading).
        locked: the seats locked this round (bit per seat).
        passed: the seats that passed since the last play (bit per seat).
        to_act: the seat to act, or None when the deal is over.
        pile: the cards played this round (game mask).
        over: why the deal ended, or None.
        instant: ``(seat, hand)`` of an instant win, or None.
        required: on the first lead of a match, the card the lead must hold (game mask), else 0.
    """

    hands: tuple[int, ...]
    finished: tuple[int, ...]
    current: Play | None
    last: int
    locked: int
    passed: int
    to_act: int | None
    pile: int
    over: str | None
    instant: tuple[int, InstantWin] | None
    required: int


class TienLenState(GameState):
    """One Tiến lên deal: immutable; `apply` returns the next state.

    Hands are kept as game masks (see `cardkit_tienlen.combos`).
    """

    __slots__ = ("_cfg", "_f", "_legal")

    _cfg: _Config
    _f: _Fields
    _legal: tuple[Action, ...] | None

    # -- the contract -----------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` once the deal is over."""
        return self._f.to_act

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self._f.over is not None

    @property
    def leading(self) -> bool:
        """Whether the seat to act leads a new round (no combination to beat)."""
        return self._f.current is None and self._f.over is None

    @property
    def current(self) -> Play | None:
        """The combination to beat, or ``None`` when someone leads."""
        return self._f.current

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (hidden information: not for other players)."""
        return cardset_of(self._f.hands[seat])

    def legal_actions(self) -> tuple[Action, ...]:
        """Exactly the legal actions of the seat to act (empty once over).

        A leader may play every combination in hand (only those holding 3S
        on the first lead of a match); a follower every combination that beats
        the current one, or pass.
        """
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            _set(self, "_legal", legal)
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        f = self._f
        seat = f.to_act
        if seat is None:
            return ()
        hand = f.hands[seat]
        current = f.current
        if current is None:
            return self._cfg.beating.leads(hand, f.required)
        return (*self._cfg.beating.follows(hand, current, self._bombs_only(seat)), PASS)

    def _bombs_only(self, seat: int) -> bool:
        """Whether ``seat`` is a locked player offered a turn on 2s (bombs only)."""
        return self._cfg.pass_lock and bool(self._f.locked >> seat & 1)

    def parse_action(self, text: str) -> Action:
        """Read ``play 3S 3H`` (cards in any order and case), ``pass``, or bare cards.

        Raises:
            IllegalAction: the text is not an action (code ``"unparsable"``).
        """
        verb, args = split_action_text(text)
        if verb == "pass" and not args:
            return PASS
        if verb == "play":
            if not args:
                raise IllegalAction(
                    Refused.UNPARSABLE, "'play' needs cards, such as 'play 3S 3H'", action=text
                )
            return Play(parse_card_args(text, args))
        if verb != "pass":
            try:
                return Play([verb, *args])
            except IllegalAction:
                pass
        raise IllegalAction(
            Refused.UNPARSABLE,
            f"cannot read {text!r}: expected 'play' and cards, such as 'play 3S 3H', or 'pass'",
            action=text,
        )

    def _refuse(self, code: Refused | Code, message: str, action: Action) -> IllegalAction:
        allowed = [str(a) for a in self.legal_actions()]
        return IllegalAction(code, message, action=str(action), allowed=allowed)

    def apply(self, action: Action | str) -> Self:
        """The state after ``action`` (a `Play`, `PASS`, or their text).

        Raises:
            IllegalAction: the action is not legal now; ``self`` is unchanged.
        """
        seat = self._f.to_act
        if seat is not None:  # the fast path for action objects
            if type(action) is Play:
                return self._play(seat, action)
            if type(action) is Pass:
                return self._pass(seat)
        return super().apply(action)

    def _apply(self, action: Action) -> Self:
        """Apply a play or a pass; raise [`IllegalAction`][cardkit.errors.IllegalAction]
        and change nothing if illegal.
        """
        seat = self._f.to_act
        if seat is None:
            raise IllegalAction(Refused.GAME_OVER, "the deal is over", action=str(action))
        if type(action) is Play:
            return self._play(seat, action)
        if isinstance(action, Pass):
            return self._pass(seat)
        raise IllegalAction(
            Refused.UNKNOWN_ACTION,
            f"{action!r} is not a Tiến lên action; expected a play or a pass",
            action=str(action),
        )

    # -- transitions -------------------------------------------------------------

    def _check_play(self, seat: int, play: Play) -> None:
        """Refuse ``play`` by ``seat`` unless it is legal now (the one check `apply` uses)."""
        f = self._f
        bits = play.bits
        hand = f.hands[seat]
        if bits & ~hand:
            missing = " ".join(c.code for c in cards_of(bits & ~hand))
            raise self._refuse(
                Refused.NOT_IN_HAND,
                f"seat {seat} is to act and does not hold {missing}",
                play,
            )
        if not play.kind:
            raise self._refuse(Code.NOT_A_COMBINATION, explain_invalid(play.cardset), play)
        current = f.current
        cfg = self._cfg
        beating = cfg.beating
        if beating.removed and play.kind in beating.removed:
            raise self._refuse(Code.NOT_A_COMBINATION, beating.not_a_kind(play), play)
        if current is None:
            required = f.required
            if required and not bits & required:
                card = CARD_BY_KEY[required.bit_length() - 1]
                raise self._refuse(
                    Code.MUST_INCLUDE,
                    f"the first lead of the match must include {card.code}",
                    play,
                )
        else:
            if cfg.pass_lock and f.locked >> seat & 1 and not play.is_bomb:
                raise self._refuse(
                    Code.LOCKED,
                    f"seat {seat} passed this round; on 2s a locked player may only play "
                    "a bomb that beats them, or pass",
                    play,
                )
            if not beating.beats(play, current):
                raise self._refuse(Code.DOES_NOT_BEAT, beating.why_not(play, current), play)

    def _play(self, seat: int, play: Play) -> Self:
        self._check_play(seat, play)
        f = self._f
        cfg = self._cfg
        bits = play.bits
        hand = f.hands[seat]
        hands = list(f.hands)
        hand ^= bits
        hands[seat] = hand
        event = _PLAY_EVENTS.get(bits << 2 | seat) if play.kind <= Kind.QUAD else None
        if event is None:
            event = Event("play", seat, cards_of(bits), note=_play_note(play.kind, play.size))
            if play.kind <= Kind.QUAD:  # at most 4 seats x 195 plays: cache them
                _PLAY_EVENTS[bits << 2 | seat] = event
        events = [event]
        finished = f.finished
        over = None
        if not hand:
            finished = (*finished, seat)
            place = len(finished)
            pts = cfg.points[place - 1] if place <= len(cfg.points) else 0
            events.append(
                Event(
                    "finish",
                    seat,
                    note=f"({_ordinal(place)}, {pts} point{'s' if pts != 1 else ''})",
                    data={"place": place, "points": pts},
                )
            )
            if cfg.first_out:
                over = PlayUntil.FIRST_OUT.value
            elif sum(1 for h in hands if h) <= 1:
                over = PlayUntil.ALL_PLACED.value
        new_hands = tuple(hands)
        if over is not None:
            return self._finish(new_hands, finished, play, seat, over, events)
        locked = f.locked
        nxt = self._next_eligible(seat, new_hands, seat, locked, 0, play)
        if nxt is None:
            leader = self._round_end(new_hands, seat, events)
            return self._successor(
                new_hands, finished, None, -1, 0, 0, leader, 0, play, tuple(events)
            )
        return self._successor(
            new_hands,
            finished,
            play,
            seat,
            locked,
            0,
            nxt,
            f.pile | bits,
            play,
            tuple(events),
        )

    def _pass(self, seat: int) -> Self:
        f = self._f
        current = f.current
        if current is None:
            raise self._refuse(
                Code.CANNOT_PASS,
                f"seat {seat} leads this round and cannot pass; lead any combination",
                PASS,
            )
        bit = 1 << seat
        cfg = self._cfg
        locked = f.locked | bit if cfg.pass_lock else f.locked
        passed = f.passed | bit
        hands = f.hands
        last = f.last
        nxt = self._next_eligible(seat, hands, last, locked, passed, current)
        if nxt is None:
            events = [cfg.pass_events[seat][0]]
            leader = self._round_end(hands, last, events)
            return self._successor(
                hands, f.finished, None, -1, 0, 0, leader, 0, PASS, tuple(events)
            )
        return self._successor(
            hands,
            f.finished,
            current,
            last,
            locked,
            passed,
            nxt,
            f.pile,
            PASS,
            cfg.pass_events[seat],
        )

    def _successor(
        self,
        hands: tuple[int, ...],
        finished: tuple[int, ...],
        current: Play | None,
        last: int,
        locked: int,
        passed: int,
        to_act: int | None,
        pile: int,
        action: Action,
        events: tuple[Event, ...],
        over: str | None = None,
    ) -> Self:
        """The next state."""
        new = _new(type(self))
        _set(new, "game", self.game)
        _set(new, "setup", self.setup)
        _set(new, "_log", (self._log, action, events))
        _set(new, "_cfg", self._cfg)
        _set(
            new,
            "_f",
            _tuple_new(
                _Fields,
                (hands, finished, current, last, locked, passed, to_act, pile, over, None, 0),
            ),
        )
        _set(new, "_legal", None)
        return new

    def _fill(
        self,
        hands: tuple[int, ...],
        to_act: int | None,
        required: int,
        over: str | None,
        instant: tuple[int, InstantWin] | None,
    ) -> None:
        """Set the fields of a freshly dealt state."""
        _set(self, "_f", _Fields(hands, (), None, -1, 0, 0, to_act, 0, over, instant, required))
        _set(self, "_legal", None)

    def _next_eligible(
        self,
        after: int,
        hands: tuple[int, ...],
        last: int,
        locked: int,
        passed: int,
        current: Play,
    ) -> int | None:
        """The first eligible seat clockwise after ``after`` (rules spec 4.3), if any."""
        cfg = self._cfg
        n = cfg.players
        if cfg.pass_lock and not (cfg.bomb_overrides_pass and current.is_twos):
            passed |= locked
        for i in range(1, n):
            p = (after + i) % n
            if hands[p] and p != last and not passed >> p & 1:
                return p
        return None

    def _round_end(self, hands: tuple[int, ...], last: int, events: list[Event]) -> int:
        """Clear the pile: the last player leads, or the next holder after them."""
        n = self._cfg.players
        leader = last
        if not hands[leader]:
            for i in range(1, n):
                p = (last + i) % n
                if hands[p]:
                    leader = p
                    break
        if leader == last:
            note = "wins the round and leads"
        else:
            note = f"leads: seat {last} won the round and has gone out"
        events.append(Event("round_end", leader, note=note, data={"won_by": last}))
        return leader

    def _finish(
        self,
        hands: tuple[int, ...],
        finished: tuple[int, ...],
        play: Play,
        seat: int,
        reason: str,
        events: list[Event],
    ) -> Self:
        pile = self._f.pile | play.bits
        new = self._successor(
            hands, finished, play, seat, self._f.locked, 0, None, pile, play, (), reason
        )
        events.append(_game_over_event(new._result_for(self.action_count + 1)))
        _set(new, "_log", (self._log, play, tuple(events)))
        return new

    # -- results and views ---------------------------------------------------------

    def _order(self) -> list[int]:
        order = list(self._f.finished)
        if self._f.over == PlayUntil.ALL_PLACED:
            order += [p for p in range(self._cfg.players) if self._f.hands[p]]
        elif self._f.instant is not None:
            order = [self._f.instant[0]]
        return order

    def _points(self) -> list[int]:
        cfg = self._cfg
        if self._f.instant is not None:
            return placement_points(cfg.points, cfg.players, [self._f.instant[0]])
        return placement_points(cfg.points, cfg.players, self._f.finished)

    def result(self) -> GameResult:
        """How the deal ended: finishing order, winner, placement points.

        Raises:
            InvalidState: the deal is not over yet.
        """
        if self._f.over is None:
            raise InvalidState("the deal is not over yet; result() needs a finished deal")
        return self._result_for(self.action_count)

    def _result_for(self, actions: int) -> GameResult:
        """The result, given the number of actions played."""
        assert self._f.over is not None
        order = self._order()
        details: dict[str, object] = {
            "cards_left": [h.bit_count() for h in self._f.hands],
        }
        if self._f.instant is not None:
            details["instant_win"] = {"seat": self._f.instant[0], "hand": str(self._f.instant[1])}
        return GameResult(
            reason=self._f.over,
            players=self._cfg.players,
            order=order,
            winners=order[:1],
            losers=order[-1:] if self._f.over == PlayUntil.ALL_PLACED else [],
            points=self._points(),
            actions=actions,
            details=details,
        )

    def view(self, seat: int | None = None) -> TienLenView:
        """What ``seat`` may know (``None``: a spectator)."""
        n = self._cfg.players
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be 0-{n - 1} or None, not {seat!r}")
        current = self._f.current
        legal = (
            [str(a) for a in self.legal_actions()]
            if seat is not None and seat == self._f.to_act
            else []
        )
        must = None
        if self._f.required and seat is not None and self._f.hands[seat] & self._f.required:
            must = CARD_BY_KEY[self._f.required.bit_length() - 1]
        instant = self._f.instant
        played = self._played()
        return TienLenView(
            game=self.game.name,
            seat=seat,
            players=n,
            to_act=self._f.to_act,
            is_over=self._f.over is not None,
            legal_actions=legal,
            recent=self._recent(),
            hand=list(cards_of(self._f.hands[seat])) if seat is not None else [],
            hand_sizes=[h.bit_count() for h in self._f.hands],
            dealer=self.setup.dealer,
            current=list(current.cards) if current is not None else [],
            current_kind=describe_kind(current.kind, current.size) if current else None,
            current_by=self._f.last if current is not None else None,
            must_include=must,
            locked=_seats(self._f.locked),
            passed=_seats(self._f.passed),
            finished=list(self._f.finished),
            points=self._points(),
            pile=list(cards_of(self._f.pile)),
            played=list(cards_of(played)),
            undealt=self._cfg.undealt.bit_count() or None,
            instant_winner=instant[0] if instant else None,
            instant_hand=str(instant[1]) if instant else None,
        )

    def _played(self) -> int:
        held = 0
        for h in self._f.hands:
            held |= h
        return ((1 << 52) - 1) & ~held & ~self._cfg.undealt

    def _recent(self) -> list[str]:
        chunks: list[tuple[Event, ...]] = []
        count = 0
        log: Log = self._log
        while log is not None and count < _RECENT:
            chunks.append(log[2])
            count += len(log[2])
            log = log[0]
        events = [e for chunk in reversed(chunks) for e in chunk]
        return [narrate(e) for e in events[-_RECENT:]]

    def snapshot(self) -> dict[str, Any]:
        """The full state, hidden cards included, as JSON-ready data."""
        current = self._f.current
        return {
            "hands": [_codes(h) for h in self._f.hands],
            "undealt": _codes(self._cfg.undealt),
            "finished": list(self._f.finished),
            "current": _codes(current.bits) if current is not None else None,
            "last": self._f.last,
            "locked": _seats(self._f.locked),
            "passed": _seats(self._f.passed),
            "pile": _codes(self._f.pile),
            "to_act": self._f.to_act,
            "required": _codes(self._f.required),
            "over": self._f.over,
            "instant": [self._f.instant[0], str(self._f.instant[1])] if self._f.instant else None,
        }

    def zones(self) -> Mapping[str, CardSet]:
        """Every card exactly once: ``hand:<seat>``, ``pile`` (this round), ``discard``
        (earlier rounds) and ``undealt`` (2-3 players)."""
        out = {f"hand:{seat}": cardset_of(h) for seat, h in enumerate(self._f.hands)}
        played = self._played()
        out["pile"] = cardset_of(self._f.pile)
        out["discard"] = cardset_of(played & ~self._f.pile)
        out["undealt"] = cardset_of(self._cfg.undealt)
        return out

    def visible_zones(self, seat: int | None) -> Sequence[str]:
        """Everyone sees the pile and the discard (every play is face up); a seat its hand."""
        public = ["pile", "discard"]
        return public if seat is None else [*public, f"hand:{seat}"]


_VERBS: Final = {
    "deal": "deals",
    "lead": "leads",
    "play": "plays",
    "pass": "passes",
    "finish": "finishes",
}


def narrate(event: Event, names: Sequence[str] | None = None) -> str:
    """One Tiến lên event as a line for people: ``Seat 2 plays 3♠ 3♥ (pair)``.

    Args:
        event: an event of this game.
        names: optional player names indexed by seat.
    """
    cards = " ".join(c.pretty for c in event.cards)
    if event.seat is None:
        head = event.kind.replace("_", " ").capitalize()
        return f"{head}: {event.note}" if event.note else head
    who = names[event.seat] if names else f"Seat {event.seat}"
    verb = _VERBS.get(event.kind)
    parts = [who]
    if verb is None:
        parts.append(event.note or event.kind.replace("_", " "))
        parts.append(cards)
    else:
        parts.append(verb)
        parts.append(cards)
        if event.count is not None:
            parts.append(f"{event.count} card{'s' if event.count != 1 else ''}")
        parts.append(event.note)
    return " ".join(p for p in parts if p)


def _game_over_event(result: GameResult) -> Event:
    order = ", ".join(str(s) for s in result.order)
    points = "/".join(str(p) for p in result.points)
    return Event(
        "game_over",
        note=f"{result.reason.replace('_', ' ')}; finishing order {order}; points by seat {points}",
        data={"reason": result.reason, "order": result.order, "points": result.points},
    )


class TienLen(Game[TienLenRules, TienLenState]):
    """Tiến lên (Vietnamese Thirteen): a climbing game for 2-4 players, 13 cards each."""

    name: ClassVar[str] = "tienlen"
    title: ClassVar[str] = "Tiến lên"
    summary: ClassVar[str] = (
        "Vietnamese Thirteen: beat the last combination or pass; 2s are high, bombs beat them."
    )
    aliases: ClassVar[tuple[str, ...]] = ("thirteen", "tien-len")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 4
    rules_model: ClassVar[type[TienLenRules]] = TienLenRules
    hand_order: ClassVar[CardOrder] = CARD_ORDER
    rules_version: ClassVar[str] = "1"
    presets: ClassVar[tuple[Variant, ...]] = (
        Variant(
            name="pagat",
            description="pagat.com / BGA: a player who passed may still bomb 2s.",
            options={"bomb_overrides_pass": True},
            source="tienlen",
        ),
        Variant(
            name="southern",
            description=(
                "Southern house rules: bombs after passing, fours beat pairs of 2s, the bomb "
                "ladder, and all four instant wins."
            ),
            options={
                "bomb_overrides_pass": True,
                "quad_beats_pair_of_twos": True,
                "bomb_ladder": True,
                "instant_wins": [w.value for w in InstantWin],
            },
            source="tienlen",
        ),
        Variant(
            name="quick",
            description="One winner per deal: the deal ends when the first player goes out.",
            options={"play_until": "first_out"},
            source="tienlen",
        ),
    )

    def __init__(self) -> None:
        """Create the game."""
        super().__init__()
        self._beatings: dict[TienLenRules, Beating] = {}
        #: (registry, its generation) that ``_beatings`` was resolved from.
        self._hooks_of: tuple[Registry, int] | None = None

    def beating(self, rules: TienLenRules) -> Beating:
        """What beats what under ``rules``, from the hooks as registered now.

        Resolved from Tiến lên's hooks (`cardkit_tienlen.hookspecs`) and cached
        per rules until the registry's plugins change (its ``generation``), so
        a plugin registered or removed takes effect at the next deal.
        """
        reg = self._registry if self._registry is not None else registry()
        hooks_of = (reg, reg.generation)
        if self._hooks_of != hooks_of:
            self._beatings.clear()
            self._hooks_of = hooks_of
        else:
            found = self._beatings.get(rules)
            if found is not None:
                return found
        beating = build_beating(
            rules,
            self.hook_functions("tienlen_beats"),
            self.hook_functions("tienlen_combination"),
        )
        if len(self._beatings) > 64:
            self._beatings.clear()
        self._beatings[rules] = beating
        return beating

    def deal(self, setup: Setup) -> TienLenState:
        """Deal 13 cards each, one at a time from the top, starting left of the dealer."""
        rules = setup.rules
        assert isinstance(rules, TienLenRules)
        n = setup.players
        cards = setup.deck.cards
        bit = BIT_BY_INDEX
        hands = [0] * n
        first = (setup.dealer + 1) % n
        for i in range(HAND_SIZE * n):
            hands[(first + i) % n] |= bit[cards[i].index]
        undealt = 0
        for card in cards[HAND_SIZE * n :]:
            undealt |= bit[card.index]
        pass_note = "(locked out until the pile is cleared)" if rules.pass_lock else ""
        cfg = _Config(
            players=n,
            pass_lock=rules.pass_lock,
            bomb_overrides_pass=rules.bomb_overrides_pass,
            first_out=rules.play_until is PlayUntil.FIRST_OUT,
            beating=self.beating(rules),
            points=rules.points_for(n),
            undealt=undealt,
            pass_events=tuple((Event("pass", seat, note=pass_note),) for seat in range(n)),
        )
        dealt = 0
        for h in hands:
            dealt |= h
        lowest = dealt & -dealt
        lowest_holder = next(p for p in range(n) if hands[p] & lowest)
        required = 0
        previous = setup.previous
        if previous is None:
            leader = lowest_holder
            if rules.first_lead_requires_3s:
                required = lowest
        elif previous.winners:
            leader = previous.winners[0]
        elif previous.order:
            leader = previous.order[0]
        else:
            leader = lowest_holder
        events = [Event("deal", setup.dealer, count=HAND_SIZE, note="to each player")]
        instant: tuple[int, InstantWin] | None = None
        if rules.instant_wins:
            for i in range(n):
                p = (leader + i) % n
                kind = instant_win_hand(hands[p], rules.instant_wins)
                if kind is not None:
                    instant = (p, kind)
                    break
        state: TienLenState = _new(TienLenState)
        state._init_base(self, setup, None)
        _set(state, "_cfg", cfg)
        hands_t = tuple(hands)
        if instant is not None:
            seat, kind = instant
            state._fill(hands_t, None, 0, "instant_win", instant)
            events.append(
                Event(
                    "instant_win",
                    seat,
                    cards_of(hands[seat]),
                    note=f"wins at once with {INSTANT_WIN_LABELS[kind]}:",
                    data={"hand": kind.value},
                )
            )
            events.append(_game_over_event(state._result_for(0)))
        else:
            state._fill(hands_t, leader, required, None, None)
            if required:
                note = "(the first play of the match must include the lowest card)"
            elif previous is not None:
                note = "(won the last deal)"
            else:
                note = ""
            events.append(Event("lead", leader, note=note))
        _set(state, "_log", (None, None, tuple(events)))
        return state

    def match_over(self, rules: TienLenRules, totals: list[int], deals: int) -> bool:
        """Over once a total reaches ``target_points`` and one player leads alone."""
        return match_over(totals, rules.target_points)

    def match_winners(self, rules: TienLenRules, totals: list[int]) -> list[int]:
        """The player with the highest total (ties at the top play on, so there is one)."""
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]
