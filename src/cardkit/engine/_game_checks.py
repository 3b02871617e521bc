"""Checks of what `Game.start` and `Game.rules` are given: seats, rules, dealer, deck, previous.

Each returns the checked value or raises [`InvalidRules`][cardkit.errors.InvalidRules]
saying what was wrong and what was expected, before anything is dealt.
[`Starts`][cardkit.engine._game_checks.Starts] is `Game.start`'s work up to the deal: the
checks, the shuffle and the [`Setup`][cardkit.engine.setup.Setup]. Compiled in the compiled
build (a random playout of a short game starts a deal every few decisions).
"""

from __future__ import annotations

import random
import secrets
from typing import Any, Final

from pydantic import ValidationError

from cardkit.cards.deck import Deck, new_deck, set_deck_cards
from cardkit.cards.seeds import MAX_SEED_BITS, check_seed
from cardkit.cards.shuffle import seeded_order
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.engine.setup import Setup
from cardkit.errors import InvalidRules, quote

__all__ = [
    "Starts",
    "checked_dealer",
    "checked_players",
    "checked_previous",
    "checked_rules",
    "deck_order",
    "new_setup",
    "options_error",
]


#: A [`Setup`][cardkit.engine.setup.Setup] from its six fields, without the named tuple's
#: Python `__new__` frame (`Game.start` builds one per game).
new_setup: Final = tuple.__new__


def checked_players(name: str, players: Any, low: int, high: int) -> int:
    """`players`, when it is a seat count from `low` to `high`."""
    if not isinstance(players, int) or not low <= players <= high:
        raise InvalidRules(f"{name} is played by {low} to {high} players, not {players!r}")
    return players


def checked_dealer(dealer: Any, players: int) -> int:
    """The dealer's seat: `dealer`, or by default the last seat (seat 0 receives the first card)."""
    if dealer is None:
        return players - 1
    # A bool is an int to isinstance, but no seat (and compiled, True would become 1).
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise InvalidRules(f"dealer must be a seat 0-{players - 1}, not {dealer!r}")
    return dealer


def checked_previous(previous: Any, players: int) -> GameResult | None:
    """In a match, the previous deal's result, of as many players."""
    if previous is None:
        return None
    if not isinstance(previous, GameResult):
        raise InvalidRules(
            f"previous must be the GameResult of the previous deal, not {quote(previous)}"
        )
    if previous.players != players:
        raise InvalidRules("the previous deal had another number of players")
    return previous


def deck_order(name: str, cards: Deck, deck: Any, seed: Any) -> tuple[Deck, int | None]:
    """The deck order to deal, and the seed it was shuffled with (`None` for an explicit deck).

    Without `deck`, `cards` shuffled by `random.Random(seed)` (a fresh seed
    when `seed` is `None`); with one, `deck` checked to be exactly `cards`,
    and the order `seed` shuffles when a seed is given too.
    """
    if seed is not None and (type(seed) is not int or seed.bit_length() > MAX_SEED_BITS):
        seed = check_seed(seed)  # not a plain int of at most MAX_SEED_BITS: checked in full
    if deck is None:
        seed = secrets.randbits(63) if seed is None else seed
        # `cards.seeded(seed)`, without its interpreted frames: `deck.distinct_deck`'s steps
        shuffled = new_deck(Deck)
        set_deck_cards(shuffled, seeded_order(cards.cards, seed))
        return shuffled, seed
    order = deck if isinstance(deck, Deck) else Deck.parse(deck)
    if order.to_set() != cards.to_set() or len(order) != len(cards):
        raise InvalidRules(
            f"the deck must hold exactly the {len(cards)} cards {name} is played with; "
            f"it has {len(order)} cards" + _deck_difference(order, cards)
        )
    if seed is not None and cards.shuffled(random.Random(seed)) != order:
        raise InvalidRules("the deck order is not the one the given seed shuffles")
    return order, seed


def _deck_difference(order: Deck, cards: Deck) -> str:
    missing = cards.to_set() - order.to_set()
    extra = order.to_set() - cards.to_set()
    out = ""
    if missing:
        out += f"; missing {missing}"
    if extra:
        out += f"; not in this game {extra}"
    return out


def options_error(exc: ValidationError) -> str:
    """A rules model's validation error as one line: each bad option and what was expected."""
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ())) or "options"
        if err.get("type") == "extra_forbidden":
            parts.append(f"unknown option {where!r}")
        else:
            parts.append(f"{where}: {err.get('msg', 'invalid')} (got {quote(err.get('input'))})")
    return "; ".join(parts)


def checked_rules(name: str, model: type[Rules], rules: Any) -> Any:
    """`rules`, when it is an instance of the game's rules model."""
    if not isinstance(rules, model):
        raise InvalidRules(
            f"rules must be {model.__name__} (from {name}'s game.rules()), "
            f"not {type(rules).__name__}"
        )
    return rules


class Starts:
    """`Game.start` up to the deal, and what it keeps from one start to the next: the rules
    it made by default (rules are frozen: one object serves every start without rules) and
    the rules and seat count it last checked (a loop of deals with the same rules checks
    them once)."""

    def __init__(self, catalog: Any) -> None:
        """Nothing made or checked yet; house rules are checked against `catalog` (the
        game's [`Catalog`][cardkit.engine.catalog.Catalog])."""
        self.catalog: Any = catalog
        self.default_rules: Rules | None = None
        self.accepted_rules: Rules | None = None
        self.accepted_players = 0

    def setup(
        self,
        game: Any,
        players: Any,
        rules: Any,
        seed: Any,
        deck: Any,
        dealer: Any,
        previous: Any,
    ) -> Setup[Any]:
        """The [`Setup`][cardkit.engine.setup.Setup] `game.start(players, rules, seed=seed,
        deck=deck, dealer=dealer, previous=previous)` deals, every argument checked (see
        [`Game.start`][cardkit.engine.game.Game.start]).

        Raises:
            InvalidRules: as `Game.start` says.
            InvalidCard: the deck text does not parse.
        """
        name: str = game.name
        if players is None:
            players = game.players.default
        if rules is None:
            if self.default_rules is None:
                self.default_rules = game.rules()
            rules = self.default_rules
        if (
            type(players) is not int
            or players != self.accepted_players
            or (rules is not self.accepted_rules and rules != self.accepted_rules)
        ):  # else checked at the last start
            low: int = game.players.min
            high: int = game.players.max
            players = checked_players(name, players, low, high)
            rules = checked_rules(name, game.rules_model, rules)
            rules.check_players(players)
            self.accepted_rules = rules
            self.accepted_players = players
        if rules.house_rules:
            self.catalog.check_house_rules(rules.house_rules)
        seat: int = players - 1 if dealer is None else checked_dealer(dealer, players)
        order, seed = deck_order(name, game.new_deck(rules), deck, seed)
        if previous is not None:
            previous = checked_previous(previous, players)
        setup: Setup[Any] = new_setup(Setup, (players, rules, order, seat, seed, previous))
        return setup
