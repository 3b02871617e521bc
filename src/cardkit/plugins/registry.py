"""The plugin registry: finds game plugins and keeps one broken plugin from hurting others.

Plugins come from three places: the ``cardkit`` entry point group of
installed packages, single ``.py`` files in a plugins directory
(``CARDKIT_PLUGINS_DIR`` or the CLI's ``--plugins-dir``), and run-time
registration. ``CARDKIT_LOAD_PLUGINS=a,b`` loads only the named plugins and
``CARDKIT_DISABLE_PLUGINS=a,b`` loads all but those.

Each installed plugin declares the core API version it was built for with a
module attribute ``CARDKIT_API_VERSION = "1.0"``; a plugin built for an
incompatible core (another major version, or a newer minor version) is
skipped with a message naming both versions.

A plugin can also be registered at run time with [`register`][cardkit.plugins.registry.register]
(for tests and for variants defined in a user's own code). A plugin that fails to
import, raises in a hook, or registers a name that is taken is recorded as a
[`PluginProblem`][cardkit.plugins.registry.PluginProblem], warned about, and skipped, while every
other game
keeps working; with ``CARDKIT_STRICT_PLUGINS=1`` it is a
[`PluginError`][cardkit.errors.PluginError] instead, for plugin authors.

Nothing a plugin does while it loads stops the host: whatever its import or
its registration hooks raise, ``SystemExit`` and ``KeyboardInterrupt``
included, is reported like any other problem (a real Ctrl-C of the user
still interrupts), and whatever it prints goes to standard error. A plugin
that calls the cardkit API at import (``cardkit.available_games()``) sees
the registry being built, with the games registered so far (none, during
imports: games are registered once every plugin is imported); each plugin
is imported once per registry.
"""

from __future__ import annotations

import os
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pluggy

from cardkit.engine._registry_link import set_default_registry
from cardkit.engine.bots import BotFactory, RandomBot
from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.engine.gamehooks import GameHooks
from cardkit.errors import PluginError, UnknownGame
from cardkit.plugins import hookspecs
from cardkit.plugins._plugin_guard import contained, exc_text, loading
from cardkit.plugins._plugin_loading import PluginLoader
from cardkit.plugins._plugin_records import (
    API_VERSION,
    ENTRY_POINT_GROUP,
    PluginInfo,
    PluginProblem,
    PluginWarning,
    api_compatible,
    env_names,
    house_rule_hints,
    strict,
)
from cardkit.plugins._register_callbacks import RegisterCallbacks
from cardkit.plugins.register import STAGES, Register

__all__ = [
    "API_VERSION",
    "ENTRY_POINT_GROUP",
    "PluginInfo",
    "PluginProblem",
    "PluginWarning",
    "Registry",
    "api_compatible",
    "register",
    "registry",
    "reset_registry",
    "temporary_plugin",
    "unregister",
]


class _Loading(threading.local):
    """The registries loading plugins in this thread, innermost last."""

    def __init__(self) -> None:
        self.stack: list[Registry] = []


_loading = _Loading()


