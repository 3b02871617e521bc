"""Round-robin tournaments between bots, with duplicate deals and openskill ratings.

Every *lineup* of the round robin (each set of ``players`` bots out of the
ones given; with fewer bots than seats, each bot in turn takes the extra
seats) plays the same deals, and every deal is played once per seat
rotation, so each bot meets the same cards from every seat: luck of the deal
cancels out. Ratings are openskill's Plackett-Luce model over the placings
of each game; win rates come with Wilson intervals, payments with normal
intervals, and a head-to-head matrix says how often each bot placed ahead of
each other one.

Game ``i`` is a pure function of the seed and ``i``, and the ratings are
computed from the games in order once all are played, so a tournament gives
the same report on one process, ``jobs`` processes or a Dask cluster.

>>> from cardkit.eval.tournament import run_tournament
>>> report = run_tournament("tienlen", bots=["random", "greedy", "heuristic"],
...                         games=120, seed=1)  # doctest: +SKIP
>>> [(r.bot, round(r.mu, 1)) for r in report.ratings]  # doctest: +SKIP
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from cardkit.engine.game import Game
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.errors import InvalidRules
from cardkit.eval.ratings import GameRecord, TournamentError, TournamentReport, summarise
from cardkit.play.executors import chunks
from cardkit.play.match import check_setup, derive_seed, make_rules, resolve_bots, resolve_game
from cardkit.play.runner import play_out, seat_rngs

__all__ = ["lineups", "run_tournament", "tournament_game"]

#: Called as ``progress(games_done, games_total)`` while a tournament runs.
Progress = Callable[[int, int], Any]


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """The tables of a round robin of ``bots`` bots (by index) at ``players`` seats.

    Every set of ``players`` distinct bots when there are enough; otherwise
    one lineup per bot, that bot taking the seats left over.

    >>> lineups(3, 2)
    [(0, 1), (0, 2), (1, 2)]
    >>> lineups(3, 4)
    [(0, 1, 2, 0), (1, 2, 0, 1), (2, 0, 1, 2)]
    """
    if bots >= players:
        return list(combinations(range(bots), players))
    return [tuple((start + j) % bots for j in range(players)) for start in range(bots)]


@dataclass(frozen=True)
class _Spec:
    """What a worker needs to play games of one tournament: plain, picklable data."""

    game: str
    players: int
    rules: dict[str, Any]
    bots: tuple[str, ...]
    lineups: tuple[tuple[int, ...], ...]
    seed: int
    max_actions: int | None
    plugins: tuple[tuple[str, str], ...] = ()
    registry: dict[str, Any] = field(default_factory=dict)


def tournament_game(index: int, players: int, table_count: int) -> tuple[int, int, int]:
    """``(deal, lineup, rotation)`` of game ``index``: rotations, then lineups, then deals."""
    rotation = index % players
    table = index // players
    return table // table_count, table % table_count, rotation


def _ranks(result: GameResult) -> tuple[int, ...]:
    """Each seat's place, 0 best: the game's order when it ranks everyone, else won/other/lost."""
    n = result.players
    if len(result.order) == n:
        place = {seat: i for i, seat in enumerate(result.order)}
        return tuple(place[s] for s in range(n))
    winners, losers = set(result.winners), set(result.losers)
    return tuple(0 if s in winners else 2 if s in losers else 1 for s in range(n))


class _Table:
    """Plays games of one tournament in this process."""

    def __init__(self, game: Game[Any, Any], rules: Rules, spec: _Spec) -> None:
        self.game = game
        self.rules = rules
        self.spec = spec
        self.factories = resolve_bots(game, list(spec.bots), len(spec.bots))

    def play(self, start: int, stop: int) -> list[GameRecord]:
        return [self._one(i) for i in range(start, stop)]

    def _one(self, index: int) -> GameRecord:
        spec = self.spec
        n = spec.players
        deal, table, rotation = tournament_game(index, n, len(spec.lineups))
        lineup = spec.lineups[table]
        seats = tuple(lineup[(s + rotation) % n] for s in range(n))
        rngs = seat_rngs(derive_seed(spec.seed, "tournament-game", index), n)
        bots = [self.factories[seats[s]](rngs[s]) for s in range(n)]
        state = self.game.start(n, self.rules, seed=derive_seed(spec.seed, "tournament-deal", deal))
        try:
            played = play_out(state, bots, rngs, max_actions=spec.max_actions)
        except Exception as exc:
            raise TournamentError(
                f"game #{index} (deal {deal}, bots {[spec.bots[b] for b in seats]}) of "
                f"{spec.game} failed: {type(exc).__name__}: {exc}"
            ) from exc
        result = played.result
        return GameRecord(
            index=index,
            deal=deal,
            seats=seats,
            ranks=_ranks(result) if not result.capped else (0,) * n,
            winners=tuple(sorted(set(result.winners))),
            net=tuple(result.net) if not result.capped else (0,) * n,
            capped=result.capped,
            decisions=played.decisions,
        )


_tables: dict[str, _Table] = {}


def _table_for(spec: _Spec) -> _Table:
    """This worker's table for ``spec``, set up like a simulation's worker, then kept."""
    key = repr(spec)
    table = _tables.get(key)
    if table is None:
        from cardkit.play import _simulate_workers as workers

        # The game and rules only: the table resolves its bots (more bots than seats, often).
        sim = workers._Spec(
            spec.game,
            spec.players,
            spec.rules,
            (),
            spec.seed,
            False,
            spec.max_actions,
            spec.plugins,
            spec.registry,
        )
        player = workers._build_player(sim)
        table = _Table(player.game, player.rules, spec)
        _tables.clear()
        _tables[key] = table
    return table


def _play_chunk(task: tuple[_Spec, int, int]) -> list[GameRecord]:
    """Play games ``[start, stop)`` of a tournament in a worker (any executor's)."""
    spec, start, stop = task
    return _table_for(spec).play(start, stop)


def _warm(spec: _Spec) -> None:
    try:
        _table_for(spec)
    except Exception:  # reported by the first chunk, which sets up again
        _tables.clear()


def run_tournament(
    game: str | Game[Any, Any],
    bots: Sequence[str],
    *,
    games: int = 100,
    players: int | None = None,
    seed: int = 0,
    rules: Rules | Mapping[str, Any] | None = None,
    max_actions: int | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> TournamentReport:
    """Play a round robin between ``bots`` and rate them.

    Args:
        game: the game or its name.
        bots: two or more distinct bot names registered for the game.
        games: at least this many games; rounded up to whole duplicate sets
            (every lineup playing a deal in every seat rotation).
        players: seats per game (default: the game's default).
        seed: the tournament seed.
        rules: the rules, or a dict of options (default: ``game.rules()``).
        max_actions: cap each game; capped games count in no figure.
        jobs: worker processes, as for [simulate][cardkit.play.simulate.simulate]
            (``0``: one per CPU).
        executor: or play every chunk of games on this executor.
        progress: called as ``progress(done, total)`` as games finish.

    Raises:
        TournamentError: fewer than two bots, or one named twice.
        InvalidRules: an unknown bot, bad players, rules or counts.
        UnknownGame: no such game.
    """
    g = resolve_game(game)
    players = g.players.default if players is None else players
    rules = make_rules(g, rules)
    names = [b.strip() for b in bots]
    _check_arguments(names, games, max_actions, jobs)
    check_setup(g, players, rules)
    resolve_bots(g, names, len(names))  # unknown names fail here, before any game
    tables = lineups(len(names), players)
    per_deal = len(tables) * players
    deals = -(-games // per_deal)
    total = deals * per_deal
    spec = _Spec(
        g.name,
        players,
        rules.model_dump(mode="json"),
        tuple(names),
        tuple(tables),
        seed,
        max_actions,
    )
    return _run(g, rules, spec, names, deals, total, jobs, executor, progress)


def _check_arguments(names: list[str], games: int, max_actions: int | None, jobs: int) -> None:
    """Refuse a tournament's bad arguments before any game is set up."""
    if len(names) < 2:
        raise TournamentError(f"a tournament needs two or more bots, not {names!r}")
    if len(set(names)) != len(names):
        raise TournamentError(f"each bot may be named once in a tournament, not {names!r}")
    if not isinstance(games, int) or games < 1:
        raise InvalidRules(f"games must be at least 1, not {games!r}")
    if max_actions is not None and max_actions < 1:
        raise InvalidRules(f"max_actions must be at least 1, not {max_actions}")
    if jobs < 0:
        raise InvalidRules(f"jobs must be 0 (one per CPU) or more, not {jobs}")


def _run(
    g: Game[Any, Any],
    rules: Rules,
    spec: _Spec,
    names: list[str],
    deals: int,
    total: int,
    jobs: int,
    executor: Executor | None,
    progress: Progress | None,
) -> TournamentReport:
    import os

    from cardkit.play._simulate_workers import spread

    jobs = max(1, min(jobs or os.cpu_count() or 1, total))
    table = _Table(g, rules, spec)
    results = spread(
        spec,
        g,
        chunks(total, jobs, most=20),
        table.play,
        _play_chunk,
        _warm,
        jobs=jobs,
        executor=executor,
    )
    records: list[GameRecord] = []
    used = 1
    started = time.perf_counter()
    for chunk, workers in results:
        used = max(used, workers or jobs)
        records.extend(chunk)
        if progress is not None:
            progress(len(records), total)
    header = {
        "game": g.name,
        "players": spec.players,
        "rules": spec.rules,
        "seed": spec.seed,
        "lineups": [[names[b] for b in lineup] for lineup in spec.lineups],
        "deals": deals,
        "jobs": used,
        "elapsed": max(time.perf_counter() - started, 1e-9),
    }
    return summarise(header, names, records)
