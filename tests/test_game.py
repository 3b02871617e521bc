"""Game, the object a plugin registers: rules, presets, starting a deal, bots and matches.

Uses the tiny game *Shed* of ``conftest.py`` (2 or 3 players, ``cards_each`` option).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import Deck, GameResult, InvalidRules, RandomBot, Rules, Variant, catalog, load_game
from cardkit.eval.ismcts import ISMCTSBot

#: The ``shed`` fixture's game (its classes live in ``conftest.py``).
Shed = Any


def test_start_defaults(shed: Shed) -> None:
    """Default seats, dealer (the last seat) and a drawn seed that replays the deal."""
    state = shed.start()
    setup = state.setup
    assert setup.players == shed.players.default == 2
    assert setup.dealer == 1
    assert isinstance(setup.seed, int)
    assert isinstance(setup.rules, shed.rules_model)
    assert shed.start(seed=setup.seed).snapshot() == state.snapshot()


def test_a_seed_or_an_explicit_deck(shed: Shed) -> None:
    """The same seed deals the same cards; a deck order is played as given."""
    assert shed.start(seed=5).setup.deck == shed.start(seed=5).setup.deck
    assert shed.start(seed=5).setup.deck != shed.start(seed=6).setup.deck
    order = Deck.standard()
    state = shed.start(deck=str(order))
    assert state.setup.deck == order
    assert state.setup.seed is None


def test_bad_decks_are_refused(shed: Shed) -> None:
    """A deck that is not exactly the game's cards, or that the seed does not shuffle."""
    short = Deck(Deck.standard().cards[:-1])
    with pytest.raises(InvalidRules, match="exactly the 52 cards"):
        shed.start(deck=short)
    with pytest.raises(InvalidRules, match="seed"):
        shed.start(deck=Deck.standard(), seed=1)


@pytest.mark.parametrize("players", [1, 4, "2"])
def test_seat_counts_outside_the_range_are_refused(shed: Shed, players: object) -> None:
    """Shed is played by 2 to 3 players."""
    with pytest.raises(InvalidRules, match="2 to 3 players"):
        shed.start(players=players)


def test_a_start_without_rules_plays_one_default_rules_object(shed: Shed) -> None:
    """The default rules are made once per game (they are frozen), equal to ``rules()``."""
    first = shed.start(seed=1).rules
    assert first == shed.rules()
    assert shed.start(seed=2).rules is first
    assert shed.start(players=3, seed=3).rules is first


def test_a_bad_dealer_or_rules_object_is_refused(shed: Shed) -> None:
    """The dealer is a seat; the rules come from this game's ``rules()``."""
    with pytest.raises(InvalidRules, match="dealer"):
        shed.start(players=2, dealer=2)
    with pytest.raises(InvalidRules, match="dealer must be a seat 0-1, not True"):
        shed.start(players=2, dealer=True)
    with pytest.raises(InvalidRules, match="ShedRules"):
        shed.start(rules=Rules())


def test_a_start_checks_what_the_last_start_did_not(shed: Shed) -> None:
    """The checks of the last start's rules and players are kept, and only for them."""

    class PairsOnly(shed.rules_model):  # type: ignore[misc]  # the fixture's model
        def check_players(self, players: int) -> None:
            if players != 2:
                raise InvalidRules("pairs only")

    rules = PairsOnly()
    first = shed.start(players=2, rules=rules, seed=3)
    assert shed.start(players=2, rules=rules, seed=3).snapshot() == first.snapshot()
    with pytest.raises(InvalidRules, match="pairs only"):
        shed.start(players=3, rules=rules, seed=3)
    with pytest.raises(InvalidRules, match="pairs only"):
        shed.start(players=3, rules=PairsOnly(), seed=3)  # equal rules, other players
    for players in (2.0, True):
        with pytest.raises(InvalidRules, match="2 to 3 players"):
            shed.start(players=players, rules=rules)  # equal to the last seat count, not an int
    assert shed.start(players=2, rules=PairsOnly(), seed=3).snapshot() == first.snapshot()


