"""Crazy Eights: actions, the immutable state, its views, and the game object.

The rules (see the README):

- 2-5 players, one 52-card deck. Each player is dealt 7 cards with two
  players, 5 with more, one at a time starting left of the dealer. The next
  card is turned up as the *starter*, the first card of the discard pile. An
  8 turned up as the starter is buried in the middle of the stock and the
  next card is turned up instead.
- The player left of the dealer starts; play goes clockwise. On your turn,
  play one card that matches the top card of the discard pile in suit or in
  rank. 8s are wild: an 8 may be played on anything, and its player names
  the suit the next player must follow (``play 8H clubs``).
- A player who cannot play draws from the stock until they draw a card they
  can play (``draw``); they then play a card. With the option
  ``draw_until_playable=False`` they draw one card instead, and then play or
  ``pass``. A player who cannot play or draw passes.
- When the stock is empty and a card must be drawn, the discard pile except
  its top card is shuffled to form a new stock. The shuffle uses a random
  generator seeded from the deal's deck order, so a game replays exactly
  from its deck and actions, and no player can predict it.
- The first player to empty their hand wins and scores the cards left in the
  other hands: an 8 is worth 50, a king, queen or jack 10, an ace 1, any
  other card its pip value. If nobody can play or draw for a whole round,
  the game is *blocked*: the lowest hand count wins and scores the
  difference to each other hand (no points on a tie for lowest).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

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
    Rank,
    Setup,
    Suit,
    View,
)
from cardkit.actions import parse_card_args, split_action_text
from cardkit.state import Log
from cardkit_crazyeights.rules import PRESETS, CrazyEightsRules

__all__ = [
    "SUIT_NAMES",
    "CrazyEights",
    "CrazyEightsState",
    "CrazyEightsView",
    "Draw",
    "Pass",
    "Play",
    "card_points",
]

#: The name of each suit in action text: ``play 8H clubs``.
SUIT_NAMES: dict[Suit, str] = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}
_SUIT_BY_WORD: dict[str, Suit] = {
    **{name: suit for suit, name in SUIT_NAMES.items()},
    **{name[:-1]: suit for suit, name in SUIT_NAMES.items()},
    **{suit.code.lower(): suit for suit in Suit},
    **{suit.symbol: suit for suit in Suit},
}

#: Cards left in a hand: pip value, pictures 10, ace 1 (an 8 is worth 50 while 8s are wild).
_VALUES = CardValues.pips(ace=1, pictures=10)
_POINTS = CardValues({rank: 50 if rank == Rank.EIGHT else _VALUES.table[rank - 2] for rank in Rank})


def card_points(cards: Collection[Card], *, eights_wild: bool = True) -> int:
    """What cards left in a hand are worth: 8 = 50 (8 when 8s are not wild), pictures 10, ace 1."""
    return (_POINTS if eights_wild else _VALUES).total(cards)


# -- actions --------------------------------------------------------------------


# --8<-- [start:actions]
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play one card on the discard pile; a wild 8 names the suit to follow.

    Text: ``play 5D``, or ``play 8H clubs`` for a wild 8.
    """

    card: Card
    suit: Suit | None = None

    def __str__(self) -> str:
        if self.suit is None:
            return f"play {self.card.code}"
        return f"play {self.card.code} {SUIT_NAMES[self.suit]}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw from the stock (until a card can be played, or one card). Text: ``draw``."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """End the turn without playing (only when no play or draw is required). Text: ``pass``."""

    def __str__(self) -> str:
        return "pass"


_DRAW = Draw()
_PASS = Pass()
_FORMS = ("play <card>", "play <8> <suit>", "draw", "pass")
# --8<-- [end:actions]


# -- views ------------------------------------------------------------------------


