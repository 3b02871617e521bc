"""Simulation: many independent bot games, with win rates, scores and speed.

Game ``i`` of a simulation seeded ``seed`` is a pure function of ``(seed, i)``:
its deck is shuffled with ``game_seed(seed, i)`` and its bots draw from
``seat_rngs(game_seed(seed, i), players)``. So a simulation gives the same
report whatever the number of worker processes (``jobs``); only the timing
differs.

Worker processes are started with ``spawn`` on every platform. They load the
installed plugins themselves; plugins registered at run time are registered
again in each worker when they are modules that can be imported by name.

>>> from cardkit.simulate import simulate
>>> report = simulate("tienlen", games=200, players=4, bots=["greedy", "random"],
...                   seed=1, jobs=2)  # doctest: +SKIP
>>> [(e.bot, e.win_rate) for e in report.entries]  # doctest: +SKIP
"""

from __future__ import annotations

import importlib
import os
import time
import traceback
import warnings
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from contextlib import suppress
from dataclasses import dataclass, field
from functools import partial
from types import ModuleType
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from cardkit.errors import CardkitError, InvalidRules
from cardkit.eval.executors import chunks, run_chunks
from cardkit.game import Game
from cardkit.match import (
    BotSpec,
    check_setup,
    derive_seed,
    fill_seats,
    make_rules,
    resolve_bots,
    resolve_game,
)
from cardkit.rules import Rules
from cardkit.runner import PlayedGame, play_out, seat_rngs

__all__ = [
    "BotStats",
    "EntryStats",
    "SeatStats",
    "SimulationError",
    "SimulationReport",
    "game_seed",
    "play_one",
    "simulate",
]

#: Called as ``progress(games_done, games_total)`` while a simulation runs.
Progress = Callable[[int, int], Any]


class SimulationError(CardkitError):
    """A game of a simulation failed (a bot or game bug); the message says which game."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a simulation seeded ``seed``."""
    return derive_seed(seed, "game", index)


class EntryStats(BaseModel):
    """The record of one bot entry (one position of the ``bots`` list).

    Rates and means are over the completed games (capped games excluded).

    Attributes:
        entry: the position in the ``bots`` list (with rotation off, also the seat).
        bot: the bot's name.
        games: the games played (capped ones included).
        completed: the games that ended by the rules.
        wins: completed games this entry won (shared wins count for each winner).
        losses: completed games this entry lost.
        win_rate: ``wins / completed``.
        loss_rate: ``losses / completed``.
        mean_points: mean ``result.points`` (``None`` if the game gives no points).
        mean_net: mean net payment (``result.net``).
        mean_place: mean 1-based place in ``result.order`` (``None`` without orders);
            seats an order leaves out share the places after it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    entry: int
    bot: str
    games: int
    completed: int
    wins: int
    losses: int
    win_rate: float
    loss_rate: float
    mean_points: float | None
    mean_net: float
    mean_place: float | None


class BotStats(BaseModel):
    """The record of one bot over all the seats it played (its entries added up).

    Rates and means are per seat-game over the completed games: a bot playing
    two seats of 100 games has 200 seat-games.

    Attributes:
        bot: the bot's name.
        entries: how many entries (seats per game) it had.
        completed: its completed seat-games.
        wins: the seat-games it won.
        losses: the seat-games it lost.
        win_rate: ``wins / completed``.
        loss_rate: ``losses / completed``.
        mean_points: mean points (``None`` if the game gives no points).
        mean_net: mean net payment.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    bot: str
    entries: int
    completed: int
    wins: int
    losses: int
    win_rate: float
    loss_rate: float
    mean_points: float | None
    mean_net: float


