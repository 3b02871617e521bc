"""Every installed cardkit game inside OpenSpiel (the ``cardkit[openspiel]`` extra).

```python
import pyspiel
import cardkit.openspiel

cardkit.openspiel.register()                       # every installed game, once
game = pyspiel.load_game("cardkit_tonk", {"players": 3})
state = game.new_initial_state()                   # the deal: one chance node per card
```

Each game is registered as the Python game ``cardkit_<name>`` with its
rules as game parameters ([cardkit.openspiel._params][]), its fixed action
space ([`Game.action_space`][cardkit.engine.game.Game.action_space]) as OpenSpiel's
actions, the deal as explicit chance nodes ([cardkit.openspiel._state][]),
strings and tensors from each seat's view ([cardkit.openspiel._observer][]),
returns from the game's result ([cardkit.openspiel._returns][]) and, for
OpenSpiel's ISMCTS bot, worlds sampled by cardkit's determinizer
(`state.resample_from_infostate`; give the bot
[seeded_resampler][cardkit.openspiel.seeded_resampler] for games that replay).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pyspiel

from cardkit.engine.game import Game
from cardkit.openspiel._game import game_class, game_type, short_name
from cardkit.openspiel._state import NoWorld, seeded_resampler
from cardkit.plugins.registry import registry

__all__ = ["NoWorld", "register", "seeded_resampler", "short_name"]

_registered: set[str] = set()


def register(names: Iterable[str] | None = None) -> list[str]:
    """Register cardkit games with OpenSpiel; return their OpenSpiel names.

    Args:
        names: the games to register (names or aliases); default: every
            installed game that declares a fixed action space. A game
            registered before is not registered again.

    Raises:
        UnknownGame: a name that is not an installed game.
        InvalidRules: a named game declares no fixed action space.
    """
    out: list[str] = []
    for game in _games(names):
        name = short_name(game)
        if name not in _registered:
            pyspiel.register_game(game_type(game), game_class(game))
            _registered.add(name)
        out.append(name)
    return out


def _games(names: Iterable[str] | None) -> list[Game[Any, Any]]:
    """The games `names` asks for, or every installed game with a fixed action space."""
    found = registry()
    if names is not None:
        return [found.game(name) for name in names]
    games = [found.game(name) for name in found.available()]
    return [g for g in games if g.action_space(g.rules(), g.players.default) is not None]
