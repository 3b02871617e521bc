"""What a game asks of the plugin registry, without importing it.

`cardkit.Game` needs a few things of the registry that registered
it: the plugin manager (its hook callers), the implementations of a hook,
hints for house rules nobody declared, and (to unpickle a game) a game by
name. The registry (`cardkit.plugins.registry`) imports the game module, so the game
module names the registry only by this protocol; the registry module, on
import, installs its process-wide registry as the default here. No import
runs from `cardkit.engine.game` to `cardkit.plugins.registry`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

import pluggy

from cardkit.engine.gamehooks import GameHooks
from cardkit.errors import PluginError

if TYPE_CHECKING:
    from cardkit.engine.bots import BotFactory

__all__ = ["GameRegistry", "default_registry", "set_default_registry"]


class GameRegistry(Protocol):
    """The part of `cardkit.plugins.registry.Registry` that a game uses."""

    pm: pluggy.PluginManager
    generation: int
    hooks: GameHooks
    """The registry's one set of hook callers (their caches follow its plugins)."""

    @property
    def common_bots(self) -> Mapping[str, BotFactory]:
        """Bots that play every game, by name (``"random"`` and the core's ISMCTS among them)."""

    def house_rule_hints(self, unknown: Sequence[str]) -> str:
        """Where house rules nobody declared might come from (`"; ..."` parts, or `""`)."""

    def game(self, name: str) -> object:
        """The game registered under `name`."""


_default: Callable[[], GameRegistry] | None = None


def set_default_registry(provider: Callable[[], GameRegistry]) -> None:
    """Make `provider()` the registry of games that no registry registered."""
    global _default
    _default = provider


def default_registry() -> GameRegistry:
    """The process-wide registry (what `set_default_registry` installed).

    Raises:
        PluginError: no registry module was imported (`import cardkit` imports it).
    """
    if _default is None:
        raise PluginError("no plugin registry is installed: import cardkit first")
    return _default()
