"""How the registry adds what a plugin's ``cardkit_register`` hook registered.

[Registry][cardkit.plugins.registry.Registry] derives from `RegisterCallbacks`: the
entries of kind ``S`` of a plugin's [Register][cardkit.plugins.register.Register]
are added by ``_register_S``, given the registering plugin's
[PluginInfo][cardkit.plugins.registry.PluginInfo]. Each records what it adds on that
info, and reports a registration that clashes as a problem of that plugin alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from cardkit.engine.bots import BotFactory
from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.engine.rules import HouseRule, Variant
from cardkit.errors import CardkitError
from cardkit.plugins._plugin_records import PluginInfo
from cardkit.words.wording import PhraseLike

__all__ = ["RegisterCallbacks"]


class RegisterCallbacks(ABC):
    """The registering half of the registry (the registry supplies the members declared here)."""

    _games: dict[str, Game[Any, Any]]
    _aliases: dict[str, str]
    common_bots: dict[str, BotFactory]

    @abstractmethod
    def game(self, name: str) -> Game[Any, Any]:
        """The game registered under ``name`` (or an alias)."""

    @abstractmethod
    def _owner(self, game_name: str) -> str:
        """The plugin that registered ``game_name``."""

    @abstractmethod
    def _problem(self, plugin: str, stage: str, message: str) -> None:
        """Record (or, in strict mode, raise) a problem of ``plugin`` at ``stage``."""

    def _register_games(
        self, info: PluginInfo, game: Game[Any, Any], aliases: tuple[str, ...]
    ) -> None:
        names = [game.name, *aliases]
        taken = [n for n in names if n in self._games or n in self._aliases]
        if taken:
            owner = self._aliases.get(taken[0], taken[0])
            self._problem(
                info.name,
                "games",
                f"game name {taken[0]!r} is already registered by {self._owner(owner)!r}; "
                f"{game.name!r} was skipped",
            )
            return
        self._games[game.name] = game
        game._registry = self
        catalog(game).aliases = tuple(aliases)
        for alias in names[1:]:
            self._aliases[alias] = game.name
        info.games.append(game.name)

    def _register_house_rules(
        self, info: PluginInfo, game: str, name: str, description: str = ""
    ) -> None:
        try:
            target = self.game(game)
            catalog(target).add_house_rule(
                HouseRule(name=name, game=target.name, description=description, source=info.name)
            )
        except (CardkitError, ValueError) as exc:
            self._problem(info.name, "house_rules", str(exc))
            return
        info.house_rules.append(f"{target.name}:{name}")

    def _register_variants(
        self, info: PluginInfo, game: str, name: str, options: dict[str, Any], description: str = ""
    ) -> None:
        try:
            target = self.game(game)
            catalog(target).add_variant(
                Variant(name=name, description=description, options=options, source=info.name)
            )
        except CardkitError as exc:
            self._problem(info.name, "variants", str(exc))
            return
        info.variants.append(f"{target.name}:{name}")

    def _register_common_bots(self, info: PluginInfo, name: str, factory: BotFactory) -> None:
        if name in self.common_bots:
            self._problem(
                info.name, "common_bots", f"a bot named {name!r} plays every game already"
            )
            return
        self.common_bots[name] = factory
        info.bots.append(f"*:{name}")

    def _register_bots(self, info: PluginInfo, game: str, name: str, factory: BotFactory) -> None:
        try:
            target = self.game(game)
            catalog(target).add_bot(name, factory)
        except CardkitError as exc:
            self._problem(info.name, "bots", str(exc))
            return
        info.bots.append(f"{target.name}:{name}")

    def _register_phrases(
        self, info: PluginInfo, game: str, phrases: Mapping[str, PhraseLike]
    ) -> None:
        try:
            target = self.game(game)
            catalog(target).add_phrases(phrases, info.name)
        except CardkitError as exc:
            self._problem(info.name, "phrases", str(exc))
