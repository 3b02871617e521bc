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
from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, NamedTuple, Self

from cardkit import (
    Action,
    Card,
    CardSet,
    CardValues,
    Deck,
    Event,
    Game,
    GameResult,
    InvalidState,
    Rank,
    Setup,
    Suit,
    View,
)  # fmt: skip
from cardkit.errors import Refusal, Refused
from cardkit.generic import GenericState
from cardkit.grammar import Form, Grammar
from cardkit.zones import Seen, Zone
from cardkit_crazyeights.rules import PRESETS, CrazyEightsRules

__all__ = [
    "SUIT_NAMES", "CrazyEights", "CrazyEightsRefused", "CrazyEightsState", "CrazyEightsView",
    "Draw", "Fields", "Pass", "Play", "card_points",
]  # fmt: skip

#: The name of each suit in action text: ``play 8H clubs``.
SUIT_NAMES: dict[Suit, str] = {
    Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"
}  # fmt: skip
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


_DRAW, _PASS = Draw(), Pass()
GRAMMAR = Grammar(
    Form("play", Play, cards=1, words=_SUIT_BY_WORD, usage=("play <card>", "play <8> <suit>")),
    Form("draw", Draw),
    Form("pass", Pass),
)


class CrazyEightsRefused(StrEnum):
    """Crazy Eights refusal codes, besides the shared [`Refused`][cardkit.errors.Refused]."""

    DOES_NOT_MATCH = "does_not_match"
    NAME_A_SUIT = "name_a_suit"
    NO_SUIT_TO_NAME = "no_suit_to_name"
    CANNOT_DRAW = "cannot_draw"
    ALREADY_DREW = "already_drew"
    MUST_PLAY = "must_play"
    CANNOT_PASS = "cannot_pass"


# --8<-- [end:actions]


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


# --8<-- [start:state]
class Fields(NamedTuple):
    """The fields of a Crazy Eights state (stock top first, discard pile top last)."""

    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    suit: Suit
    seat: int
    drew: bool = False
    passes: int = 0
    reshuffles: int = 0
    outcome: str | None = None


