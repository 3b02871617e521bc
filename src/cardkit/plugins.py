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

Installed plugins are found through the ``cardkit`` entry point group. A
plugin can also be registered at run time with :func:`register` (for tests
and for variants defined in a user's own code). A plugin that fails to
import, raises in a hook, or registers a name that is taken is recorded as a
:class:`PluginProblem`, warned about, and skipped, while every other game
keeps working; with ``CARDKIT_STRICT_PLUGINS=1`` it is a
:class:`~cardkit.errors.PluginError` instead, for plugin authors.

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

import importlib.util
import os
import threading
import traceback
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import pluggy

from cardkit import hookspecs
from cardkit._plugin_guard import contained, loading, original
from cardkit.bots import BotFactory
from cardkit.errors import CardkitError, PluginError, UnknownGame
from cardkit.game import Game
from cardkit.rules import HouseRule, Variant

__all__ = [
    "API_VERSION",
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
#: The version of the plugin API this core offers, ``MAJOR.MINOR``. A plugin
#: built for ``X.Y`` works with a core of API ``X.Z`` where ``Z >= Y``.
API_VERSION = "1.0"


def api_compatible(declared: str, offered: str = API_VERSION) -> bool:
    """Whether a plugin built for API ``declared`` runs on a core offering ``offered``."""
    try:
        want = [int(p) for p in str(declared).split(".")] + [0]
        have = [int(p) for p in offered.split(".")] + [0]
    except ValueError:
        return False
    return want[0] == have[0] and want[1] <= have[1]


def _env_names(var: str) -> set[str] | None:
    value = os.environ.get(var)
    if value is None or not value.strip():
        return None
    return {n.strip() for n in value.replace(";", ",").split(",") if n.strip()}


class PluginWarning(UserWarning):
    """Warned when a plugin is skipped because of a problem."""


@dataclass(frozen=True)
class PluginProblem:
    """Why a plugin (or part of one) was skipped.

    Attributes:
        plugin: the plugin's name (its entry point or registration name).
        stage: ``"import"``, ``"hookspecs"``, ``"games"``, ``"house_rules"``,
            ``"variants"`` or ``"bots"``.
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
        source: ``"entry point"``, ``"plugins dir"`` or ``"run time"``.
        api_version: the core API version the plugin declares, if any.
        games: the games it registered.
        house_rules: the house rules it declared, as ``game:rule``.
        variants: the presets it registered, as ``game:variant``.
        bots: the bots it registered, as ``game:bot``.
    """

    name: str
    distribution: str | None = None
    version: str | None = None
    source: str = "run time"
    api_version: str | None = None
    games: list[str] = field(default_factory=list)
    house_rules: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)


#: The registration stages, in the order they run (each for every plugin before the next).
_STAGES = ("hookspecs", "games", "house_rules", "variants", "bots")


def _strict() -> bool:
    return os.environ.get("CARDKIT_STRICT_PLUGINS", "").strip() not in ("", "0", "false", "no")


class _Loading(threading.local):
    """The registries loading plugins in this thread, innermost last."""

    def __init__(self) -> None:
        self.stack: list[Registry] = []


_loading = _Loading()


class Registry:
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
        #: Bumped whenever a plugin (or a hookspec) is added or removed, so that games
        #: may cache what :meth:`hook_functions` returned until it changes.
        self.generation = 0
        self._games: dict[str, Game[Any, Any]] = {}
        self._aliases: dict[str, str] = {}
        self.plugins: dict[str, PluginInfo] = {}
        self.problems: list[PluginProblem] = []
        #: Plugins not loaded on purpose (name → why), such as ``CARDKIT_DISABLE_PLUGINS``.
        self.skipped: dict[str, str] = {}
        self.only = only if only is not None else _env_names("CARDKIT_LOAD_PLUGINS")
        self.disable = (
            disable if disable is not None else (_env_names("CARDKIT_DISABLE_PLUGINS") or set())
        )
        env_dir = os.environ.get("CARDKIT_PLUGINS_DIR")
        self.plugins_dir = (
            Path(plugins_dir) if plugins_dir else (Path(env_dir) if env_dir else None)
        )
        if load_entry_points:
            self.load_entry_points()

    # -- loading --------------------------------------------------------------

    def _selected(self, name: str) -> bool:
        if self.only is not None and name not in self.only:
            self.skipped[name] = "not in CARDKIT_LOAD_PLUGINS"
            return False
        if name in self.disable:
            self.skipped[name] = "in CARDKIT_DISABLE_PLUGINS"
            return False
        return True

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

    def _load_all(self) -> None:
        loaded: list[tuple[object, PluginInfo]] = []
        for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            if ep.name in self.plugins or not self._selected(ep.name):
                continue
            dist = getattr(ep, "dist", None)
            info = PluginInfo(
                ep.name,
                distribution=dist.name if dist is not None else None,
                version=dist.version if dist is not None else None,
                source="entry point",
            )
            try:
                with contained():
                    plugin = ep.load()
            except Exception as exc:
                self._problem(ep.name, "import", _import_text(exc))
                continue
            if self._check_api(plugin, info, required=True) and self._add(plugin, info):
                loaded.append((plugin, info))
        loaded.extend(self._load_plugins_dir())
        for stage in _STAGES:
            for plugin, info in loaded:
                self._run_stage(plugin, info, stage)

    def _load_plugins_dir(self) -> list[tuple[object, PluginInfo]]:
        loaded: list[tuple[object, PluginInfo]] = []
        if self.plugins_dir is None:
            return loaded
        if not self.plugins_dir.is_dir():
            self._problem(str(self.plugins_dir), "import", "the plugins directory does not exist")
            return loaded
        for path in sorted(self.plugins_dir.glob("*.py")):
            name = path.stem
            if name.startswith("_") or name in self.plugins or not self._selected(name):
                continue
            info = PluginInfo(name, source="plugins dir", distribution=str(path))
            try:
                spec = importlib.util.spec_from_file_location(f"cardkit_local_plugins.{name}", path)
                if spec is None or spec.loader is None:
                    raise ImportError(f"cannot import {path}")
                module = importlib.util.module_from_spec(spec)
                with contained():
                    spec.loader.exec_module(module)
            except Exception as exc:
                self._problem(name, "import", _import_text(exc))
                continue
            if self._check_api(module, info, required=False) and self._add(module, info):
                loaded.append((module, info))
        return loaded

    def _check_api(self, plugin: object, info: PluginInfo, *, required: bool) -> bool:
        try:
            with contained():
                declared = getattr(plugin, "CARDKIT_API_VERSION", None)
                declared = None if declared is None else str(declared)
        except Exception as exc:
            self._problem(info.name, "import", _exc_text(exc))
            return False
        info.api_version = None if declared is None else str(declared)
        if declared is None:
            if required:
                self._problem(
                    info.name,
                    "import",
                    "the plugin declares no CARDKIT_API_VERSION; this core offers plugin API "
                    f"{API_VERSION} (add CARDKIT_API_VERSION = {API_VERSION!r} "
                    "to its plugin module)",
                )
                return False
            return True
        if not api_compatible(str(declared)):
            self._problem(
                info.name,
                "import",
                f"built for cardkit plugin API {declared}, but this core offers API {API_VERSION}; "
                "skipped",
            )
            return False
        return True

    def register(self, plugin: object, name: str | None = None) -> PluginInfo:
        """Register a plugin module or object at run time.

        Its hooks run at once (hookspecs, games, house rules, then variants and bots).

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
            for stage in _STAGES:
                self._run_stage(plugin, info, stage)
        return info

    def unregister(self, name: str) -> None:
        """Remove a plugin, every game it registered and every house rule it declared.

        Variants and bots it added to other plugins' games stay until the
        registry is rebuilt (:func:`reset_registry`); a preset that names
        one of its house rules is then refused when used.
        """
        info = self.plugins.pop(name)
        for game in self._games.values():
            game.remove_house_rules(name)
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
            self._problem(info.name, "import", _exc_text(exc))
            return False
        self.plugins[info.name] = info
        return True

    def _run_stage(self, plugin: object, info: PluginInfo, stage: str) -> None:
        self.generation += 1
        hook_name = "cardkit_add_hookspecs" if stage == "hookspecs" else f"cardkit_register_{stage}"
        impls = [i for i in getattr(self.pm.hook, hook_name).get_hookimpls() if i.plugin is plugin]
        callback: Callable[..., None]
        if stage == "games":
            callback = lambda game, aliases=(): self._register_game(info, game, aliases)  # noqa: E731
        elif stage == "house_rules":
            callback = lambda game, name, description="": self._register_house_rule(  # noqa: E731
                info, game, name, description
            )
        elif stage == "variants":
            callback = lambda game, name, options, description="": self._register_variant(  # noqa: E731
                info, game, name, options, description
            )
        elif stage == "bots":
            callback = lambda game, name, factory: self._register_bot(info, game, name, factory)  # noqa: E731
        for impl in impls:
            try:
                with contained():
                    if stage == "hookspecs":
                        impl.function(pluginmanager=self.pm)
                    else:
                        impl.function(register=callback)
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
            return
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
            return
        self._games[game.name] = game
        game._registry = self
        for alias in names[1:]:
            self._aliases[alias] = game.name
        info.games.append(game.name)

    def _register_house_rule(
        self, info: PluginInfo, game: str, name: str, description: str
    ) -> None:
        try:
            target = self.game(game)
            target.add_house_rule(
                HouseRule(name=name, game=target.name, description=description, source=info.name)
            )
        except (CardkitError, ValueError) as exc:
            self._problem(info.name, "house_rules", str(exc))
            return
        info.house_rules.append(f"{target.name}:{name}")

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
            return
        info.variants.append(f"{target.name}:{name}")

    def _register_bot(self, info: PluginInfo, game: str, name: str, factory: BotFactory) -> None:
        try:
            target = self.game(game)
            target.add_bot(name, factory)
        except CardkitError as exc:
            self._problem(info.name, "bots", str(exc))
            return
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

        Games resolve their own variation-point hooks with this once, when
        a game starts, and then call plain functions in the hot loop.
        """
        caller = getattr(self.pm.hook, hook_name, None)
        if caller is None:
            return []
        return [impl.function for impl in reversed(caller.get_hookimpls())]


def _exc_text(exc: BaseException) -> str:
    exc = original(exc)
    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ else []
    # Point at the plugin's own code rather than at the cardkit call it made.
    outside = [f for f in frames if not f.filename.startswith(_CORE_DIR)]
    last = (outside or frames)[-1:]
    where = f" (at {last[0].filename}:{last[0].lineno})" if last else ""
    return f"{type(exc).__name__}: {exc}{where}"


_CORE_DIR = str(Path(__file__).parent) + os.sep


def _import_text(exc: BaseException) -> str:
    text = _exc_text(exc)
    if isinstance(original(exc), CardkitError):
        text += (
            "; a plugin that uses the cardkit API while it is imported sees the registry "
            "still loading, before any game is registered: do it in a hook or a function"
        )
    return text


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