def test_a_seed_deals_the_shuffle_of_its_generator(shed: Shed) -> None:
    """Any seed of at most 256 bits, of either sign, deals `random.Random(seed)`'s shuffle."""
    for seed in (0, -5, 2**256 - 1, -(2**256) + 1):
        order = Deck.standard().shuffled(random.Random(seed))
        assert shed.start(seed=seed).setup.deck == order
    with pytest.raises(InvalidRules, match="at most 256 bits"):
        shed.start(seed=2**256)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=-(2**256) + 1, max_value=2**256 - 1))
def test_a_start_deals_the_deck_order_of_its_seed(seed: int) -> None:
    """The replay contract through `Game.start` (its compiled setup shuffles without
    `Deck.seeded`): a seed deals `random.Random(seed)`'s shuffle of the game's deck."""
    game = load_game("tonk")
    setup = game.start(seed=seed).setup
    assert type(setup.deck) is Deck
    assert setup.deck == Deck.standard().shuffled(random.Random(seed))
    assert setup.seed == seed


def test_rules_validate_options(shed: Shed) -> None:
    """Options are typed fields; unknown ones and bad values are refused by name."""
    assert shed.rules(cards_each=5).cards_each == 5
    with pytest.raises(InvalidRules, match="unknown option 'cards'"):
        shed.rules(cards=5)
    with pytest.raises(InvalidRules, match="cards_each"):
        shed.rules(cards_each="many")


def test_presets_are_named_option_sets(shed: Shed) -> None:
    """``add_variant`` registers a preset; ``rules(variant=...)`` starts from it."""
    catalog(shed).add_variant(Variant(name="long", options={"cards_each": 7}))
    assert "long" in catalog(shed).variants
    assert shed.rules(variant="long").cards_each == 7
    assert shed.rules(variant="long", cards_each=4).cards_each == 4
    with pytest.raises(InvalidRules, match="already has a variant"):
        catalog(shed).add_variant(Variant(name="long", options={}))
    with pytest.raises(InvalidRules, match="no variant 'short'; variants: long"):
        shed.rules(variant="short")


def test_every_game_has_the_random_bot(shed: Shed) -> None:
    """``random`` and ``ismcts`` are always there; other bots are added once by name."""
    assert catalog(shed).bots == {"random": RandomBot, "ismcts": ISMCTSBot}
    catalog(shed).add_bot("also-random", RandomBot)
    assert list(catalog(shed).bots) == ["random", "ismcts", "also-random"]
    with pytest.raises(InvalidRules, match="already has a bot"):
        catalog(shed).add_bot("random", RandomBot)


def test_match_defaults(shed: Shed) -> None:
    """Without overrides: the dealer moves left, no score target, highest totals win."""
    rules = shed.rules()
    result = GameResult(reason="out", players=3, winners=[1], points=[0, 2, 1])
    assert shed.match.deal_score(result) == [0, 2, 1]
    assert shed.match.next_dealer(rules, 2, result) == 0
    assert not shed.match.over(rules, [10, 20, 30], deals=50)
    assert shed.match.winners(rules, [3, 7, 7]) == [1, 2]


def test_a_game_is_named_titled_and_summarised_by_its_class() -> None:
    """Issue 37: `name`, `title` and `summary` default from the class's name and docstring;
    a subclass keeps its base's, and a game that sets them keeps its own."""
    from cardkit.authoring import Game, GameState, Rules, Setup

    class AuctionPinochle(Game[Rules, GameState]):
        """Bid, meld and take
        tricks.

        The rules follow."""

        def deal(self, setup: Setup[Rules]) -> GameState:
            raise NotImplementedError

    got = (AuctionPinochle.name, AuctionPinochle.title, AuctionPinochle.summary)
    assert got == ("auctionpinochle", "Auction Pinochle", "Bid, meld and take tricks.")

    class HouseAuction(AuctionPinochle):
        """Another house's auction."""

    assert (HouseAuction.name, HouseAuction.summary) == ("auctionpinochle", got[2])

    class Own(AuctionPinochle):
        """Not the summary."""

        name, title, summary = "own", "Own game", "Its own words."

    assert (Own.name, Own.title, Own.summary) == ("own", "Own game", "Its own words.")
