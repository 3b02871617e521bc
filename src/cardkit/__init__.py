"""cardkit: a typed library for card games, with each game a pip-installable plugin.

The public surface::

    import cardkit

    cardkit.available_games()                 # names of the installed games
    game = cardkit.load_game("tienlen")       # aliases work too
    rules = game.rules(pass_lock=False)       # or game.rules(variant="...")
    state = game.start(players=4, rules=rules, seed=7)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    print(state.result())
"""

from __future__ import annotations

from typing import Any

from cardkit import plugins as _plugins
from cardkit.actions import Action
from cardkit.bots import Bot, BotFactory, RandomBot, Turn
from cardkit.cards import Card, Rank, Suit
from cardkit.cardset import CardSet, parse_cards
from cardkit.deck import Deck
from cardkit.errors import (
    CardkitError,
    ContractError,
    IllegalAction,
    InvalidCard,
    InvalidRules,
    InvalidState,
    PluginError,
    UnknownGame,
)
from cardkit.events import Event
from cardkit.game import Game
from cardkit.hookspecs import hookimpl, hookspec
from cardkit.orders import ACE_HIGH, ACE_LOW, CardOrder, CardValues, RankOrder, SuitOrder
from cardkit.plugins import register, registry, unregister
from cardkit.results import GameResult, Payment
from cardkit.rules import HouseRule, Rules, Variant
from cardkit.state import GameState, Setup
from cardkit.views import View

__version__ = "0.1.0"
#: The version of the plugin API; plugins declare the one they were built for
#: as ``CARDKIT_API_VERSION`` in their plugin module.
API_VERSION = _plugins.API_VERSION

__all__ = [
    "ACE_HIGH",
    "ACE_LOW",
    "API_VERSION",
    "Action",
    "Bot",
    "BotFactory",
    "Card",
    "CardOrder",
    "CardSet",
    "CardValues",
    "CardkitError",
    "ContractError",
    "Deck",
    "Event",
    "Game",
    "GameResult",
    "GameState",
    "HouseRule",
    "IllegalAction",
    "InvalidCard",
    "InvalidRules",
    "InvalidState",
    "Payment",
    "PluginError",
    "RandomBot",
    "Rank",
    "RankOrder",
    "Rules",
    "Setup",
    "Suit",
    "SuitOrder",
    "Turn",
    "UnknownGame",
    "Variant",
    "View",
    "__version__",
    "available_games",
    "hookimpl",
    "hookspec",
    "load_game",
    "parse_cards",
    "register",
    "registry",
    "unregister",
]


def available_games() -> list[str]:
    """The names of the installed games, sorted (aliases not included)."""
    return registry().available()


def load_game(name: str) -> Game[Any, Any]:
    """The installed game called ``name`` or one of its aliases.

    Raises:
        UnknownGame: no such game; the message lists the installed ones.
    """
    return registry().game(name)