class CrazyEightsState(GenericState[CrazyEightsRules, Fields]):
    """A game of Crazy Eights in progress (immutable): its fields are ``state.f``."""

    __slots__ = ()
    grammar = GRAMMAR
    view_model = CrazyEightsView
    zone_specs = (
        Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER),
        Zone("stock", seen=Seen.COUNT),
        Zone("discard", seen=Seen.TOP, top_key="top"),
    )

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the game is over."""
        return None if self.f.outcome is not None else self.f.seat

    @property
    def is_over(self) -> bool:
        """Whether a player has gone out or the game is blocked."""
        return self.f.outcome is not None

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.f.discard[-1]

    # --8<-- [end:state]

    # --8<-- [start:legal]
    def can_play(self, card: Card) -> bool:
        """Whether ``card`` may be played on the discard pile now (held or not)."""
        if card.rank == Rank.EIGHT and self.rules.eights_wild:
            return True
        return card.suit == self.f.suit or card.rank == self.top.rank

    def playable(self, seat: int) -> list[Card]:
        """The cards of ``seat``'s hand that may be played now."""
        return [card for card in self.f.hands[seat] if self.can_play(card)]

    @property
    def can_draw(self) -> bool:
        """Whether a card can be drawn: the stock, or a discard pile to reshuffle."""
        return bool(self.f.stock) or len(self.f.discard) > 1

    def check_play(self, action: Play) -> Refusal | None:
        """Why ``action`` may not be played now, or ``None``."""
        card = action.card
        if card not in self.f.hands[self.f.seat]:
            return Refusal(Refused.NOT_IN_HAND, f"{card.code} is not in your hand")
        if not self.can_play(card):
            why = f"{card.code} matches neither the suit to follow ({SUIT_NAMES[self.f.suit]}) "
            return Refusal(
                CrazyEightsRefused.DOES_NOT_MATCH, f"{why}nor the rank of {self.top.code}"
            )
        wild = self.rules.eights_wild and card.rank == Rank.EIGHT
        if wild and action.suit is None:
            why = f"an 8 is wild: name a suit, as in 'play {card.code} clubs'"
            return Refusal(CrazyEightsRefused.NAME_A_SUIT, why)
        if not wild and action.suit is not None:
            why = f"only a wild 8 names a suit, not {card.code}"
            return Refusal(CrazyEightsRefused.NO_SUIT_TO_NAME, why)
        return None

    def check_draw(self, action: Draw) -> Refusal | None:
        """Draw only when you cannot play (or, drawing one, once a turn) and a card is left."""
        if not self.can_draw:
            why = "the stock is empty and there is no discard pile to shuffle"
            return Refusal(CrazyEightsRefused.CANNOT_DRAW, why)
        must_play = self.rules.draw_until_playable and self.playable(self.f.seat)
        if self.f.drew and (must_play or not self.rules.draw_until_playable):
            return Refusal(CrazyEightsRefused.ALREADY_DREW, "you have drawn a card this turn")
        if must_play:
            why = "you can play a card: draw only when you cannot"
            return Refusal(CrazyEightsRefused.MUST_PLAY, why)
        return None

    def check_pass(self, action: Pass) -> Refusal | None:
        """Pass only when you may neither draw nor (drawing until playable) play."""
        if self.rules.draw_until_playable:
            allowed = not self.can_draw and not self.playable(self.f.seat)
        else:
            allowed = self.f.drew or not self.can_draw
        if allowed:
            return None
        why = "you must draw first" if self.check_draw(_DRAW) is None else "you can play a card"
        return Refusal(CrazyEightsRefused.CANNOT_PASS, f"you may not pass: {why}")

    def list_legal(self) -> tuple[Action, ...]:
        """The legal actions, listed fast (the contract tests compare the checks' listing)."""
        wild = self.rules.eights_wild
        plays: list[Action] = []
        for card in self.playable(self.f.seat):
            if wild and card.rank == Rank.EIGHT:
                plays.extend(Play(card, suit) for suit in Suit)
            else:
                plays.append(Play(card))
        if self.rules.draw_until_playable:
            if plays:
                return tuple(plays)
            return (_DRAW,) if self.can_draw else (_PASS,)
        if not self.f.drew and self.can_draw:
            return (*plays, _DRAW)
        return (*plays, _PASS)

    # --8<-- [end:legal]

    # --8<-- [start:apply]
    def do_play(self, action: Play) -> Self:
        """Put the card on the pile; the suit to follow is the named one or the card's."""
        f, card = self.f, action.card
        hand = f.hands[f.seat].remove(card)
        hands = (*f.hands[: f.seat], hand, *f.hands[f.seat + 1 :])
        wild = action.suit is not None
        suit = action.suit if action.suit is not None else card.suit
        assert suit is not None  # no jokers in the deck
        events = [
            Event("play", f.seat, (card,), note=f"names {SUIT_NAMES[suit]}" if wild else "",
                  data={"suit": suit.code} if wild else {})
        ]  # fmt: skip
        changes: dict[str, Any] = {"seat": (f.seat + 1) % self.players}
        if not hand:
            events.append(Event("out", f.seat, note="goes out"))
            changes = {"outcome": "went_out"}
        return self.evolve(
            action, events, hands=hands, discard=(*f.discard, card), suit=suit, passes=0,
            drew=False, **changes,
        )  # fmt: skip

    # --8<-- [end:apply]

    # --8<-- [start:draw]
    def do_draw(self, action: Draw) -> Self:
        """Draw one card, or until one can be played; reshuffle the pile when the stock is out."""
        f = self.f
        hand, stock, discard, reshuffles = f.hands[f.seat], f.stock, f.discard, f.reshuffles
        events: list[Event] = []
        drawn = 0
        while True:
            if not stock:
                if len(discard) < 2:
                    break
                if drawn:
                    events.append(Event("draw", f.seat, count=drawn))
                    drawn = 0
                stock = _reshuffled(self.setup.deck, discard[:-1], reshuffles)
                reshuffles += 1
                discard = discard[-1:]
                events.append(Event("reshuffle", count=len(stock), note="discard pile into stock"))
            card, stock = stock[0], stock[1:]
            hand = hand.add(card)
            drawn += 1
            if not self.rules.draw_until_playable or self.can_play(card):
                break
        if drawn:
            events.append(Event("draw", f.seat, count=drawn))
        hands = (*f.hands[: f.seat], hand, *f.hands[f.seat + 1 :])
        return self.evolve(
            action, events, hands=hands, stock=stock, discard=discard, drew=True,
            reshuffles=reshuffles,
        )  # fmt: skip

    # --8<-- [end:draw]

    def do_pass(self, action: Pass) -> Self:
        """End the turn; a whole round of passes with nothing to draw blocks the game."""
        passes = 0 if self.can_draw else self.f.passes + 1
        events = [Event("pass", self.f.seat)]
        if passes >= self.players:
            events.append(Event("blocked", note="nobody can play or draw"))
            return self.evolve(action, events, passes=passes, drew=False, outcome="blocked")
        seat = (self.f.seat + 1) % self.players
        return self.evolve(action, events, seat=seat, passes=passes, drew=False)

    # -- results and views ----------------------------------------------------------

    def hand_points(self) -> list[int]:
        """What each hand is worth now (8 = 50 with wild 8s, pictures 10, ace 1)."""
        return [card_points(h, eights_wild=self.rules.eights_wild) for h in self.f.hands]

    def result(self) -> GameResult:
        """The winner, and the points they score from the other hands.

        Raises:
            InvalidState: the game is not over yet.
        """
        if self.f.outcome is None:
            raise InvalidState("the game is not over yet: nobody has gone out")
        values = self.hand_points()
        low = min(values)
        winners = [s for s, v in enumerate(values) if v == low]
        if self.f.outcome == "went_out":
            winners = [self.f.seat]
        points = [0] * self.players
        if len(winners) == 1:
            points[winners[0]] = sum(v - low for v in values)
        order = sorted(range(self.players), key=lambda s: (s not in winners, values[s], s))
        return GameResult(
            reason=self.f.outcome, players=self.players, order=order, winners=winners,
            points=points, actions=self.action_count,
            details={"hand_points": values, "cards_left": [len(h) for h in self.f.hands]},
        )  # fmt: skip

    # --8<-- [start:views]
    def view_extra(self, seat: int | None) -> dict[str, Any]:
        """Besides the zones, a view shows the suit to follow, the draw flag and the dealer."""
        drew = self.f.drew and not self.is_over
        return {"suit": SUIT_NAMES[self.f.suit], "drew": drew, "dealer": self.setup.dealer}

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

    def deal(self, setup: Setup[CrazyEightsRules]) -> CrazyEightsState:
        """Deal the hands one card at a time from left of the dealer, then turn up a starter."""
        rules, players, dealer = setup.rules, setup.players, setup.dealer
        first = (dealer + 1) % players
        size = rules.hand_size(players)
        hands, rest = setup.deck.deal_sets(players, size, first_seat=first)
        events = [Event("deal", dealer, note=f"{size} cards each", data={"cards_each": size})]
        starter, stock = rest.cards[0], rest.cards[1:]
        while rules.eights_wild and starter.rank == Rank.EIGHT:
            # An 8 turned up is buried in the middle of the stock; the next card is turned.
            events.append(Event("bury", cards=(starter,), note="an 8 is buried in the stock"))
            middle = len(stock) // 2
            stock = (*stock[:middle], starter, *stock[middle:])
            starter, stock = stock[0], stock[1:]
        events.append(Event("starter", cards=(starter,)))
        assert starter.suit is not None  # a 52-card deck has no jokers
        fields = Fields(tuple(hands), stock, (starter,), starter.suit, first)
        return CrazyEightsState.first(self, setup, fields, events)

    def match_over(self, rules: CrazyEightsRules, totals: list[int], deals: int) -> bool:
        """A match ends when someone reaches ``target_score`` points."""
        return max(totals) >= rules.target_score


# --8<-- [end:game]
