"""A trick game's play on the fields of [`trick_zones`][cardkit.engine.tricktaking.trick_zones]:
its check and its transition.

[`trick_refusal`][cardkit.engine.trickplay.trick_refusal] is a play's check (in hand,
following suit, trumps led only once broken) and
[`play_from_hand`][cardkit.engine.trickplay.play_from_hand] its transition (the card from
the hand to the trick, a complete trick to its winner), so that a trick game states its
trump and its follow rule and writes neither. Compiled in the compiled build: the
reference listing asks the check once per card of the hand.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from cardkit.cards.card import Card, Suit
from cardkit.cards.cardset import CardSet
from cardkit.cards.orders import RankOrder
from cardkit.cards.tricks import Follow, legal_plays, playable_mask
from cardkit.engine.events import Event
from cardkit.engine.tricktaking import play_to_trick
from cardkit.errors import InvalidState, Refusal, Refused

__all__ = ["TrickPlayState", "play_from_hand", "trick_refusal"]

T = TypeVar("T")


class TrickPlayState(Protocol):
    """What `trick_refusal` and `play_from_hand` read of a state: a
    [`GenericState`][cardkit.engine.generic.GenericState] has it all, with the fields of
    [`trick_zones`][cardkit.engine.tricktaking.trick_zones] (`hands`, `trick`; `broken`,
    `taken` and `tricks` for the transition)."""

    @property
    def f(self) -> Any:
        """The state's fields."""

    @property
    def to_act(self) -> int | None:
        """The seat to act, `None` once the game is over."""

    def with_seat(self, values: tuple[T, ...], value: T, /) -> tuple[T, ...]:
        """`values`, one per seat, with the seat to act's entry `value`."""
        ...


def trick_refusal(
    state: TrickPlayState,
    card: Card,
    *,
    trump: Suit | None = None,
    follow: Follow = Follow.SUIT,
    ranks: RankOrder | None = None,
    lead_trump: bool = True,
) -> Refusal | None:
    """Why the seat to act of `state` may not play `card` to the trick, or `None` when it may:
    the check of a trick game's play, as [`legal_plays`][cardkit.cards.tricks.legal_plays]
    says (the same `trump`, `follow`, `ranks` and `lead_trump`; Spades:
    ``trump=Suit.SPADES, lead_trump=self.f.broken``).

    The fields read are those of `trick_zones`' defaults: `hands` (one card set per seat)
    and `trick` (the current `Trick`). The refusals: `not_in_hand` ("QS is not in your
    hand"), `must_follow` ("follow suit: 4H was led"), `must_trump` and `must_overtrump`
    (void in the suit led, under `Follow.TRUMP` and `Follow.OVERTRUMP`), and
    `<trump>_not_broken` ("spades are not broken: lead another suit").

    ```python
    def check_play(self, action: Play) -> Refusal | None:
        return trick_refusal(self, action.card, trump=Suit.SPADES, lead_trump=self.f.broken)
    ```

    Raises:
        InvalidState: no seat is to act (the game is over).
    """
    seat = state.to_act
    if seat is None:
        raise InvalidState("no seat is to act: the game is over")
    hand, trick = state.f.hands[seat], state.f.trick
    if card not in hand:
        return Refusal(Refused.NOT_IN_HAND, f"{card.code} is not in your hand")
    if isinstance(hand, CardSet) and follow is not Follow.OVERTRUMP:
        # asked once per card of the hand by the legal listing: the hand's mask, no card list
        legal = bool(playable_mask(hand.mask, trick, follow, trump, lead_trump) & card.bit)
    else:
        legal = card in legal_plays(
            hand, trick, follow=follow, trump=trump, ranks=ranks, lead_trump=lead_trump
        )
    if legal:
        return None
    if not trick.cards:
        assert trump is not None  # only a trump lead is ever refused
        return Refusal(
            f"{trump.word}_not_broken", f"{trump.word} are not broken: lead another suit"
        )
    if any(c.suit == trick.led for c in hand):
        return Refusal("must_follow", f"follow suit: {trick.cards[0].code} was led")
    assert trump is not None  # void in the suit led, a trump is due
    if follow is Follow.TRUMP:
        return Refusal("must_trump", f"you cannot follow suit: play a trump ({trump.word})")
    return Refusal("must_overtrump", "you cannot follow suit: play a trump over the highest")


def play_from_hand(
    state: TrickPlayState, card: Card, ranks: RankOrder, trump: Suit | None = None
) -> tuple[list[Event], dict[str, Any]]:
    """The seat to act of `state` plays `card` from its hand to the trick, as
    [`play_to_trick`][cardkit.engine.tricktaking.play_to_trick] does (legality is the
    check's, see `trick_refusal`): the public events, and the fields changed, for `evolve`.

    The fields are those of `trick_zones`' defaults and the generic state's: `hands` (one
    card set per seat), `trick` (the current `Trick`), `seat` (the seat to play next: the
    trick's, or the winner of a complete trick, who leads the next), with a `trump`
    `broken` (whether a trump has been played), and once the trick is complete `last` (it),
    `taken` (each seat's taken cards) and `tricks` (each seat's number of tricks).

    ```python
    def do_play(self, action: Play) -> Self:
        events, changes = play_from_hand(self, action.card, ACE_HIGH, Suit.SPADES)
        return self.evolve(action, events, **changes)
    ```

    Raises:
        InvalidState: no seat is to act (the game is over).
        KeyError: `card` is not in the seat's hand.
        ValueError: the trick is complete.
    """
    f, seat = state.f, state.to_act
    if seat is None:
        raise InvalidState("no seat is to act: the game is over")
    hands = state.with_seat(f.hands, f.hands[seat].remove(card))
    step = play_to_trick(f.trick, card, ranks, trump, trump is not None and f.broken)
    changes: dict[str, Any] = {"hands": hands, "trick": step.trick, "seat": step.trick.to_play}
    if trump is not None:
        changes["broken"] = step.broken
    if step.won is not None:
        taken, tricks = step.tally(f.taken, f.tricks)
        changes |= {"last": step.complete, "taken": taken, "tricks": tricks}
    return step.events, changes