# --8<-- [start:view-model]
class CrazyEightsView(View):
    """What one seat (or a spectator) may know of a game of Crazy Eights.

    Attributes:
        hand: the seat's own cards, in canonical order (``None`` for a spectator).
        hand_counts: how many cards each seat holds.
        stock_count: how many cards are left in the stock.
        discard_count: how many cards the discard pile holds.
        top: the top card of the discard pile.
        suit: the suit to follow (named by a wild 8, else the top card's suit).
        drew: whether the seat to act has already drawn this turn.
        dealer: the dealer's seat.
    """

    hand: list[Card] | None
    hand_counts: list[int]
    stock_count: int
    discard_count: int
    top: Card
    suit: str
    drew: bool
    dealer: int


# --8<-- [end:view-model]


# -- the state --------------------------------------------------------------------


# --8<-- [start:state]
class CrazyEightsState(GameState):
    """A game of Crazy Eights in progress (immutable).

    Zones: ``hand:<seat>`` (private to the seat), ``stock`` (face down, top
    first) and ``discard`` (face up, bottom first; public).
    """

    __slots__ = (
        "_legal",
        "discard",
        "drew",
        "hands",
        "outcome",
        "passes",
        "reshuffles",
        "seat",
        "stock",
        "suit",
    )

    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    suit: Suit
    seat: int
    drew: bool
    passes: int
    reshuffles: int
    outcome: str | None
    _legal: tuple[Action, ...] | None

    def __init__(
        self,
        game: Game[Any, Any],
        setup: Setup,
        log: Log,
        *,
        hands: tuple[CardSet, ...],
        stock: tuple[Card, ...],
        discard: tuple[Card, ...],
        suit: Suit,
        seat: int,
        drew: bool = False,
        passes: int = 0,
        reshuffles: int = 0,
        outcome: str | None = None,
    ) -> None:
        """Build a state; use `CrazyEights.start` rather than calling this."""
        self._init_base(game, setup, log)
        for name, value in (
            ("hands", hands),
            ("stock", stock),
            ("discard", discard),
            ("suit", suit),
            ("seat", seat),
            ("drew", drew),
            ("passes", passes),
            ("reshuffles", reshuffles),
            ("outcome", outcome),
            ("_legal", None),
        ):
            object.__setattr__(self, name, value)

    def _next(self, action: Action, events: tuple[Event, ...], **changes: Any) -> Self:
        fields: dict[str, Any] = {
            "hands": self.hands,
            "stock": self.stock,
            "discard": self.discard,
            "suit": self.suit,
            "seat": self.seat,
            "drew": self.drew,
            "passes": self.passes,
            "reshuffles": self.reshuffles,
            "outcome": self.outcome,
        }
        fields.update(changes)
        return type(self)(self.game, self.setup, (self._log, action, events), **fields)

    # --8<-- [end:state]

    @property
    def rules(self) -> CrazyEightsRules:
        """The rules in force."""
        rules = self.setup.rules
        assert isinstance(rules, CrazyEightsRules)
        return rules

    # -- turn structure -------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the game is over."""
        return None if self.outcome is not None else self.seat

    @property
    def is_over(self) -> bool:
        """Whether a player has gone out or the game is blocked."""
        return self.outcome is not None

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.discard[-1]

    # --8<-- [start:legal]
    def can_play(self, card: Card) -> bool:
        """Whether ``card`` may be played on the discard pile now (held or not)."""
        if card.rank == Rank.EIGHT and self.rules.eights_wild:
            return True
        return card.suit == self.suit or card.rank == self.top.rank

    def playable(self, seat: int) -> list[Card]:
        """The cards of ``seat``'s hand that may be played now."""
        return [card for card in self.hands[seat] if self.can_play(card)]

    @property
    def can_draw(self) -> bool:
        """Whether a card can be drawn: the stock, or a discard pile to reshuffle."""
        return bool(self.stock) or len(self.discard) > 1

    def legal_actions(self) -> tuple[Action, ...]:
        """Exactly the legal actions of the seat to act (empty once over)."""
        if self._legal is None:
            object.__setattr__(self, "_legal", self._list_legal())
        assert self._legal is not None
        return self._legal

    def _list_legal(self) -> tuple[Action, ...]:
        if self.outcome is not None:
            return ()
        wild = self.rules.eights_wild
        plays: list[Action] = []
        for card in self.playable(self.seat):
            if wild and card.rank == Rank.EIGHT:
                plays.extend(Play(card, suit) for suit in Suit)
            else:
                plays.append(Play(card))
        if self.rules.draw_until_playable:
            if plays:
                return tuple(plays)
            return (_DRAW,) if self.can_draw else (_PASS,)
        if not self.drew and self.can_draw:
            return (*plays, _DRAW)
        return (*plays, _PASS)

    # --8<-- [end:legal]

    # -- actions ---------------------------------------------------------------

    # --8<-- [start:parse]
    def parse_action(self, text: str) -> Action:
        """Read ``play <card> [<suit>]``, ``draw`` or ``pass`` (any case).

        Raises:
            IllegalAction: the text is not a Crazy Eights action (code ``"unparsable"``).
        """
        verb, args = split_action_text(text)
        if verb in ("draw", "pass") and not args:
            return _DRAW if verb == "draw" else _PASS
        if verb == "play" and args:
            suit: Suit | None = None
            if len(args) == 2 and args[1].lower() in _SUIT_BY_WORD:
                suit = _SUIT_BY_WORD[args[1].lower()]
                args = args[:1]
            cards = parse_card_args(text, args)
            if len(cards) == 1:
                return Play(cards[0], suit)
        raise IllegalAction(
            "unparsable",
            f"cannot read {text!r} as a Crazy Eights action; expected one of "
            + ", ".join(repr(f) for f in _FORMS),
            action=text,
            allowed=[str(a) for a in self.legal_actions()],
        )

    # --8<-- [end:parse]

    def _refuse(self, code: str, message: str, action: Action) -> IllegalAction:
        return IllegalAction(
            code, message, action=action, allowed=[str(a) for a in self.legal_actions()]
        )

    # --8<-- [start:apply]
    def _apply(self, action: Action) -> Self:
        if self.outcome is not None:
            raise self._refuse("game_over", "the game is over", action)
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, Draw):
            return self._draw(action)
        if isinstance(action, Pass):
            return self._pass(action)
        raise self._refuse("unknown_action", f"{action!r} is not a Crazy Eights action", action)

    def _play(self, action: Play) -> Self:
        seat, card, rules = self.seat, action.card, self.rules
        if card not in self.hands[seat]:
            raise self._refuse("not_in_hand", f"{card.code} is not in your hand", action)
        wild = rules.eights_wild and card.rank == Rank.EIGHT
        if not self.can_play(card):
            raise self._refuse(
                "does_not_match",
                f"{card.code} matches neither the suit to follow ({SUIT_NAMES[self.suit]}) "
                f"nor the rank of {self.top.code}",
                action,
            )
        if wild and action.suit is None:
            raise self._refuse(
                "name_a_suit", f"an 8 is wild: name a suit, as in 'play {card.code} clubs'", action
            )
        if not wild and action.suit is not None:
            raise self._refuse(
                "no_suit_to_name", f"only a wild 8 names a suit, not {card.code}", action
            )
        hand = self.hands[seat].remove(card)
        hands = (*self.hands[:seat], hand, *self.hands[seat + 1 :])
        suit = action.suit if action.suit is not None else card.suit
        assert suit is not None
        note = f"names {SUIT_NAMES[suit]}" if wild else ""
        data = {"suit": suit.code} if wild else {}
        events = [Event("play", seat, (card,), note=note, data=data)]
        if not hand:
            events.append(Event("out", seat, note="goes out"))
            return self._next(
                action, tuple(events), hands=hands, discard=(*self.discard, card), suit=suit,
                passes=0, drew=False, outcome="went_out",
            )  # fmt: skip
        return self._next(
            action, tuple(events), hands=hands, discard=(*self.discard, card), suit=suit,
            seat=(seat + 1) % self.players, passes=0, drew=False,
        )  # fmt: skip

    # --8<-- [end:apply]

    # --8<-- [start:draw]
    def _draw(self, action: Draw) -> Self:
        rules, seat = self.rules, self.seat
        if _DRAW not in self.legal_actions():
            if not self.can_draw:
                why = "the stock is empty and there is no discard pile to shuffle"
                raise self._refuse("cannot_draw", why, action)
            if self.drew:
                raise self._refuse("already_drew", "you have drawn a card this turn", action)
            why = "you can play a card: draw only when you cannot"
            raise self._refuse("must_play", why, action)
        hand, stock, discard = self.hands[seat], self.stock, self.discard
        events: list[Event] = []
        drawn = 0
        reshuffles = self.reshuffles
        while True:
            if not stock:
                if len(discard) < 2:
                    break
                if drawn:
                    events.append(Event("draw", seat, count=drawn))
                    drawn = 0
                stock = _reshuffled(self.setup.deck, discard[:-1], reshuffles)
                reshuffles += 1
                discard = discard[-1:]
                events.append(Event("reshuffle", count=len(stock), note="discard pile into stock"))
            card, stock = stock[0], stock[1:]
            hand = hand.add(card)
            drawn += 1
            if not rules.draw_until_playable or self.can_play(card):
                break
        if drawn:
            events.append(Event("draw", seat, count=drawn))
        hands = (*self.hands[:seat], hand, *self.hands[seat + 1 :])
        return self._next(
            action, tuple(events), hands=hands, stock=stock, discard=discard, drew=True,
            reshuffles=reshuffles,
        )  # fmt: skip

    # --8<-- [end:draw]

    def _pass(self, action: Pass) -> Self:
        if _PASS not in self.legal_actions():
            msg = "you must draw first" if _DRAW in self.legal_actions() else "you can play a card"
            raise self._refuse("cannot_pass", f"you may not pass: {msg}", action)
        passes = 0 if self.can_draw else self.passes + 1
        events = [Event("pass", self.seat)]
        if passes >= self.players:
            events.append(Event("blocked", note="nobody can play or draw"))
            return self._next(action, tuple(events), passes=passes, drew=False, outcome="blocked")
        return self._next(
            action, tuple(events), seat=(self.seat + 1) % self.players, passes=passes, drew=False
        )

    # -- results, views, saves ----------------------------------------------------

    def hand_points(self) -> list[int]:
        """What each hand is worth now (8 = 50 with wild 8s, pictures 10, ace 1)."""
        wild = self.rules.eights_wild
        return [card_points(hand, eights_wild=wild) for hand in self.hands]

    def result(self) -> GameResult:
        """The winner, and the points they score from the other hands.

        Raises:
            InvalidState: the game is not over yet.
        """
        if self.outcome is None:
            raise InvalidState("the game is not over yet: nobody has gone out")
        values = self.hand_points()
        low = min(values)
        winners = [s for s, v in enumerate(values) if v == low]
        if self.outcome == "went_out":
            winners = [self.seat]
        points = [0] * self.players
        if len(winners) == 1:
            points[winners[0]] = sum(v - low for v in values)
        order = sorted(range(self.players), key=lambda s: (s not in winners, values[s], s))
        return GameResult(
            reason=self.outcome,
            players=self.players,
            order=order,
            winners=winners,
            points=points,
            actions=self.action_count,
            details={"hand_points": values, "cards_left": [len(h) for h in self.hands]},
        )

    # --8<-- [start:views]
    def view(self, seat: int | None = None) -> CrazyEightsView:
        """What ``seat`` may know: its own hand, the top card, and counts of the rest."""
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < self.players):
            # A negative index would show another seat's hand.
            raise ValueError(f"seat must be 0-{self.players - 1} or None, not {seat!r}")
        to_act = self.to_act
        acting = seat is not None and seat == to_act
        legal = [str(a) for a in self.legal_actions()] if acting else []
        return CrazyEightsView(
            game=self.game.name,
            seat=seat,
            players=self.players,
            to_act=to_act,
            is_over=self.is_over,
            legal_actions=legal,
            recent=[e.describe() for e in self.last_events],
            hand=list(self.hands[seat]) if seat is not None else None,
            hand_counts=[len(h) for h in self.hands],
            stock_count=len(self.stock),
            discard_count=len(self.discard),
            top=self.top,
            suit=SUIT_NAMES[self.suit],
            drew=self.drew and not self.is_over,
            dealer=self.setup.dealer,
        )

    def snapshot(self) -> dict[str, Any]:
        """The full state as JSON-ready data, stock order included."""
        return {
            "hands": [h.codes for h in self.hands],
            "stock": [c.code for c in self.stock],
            "discard": [c.code for c in self.discard],
            "suit": self.suit.code,
            "seat": self.seat,
            "drew": self.drew,
            "passes": self.passes,
            "reshuffles": self.reshuffles,
            "outcome": self.outcome,
        }

    def zones(self) -> Mapping[str, Sequence[Card] | CardSet]:
        """``hand:<seat>`` for each seat, ``stock`` (top first) and ``discard`` (top last)."""
        zones: dict[str, Sequence[Card] | CardSet] = {
            f"hand:{s}": hand for s, hand in enumerate(self.hands)
        }
        zones["stock"] = self.stock
        zones["discard"] = self.discard
        return zones

    def visible_zones(self, seat: int | None) -> Collection[str]:
        """The discard pile is public; a seat also sees its own hand."""
        return ("discard",) if seat is None else ("discard", f"hand:{seat}")

    # --8<-- [end:views]


