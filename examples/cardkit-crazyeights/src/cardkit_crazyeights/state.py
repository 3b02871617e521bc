"""Crazy Eights: its actions, its state, the checks and the transitions (the rules in `game`)."""

from typing import Self

from cardkit.authoring import (
    Action,
    CardWord,
    GameResult,
    GenericState,
    Rank,
    Refusal,
    SheddingFields,
    SheddingView,
    Shown,
    Suit,
    Verb,
    draw_refusal,
    draw_turn,
    draw_zones,
    grammar_of,
    low_hand_result,
    match_refusal,
    matching_legal,
    pass_refusal,
    pass_turn,
    play_to_pile,
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


# --8<-- [start:state]
class CrazyEightsState(GenericState[CrazyEightsRules, SheddingFields, SheddingView]):
    """A game of Crazy Eights in progress (immutable): its fields, a shedding game's, are
    ``state.f``; its views show the suit to follow and whether the seat to act drew."""

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
    @property
    def wild(self) -> Rank | None:
        """The wild rank: 8s, unless the rules make them ordinary cards."""
        return Rank.EIGHT if self.rules.eights_wild else None

    def check_play(self, action: Play) -> Refusal | None:
        """A card in hand that matches the suit to follow or the top rank; an 8 names a suit."""
        return match_refusal(self, action, wild=self.wild)

    def check_draw(self, action: Draw) -> Refusal | None:
        """Draw when a card is left, only if you cannot play (or, drawing one, once a turn)."""
        return draw_refusal(self, wild=self.wild, until_playable=self.rules.draw_until_playable)

    def check_pass(self, action: Pass) -> Refusal | None:
        """Pass only when you may neither draw nor (drawing until playable) play."""
        return pass_refusal(self, wild=self.wild, until_playable=self.rules.draw_until_playable)

    def list_legal(self) -> list[Action]:
        """The plays of the cards that match (on the hand's card mask), then draw or pass."""
        until = self.rules.draw_until_playable
        return matching_legal(self, Play, Draw, Pass, wild=self.wild, until_playable=until)

    # --8<-- [end:checks]
    # --8<-- [start:transitions]
    def do_play(self, action: Play) -> Self:
        """Put the card on the pile; the suit to follow is the one named, or the card's."""
        return play_to_pile(self, action)

    def do_draw(self, action: Draw) -> Self:
        """Draw one card, or until one can be played; reshuffle the pile when the stock is out."""
        until = self.rules.draw_until_playable
        return draw_turn(self, action, wild=self.wild, until_playable=until)

    def do_pass(self, action: Pass) -> Self:
        """End the turn; a whole round of passes with nothing to draw blocks the game."""
        return pass_turn(self, action)

    # --8<-- [end:transitions]
