"""A game plugin's hook in one call: [`game_plugin`][cardkit.plugins.gameplugin.game_plugin].

A plugin that registers one game, its bots and its phrases needs no hook of
its own to write; its plugin module says:

```python
CARDKIT_API_VERSION = "1.0"
cardkit_register = game_plugin(CrazyEights, bots=[HeuristicBot], phrases=PHRASES)
```
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardkit.engine.bots import BotFactory
from cardkit.engine.game import Game
from cardkit.errors import PluginError
from cardkit.plugins.hookspecs import hookimpl
from cardkit.plugins.register import Register
from cardkit.words.wording import PhraseLike

__all__ = ["game_plugin"]


def game_plugin(
    game: type[Game[Any, Any]],
    aliases: Sequence[str] = (),
    *,
    bots: Sequence[BotFactory] = (),
    phrases: Mapping[str, PhraseLike] | None = None,
) -> Callable[[Register], None]:
    """The `cardkit_register` hook that registers a new `game` (the `Game` subclass: each
    registration gets its own instance) under its name and `aliases`, with its `bots`
    and `phrases` (see [`Register.add_game`][cardkit.plugins.register.Register.add_game]).

    Assign it to `cardkit_register` in the plugin module; the arguments are
    checked when the registry calls it, as the `add_*` methods check them.

    Raises:
        PluginError: `game` is not a `Game` subclass.
    """
    if not (isinstance(game, type) and issubclass(game, Game)):
        raise PluginError(f"game_plugin() needs a cardkit.Game subclass, not {game!r}")

    @hookimpl
    def cardkit_register(register: Register) -> None:
        register.add_game(game(), aliases, bots=bots, phrases=phrases)

    cardkit_register.__doc__ = f"Register {game.title}, its bots and its phrases."
    return cardkit_register
