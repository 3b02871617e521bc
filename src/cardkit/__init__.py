"""cardkit: a typed library for card games, with each game a pip-installable plugin.

The public surface:

```python
import cardkit

cardkit.available_games()                 # names of the installed games
game = cardkit.load_game("tienlen")       # aliases work too
rules = game.rules(pass_lock=False)       # or game.rules(variant="...")
state = game.start(players=4, rules=rules, seed=7)
while not state.is_over:
    state = state.apply(state.legal_actions()[0])
print(state.result())
```

``import cardkit`` defines exactly the names of ``__all__`` (and imports
neither the command line's typer nor rich); submodules such as
``cardkit.cards.melds`` or ``cardkit.testing`` are imported by name.
"""

import importlib as _importlib
from types import ModuleType as _ModuleType
from typing import Any

from cardkit import _build

if _build.pure_requested():  # before any compiled module loads: CARDKIT_PURE=1
    _build.use_pure_modules()

from cardkit.cards.card import Card, Rank, Suit
from cardkit.cards.cardset import CardSet, parse_cards
from cardkit.cards.deck import Deck
from cardkit.cards.orders import ACE_HIGH, ACE_LOW, CardOrder, CardValues, RankOrder, SuitOrder
from cardkit.engine.actions import Action
from cardkit.engine.arguments import Arg, IntArg, RankArg, SeatArg
from cardkit.engine.bots import Bot, BotFactory, RandomBot, Turn
from cardkit.engine.cardverb import Verb
from cardkit.engine.catalog import catalog
from cardkit.engine.events import Event
from cardkit.engine.game import Game
from cardkit.engine.generic import GenericState
from cardkit.engine.grammar import Form, Grammar
from cardkit.engine.results import GameResult, Payment
from cardkit.engine.rules import HouseRule, Preset, Rules, Variant
from cardkit.engine.setup import Setup
from cardkit.engine.state import GameState
from cardkit.engine.views import View
from cardkit.engine.zones import Seen, TableRole, Zone
from cardkit.errors import (
    CardkitError,
    ContractError,
    IllegalAction,
    InvalidCard,
    InvalidDeck,
    InvalidRules,
    InvalidState,
    PluginError,
    Refusal,
    Refused,
    UnknownGame,
)
from cardkit.plugins import registry as _plugins
from cardkit.plugins.hookspecs import hookimpl, hookspec
from cardkit.plugins.registry import register, registry, unregister

__version__ = "0.1.0"
#: The version of the plugin API; plugins declare the one they were built for
#: as ``CARDKIT_API_VERSION`` in their plugin module.
API_VERSION = _plugins.API_VERSION

__all__ = [
    "ACE_HIGH",
    "ACE_LOW",
    "API_VERSION",
    "Action",
    "Arg",
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
    "Form",
    "Game",
    "GameResult",
    "GameState",
    "GenericState",
    "Grammar",
    "HouseRule",
    "IllegalAction",
    "IntArg",
    "InvalidCard",
    "InvalidDeck",
    "InvalidRules",
    "InvalidState",
    "Payment",
    "PluginError",
    "Preset",
    "RandomBot",
    "Rank",
    "RankArg",
    "RankOrder",
    "Refusal",
    "Refused",
    "Rules",
    "SeatArg",
    "Seen",
    "Setup",
    "Suit",
    "SuitOrder",
    "TableRole",
    "Turn",
    "UnknownGame",
    "Variant",
    "Verb",
    "View",
    "Zone",
    "__version__",
    "available_games",
    "catalog",
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


def __getattr__(name: str) -> _ModuleType:
    """A submodule asked for as an attribute (``cardkit.cards.melds``), imported on first use."""
    if name.startswith("_"):
        raise AttributeError(f"module 'cardkit' has no attribute {name!r}")
    try:
        return _importlib.import_module(f"cardkit.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"cardkit.{name}":
            raise
        raise AttributeError(f"module 'cardkit' has no attribute {name!r}") from None


def __dir__() -> list[str]:
    """The public names: those of ``__all__``."""
    return sorted(__all__)


# Importing the names above bound the submodules they come from (and typing's
# Any) in this namespace; only the names of __all__ are the public surface.
del Any
for _name in [n for n, v in globals().items() if isinstance(v, _ModuleType) and n[0] != "_"]:
    del globals()[_name]
del _name
