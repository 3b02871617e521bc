"""Issue 11: typed errors for bad input, bounded work on huge input, stuck games.

Each test here failed before the hardening: a leaked ``TypeError``, a
``ValueError`` from ``randrange``, a 20 MB message, or rules that were let
through.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cardkit
from cardkit import (
    CardSet,
    ContractError,
    Deck,
    IllegalAction,
    InvalidCard,
    InvalidRules,
    InvalidState,
    RandomBot,
    parse_cards,
)
from cardkit.cards.cardset import MAX_CARDS, MAX_CARDS_TEXT
from cardkit.cards.seeds import MAX_SEED_BITS, check_seed
from cardkit.engine.actions import MAX_ACTION_TEXT
from cardkit.engine.saves import MAX_SAVE_SIZE
from cardkit.errors import CardkitError, quote
from cardkit.play.runner import play_out, seat_rngs
from cardkit.play.simulate import SimulationError, simulate

# -- 1. no leaked TypeError --------------------------------------------------------------


@pytest.mark.parametrize("value", [None, 5, True, 2.5, object(), b"AS KD", {"AS": 1}])
@pytest.mark.parametrize("parse", [Deck.parse, CardSet.parse, parse_cards])
def test_card_parsing_refuses_what_is_not_cards(parse: Callable[[Any], object], value: Any) -> None:
    """Neither text nor an iterable of cards: an InvalidCard that says what is expected."""
    with pytest.raises(InvalidCard, match="cards are given as text"):
        parse(value)


@pytest.mark.parametrize("deck", [5, 3.0, [1, 2], True])
def test_start_refuses_a_deck_that_is_not_cards(deck: Any) -> None:
    """``game.start(deck=5)`` is a typed error, not a TypeError."""
    game = cardkit.load_game("tienlen")
    with pytest.raises((InvalidCard, InvalidRules)):
        game.start(players=2, deck=deck)


@pytest.mark.parametrize("variant", [[], {}, {"a"}, 3, b"pagat"])
def test_an_unhashable_or_non_text_variant_is_invalid_rules(variant: Any) -> None:
    """``game.rules(variant=[])`` names the value and lists the variants."""
    game = cardkit.load_game("tienlen")
    with pytest.raises(InvalidRules, match=r"variant must be the name of a preset.*pagat"):
        game.rules(variant=variant)


@pytest.mark.parametrize("seed", [[], "7", 1.0, True, False, {}, b"7", 2**MAX_SEED_BITS])
def test_seeds_of_the_wrong_type_are_refused(seed: Any) -> None:
    """Only integers are seeds: lists, texts, floats and booleans are InvalidRules."""
    game = cardkit.load_game("tienlen")
    with pytest.raises(InvalidRules, match="seed"):
        game.start(players=2, seed=seed)


def test_integer_seeds_of_any_integer_type_are_accepted() -> None:
    """``int`` of either sign, and integer types with ``__index__``, are seeds."""

    class NumpyLikeInt:
        def __index__(self) -> int:
            return 7

    game = cardkit.load_game("tienlen")
    seven = game.start(players=2, seed=7)
    assert game.start(players=2, seed=NumpyLikeInt()).to_json() == seven.to_json()  # type: ignore[arg-type]  # any integer type is a seed
    assert game.start(players=2, seed=-(2**200)).setup.seed == -(2**200)
    assert check_seed(2**MAX_SEED_BITS - 1) == 2**MAX_SEED_BITS - 1
    assert type(game.start(players=2, seed=NumpyLikeInt()).setup.seed) is int  # type: ignore[arg-type]  # as above


# -- 6. a game with no legal action while not over ---------------------------------------


@pytest.fixture
def stuck_shed(shed: Any) -> Any:
    """Shed, broken on purpose: after two actions it lists no legal action but is not over."""
    state_class = type(shed.start(players=2, seed=1))

    class StuckState(state_class):  # type: ignore[valid-type,misc]  # a class made at run time
        __slots__ = ()

        def legal_actions(self) -> tuple[Any, ...]:
            return () if self.action_count >= 2 else super().legal_actions()

    class StuckShed(type(shed)):  # type: ignore[misc]  # as above
        name = "stuckshed"

        def deal(self, setup: Any) -> Any:
            first = super().deal(setup)
            return StuckState(
                self, setup, first._log, first.hands, first.stock, first.pile, first.seat
            )

    return StuckShed()


def test_no_legal_action_while_not_over_is_a_contract_error(stuck_shed: Any) -> None:
    """The runner names the game, the seed and the step, instead of randrange's ValueError."""
    state = stuck_shed.start(players=2, seed=41)
    with pytest.raises(
        ContractError, match=r"stuckshed .*no legal action for seat \d at step 2.*seed 41"
    ):
        play_out(state, [RandomBot(), RandomBot()], seat_rngs(41, 2))


def test_simulate_reports_the_stuck_game_as_a_contract_error(stuck_shed: Any) -> None:
    """simulate names the failing game and keeps the contract error as its cause."""
    with pytest.raises(SimulationError, match=r"ContractError.*at step 2") as info:
        simulate(stuck_shed, games=3, players=2, seed=5)
    assert isinstance(info.value.__cause__, ContractError)


# -- 7. bounded work and short messages on huge input ---------------------------------------


@pytest.fixture(scope="module")
def tienlen_state() -> Any:
    """A Tiến lên deal."""
    return cardkit.load_game("tienlen").start(players=2, seed=3)