# --8<-- [start:reshuffle]
def _reshuffled(deck: Deck, cards: tuple[Card, ...], reshuffles: int) -> tuple[Card, ...]:
    """The new stock made of ``cards``, shuffled by a generator seeded from the deal.

    The seed is the deal's full deck order (hidden from every player) and the
    number of earlier reshuffles, so a game replays exactly from its deck.
    """
    rng = random.Random(f"cardkit-crazyeights:{deck}:{reshuffles}")
    shuffled = list(cards)
    rng.shuffle(shuffled)
    return tuple(shuffled)


# --8<-- [end:reshuffle]


# -- the game ------------------------------------------------------------------------


# --8<-- [start:game]
class CrazyEights(Game[CrazyEightsRules, CrazyEightsState]):
    """Crazy Eights: match the top card by suit or rank; 8s are wild."""

    name: ClassVar[str] = "crazyeights"
    title: ClassVar[str] = "Crazy Eights"
    summary: ClassVar[str] = "Shed your hand by matching suit or rank; 8s are wild."
    aliases: ClassVar[tuple[str, ...]] = ("eights", "crazy-eights")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    default_players: ClassVar[int] = 4
    rules_model: ClassVar[type[CrazyEightsRules]] = CrazyEightsRules
    rules_version: ClassVar[str] = "1"
    presets = PRESETS

    def deal(self, setup: Setup) -> CrazyEightsState:
        """Deal the hands one card at a time from left of the dealer, then turn up a starter."""
        rules = setup.rules
        assert isinstance(rules, CrazyEightsRules)
        players, dealer = setup.players, setup.dealer
        first = (dealer + 1) % players
        size = rules.hand_size(players)
        hands, rest = setup.deck.deal_sets(players, size, first_seat=first)
        stock = rest.cards
        events = [Event("deal", dealer, note=f"{size} cards each", data={"cards_each": size})]
        starter, stock = stock[0], stock[1:]
        while rules.eights_wild and starter.rank == Rank.EIGHT:
            # An 8 turned up is buried in the middle of the stock; the next card is turned.
            events.append(Event("bury", cards=(starter,), note="an 8 is buried in the stock"))
            middle = len(stock) // 2
            stock = (*stock[:middle], starter, *stock[middle:])
            starter, stock = stock[0], stock[1:]
        events.append(Event("starter", cards=(starter,)))
        assert starter.suit is not None
        return CrazyEightsState(
            self,
            setup,
            (None, None, tuple(events)),
            hands=tuple(hands),
            stock=stock,
            discard=(starter,),
            suit=starter.suit,
            seat=first,
        )

    def match_over(self, rules: CrazyEightsRules, totals: list[int], deals: int) -> bool:
        """A match ends when someone reaches ``target_score`` points."""
        return max(totals) >= rules.target_score


# --8<-- [end:game]
