"""Crazy Eights: its actions, its state and their transitions (rules text in `game`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple, Self

from cardkit.authoring import (
    Action,
    Card,
    CardSet,
    Event,
    Form,
    GameResult,
    GenericState,
    Grammar,
    InvalidState,
    Rank,
    Refusal,
    Refused,
    Seen,
    Suit,
    TableRole,
    Verb,
    Zone,
    cards_of_mask,
    draw_cards,
    low_hand_result,
)
from cardkit_crazyeights.rules import MATCHES, SUIT_NAMES, SUIT_WORDS, CrazyEightsRules, card_points
from cardkit_crazyeights.rules import CrazyEightsRefused as Code
from cardkit_crazyeights.views import CrazyEightsView

__all__ = ["GRAMMAR", "CrazyEightsState", "Draw", "Fields", "Pass", "Play"]


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play one card on the pile: ``play 5D``; a wild 8 names a suit: ``play 8H clubs``."""

    card: Card
    suit: Suit | None = None

    def __str__(self) -> str:
        named = "" if self.suit is None else f" {SUIT_NAMES[self.suit]}"
        return f"play {self.card.code}{named}"


class Draw(Verb):
    """Draw from the stock (until a card can be played, or one card): ``draw``."""

    verb = "draw"


class Pass(Verb):
    """End the turn without playing (when nothing else is allowed): ``pass``."""

    verb = "pass"