class SeatStats(BaseModel):
    """The record of one seat, whoever played it (positional advantage).

    Attributes:
        seat: the seat.
        completed: the completed games.
        wins: completed games this seat won.
        losses: completed games this seat lost.
        win_rate: ``wins / completed``.
        loss_rate: ``losses / completed``.
        mean_points: mean points (``None`` if the game gives no points).
        mean_net: mean net payment.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: int
    completed: int
    wins: int
    losses: int
    win_rate: float
    loss_rate: float
    mean_points: float | None
    mean_net: float


class SimulationReport(BaseModel):
    """What a simulation measured.

    Everything except ``jobs``, ``elapsed``, ``games_per_second`` and
    ``decisions_per_second`` depends only on the game, the options and the
    seed: it is identical whatever ``jobs`` is.

    Attributes:
        game: the game's name.
        players: the number of seats.
        rules: the rules options in force.
        seed: the simulation seed.
        bots: the bot names, by entry.
        rotate: whether entries rotated through the seats.
        games: the games played.
        completed: the games that ended by the rules.
        capped: the games stopped by ``max_actions``.
        max_actions: the action cap per game, if any.
        decisions: the actions played in all games.
        mean_decisions: ``decisions / games``.
        has_points: whether the game scores points.
        has_payments: whether any game had payments.
        reasons: how many games ended for each reason.
        entries: the record of each bot entry.
        by_bot: the record of each bot name (its entries added up), in order
            of first appearance.
        seats: the record of each seat.
        jobs: the worker processes used.
        elapsed: wall-clock seconds.
        games_per_second: ``games / elapsed``.
        decisions_per_second: ``decisions / elapsed``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str
    players: int
    rules: dict[str, Any]
    seed: int
    bots: list[str]
    rotate: bool
    games: int
    completed: int
    capped: int
    max_actions: int | None
    decisions: int
    mean_decisions: float
    has_points: bool
    has_payments: bool
    reasons: dict[str, int]
    entries: list[EntryStats]
    by_bot: list[BotStats]
    seats: list[SeatStats]
    jobs: int = Field(ge=1)
    elapsed: float
    games_per_second: float
    decisions_per_second: float

    #: The fields that depend on the machine, not on the games.
    TIMING_FIELDS: ClassVar[frozenset[str]] = frozenset(
        {"jobs", "elapsed", "games_per_second", "decisions_per_second"}
    )

    def outcome(self) -> dict[str, Any]:
        """The report without its timing fields (equal for any ``jobs``)."""
        return self.model_dump(exclude=set(self.TIMING_FIELDS))


# -- the pure part: one game, and sums over games -----------------------------------------


@dataclass
class _Tally:
    """Integer sums over some games; merging tallies is exact and order-free."""

    players: int
    games: int = 0
    completed: int = 0
    capped: int = 0
    decisions: int = 0
    has_points: bool = False
    has_payments: bool = False
    reasons: Counter[str] = field(default_factory=Counter)
    entry_games: list[int] = field(default_factory=list)
    entry_completed: list[int] = field(default_factory=list)
    entry_wins: list[int] = field(default_factory=list)
    entry_losses: list[int] = field(default_factory=list)
    entry_points: list[int] = field(default_factory=list)
    entry_point_games: list[int] = field(default_factory=list)
    entry_net: list[int] = field(default_factory=list)
    entry_place: list[float] = field(default_factory=list)
    entry_place_games: list[int] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)
    seat_losses: list[int] = field(default_factory=list)
    seat_points: list[int] = field(default_factory=list)
    seat_net: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = self.players
        for name in self._lists():
            if not getattr(self, name):
                setattr(self, name, [0] * n)

    @staticmethod
    def _lists() -> tuple[str, ...]:
        return (
            "entry_games",
            "entry_completed",
            "entry_wins",
            "entry_losses",
            "entry_points",
            "entry_point_games",
            "entry_net",
            "entry_place",
            "entry_place_games",
            "seat_wins",
            "seat_losses",
            "seat_points",
            "seat_net",
        )

    def merge(self, other: _Tally) -> None:
        self.games += other.games
        self.completed += other.completed
        self.capped += other.capped
        self.decisions += other.decisions
        self.has_points |= other.has_points
        self.has_payments |= other.has_payments
        self.reasons.update(other.reasons)
        for name in self._lists():
            mine, theirs = getattr(self, name), getattr(other, name)
            for i, value in enumerate(theirs):
                mine[i] += value


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


def play_one(
    game: str | Game[Any, Any],
    index: int,
    *,
    seed: int,
    players: int | None = None,
    bots: Sequence[BotSpec] | None = None,
    rules: Rules | Mapping[str, Any] | None = None,
    rotate: bool = False,
    max_actions: int | None = None,
) -> PlayedGame:
    """Play game ``index`` of a simulation again, exactly as
    [`simulate`][cardkit.simulate.simulate] played it.

    Use it to look at one game of a report (the seed of a failing game is in
    the [`SimulationError`][cardkit.simulate.SimulationError] message).
    """
    g = resolve_game(game)
    players = g.default_players if players is None else players
    rules = make_rules(g, rules)
    factories = resolve_bots(g, list(bots) if bots else None, players)
    game_s = game_seed(seed, index)
    shift = index % players if rotate else 0
    rngs = seat_rngs(game_s, players)
    seat_bots = [factories[(s + shift) % players](rngs[s]) for s in range(players)]
    return play_out(g.start(players, rules, seed=game_s), seat_bots, rngs, max_actions=max_actions)


