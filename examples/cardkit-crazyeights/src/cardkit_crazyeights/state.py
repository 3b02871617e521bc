"""Crazy Eights: its actions, its state, the checks and the transitions (the rules in `game`)."""

from typing import Literal, NamedTuple, Self

from cardkit.authoring import (
    Card,
    CardSet,
    CardWord,
    Event,
    GameResult,
    GenericState,
    Rank,
    Refusal,
    Refused,
    Shown,
    Suit,
    Verb,
    View,
    draw_to_hand,
    draw_zones,
    grammar_of,
    low_hand_result,
)
from cardkit_crazyeights.rules import POINTS, WILD_POINTS, CrazyEightsRules


# --8<-- [start:actions]
class Play(CardWord[Suit]):
    """Play one card on the pile: ``play 5D``; a wild 8 names a suit: ``play 8H clubs``."""

    word_rank = Rank.EIGHT


class Draw(Verb):
    """Draw from the stock (until a card can be played, or one card): ``draw``."""


class Pass(Verb):
    """End the turn without playing (when nothing else is allowed): ``pass``."""


# --8<-- [end:actions]


# --8<-- [start:view-model]
class CrazyEightsView(View):
    """What one seat (or a spectator) may know of a game of Crazy Eights: the zones' entries
    (``hand``, ``hand_counts``, ``stock_count``, ``discard_count``, ``top``) and the
    ``dealer``, which the core derives, and these.

    Attributes:
        suit: the suit to follow (named by a wild 8, else the top card's suit).
        drew: whether the seat to act has already drawn this turn.
    """

    suit: Literal["clubs", "diamonds", "hearts", "spades"]
    drew: bool


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


class CrazyEightsState(GenericState[CrazyEightsRules, Fields, CrazyEightsView]):
    """A game of Crazy Eights in progress (immutable): its fields are ``state.f``."""

    grammar = grammar_of(Play, Draw, Pass)
    zone_specs = draw_zones()  # hands by their owners, the stock counted, the discard's top
    shown = (Shown("suit", lambda suit: suit.word), Shown("drew", over=False))  # in every view

    def final_result(self) -> GameResult:
        """Who went out (or, blocked, holds the lowest hand) scores the other hands' points."""
        f = self.f
        assert f.outcome is not None  # the core asks only once the game is over
        values = WILD_POINTS if self.rules.eights_wild else POINTS
        points = [values.total(hand) for hand in f.hands]
        out = f.seat if f.outcome == "went_out" else None
        details = {"cards_left": [len(hand) for hand in f.hands]}
        return low_hand_result(
            points, reason=f.outcome, actions=self.action_count, out=out, details=details
        )

    # --8<-- [end:state]
    # --8<-- [start:checks]
    def can_play(self, card: Card) -> bool:
        """Whether `card` may be played now: it follows the suit to follow or the top card's
        rank, or it is an 8 while 8s are wild."""
        matches = card.suit == self.f.suit or card.rank == self.f.discard[-1].rank
        return matches or (self.rules.eights_wild and card.rank == Rank.EIGHT)

    def can_play_a_card(self) -> bool:
        """Whether the seat to act holds a card it may play."""
        return any(self.can_play(card) for card in self.f.hands[self.f.seat])

    @property
    def can_draw(self) -> bool:
        """Whether a card can be drawn: the stock, or a discard pile to reshuffle."""
        return bool(self.f.stock) or len(self.f.discard) > 1

    def check_play(self, action: Play) -> Refusal | None:
        """A card in hand that matches the suit to follow or the top rank; an 8 names a suit."""
        card = action.card
        if card not in self.f.hands[self.f.seat]:
            return Refusal(Refused.NOT_IN_HAND, f"{card.code} is not in your hand")
        if not self.can_play(card):
            top = self.f.discard[-1].code  # the top card of the discard pile
            why = f"the suit to follow ({self.f.suit.word}) nor the rank of {top}"
            return Refusal("does_not_match", f"{card.code} matches neither {why}")
        wild = self.rules.eights_wild and card.rank == Rank.EIGHT
        if wild and action.word is None:
            return Refusal("name_a_suit", f"an 8 is wild: name a suit: 'play {card.code} clubs'")
        if not wild and action.word is not None:
            return Refusal("no_suit_to_name", f"only a wild 8 names a suit, not {card.code}")
        return None

    def check_draw(self, action: Draw) -> Refusal | None:
        """Draw when a card is left, only if you cannot play (or, drawing one, once a turn)."""
        if not self.can_draw:
            return Refusal("cannot_draw", "the stock is empty and no discard pile is left")
        until = self.rules.draw_until_playable
        must_play = until and self.can_play_a_card()
        if self.f.drew and (must_play or not until):
            return Refusal("already_drew", "you have drawn a card this turn")
        if must_play:
            return Refusal("must_play", "you can play a card: draw only when you cannot")
        return None

    def check_pass(self, action: Pass) -> Refusal | None:
        """Pass only when you may neither draw nor (drawing until playable) play."""
        until = self.rules.draw_until_playable
        stuck = not self.can_draw and not (until and self.can_play_a_card())
        if stuck or (self.f.drew and not until):
            return None
        why = "you can play a card" if until and self.can_play_a_card() else "you must draw first"
        return Refusal("cannot_pass", f"you may not pass: {why}")

    # --8<-- [end:checks]
    # --8<-- [start:transitions]
    def do_play(self, action: Play) -> Self:
        """Put the card on the pile; the suit to follow is the one named, or the card's."""
        f, seat, card = self.f, self.f.seat, action.card
        hands = self.with_seat(f.hands, f.hands[seat].remove(card))
        suit = card.suit if action.word is None else action.word
        events = [action.event(seat)]  # the card shown, and the suit a wild 8 names
        changes = {"hands": hands, "discard": (*f.discard, card), "suit": suit}
        if not hands[seat]:
            events.append(Event("out", seat, note="goes out"))
            return self.evolve(action, events, **changes, drew=False, passes=0, outcome="went_out")
        return self.evolve(action, events, **changes, seat=self.next_seat, drew=False, passes=0)

    def do_draw(self, action: Draw) -> Self:
        """Draw one card, or until one can be played; reshuffle the pile when the stock is out."""
        until = self.can_play if self.rules.draw_until_playable else None
        events, changes = draw_to_hand(self, until=until)
        return self.evolve(action, events, drew=True, **changes)

    def do_pass(self, action: Pass) -> Self:
        """End the turn; a whole round of passes with nothing to draw blocks the game."""
        passes = 0 if self.can_draw else self.f.passes + 1
        events = [Event("pass", self.f.seat)]
        if passes >= self.players:
            events.append(Event("blocked", note="nobody can play or draw"))
            return self.evolve(action, events, passes=passes, drew=False, outcome="blocked")
        return self.evolve(action, events, seat=self.next_seat, passes=passes, drew=False)

    # --8<-- [end:transitions]