_DRAW, _PASS, _NAMED = Draw(), Pass(), ((None,), tuple(Suit))  # [wild 8?]: suits to name
GRAMMAR = Grammar(Form("play", Play, 1, usage=("play <card>",)),
                  Form("play", Play, 1, SUIT_WORDS, ("play <8> <suit>",), word_required=True,
                       only_cards=lambda card: card.rank == Rank.EIGHT),
                  Form("draw", Draw), Form("pass", Pass))  # fmt: skip


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

    __slots__ = ()
    grammar = GRAMMAR
    view_model = CrazyEightsView
    zone_specs = (
        Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER, role=TableRole.HAND),
        Zone("stock", seen=Seen.COUNT, role=TableRole.STOCK),
        Zone("discard", seen=Seen.TOP, top_key="top", role=TableRole.DISCARD),
    )

    def view_extra(self, seat: int | None) -> dict[str, Any]:
        """Besides the zones, a view shows the suit to follow, the draw flag and the dealer."""
        drew = self.f.drew and not self.is_over
        return {"suit": SUIT_NAMES[self.f.suit], "drew": drew, "dealer": self.setup.dealer}

    def final_result(self) -> GameResult:
        """The winner and the points they score from the other hands (the core's
        [`low_hand_result`][cardkit.engine.results.low_hand_result]).

        A player who goes out wins; a blocked game is won by the lowest hand (no
        points on a tie for lowest); the winner scores the difference to each
        other hand, whose cards are worth their `card_points`.

        Raises:
            InvalidState: the game is not over yet.
        """
        f = self.f
        if f.outcome is None:
            raise InvalidState("the game is not over yet: nobody has gone out")
        points = [card_points(hand, eights_wild=self.rules.eights_wild) for hand in f.hands]
        out = f.seat if f.outcome == "went_out" else None
        return low_hand_result(points, reason=f.outcome, actions=self.action_count, out=out,
                               details={"cards_left": [len(hand) for hand in f.hands]})  # fmt: skip

    # --8<-- [start:legal]
    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.f.discard[-1]

    def matching(self) -> int:
        """The mask of the cards that may be played now (held or not): the suit to follow,
        the top card's rank, and the 8s when they are wild (the rules' `MATCHES` table)."""
        return MATCHES[self.rules.eights_wild][self.f.suit][self.f.discard[-1].rank]

    def can_play(self, card: Card) -> bool:
        """Whether ``card`` may be played on the discard pile now (held or not)."""
        return card.bit & self.matching() != 0

    def playable(self, seat: int) -> CardSet:
        """The cards of ``seat``'s hand that may be played now."""
        return CardSet.from_mask(self.f.hands[seat].mask & self.matching())

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
            why = f"the suit to follow ({SUIT_NAMES[self.f.suit]}) nor the rank of {self.top.code}"
            return Refusal(Code.DOES_NOT_MATCH, f"{card.code} matches neither {why}")
        wild = self.rules.eights_wild and card.rank == Rank.EIGHT
        if wild and action.suit is None:
            return Refusal(Code.NAME_A_SUIT, f"an 8 is wild: name a suit: 'play {card.code} clubs'")
        if not wild and action.suit is not None:
            return Refusal(Code.NO_SUIT_TO_NAME, f"only a wild 8 names a suit, not {card.code}")
        return None

    def check_draw(self, action: Draw) -> Refusal | None:
        """Draw when a card is left, only if you cannot play (or, drawing one, once a turn)."""
        if not self.can_draw:
            return Refusal(Code.CANNOT_DRAW, "the stock is empty and no discard pile is left")
        until = self.rules.draw_until_playable
        must_play = until and bool(self.playable(self.f.seat))
        if self.f.drew and (must_play or not until):
            return Refusal(Code.ALREADY_DREW, "you have drawn a card this turn")
        if must_play:
            return Refusal(Code.MUST_PLAY, "you can play a card: draw only when you cannot")
        return None

    def check_pass(self, action: Pass) -> Refusal | None:
        """Pass only when you may neither draw nor (drawing until playable) play."""
        until, stuck = self.rules.draw_until_playable, not self.can_draw
        if (stuck and not (until and self.playable(self.f.seat))) or (self.f.drew and not until):
            return None
        why = "you must draw first" if self.check_draw(_DRAW) is None else "you can play a card"
        return Refusal(Code.CANNOT_PASS, f"you may not pass: {why}")

    def list_legal(self) -> tuple[Action, ...]:
        """The legal actions, listed fast (the contract tests compare the checks' listing)."""
        f, until = self.f, self.rules.draw_until_playable
        playable = f.hands[f.seat].mask & self.matching()
        # Drawing until playable with a card to play, only plays are listed: can_draw not asked.
        draw = not (until and playable) and self.can_draw and (until or not f.drew)
        return _listing(playable, self.rules.eights_wild, until, draw)

    # --8<-- [start:apply]
    def do_play(self, action: Play) -> Self:
        """Put the card on the pile; the suit to follow is the one named, or the card's."""
        f, seat, card, named = self.f, self.f.seat, action.card, action.suit
        hand = f.hands[seat].remove(card)
        suit = named if named is not None else card.suit
        assert suit is not None  # no jokers in the deck
        events = [Event("play", seat, (card,)) if named is None else Event("play", seat, (card,),
                  note=f"names {SUIT_NAMES[suit]}", data={"suit": suit.code})]  # fmt: skip
        out = None if hand else "went_out"
        events += [Event("out", seat, note="goes out")] if out else []
        hands = (*f.hands[:seat], hand, *f.hands[seat + 1 :])
        turn = (seat + 1) % self.players if hand else seat
        # The fields whole, in order: on this hot path, cheaper than `evolve`'s changes by name.
        fields = Fields(hands, f.stock, (*f.discard, card), suit, turn, False, 0, f.reshuffles, out)
        return self.successor(action, events, fields)

    def do_draw(self, action: Draw) -> Self:
        """Draw one card, or until one can be played; reshuffle the pile when the stock is out."""
        f, seat = self.f, self.f.seat
        until = self.can_play if self.rules.draw_until_playable else None
        cards, stock, discard, reshuffles, events = draw_cards(
            seat, f.stock, f.discard, f.reshuffles, self.hidden_shuffle, until=until)  # fmt: skip
        hands = (*f.hands[:seat], f.hands[seat].union(cards), *f.hands[seat + 1 :])
        fields = Fields(hands, stock, discard, f.suit, seat, True, f.passes, reshuffles, f.outcome)
        return self.successor(action, events, fields)

    def do_pass(self, action: Pass) -> Self:
        """End the turn; a whole round of passes with nothing to draw blocks the game."""
        passes = 0 if self.can_draw else self.f.passes + 1
        events = [Event("pass", self.f.seat)]
        if passes >= self.players:
            events.append(Event("blocked", note="nobody can play or draw"))
            return self.evolve(action, events, passes=passes, drew=False, outcome="blocked")
        seat = (self.f.seat + 1) % self.players
        return self.evolve(action, events, seat=seat, passes=passes, drew=False)


#: The plays of each card, 8s wild or not (a wild 8 names a suit), made once.
_PLAYS = [{card: tuple(Play(card, suit) for suit in _NAMED[wild and card.rank == 8])
           for card in CardSet.standard()} for wild in (False, True)]  # fmt: skip


@lru_cache(maxsize=1 << 12)  # one tuple for equal listings: the RL table numbers it once
def _listing(playable: int, wild: bool, until: bool, draw: bool) -> tuple[Action, ...]:
    """The legal actions with these cards playable, 8s wild or not, drawing until playable
    or not, and a card to draw (with `draw_until_playable=False`: not drawn yet) or not."""
    plays: list[Action] = [play for card in cards_of_mask(playable) for play in _PLAYS[wild][card]]
    return (*plays, *(() if until and plays else (_DRAW if draw else _PASS,)))