# -- worker processes ----------------------------------------------------------------------


def _runtime_plugins() -> tuple[tuple[str, str], ...]:
    """Run-time plugins that are importable modules: ``(registration name, module name)``."""
    from cardkit.plugins import registry

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
    from cardkit.plugins import registry

    reg = registry()
    settings: dict[str, Any] = {}
    for name in ("plugins_dir", "only", "disable"):
        if hasattr(reg, name):
            value = getattr(reg, name)
            settings[name] = str(value) if name == "plugins_dir" and value is not None else value
    return settings


def _build_player(spec: _Spec) -> _Player:
    from cardkit.plugins import Registry, registry, reset_registry

    if spec.registry:
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
    from cardkit.plugins import PluginWarning

    # The parent process has reported every plugin problem once already.
    warnings.filterwarnings("ignore", category=PluginWarning)
    with suppress(SimulationError):  # reported by the first chunk
        _player_for(spec)


def _play_chunk(task: tuple[_Spec, int, int]) -> _Tally:
    """Play games ``[start, stop)`` of a simulation in a worker (any executor's)."""
    spec, start, stop = task
    return _player_for(spec).play(start, stop)


# -- the public entry point ----------------------------------------------------------------


def simulate(
    game: str | Game[Any, Any],
    *,
    games: int = 100,
    players: int | None = None,
    bots: Sequence[str] | None = None,
    seed: int = 0,
    jobs: int = 1,
    rules: Rules | Mapping[str, Any] | None = None,
    max_actions: int | None = None,
    rotate: bool = False,
    progress: Progress | None = None,
    executor: Executor | None = None,
) -> SimulationReport:
    """Play ``games`` independent bot games and report win rates, scores and speed.

    Args:
        game: the game or its name (or alias).
        games: how many games to play.
        players: the number of seats (default: the game's default).
        bots: bot names from ``game.bots``, repeated in order to fill the
            seats; each seat's bot is an *entry* of the report. Default:
            the game's best bot ([Game.best_bot][cardkit.game.Game.best_bot]).
        seed: the simulation seed; game ``i`` uses ``game_seed(seed, i)``.
        jobs: worker processes (``0``: one per CPU). The first chunk of
            games is played here; the rest go to a process pool (started
            once per process, then reused) only when they would take long
            enough to gain from it. The report is the same for any value.
        rules: the rules, or a dict of options for ``game.rules(**options)``
            (default: ``game.rules()``).
        max_actions: cap each game; capped games count as neither won nor lost.
        rotate: rotate the entries through the seats (in game ``i``, seat
            ``s`` is played by entry ``(s + i) % players``), so every bot is
            measured from every seat.
        progress: called as ``progress(done, total)`` after each batch of games.
        executor: play every chunk of games on this `concurrent.futures.Executor`
            instead (a process pool, a Dask cluster's
            ([dask_executor][cardkit.eval.executors.dask_executor])...); the
            report is the same, and its ``jobs`` is then ``jobs``.

    Raises:
        InvalidRules: bad players, rules, bots or counts.
        UnknownGame: no such game.
        SimulationError: a game failed; the message names its index and seed.
    """
    g = resolve_game(game)
    players = g.default_players if players is None else players
    rules = make_rules(g, rules)
    if not isinstance(games, int) or games < 1:
        raise InvalidRules(f"games must be at least 1, not {games!r}")
    if max_actions is not None and max_actions < 1:
        raise InvalidRules(f"max_actions must be at least 1, not {max_actions}")
    if jobs < 0:
        raise InvalidRules(f"jobs must be 0 (one per CPU) or more, not {jobs}")
    labels: list[str] = []
    for bot in fill_seats(bots or [g.best_bot], players):
        if not isinstance(bot, str):
            raise InvalidRules(f"simulate takes bot names registered for the game, not {bot!r}")
        labels.append(bot.strip())
    check_setup(g, players, rules)
    factories = resolve_bots(g, labels, players)
    spec = _Spec(
        game=g.name,
        players=players,
        rules=rules.model_dump(mode="json"),
        bots=tuple(labels),
        seed=seed,
        rotate=rotate,
        max_actions=max_actions,
    )
    jobs = max(1, min(jobs or os.cpu_count() or 1, games))
    return _play_all(_Player(g, rules, spec, factories), labels, games, jobs, executor, progress)