@pytest.mark.parametrize(
    "text", ["play " + "A" * 10**7, "play " + "AS " * 3_333_333, "x" * (MAX_ACTION_TEXT + 1)]
)
def test_a_huge_action_text_is_refused_unread_with_a_short_message(
    tienlen_state: Any, text: str
) -> None:
    """Past MAX_ACTION_TEXT the text is refused before parsing; the message quotes it shortened."""
    before = tienlen_state.to_json()
    with pytest.raises(IllegalAction) as info:
        tienlen_state.apply(text)
    assert info.value.code == "too_long"
    assert len(str(info.value)) < 400
    assert f"{len(text)} characters" in str(info.value)
    assert tienlen_state.to_json() == before


def test_long_refused_card_texts_are_quoted_shortened() -> None:
    """An invalid card inside a long text is quoted short, and too much card text is refused."""
    with pytest.raises(InvalidCard) as info:
        Deck.parse("Z" * 5000)
    assert len(str(info.value)) < 500
    with pytest.raises(InvalidCard, match=f"at most {MAX_CARDS_TEXT}"):
        CardSet.parse("AS " * 1000)
    with pytest.raises(InvalidCard, match=f"at most {MAX_CARDS} are read"):
        parse_cards(iter(["AS"] * 10**6))
    long_card = "A" * 10**6
    with pytest.raises(InvalidCard) as info:
        parse_cards([long_card])
    assert len(str(info.value)) < 500
    assert len(quote("x" * 10**6)) < 120


def test_a_huge_save_is_refused_before_parsing(tienlen_state: Any) -> None:
    """A save past MAX_SAVE_SIZE, or holding an action past MAX_ACTION_TEXT: a short refusal."""
    game = cardkit.load_game("tienlen")
    data = json.loads(tienlen_state.to_json())
    data["actions"] = ["play " + "A" * MAX_SAVE_SIZE]
    with pytest.raises(InvalidState, match="refused unread") as info:
        game.load_state(json.dumps(data))
    assert len(str(info.value)) < 300
    data["actions"] = ["play " + "A" * MAX_ACTION_TEXT]
    with pytest.raises(InvalidState) as info:
        game.load_state(json.dumps(data))
    assert len(str(info.value)) < 500
    with pytest.raises(InvalidState, match="JSON text"):
        game.load_state(None)  # type: ignore[arg-type]  # the point of the test


def test_huge_rules_values_are_quoted_shortened() -> None:
    """A huge bad option value does not make a huge message."""
    game = cardkit.load_game("tienlen")
    with pytest.raises(InvalidRules) as info:
        game.rules(target_points="9" * 100_000 + "x")
    assert len(str(info.value)) < 500


# -- 8. rules that validation let through ---------------------------------------------


@pytest.mark.parametrize("wins", [["dragon", "dragon"], "dragon, dragon", ("four_twos",) * 2])
def test_tienlen_refuses_a_repeated_instant_win(wins: Any) -> None:
    """A repeated entry is refused with the entry named."""
    with pytest.raises(InvalidRules, match=r"'dragon' twice|'four_twos' twice"):
        cardkit.load_game("tienlen").rules(instant_wins=wins)


def test_tienlen_placement_points_3_2_1_is_the_default_given_or_not() -> None:
    """Defined and documented: ``[3, 2, 1]`` given explicitly is the default, cut to fit."""
    game = cardkit.load_game("tienlen")
    rules = game.rules(placement_points=[3, 2, 1])
    assert rules == game.rules()
    assert rules.points_for(2) == (3,)
    game.start(players=2, rules=rules, seed=1)
    with pytest.raises(InvalidRules, match="placement_points"):
        game.start(players=2, rules=game.rules(placement_points=[3, 1]), seed=1)


@pytest.mark.parametrize("rule", ["left_of_dealer", "lowest_face_up"])
def test_palace_option_7_has_no_effect_outside_lowest_in_hand(rule: str) -> None:
    """Defined and documented: with another starter rule the option changes no legal action."""
    game = cardkit.load_game("palace")
    with_it = game.rules(first_play_must_include_lowest=True, first_player_rule=rule)
    without = game.rules(first_player_rule=rule)
    for seed in range(5):
        one = game.start(players=3, rules=with_it, seed=seed)
        two = game.start(players=3, rules=without, seed=seed)
        assert [str(a) for a in one.legal_actions()] == [str(a) for a in two.legal_actions()]
    page = (Path(__file__).parent.parent / "docs" / "games" / "palace.md").read_text("utf-8")
    assert "the option has no effect" in page


def test_tonk_six_card_tonk_counts_hand_size_plus_one() -> None:
    """Defined and documented: with 9-card hands a full tonk disposes of 10 cards."""
    game = cardkit.load_game("tonk")
    rules = game.rules(six_card_tonk=True, hand_size=9)
    assert rules.cards_dealt(2) + 1 == 10
    page = (Path(__file__).parent.parent / "docs" / "games" / "tonk.md").read_text("utf-8")
    assert "10 with 9-card hands" in page


def test_every_error_here_is_a_cardkit_error() -> None:
    """The typed errors all derive from CardkitError (one except clause catches them)."""
    for cls in (InvalidCard, InvalidRules, InvalidState, IllegalAction, ContractError):
        assert issubclass(cls, CardkitError)
    assert issubclass(ContractError, AssertionError)


@pytest.mark.parametrize("seat", [-1, -2, 2, 99])
@pytest.mark.parametrize("name", cardkit.available_games())
def test_a_view_of_a_seat_that_does_not_exist_is_refused(name: str, seat: int) -> None:
    """``view(-1)`` must not show the last seat's hand through negative indexing."""
    game = cardkit.load_game(name)
    players = max(2, game.players.min)  # Spades is for 4 players only
    state = game.start(players=players, seed=1)
    with pytest.raises(ValueError, match="seat"):
        state.view(seat if seat < 0 else seat - 2 + players)  # 2 and 99 with two players
