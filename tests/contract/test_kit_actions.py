"""The contract checks of actions: each one passes a correct game and catches a broken one
(Crazy Eights with one bug planted, as in ``test_kit.py``)."""

from __future__ import annotations

import itertools
from typing import Any, ClassVar

import pytest
from cardkit_crazyeights.state import CrazyEightsState, Pass, Play
from contract_support import GOOD, a_state, broken, check_each

from cardkit import Action
from cardkit.authoring import playable_mask
from cardkit.testing import (
    ContractError,
    check_illegal_actions,
    check_legal_actions,
    random_playout,
)

# -- actions ------------------------------------------------------------------------------


class TextDoesNotRoundTrip(CrazyEightsState):
    __slots__ = ()

    def parse_action(self, text: str) -> Action:
        action = super().parse_action(text)
        if isinstance(action, Play) and action.word is not None:
            return Play(action.card, None)
        return action


class TextAppliesDifferently(CrazyEightsState):
    __slots__ = ()

    def apply(self, action: Action | str) -> Any:
        if isinstance(action, str) and len(self.legal_actions()) > 1:
            return super().apply(self.legal_actions()[-1])
        return super().apply(action)


class MutableState(CrazyEightsState):
    """Keeps a list in its snapshot that every apply() appends to, even a refused one."""

    __slots__ = ()
    scratch: ClassVar[dict[int, list[str]]] = {}

    def _apply(self, action: Action) -> Any:
        self.scratch.setdefault(id(self.setup), []).append(str(action))
        return super()._apply(action)

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "tries": len(self.scratch.get(id(self.setup), []))}


class AcceptsAnyCardInHand(CrazyEightsState):
    """Lets a card that matches nothing be played, though legal_actions() does not list it."""

    __slots__ = ()

    def _apply(self, action: Action) -> Any:
        hand = self.f.hands[self.f.seat]
        if (
            isinstance(action, Play)
            and action.card in hand
            and not playable_mask(action.card.bit, self.f.discard[-1], self.f.suit, self.wild)
        ):
            hands = list(self.f.hands)
            hands[self.f.seat] = hand.remove(action.card)
            return self.evolve(
                action,
                (),
                hands=tuple(hands),
                discard=(*self.f.discard, action.card),
                suit=action.card.suit,
                seat=(self.f.seat + 1) % self.players,
            )
        return super()._apply(action)


class RaisesValueError(CrazyEightsState):
    __slots__ = ()

    def parse_action(self, text: str) -> Action:
        if not text.strip():
            raise ValueError("empty")
        return super().parse_action(text)


class RefusesAForeignActionBadly(CrazyEightsState):
    __slots__ = ()

    def _apply(self, action: Action) -> Any:
        if not isinstance(action, Play | Pass) and str(action) == "foreign-action":
            raise TypeError("no")
        return super()._apply(action)


def test_legal_actions_apply_and_round_trip() -> None:
    """Every legal action applies; a text that reads back differently is caught."""
    for state in random_playout(GOOD, 4, 3).states[::4]:
        check_legal_actions(state)
    with pytest.raises(ContractError, match="parse_action"):
        check_each(check_legal_actions, broken(TextDoesNotRoundTrip))
    with pytest.raises(ContractError, match="as text and as an action"):
        check_each(check_legal_actions, broken(TextAppliesDifferently))


def test_applying_must_not_mutate() -> None:
    """A state changed by a legal or a refused action is caught."""
    with pytest.raises(ContractError, match="changed the state"):
        check_legal_actions(a_state(broken(MutableState)))
    with pytest.raises(ContractError, match="changed the state"):
        check_illegal_actions(a_state(broken(MutableState)))


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (AcceptsAnyCardInHand, "which legal_actions\\(\\) does not list"),
        (RaisesValueError, "raised ValueError\\('empty'\\), expected IllegalAction"),
        (RefusesAForeignActionBadly, "raised TypeError"),
    ],
)
def test_illegal_actions_are_refused_cleanly(
    state_class: type[CrazyEightsState], message: str
) -> None:
    """Accepting an unlisted action, or refusing with another exception, is caught."""
    for state in random_playout(GOOD, 3, 1).states[::3]:
        check_illegal_actions(state)
    with pytest.raises(ContractError, match=message):
        check_each(check_illegal_actions, broken(state_class))


def test_actions_of_another_seat_are_refused() -> None:
    """Texts legal for the previous seat are refused or legal now; extra texts are tried."""
    states = random_playout(GOOD, 3, 4).states
    for before, state in itertools.pairwise(states):
        check_illegal_actions(state, [str(a) for a in before.legal_actions()])
