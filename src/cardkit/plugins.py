"""The plugin registry: finds game plugins and keeps one broken plugin from hurting others.

Installed plugins are found through the ``cardkit`` entry point group. A
plugin can also be registered at run time with :func:`register` (for tests
and for variants defined in a user's own code). A plugin that fails to
import, raises in a hook, or registers a name that is taken is recorded as a
:class:`PluginProblem`, warned about, and skipped, while every other game
keeps working; with ``CARDKIT_STRICT_PLUGINS=1`` it is a
:class:`~cardkit.errors.PluginError` instead, for plugin authors.
"""

from __future__ import annotations

import os
import traceback
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

import pluggy

from cardkit import hookspecs
from cardkit.bots import BotFactory
from cardkit.errors import CardkitError, PluginError, UnknownGame
from cardkit.game import Game
from cardkit.rules import Variant

__all__ = [
    "ENTRY_POINT_GROUP",
    "PluginInfo",
    "PluginProblem",
    "PluginWarning",
    "Registry",
    "register",
    "registry",
    "reset_registry",
    "temporary_plugin",
    "unregister",
]

#: The entry point group game plugins declare.
ENTRY_POINT_GROUP = "cardkit"


class PluginWarning(UserWarning):
    """Warned when a plugin is skipped because of a problem."""


@dataclass(frozen=True)
class PluginProblem:
    """Why a plugin (or part of one) was skipped.

    Attributes:
        plugin: the plugin's name (its entry point or registration name).
        stage: ``"import"``, ``"hookspecs"``, ``"games"``, ``"variants"`` or ``"bots"``.
        message: what went wrong.
    """

    plugin: str
    stage: str
    message: str

    def __str__(self) -> str:
        return f"plugin {self.plugin!r} ({self.stage}): {self.message}"


@dataclass
class PluginInfo:
    """One registered plugin and what it added.

    Attributes:
        name: the registration name (the entry point name for installed plugins).
        distribution: the installing distribution, if any.
        version: that distribution's version, if any.
        games: the games it registered.
        variants: the presets it registered, as ``game:variant``.
        bots: the bots it registered, as ``game:bot``.
    """

    name: str
    distribution: str | None = None
    version: str | None = None
    games: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)


def _strict() -> bool:
    return os.environ.get("CARDKIT_STRICT_PLUGINS", "").strip() not in ("", "0", "false", "no")


