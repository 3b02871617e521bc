"""A synthetic passing game for the legality benchmark: each seat in turn passes cards.

Four players are dealt `hand` cards each; in turn each passes `give` of them
to the left (`pass 3S 9H KD`), face down until everyone has passed, for
`rounds` rounds, and the game ends. With
13 cards and 3 to give, a seat has C(13, 3) = 286 legal actions; with 8 and
2, C(8, 2) = 28. The game writes only its rules, as the plugin tutorial
says: a grammar, one check and one transition, no `list_legal`, so the
core's listing (the candidates and the check) does all the work.
`listing` says how the pass form is declared: `"any"` (the default) names its
`source` zone, the hand, and declares `any_cards` (which cards are passed does
not change whether a pass is legal: the core checks one combination and lists
the others lazily); `"hand"` names the source only (every combination of the
hand is checked); `"deck"` neither (every combination of the deck's cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, NamedTuple, Self

from pydantic import Field

from cardkit import (
    Action,
    Card,
    CardSet,
    Event,
    Form,
    Game,
    GameResult,
    GenericState,
    Grammar,
    InvalidState,
    Refusal,
    Refused,
    Rules,
    Seen,
    Setup,
    View,
    Zone,
)
from cardkit.authoring import Players
from cardkit.engine.actions import cards_text

__all__ = ["STATES", "PassGame", "PassRules", "PassState"]


@dataclass(frozen=True, slots=True)
class Give(Action):
    """`pass 3S 9H KD`: the cards passed to the left."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"pass {cards_text(self.cards)}"


class PassRules(Rules):
    """How many cards a seat holds and passes, for how many rounds, and how the pass
    form is declared (`Form.source`, `Form.any_cards`)."""

    hand: int = Field(13, ge=1, le=13)
    give: int = Field(3, ge=2, le=3)
    rounds: int = Field(2, ge=1)
    listing: Literal["any", "hand", "deck"] = "any"


class Fields(NamedTuple):
    """The hands, the seat to pass, the passes made."""

    hands: tuple[CardSet, ...]
    passed: tuple[CardSet, ...]
    rest: CardSet
    seat: int
    passes: int = 0
    outcome: str | None = None


class PassView(View):
    """A seat sees its own hand and cards passed, and the counts."""

    hand: list[Card] | None
    hand_counts: list[int]
    passed: list[Card] | None
    passed_counts: list[int]


class PassState(GenericState[PassRules, Fields, PassView]):
    """Seats pass cards to the left in turn."""

    __slots__ = ()
    view_model = PassView
    zone_specs = (
        Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER),
        Zone("passed", per_seat=True, seen=Seen.OWNER),
        Zone("rest", seen=Seen.NOBODY),
    )

    def check_pass(self, action: Give) -> Refusal | None:
        """The right number of cards, all in the passer's hand."""
        if len(action.cards) != self.rules.give:
            return Refusal(Refused.UNPARSABLE, f"pass exactly {self.rules.give} cards")
        if not CardSet(action.cards) <= self.f.hands[self.f.seat]:
            return Refusal(Refused.NOT_IN_HAND, "you can pass only cards of your hand")
        return None

    def do_pass(self, action: Give) -> Self:
        """The cards wait face down; when the last seat has passed, each seat's go left."""
        f, seat = self.f, self.f.seat
        hands, passed = list(f.hands), list(f.passed)
        hands[seat] = hands[seat] - CardSet(action.cards)
        passed[seat] = CardSet(action.cards)
        passes = f.passes + 1
        if passes % self.players == 0:  # everyone has passed: the cards reach the left
            hands = [hands[s] | passed[s - 1] for s in range(self.players)]
            passed = [CardSet()] * self.players
        over = "done" if passes >= self.rules.rounds * self.players else None
        events = [Event("pass", seat, count=len(action.cards))]
        return self.evolve(
            action,
            events,
            hands=tuple(hands),
            passed=tuple(passed),
            seat=(seat + 1) % self.players,
            passes=passes,
            outcome=over,
        )

    def final_result(self) -> GameResult:
        """Nobody wins a passing exercise: the deal does not count (``void``).

        Raises:
            InvalidState: the passing is not over.
        """
        if not self.is_over:
            raise InvalidState("the passing is not over: no result yet")
        return GameResult(
            reason="void",
            players=self.players,
            order=[0, 1, 2, 3],
            winners=[],
            actions=self.action_count,
        )


def _state_class(give: int, listing: str) -> type[PassState]:
    """A state class whose grammar passes `give` cards, its form declared as `listing` says."""
    source = None if listing == "deck" else "hand"
    form = Form(
        "pass",
        Give,
        cards=give,
        build=lambda *cards: Give(cards),
        source=source,
        any_cards=listing == "any",
    )
    name = f"Pass{give}{listing.title()}"
    return type(name, (PassState,), {"__slots__": (), "grammar": Grammar(form)})


#: The state classes by (cards to give, how the pass form is declared).
STATES: dict[tuple[int, str], type[PassState]] = {
    (give, listing): _state_class(give, listing)
    for give in (2, 3)
    for listing in ("any", "hand", "deck")
}


class PassGame(Game[PassRules, PassState]):
    """The synthetic passing game."""

    name: ClassVar[str] = "passbench"
    title: ClassVar[str] = "Pass"
    players: ClassVar[Players] = Players(4, 4)
    rules_model: ClassVar[type[PassRules]] = PassRules

    def deal(self, setup: Setup[PassRules]) -> PassState:
        """`hand` cards each, seat 0 passes first."""
        hands, rest = setup.deck.deal_sets(4, setup.rules.hand)
        state = STATES[setup.rules.give, setup.rules.listing]
        empty = (CardSet(),) * 4
        return state.first(self, setup, Fields(tuple(hands), empty, CardSet(rest.cards), 0))