def _play_all(
    player: _Player,
    labels: list[str],
    games: int,
    jobs: int,
    executor: Executor | None,
    progress: Progress | None,
) -> SimulationReport:
    """Play every game of ``player.spec``, here, on a pool or on ``executor``, and report."""
    spec = player.spec
    if jobs > 1 or executor is not None:
        _check_importable(player.game)
        spec = _Spec(
            **{**spec.__dict__, "plugins": _runtime_plugins(), "registry": _registry_settings()}
        )
    total = _Tally(spec.players)
    started = time.perf_counter()
    used = 1
    tasks = [(spec, start, stop) for start, stop in chunks(games, jobs)]
    for tally, workers in run_chunks(
        tasks,
        lambda task: player.play(task[1], task[2]),
        _play_chunk,
        jobs=jobs,
        executor=executor,
        pool_key=repr((spec.plugins, spec.registry)),
        pool_setup=partial(_warm_worker, spec),
    ):
        used = max(used, workers or jobs)
        total.merge(tally)
        if progress is not None:
            progress(total.games, games)
    elapsed = max(time.perf_counter() - started, 1e-9)
    return _report(spec, total, labels, used, elapsed)


def _check_importable(game: Game[Any, Any]) -> None:
    from cardkit.plugins import registry

    reg = registry()
    for name, info in reg.plugins.items():
        if game.name in info.games and info.distribution is None:
            plugin = reg.pm.get_plugin(name)
            if not isinstance(plugin, ModuleType) or plugin.__name__ in ("__main__", "__mp_main__"):
                raise InvalidRules(
                    f"{game.name} was registered at run time by plugin {name!r}, which worker "
                    "processes cannot import; use jobs=1, or register it from an importable module"
                )


def _rate(count: int, over: int) -> float:
    return count / over if over else 0.0


def _mean(total: float, over: int) -> float | None:
    return total / over if over else None


def _report(
    spec: _Spec, t: _Tally, labels: list[str], jobs: int, elapsed: float
) -> SimulationReport:
    players = spec.players
    entries = [
        EntryStats(
            entry=e,
            bot=labels[e],
            games=t.entry_games[e],
            completed=t.entry_completed[e],
            wins=t.entry_wins[e],
            losses=t.entry_losses[e],
            win_rate=_rate(t.entry_wins[e], t.entry_completed[e]),
            loss_rate=_rate(t.entry_losses[e], t.entry_completed[e]),
            mean_points=_mean(t.entry_points[e], t.entry_point_games[e]),
            mean_net=_rate(t.entry_net[e], t.entry_completed[e]),
            mean_place=_mean(t.entry_place[e], t.entry_place_games[e]),
        )
        for e in range(players)
    ]
    by_bot: list[BotStats] = []
    for name in dict.fromkeys(labels):
        mine = [e for e in range(players) if labels[e] == name]
        completed = sum(t.entry_completed[e] for e in mine)
        point_games = sum(t.entry_point_games[e] for e in mine)
        by_bot.append(
            BotStats(
                bot=name,
                entries=len(mine),
                completed=completed,
                wins=sum(t.entry_wins[e] for e in mine),
                losses=sum(t.entry_losses[e] for e in mine),
                win_rate=_rate(sum(t.entry_wins[e] for e in mine), completed),
                loss_rate=_rate(sum(t.entry_losses[e] for e in mine), completed),
                mean_points=_mean(sum(t.entry_points[e] for e in mine), point_games),
                mean_net=_rate(sum(t.entry_net[e] for e in mine), completed),
            )
        )
    seats = [
        SeatStats(
            seat=s,
            completed=t.completed,
            wins=t.seat_wins[s],
            losses=t.seat_losses[s],
            win_rate=_rate(t.seat_wins[s], t.completed),
            loss_rate=_rate(t.seat_losses[s], t.completed),
            mean_points=_mean(t.seat_points[s], t.completed) if t.has_points else None,
            mean_net=_rate(t.seat_net[s], t.completed),
        )
        for s in range(players)
    ]
    return SimulationReport(
        game=spec.game,
        players=players,
        rules=spec.rules,
        seed=spec.seed,
        bots=list(labels),
        rotate=spec.rotate,
        games=t.games,
        completed=t.completed,
        capped=t.capped,
        max_actions=spec.max_actions,
        decisions=t.decisions,
        mean_decisions=_rate(t.decisions, t.games),
        has_points=t.has_points,
        has_payments=t.has_payments,
        reasons=dict(sorted(t.reasons.items())),
        entries=entries,
        by_bot=by_bot,
        seats=seats,
        jobs=jobs,
        elapsed=elapsed,
        games_per_second=t.games / elapsed,
        decisions_per_second=t.decisions / elapsed,
    )
