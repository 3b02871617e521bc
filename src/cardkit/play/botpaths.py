"""Bots named by import path: `"mypkg.agents:policy"` plays in every process.

A bot registered at run time (`catalog(game).add_bot`, `cardkit.rl.policy_bot`) is
known in the process that registered it only. A bot *named by the import
path* of its factory, `"module:attribute"`, is found the same way in any
process: worker processes of `simulate(jobs=N)` and tournaments, Dask
workers, and `cardkit serve --bot module:attribute`. The module is
imported once per process (it loads its weights then), and the attribute
is a bot factory, a function of a random generator to a bot.

```python
from cardkit.play.simulate import simulate

simulate("tonk", bots=["mypkg.agents:policy", "heuristic"], players=2, jobs=2)
```

A factory may say which game it plays (a `game` attribute: its name) and
for how many seats (`players`), as the policy bots of
[cardkit.rl.policy_bot][cardkit.rl.policy.policy_bot] do; the names are
checked against them.
"""

from __future__ import annotations

import importlib
from typing import Any

from cardkit.engine.bots import BotFactory
from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.errors import InvalidRules

__all__ = ["add_bot_path", "is_bot_path", "load_bot"]


def is_bot_path(name: str) -> bool:
    """Whether a bot name is an import path, `"module:attribute"`."""
    module, colon, attribute = name.strip().partition(":")
    return bool(colon and module and attribute)


def load_bot(
    path: str, game: Game[Any, Any] | None = None, players: int | None = None
) -> BotFactory:
    """The bot factory at the import path `"module:attribute"` (`attribute` may be dotted).

    Args:
        path: the import path.
        game: the game it is to play (checked against the factory's `game`, if it has one).
        players: the seat count (checked against the factory's `players`, if it has one).

    Raises:
        InvalidRules: no such module or attribute, not a factory, or another game or count.
    """
    text = path.strip()
    if not is_bot_path(text):
        raise InvalidRules(f"a bot's import path is 'module:attribute', not {path!r}")
    module_name, _, attribute = text.partition(":")
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise InvalidRules(
            f"bot {path!r}: cannot import {module_name!r} ({exc}); the module must be "
            "importable in every process that plays it (installed, or on PYTHONPATH)"
        ) from None
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise InvalidRules(f"bot {path!r}: {module_name} has no {attribute!r}") from None
    if not callable(found):
        raise InvalidRules(
            f"bot {path!r} is a {type(found).__name__}, not a bot factory (a function of a "
            "random generator to a bot, such as cardkit.rl.policy_bot(...) returns)"
        )
    plays = getattr(found, "game", None)
    if (
        game is not None
        and isinstance(plays, str)
        and plays not in (game.name, *catalog(game).aliases)
    ):
        raise InvalidRules(f"bot {path!r} plays {plays}, not {game.name}")
    seats = getattr(found, "players", None)
    if players is not None and isinstance(seats, int) and seats != players:
        raise InvalidRules(f"bot {path!r} plays {seats}-player games, not {players}-player ones")
    factory: BotFactory = found
    return factory


def add_bot_path(path: str) -> tuple[Game[Any, Any], str]:
    """Register the bot at an import path in its game, under the path itself, so that
    places that look bots up by name (server tables) seat it; returns the game and name.

    The factory must say its game (a `game` attribute, as policy bots do).

    Raises:
        InvalidRules: as [load_bot][cardkit.play.botpaths.load_bot]; or the
            factory names no game.
        UnknownGame: it names a game that is not installed.
    """
    from cardkit.plugins.registry import registry

    factory = load_bot(path)
    plays = getattr(factory, "game", None)
    if not isinstance(plays, str):
        raise InvalidRules(
            f"bot {path!r} does not say which game it plays (a 'game' attribute, as "
            "cardkit.rl.policy_bot's factories have)"
        )
    game = registry().game(plays)
    name = path.strip()
    if name not in catalog(game).bots:
        catalog(game).add_bot(name, factory)
    return game, name
