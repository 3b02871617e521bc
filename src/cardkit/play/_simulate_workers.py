"""Playing the games of a simulation: in this process, in a pool's workers or on Dask.

Everything a worker runs is a module-level function or class here, so process
pools and Dask send it by reference.
"""

from __future__ import annotations

import importlib
import traceback
import warnings
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import suppress
from dataclasses import dataclass, field, replace
from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.errors import CardkitError, InvalidRules
from cardkit.play._simulate_report import _Tally
from cardkit.play.executors import run_chunks
from cardkit.play.match import derive_seed, resolve_bots
from cardkit.play.runner import play_out, seat_rngs

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["SimulationError", "game_seed"]

S = TypeVar("S", bound="DataclassInstance")
R = TypeVar("R")


class SimulationError(CardkitError):
    """A game of a simulation failed (a bot or game bug); the message says which game."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a simulation seeded ``seed``."""
    return derive_seed(seed, "game", index)


@dataclass(frozen=True)
class _Spec:
    """What a worker needs to play games: plain, picklable data."""

    game: str
    players: int
    rules: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    rotate: bool
    max_actions: int | None
    plugins: tuple[tuple[str, str], ...] = ()
    registry: dict[str, Any] = field(default_factory=dict)


class _Player:
    """Plays games of one simulation in this process."""

    def __init__(self, game: Game[Any, Any], rules: Rules, spec: _Spec, factories: list[Any]):
        self.game = game
        self.rules = rules
        self.spec = spec
        self.factories = factories

    def play(self, start: int, stop: int) -> _Tally:
        spec = self.spec
        players = spec.players
        tally = _Tally(players)
        for index in range(start, stop):
            try:
                self._one(index, tally)
            except Exception as exc:
                seed = game_seed(spec.seed, index)
                detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
                raise SimulationError(
                    f"game #{index} (seed {seed}) of {spec.game} failed: {detail}"
                ) from exc
        return tally

    def _one(self, index: int, tally: _Tally) -> None:
        spec = self.spec
        players = spec.players
        seed = game_seed(spec.seed, index)
        shift = index % players if spec.rotate else 0
        # Seat s is played by entry (s + shift) % players.
        entry_of = [(s + shift) % players for s in range(players)]
        rngs = seat_rngs(seed, players)
        bots = [self.factories[entry_of[s]](rngs[s]) for s in range(players)]
        state = self.game.start(players, self.rules, seed=seed)
        played = play_out(state, bots, rngs, max_actions=spec.max_actions)
        result = played.result
        tally.games += 1
        tally.decisions += played.decisions
        tally.reasons[result.reason] += 1
        for s in range(players):
            tally.entry_games[entry_of[s]] += 1
        if result.capped:
            tally.capped += 1
            return
        tally.completed += 1
        net = result.net
        if result.payments:
            tally.has_payments = True
        points = result.points
        if points:
            tally.has_points = True
        place: dict[int, float] = {seat: i + 1 for i, seat in enumerate(result.order)}
        if place:
            # Seats the order leaves out (all but the winner in Palace's quick game)
            # share the places after it: each gets their mean.
            rest = (len(place) + 1 + players) / 2
            place.update({s: rest for s in range(players) if s not in place})
        for s in range(players):
            e = entry_of[s]
            tally.entry_completed[e] += 1
            tally.entry_net[e] += net[s]
            tally.seat_net[s] += net[s]
            if points:
                tally.entry_points[e] += points[s]
                tally.entry_point_games[e] += 1
                tally.seat_points[s] += points[s]
            if s in place:
                tally.entry_place[e] += place[s]
                tally.entry_place_games[e] += 1
        for s in set(result.winners):
            tally.entry_wins[entry_of[s]] += 1
            tally.seat_wins[s] += 1
        for s in set(result.losers):
            tally.entry_losses[entry_of[s]] += 1
            tally.seat_losses[s] += 1


# -- worker processes ----------------------------------------------------------------------


def _runtime_plugins() -> tuple[tuple[str, str], ...]:
    """Run-time plugins that are importable modules: ``(registration name, module name)``."""
    from cardkit.plugins.registry import registry

    reg = registry()
    out: list[tuple[str, str]] = []
    for name, info in reg.plugins.items():
        if info.distribution is not None:
            continue
        plugin = reg.pm.get_plugin(name)
        if isinstance(plugin, ModuleType) and plugin.__name__ not in ("__main__", "__mp_main__"):
            out.append((name, plugin.__name__))
    return tuple(out)