class Registry(PluginLoader, RegisterCallbacks):
    """Games, house rules, variants and bots from every plugin, and the pluggy manager."""

    def __init__(
        self,
        *,
        load_entry_points: bool = True,
        plugins_dir: str | Path | None = None,
        only: set[str] | None = None,
        disable: set[str] | None = None,
    ) -> None:
        """Create a registry and, by default, load every installed plugin.

        Args:
            load_entry_points: load the installed plugins (and the plugins
                directory) now.
            plugins_dir: a directory of single-file plugins; defaults to
                ``CARDKIT_PLUGINS_DIR``.
            only: load only these plugin names; defaults to
                ``CARDKIT_LOAD_PLUGINS``.
            disable: load all but these; defaults to ``CARDKIT_DISABLE_PLUGINS``.
        """
        self.pm = pluggy.PluginManager("cardkit")
        self.pm.add_hookspecs(hookspecs)
        #: Bumped whenever a plugin or hookspec is added or removed (caches follow it).
        self.generation = 0
        #: The hook callers of [`Game.hooks`][cardkit.engine.game.Game.hooks], cached by
        #: `generation`.
        self.hooks = GameHooks(self.pm, self)
        self._games: dict[str, Game[Any, Any]] = {}
        self.common_bots: dict[str, BotFactory] = {"random": RandomBot}
        """Bots that play every game, by name: ``"random"``, then those plugins add
        (``register.add_common_bot``)."""
        self._aliases: dict[str, str] = {}
        self.plugins: dict[str, PluginInfo] = {}
        self.problems: list[PluginProblem] = []
        #: Plugins not loaded on purpose (name → why), such as ``CARDKIT_DISABLE_PLUGINS``.
        self.skipped: dict[str, str] = {}
        self.only = only if only is not None else env_names("CARDKIT_LOAD_PLUGINS")
        self.disable = (
            disable if disable is not None else (env_names("CARDKIT_DISABLE_PLUGINS") or set())
        )
        env_dir = os.environ.get("CARDKIT_PLUGINS_DIR")
        self.plugins_dir = (
            Path(plugins_dir) if plugins_dir else (Path(env_dir) if env_dir else None)
        )
        if load_entry_points:
            self.load_entry_points()

    # -- loading --------------------------------------------------------------

    def load_entry_points(self) -> None:
        """Import and register every selected plugin: entry points, then the plugins directory.

        Raises:
            PluginError: this registry is already loading plugins (a plugin
                asked it to load again while it was being imported).
        """
        if self in _loading.stack:
            raise PluginError(
                "the plugin registry is already loading plugins; a plugin may not load "
                "plugins again while it is being imported"
            )
        _loading.stack.append(self)
        try:
            with loading():
                self._load_all()
        finally:
            _loading.stack.remove(self)

    def register(self, plugin: object, name: str | None = None) -> PluginInfo:
        """Register a plugin module or object at run time.

        Its hooks run at once (hookspecs, then what it registers, kind by kind).

        Raises:
            PluginError: the name is already registered.
        """
        name = name or getattr(plugin, "__name__", None) or type(plugin).__name__
        if name in self.plugins:
            raise PluginError(f"a plugin named {name!r} is already registered")
        info = PluginInfo(name)
        with loading():
            if not (self._check_api(plugin, info, required=False) and self._add(plugin, info)):
                raise PluginError(str(self.problems[-1]))
            self._run_hooks([(plugin, info)])
        return info

    def unregister(self, name: str) -> None:
        """Remove a plugin, every game it registered, its house rules and its phrases.

        Variants and bots it added to other plugins' games stay until the
        registry is rebuilt ([`reset_registry`][cardkit.plugins.registry.reset_registry]); a
        preset that names one of its house rules is then refused when used.
        """
        info = self.plugins.pop(name)
        for game in self._games.values():
            catalog(game).forget(name)
        for game_name in info.games:
            self._games.pop(game_name, None)
            for alias in [a for a, g in self._aliases.items() if g == game_name]:
                del self._aliases[alias]
        self.pm.unregister(name=name)
        self.generation += 1

    def _add(self, plugin: object, info: PluginInfo) -> bool:
        self.generation += 1
        try:
            with contained():
                self.pm.register(plugin, name=info.name)
        except Exception as exc:
            self._problem(info.name, "import", exc_text(exc))
            return False
        self.plugins[info.name] = info
        return True

    def _run_hooks(self, loaded: list[tuple[object, PluginInfo]]) -> None:
        self.generation += 1
        for plugin, info in loaded:
            for impl in self._impls("cardkit_add_hookspecs", plugin):
                self._contained(info, "hookspecs", impl.function, pluginmanager=self.pm)
        registers = []
        for plugin, info in loaded:
            register = Register(info.name)
            for impl in self._impls("cardkit_register", plugin):
                self._contained(info, "register", impl.function, register=register)
            registers.append((info, register))
        for stage in STAGES:
            self.generation += 1
            add = getattr(self, f"_register_{stage}")
            for info, register in registers:
                for args in register.entries(stage):
                    add(info, *args)

    def _impls(self, hook_name: str, plugin: object) -> list[pluggy.HookImpl]:
        caller = getattr(self.pm.hook, hook_name)
        return [i for i in caller.get_hookimpls() if i.plugin is plugin]

    def _contained(
        self, info: PluginInfo, stage: str, function: Callable[..., object], **kwargs: object
    ) -> None:
        try:
            with contained():
                function(**kwargs)
        except Exception as exc:
            self._problem(info.name, stage, exc_text(exc))

    def _owner(self, game_name: str) -> str:
        return next((p.name for p in self.plugins.values() if game_name in p.games), "?")

    def _problem(self, plugin: str, stage: str, message: str) -> None:
        problem = PluginProblem(plugin, stage, message)
        if strict():
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
        if not isinstance(name, str):
            raise UnknownGame(repr(name), self.available())
        key = name.strip().lower()
        key = self._aliases.get(key, key)
        try:
            return self._games[key]
        except KeyError:
            raise UnknownGame(name, self.available()) from None

    def hook_functions(self, hook_name: str) -> list[Callable[..., Any]]:
        """The implementations of a hook, in pluggy's call order.

        Games resolve their own variation-point hooks once, when a game
        starts (through [`Game.hooks`][cardkit.engine.game.Game.hooks]), and then
        call plain functions in the hot loop.
        """
        caller = getattr(self.pm.hook, hook_name, None)
        if caller is None:
            return []
        return [impl.function for impl in reversed(caller.get_hookimpls())]

    def house_rule_hints(self, unknown: Sequence[str]) -> str:
        """Where house rules nobody declared might be: other games, plugins left out or broken.

        `"; ..."` parts to add to a message, or `""`.
        """
        return house_rule_hints(unknown, self._games, self.skipped, self.problems)


_registry: Registry | None = None


def registry() -> Registry:
    """The process-wide registry, built (and installed plugins loaded) on first use.

    While a registry is loading plugins in this thread (a plugin calls the
    cardkit API at import), that registry is returned, as built so far.
    """
    global _registry
    if _loading.stack:
        return _loading.stack[-1]
    if _registry is None:
        _registry = _loaded(Registry(load_entry_points=False))
    return _registry


def _loaded(reg: Registry) -> Registry:
    reg.load_entry_points()
    return reg


def reset_registry(registry: Registry | None = None) -> Registry:
    """Replace the process-wide registry (a fresh one by default) and return it."""
    global _registry
    _registry = registry if registry is not None else Registry()
    return _registry


def register(plugin: object, name: str | None = None) -> PluginInfo:
    """Register a plugin at run time in the process-wide registry.

    See [`Registry.register`][cardkit.plugins.registry.Registry.register].
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


set_default_registry(registry)
