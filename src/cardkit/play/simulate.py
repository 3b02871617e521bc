"""Simulation: many independent bot games, with win rates, scores and speed.

Game ``i`` of a simulation seeded ``seed`` is a pure function of ``(seed, i)``:
its deck is shuffled with ``game_seed(seed, i)`` and its bots draw from
``seat_rngs(game_seed(seed, i), players)``. So a simulation gives the same
report whatever the number of worker processes (``jobs``); only the timing
differs.

Worker processes are started with ``spawn`` on every platform. They load the
installed plugins themselves; plugins registered at run time are registered
again in each worker when they are modules that can be imported by name.

>>> from cardkit.play.simulate import simulate
>>> report = simulate("tienlen", games=200, players=4, bots=["greedy", "random"],
...                   seed=1, jobs=2)  # doctest: +SKIP
>>> [(e.bot, e.win_rate) for e in report.entries]  # doctest: +SKIP
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.errors import InvalidRules
from cardkit.play._simulate_report import (
    BotStats,
    EntryStats,
    SeatStats,
    SimulationReport,
    _report,
    _Tally,
)
from cardkit.play._simulate_workers import (
    SimulationError,
    _play_chunk,
    _Player,
    _Spec,
    _warm_worker,
    game_seed,
    spread,
)
from cardkit.play.executors import chunks
from cardkit.play.match import (
    BotSpec,
    check_setup,
    fill_seats,
    make_rules,
    resolve_bots,
    resolve_game,
)
from cardkit.play.runner import PlayedGame, play_out, seat_rngs

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
    [`simulate`][cardkit.play.simulate.simulate] played it.

    Use it to look at one game of a report (the seed of a failing game is in
    the [`SimulationError`][cardkit.play.simulate.SimulationError] message).
    """
    g = resolve_game(game)
    players = g.players.default if players is None else players
    rules = make_rules(g, rules).with_max_actions(max_actions)
    factories = resolve_bots(g, list(bots) if bots else None, players)
    game_s = game_seed(seed, index)
    shift = index % players if rotate else 0
    rngs = seat_rngs(game_s, players)
    seat_bots = [factories[(s + shift) % players](rngs[s]) for s in range(players)]
    return play_out(g.start(players, rules, seed=game_s), seat_bots, rngs, max_actions=max_actions)


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
        bots: bot names from ``catalog(game).bots``, repeated in order to fill the
            seats; each seat's bot is an *entry* of the report. Default:
            the game's best bot ([Catalog.best_bot][cardkit.engine.catalog.Catalog.best_bot]).
        seed: the simulation seed; game ``i`` uses ``game_seed(seed, i)``.
        jobs: worker processes (``0``: one per CPU). The first chunk of
            games is played here; the rest go to a process pool (started
            once per process, then reused) only when they would take long
            enough to gain from it. The report is the same for any value.
        rules: the rules, or a dict of options for ``game.rules(**options)``
            (default: ``game.rules()``).
        max_actions: cap each game (the rules' ``max_actions``; default: the
            game's cap); capped games count as neither won nor lost.
        rotate: rotate the entries through the seats (in game ``i``, seat
            ``s`` is played by entry ``(s + i) % players``), so every bot is
            measured from every seat.
        progress: called as ``progress(done, total)`` after each batch of games.
        executor: play every chunk of games on this `concurrent.futures.Executor`
            instead (a process pool, a Dask cluster's
            ([dask_executor][cardkit.play.executors.dask_executor])...); the
            report is the same, and its ``jobs`` is then ``jobs``.

    Raises:
        InvalidRules: bad players, rules, bots or counts.
        UnknownGame: no such game.
        SimulationError: a game failed; the message names its index and seed.
    """
    g = resolve_game(game)
    players = g.players.default if players is None else players
    _check_counts(games, max_actions, jobs)
    rules = make_rules(g, rules).with_max_actions(max_actions)
    player = _player(g, players, rules, bots, seed=seed, rotate=rotate, max_actions=max_actions)
    jobs = max(1, min(jobs or os.cpu_count() or 1, games))
    return _play_all(player, list(player.spec.bots), games, jobs, executor, progress)


def _player(
    g: Game[Any, Any],
    players: int,
    rules: Rules,
    bots: Sequence[str] | None,
    *,
    seed: int,
    rotate: bool,
    max_actions: int | None,
) -> _Player:
    """What plays the games of a simulation, once its bots and setup are checked."""
    labels = _bot_labels(g, bots, players)
    check_setup(g, players, rules)
    spec = _Spec(
        game=g.name,
        players=players,
        rules=rules.model_dump(mode="json"),
        bots=tuple(labels),
        seed=seed,
        rotate=rotate,
        max_actions=max_actions,
    )
    return _Player(g, rules, spec, resolve_bots(g, labels, players))


def _check_counts(games: int, max_actions: int | None, jobs: int) -> None:
    """Raise [`InvalidRules`][cardkit.errors.InvalidRules] for a bad number of games,
    action cap or number of jobs."""
    if not isinstance(games, int) or games < 1:
        raise InvalidRules(f"games must be at least 1, not {games!r}")
    if max_actions is not None and max_actions < 1:
        raise InvalidRules(f"max_actions must be at least 1, not {max_actions}")
    if jobs < 0:
        raise InvalidRules(f"jobs must be 0 (one per CPU) or more, not {jobs}")


def _bot_labels(g: Game[Any, Any], bots: Sequence[str] | None, players: int) -> list[str]:
    """The bot name of each seat: ``bots`` repeated (default: the game's best bot)."""
    labels: list[str] = []
    for bot in fill_seats(bots or [catalog(g).best_bot], players):
        if not isinstance(bot, str):
            raise InvalidRules(f"simulate takes bot names registered for the game, not {bot!r}")
        labels.append(bot.strip())
    return labels


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
    results = spread(
        spec,
        player.game,
        chunks(games, jobs),
        player.play,
        _play_chunk,
        _warm_worker,
        jobs=jobs,
        executor=executor,
    )
    total = _Tally(spec.players)
    started = time.perf_counter()
    used = 1
    for tally, workers in results:
        used = max(used, workers or jobs)
        total.merge(tally)
        if progress is not None:
            progress(total.games, games)
    elapsed = max(time.perf_counter() - started, 1e-9)
    return _report(spec, total, labels, used, elapsed)
