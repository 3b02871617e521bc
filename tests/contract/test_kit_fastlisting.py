"""The contract suite compares a fast `list_legal` with the checks' listing.

The broken games are Crazy Eights (which lists from its checks) given a fast
listing that is wrong in one way; the other contract checks do not see it (an
action of the kept listing applies without a second check), so only the
fast-listing comparison can.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from cardkit_crazyeights.game import CrazyEights
from cardkit_crazyeights.state import CrazyEightsState, Draw, Play

import cardkit
from cardkit import Action, Setup, Suit
from cardkit.engine.generic import GenericState
from cardkit.testing import ContractError, check_game, random_playout
from cardkit.testing.contract import ContractCase, GameContract
from cardkit.testing.fastlisting import has_fast_listing

GOOD = CrazyEights()
#: The tiny game of ``tests/conftest.py`` (the ``shed`` fixture), on plain `GameState`.
Shed = Any


class ForgetsSpades(CrazyEightsState):
    """Never lists a wild 8 naming spades, though the checks accept it."""

    __slots__ = ()

    def list_legal(self) -> tuple[Action, ...]:
        return tuple(
            a for a in super().list_legal() if not (isinstance(a, Play) and a.word == Suit.SPADES)
        )


class DrawsWhenItCanPlay(CrazyEightsState):
    """Also lists `draw` when a card can be played (its check refuses: must play)."""

    __slots__ = ()

    def list_legal(self) -> tuple[Action, ...]:
        legal = super().list_legal()
        return (
            legal
            if Draw() in legal or not (self.f.stock or len(self.f.discard) > 1)
            else (*legal, Draw())
        )


class ReferenceListing(CrazyEightsState):
    """Keeps the core's default listing (the checks' own): nothing to compare."""

    __slots__ = ()
    # The core's method itself, as a game that never wrote list_legal has it;
    # it returns a Sequence where Crazy Eights narrows the return to a list.
    list_legal = GenericState.list_legal  # type: ignore[assignment]


def with_states(state_class: type[CrazyEightsState]) -> CrazyEights:
    """Crazy Eights whose states are ``state_class``."""

    class Game(CrazyEights):
        name: ClassVar[str] = "crazyeights"

        def deal(self, setup: Setup[Any]) -> CrazyEightsState:
            state = super().deal(setup)
            object.__setattr__(state, "__class__", state_class)
            return state

    return Game()


def case(game: cardkit.Game[Any, Any], players: int = 3) -> ContractCase:
    return ContractCase(game, players, game.rules())


def test_has_fast_listing_only_for_an_overridden_generic_listing(shed: Shed) -> None:
    """An overridden listing, Tonk's and Crazy Eights' (the core's `matching_legal`) list
    fast; the default listing and a non-generic game do not."""
    assert has_fast_listing(with_states(ForgetsSpades).start(3, seed=1))
    assert has_fast_listing(cardkit.load_game("tonk").start(2, seed=1))
    assert has_fast_listing(GOOD.start(3, seed=1))
    assert not has_fast_listing(with_states(ReferenceListing).start(3, seed=1))
    assert not has_fast_listing(shed.start(2, seed=1))


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (ForgetsSpades, r"its checks accept \[.*spades.*\] but legal_actions\(\) does not list"),
        (
            DrawsWhenItCanPlay,
            r"legal_actions\(\) lists \[\"draw \(Refusal.*which its checks refuse",
        ),
    ],
)
def test_check_game_and_game_contract_catch_a_wrong_fast_listing(
    state_class: type[CrazyEightsState], message: str
) -> None:
    """Both entry points of the contract raise ContractError naming the difference."""
    game = with_states(state_class)
    assert random_playout(game, 3, 0).result is not None  # the game itself plays on
    with pytest.raises(ContractError, match=message):
        check_game(game, 3, seeds=[0])
    with pytest.raises(ContractError, match=message):
        GameContract().test_fast_listing_equals_the_checks(case(game))


def test_the_contract_passes_a_right_listing_and_skips_games_not_on_generic_state(
    shed: Shed,
) -> None:
    """The example, Tonk and a default listing pass; a game not on GenericState is skipped."""
    GameContract().test_fast_listing_equals_the_checks(case(GOOD))
    GameContract().test_fast_listing_equals_the_checks(case(cardkit.load_game("tonk"), 2))
    GameContract().test_fast_listing_equals_the_checks(case(with_states(ReferenceListing)))
    with pytest.raises(pytest.skip.Exception, match="not on GenericState"):
        GameContract().test_fast_listing_equals_the_checks(case(shed, 2))