def _registry_settings() -> dict[str, Any]:
    """How the parent's registry was built, so workers load the same plugins."""
    from cardkit.plugins.registry import registry

    reg = registry()
    settings: dict[str, Any] = {}
    for name in ("plugins_dir", "only", "disable"):
        if hasattr(reg, name):
            value = getattr(reg, name)
            settings[name] = str(value) if name == "plugins_dir" and value is not None else value
    return settings


def _build_player(spec: _Spec) -> _Player:
    from cardkit.plugins.registry import Registry, registry, reset_registry

    # A worker process builds the parent's registry; a thread of the parent (a thread
    # executor) already has it, and replacing it would swap the caller's games mid-run.
    if spec.registry and _registry_settings() != spec.registry:
        reset_registry(Registry(**spec.registry))
    reg = registry()
    for name, module_name in spec.plugins:
        if name in reg.plugins:
            continue
        try:
            reg.register(importlib.import_module(module_name), name)
        except Exception:  # reported by the registry, or the game is simply missing below
            continue
    game = reg.game(spec.game)
    rules = game.rules_model.model_validate(spec.rules)
    factories = resolve_bots(game, list(spec.bots), spec.players)
    return _Player(game, rules, spec, factories)


_players: dict[str, _Player] = {}


def _player_for(spec: _Spec) -> _Player:
    """This worker's player for ``spec``, built on its first chunk and then kept."""
    key = repr(spec)
    player = _players.get(key)
    if player is None:
        try:
            player = _build_player(spec)
        except Exception as exc:
            raise SimulationError(
                f"a worker process could not set up the game: {type(exc).__name__}: {exc}"
            ) from None
        _players.clear()  # one simulation at a time per worker
        _players[key] = player
    return player


def _warm_worker(spec: _Spec) -> None:
    """Load the plugins a new pool worker needs, before its first chunk."""
    from cardkit.plugins.registry import PluginWarning

    # The parent process has reported every plugin problem once already.
    warnings.filterwarnings("ignore", category=PluginWarning)
    with suppress(SimulationError):  # reported by the first chunk
        _player_for(spec)


def _play_chunk(task: tuple[_Spec, int, int]) -> _Tally:
    """Play games ``[start, stop)`` of a simulation in a worker (any executor's)."""
    spec, start, stop = task
    return _player_for(spec).play(start, stop)


def _check_importable(game: Game[Any, Any]) -> None:
    from cardkit.plugins.registry import registry

    reg = registry()
    for name, info in reg.plugins.items():
        if game.name in info.games and info.distribution is None:
            plugin = reg.pm.get_plugin(name)
            if not isinstance(plugin, ModuleType) or plugin.__name__ in ("__main__", "__mp_main__"):
                raise InvalidRules(
                    f"{game.name} was registered at run time by plugin {name!r}, which worker "
                    "processes cannot import; use jobs=1, or register it from an importable module"
                )


def spread(
    spec: S,
    game: Game[Any, Any],
    ranges: Sequence[tuple[int, int]],
    local: Callable[[int, int], R],
    worker: Callable[[tuple[S, int, int]], R],
    setup: Callable[[S], Any],
    *,
    jobs: int,
    executor: Executor | None,
) -> Iterator[tuple[R, int]]:
    """Play the games ``[start, stop)`` of each range, yielding ``(result, workers)``.

    Runs ``local(start, stop)`` here, or ``worker((spec, start, stop))`` in pool
    workers (each set up once with ``setup(spec)``) or on ``executor``; games that
    leave this process get ``spec`` with the plugins and registry settings of this
    one, so workers load the same games.
    """
    plugins: tuple[tuple[str, str], ...] = ()
    settings: dict[str, Any] = {}
    if jobs > 1 or executor is not None:
        _check_importable(game)
        plugins, settings = _runtime_plugins(), _registry_settings()
        spec = replace(spec, plugins=plugins, registry=settings)
    tasks = [(spec, start, stop) for start, stop in ranges]
    return run_chunks(
        tasks,
        lambda task: local(task[1], task[2]),
        worker,
        jobs=jobs,
        executor=executor,
        pool_key=repr((plugins, settings)),
        pool_setup=partial(setup, spec),
    )