class Registry:
    """Games, variants and bots from every plugin, and the pluggy manager behind them."""

    def __init__(self, *, load_entry_points: bool = True) -> None:
        """Create a registry and, by default, load every installed plugin."""
        self.pm = pluggy.PluginManager("cardkit")
        self.pm.add_hookspecs(hookspecs)
        self._games: dict[str, Game[Any, Any]] = {}
        self._aliases: dict[str, str] = {}
        self.plugins: dict[str, PluginInfo] = {}
        self.problems: list[PluginProblem] = []
        if load_entry_points:
            self.load_entry_points()

    # -- loading --------------------------------------------------------------

    def load_entry_points(self) -> None:
        """Import and register every plugin of the ``cardkit`` entry point group."""
        loaded: list[tuple[object, PluginInfo]] = []
        for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            if ep.name in self.plugins:
                continue
            dist = getattr(ep, "dist", None)
            info = PluginInfo(
                ep.name,
                distribution=dist.name if dist is not None else None,
                version=dist.version if dist is not None else None,
            )
            try:
                plugin = ep.load()
            except Exception as exc:
                self._problem(ep.name, "import", _exc_text(exc))
                continue
            if self._add(plugin, info):
                loaded.append((plugin, info))
        for stage in ("hookspecs", "games", "variants", "bots"):
            for plugin, info in loaded:
                self._run_stage(plugin, info, stage)

    def register(self, plugin: object, name: str | None = None) -> PluginInfo:
        """Register a plugin module or object at run time.

        Its hooks run at once (hookspecs, games, then variants and bots).

        Raises:
            PluginError: the name is already registered.
        """
        name = name or getattr(plugin, "__name__", None) or type(plugin).__name__
        if name in self.plugins:
            raise PluginError(f"a plugin named {name!r} is already registered")
        info = PluginInfo(name)
        if not self._add(plugin, info):
            raise PluginError(str(self.problems[-1]))
        for stage in ("hookspecs", "games", "variants", "bots"):
            self._run_stage(plugin, info, stage)
        return info

    def unregister(self, name: str) -> None:
        """Remove a plugin and every game it registered.

        Variants and bots it added to other plugins' games stay until the
        registry is rebuilt (:func:`reset_registry`).
        """
        info = self.plugins.pop(name)
        for game_name in info.games:
            self._games.pop(game_name, None)
            for alias in [a for a, g in self._aliases.items() if g == game_name]:
                del self._aliases[alias]
        self.pm.unregister(name=name)

    def _add(self, plugin: object, info: PluginInfo) -> bool:
        try:
            self.pm.register(plugin, name=info.name)
        except Exception as exc:
            self._problem(info.name, "import", _exc_text(exc))
            return False
        self.plugins[info.name] = info
        return True

    def _run_stage(self, plugin: object, info: PluginInfo, stage: str) -> None:
        hook_name = "cardkit_add_hookspecs" if stage == "hookspecs" else f"cardkit_register_{stage}"
        impls = [i for i in getattr(self.pm.hook, hook_name).get_hookimpls() if i.plugin is plugin]
        callback: Callable[..., None]
        if stage == "games":
            callback = lambda game, aliases=(): self._register_game(info, game, aliases)  # noqa: E731
        elif stage == "variants":
            callback = lambda game, name, options, description="": self._register_variant(  # noqa: E731
                info, game, name, options, description
            )
        elif stage == "bots":
            callback = lambda game, name, factory: self._register_bot(info, game, name, factory)  # noqa: E731
        for impl in impls:
            try:
                if stage == "hookspecs":
                    impl.function(pluginmanager=self.pm)
                else:
                    impl.function(register=callback)
            except _Skip:
                continue
            except Exception as exc:
                self._problem(info.name, stage, _exc_text(exc))

    # -- the register callbacks --------------------------------------------------

    def _register_game(
        self, info: PluginInfo, game: object, aliases: tuple[str, ...] | list[str]
    ) -> None:
        if not isinstance(game, Game):
            self._problem(
                info.name, "games", f"register() needs a cardkit.Game instance, got {game!r}"
            )
            raise _Skip
        names = [game.name, *game.aliases, *aliases]
        taken = [n for n in names if n in self._games or n in self._aliases]
        if taken:
            owner = self._aliases.get(taken[0], taken[0])
            self._problem(
                info.name,
                "games",
                f"game name {taken[0]!r} is already registered by {self._owner(owner)!r}; "
                f"{game.name!r} was skipped",
            )
            raise _Skip
        self._games[game.name] = game
        game._registry = self
        for alias in names[1:]:
            self._aliases[alias] = game.name
        info.games.append(game.name)

    def _register_variant(
        self, info: PluginInfo, game: str, name: str, options: dict[str, Any], description: str
    ) -> None:
        try:
            target = self.game(game)
            target.add_variant(
                Variant(name=name, description=description, options=options, source=info.name)
            )
        except CardkitError as exc:
            self._problem(info.name, "variants", str(exc))
            raise _Skip from None
        info.variants.append(f"{target.name}:{name}")

    def _register_bot(self, info: PluginInfo, game: str, name: str, factory: BotFactory) -> None:
        try:
            target = self.game(game)
            target.add_bot(name, factory)
        except CardkitError as exc:
            self._problem(info.name, "bots", str(exc))
            raise _Skip from None
        info.bots.append(f"{target.name}:{name}")

    def _owner(self, game_name: str) -> str:
        return next((p.name for p in self.plugins.values() if game_name in p.games), "?")

    def _problem(self, plugin: str, stage: str, message: str) -> None:
        problem = PluginProblem(plugin, stage, message)
        if _strict():
            raise PluginError(str(problem))
        self.problems.append(problem)
        warnings.warn(str(problem), PluginWarning, stacklevel=3)

    # -- queries ---------------------------------------------------------------------

    def available(self) -> list[str]:
        """The names of the registered games, sorted."""
        return sorted(self._games)

    def aliases(self, name: str) -> list[str]:
        """Every alias of the game ``name``."""
        return sorted(a for a, g in self._aliases.items() if g == name)

    def game(self, name: str) -> Game[Any, Any]:
        """The game registered under ``name`` or one of its aliases (case-insensitive).

        Raises:
            UnknownGame: no such game; the message lists the installed ones.
        """
        key = name.strip().lower()
        key = self._aliases.get(key, key)
        try:
            return self._games[key]
        except KeyError:
            raise UnknownGame(name, self.available()) from None

    def hook_functions(self, hook_name: str) -> list[Callable[..., Any]]:
        """The implementations of a hook, in pluggy's call order.

        Games resolve their own variation-point hooks with this once, when
        a game starts, and then call plain functions in the hot loop.
        """
        caller = getattr(self.pm.hook, hook_name, None)
        if caller is None:
            return []
        return [impl.function for impl in reversed(caller.get_hookimpls())]


class _Skip(Exception):
    """Raised by a register callback after recording a problem, to skip one registration."""


def _exc_text(exc: BaseException) -> str:
    last = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    where = f" (at {last[0].filename}:{last[0].lineno})" if last else ""
    return f"{type(exc).__name__}: {exc}{where}"


_registry: Registry | None = None


def registry() -> Registry:
    """The process-wide registry, built (and installed plugins loaded) on first use."""
    global _registry
    if _registry is None:
        _registry = Registry()
    return _registry


def reset_registry(registry: Registry | None = None) -> Registry:
    """Replace the process-wide registry (a fresh one by default) and return it."""
    global _registry
    _registry = registry if registry is not None else Registry()
    return _registry


def register(plugin: object, name: str | None = None) -> PluginInfo:
    """Register a plugin at run time in the process-wide registry.

    See :meth:`Registry.register`.
    """
    return registry().register(plugin, name)


def unregister(name: str) -> None:
    """Remove a run-time plugin from the process-wide registry."""
    registry().unregister(name)


@contextmanager
def temporary_plugin(plugin: object, name: str | None = None) -> Iterator[PluginInfo]:
    """Register a plugin for the duration of a ``with`` block (handy in tests)."""
    info = register(plugin, name)
    try:
        yield info
    finally:
        unregister(info.name)
