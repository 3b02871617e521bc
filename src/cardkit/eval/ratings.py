"""What a tournament measured: openskill ratings, win rates with intervals, head-to-head.

[summarise][cardkit.eval.ratings.summarise] turns the record of every game
(in game order, so the result never depends on where the games ran) into a
[TournamentReport][cardkit.eval.ratings.TournamentReport].
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from cardkit.errors import CardkitError
from cardkit.eval.stats import Z95, mean_interval, wilson_interval

__all__ = ["BotRating", "GameRecord", "TournamentError", "TournamentReport", "summarise"]


class TournamentError(CardkitError):
    """A tournament cannot run: too few bots, a missing extra, a bad count."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of a tournament, as a worker reports it.

    Attributes:
        index: the game's index in the tournament.
        deal: the deal it replays (every lineup and rotation of a deal has the same deck).
        seats: the bot (an index into the tournament's bots) of each seat.
        ranks: each seat's place, 0 best (ties share a place).
        winners: the seats that won.
        net: each seat's net payment.
        capped: the game hit the action cap (it is left out of every figure).
        decisions: the actions played.
    """

    index: int
    deal: int
    seats: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    net: tuple[int, ...]
    capped: bool
    decisions: int


class BotRating(BaseModel):
    """One bot's standing in a tournament.

    Attributes:
        bot: the bot's name.
        mu: its openskill (Plackett-Luce) rating.
        sigma: the rating's uncertainty.
        low: ``mu - 1.96 sigma``.
        high: ``mu + 1.96 sigma``.
        ordinal: ``mu - 3 sigma``, the conservative rating the table is sorted by.
        seat_games: the completed games it played, counted once per seat it held.
        wins: the seat-games it won.
        win_rate: ``wins / seat_games``.
        win_low: the lower end of the Wilson 95% interval of ``win_rate``.
        win_high: its upper end.
        mean_net: its mean net payment per seat-game.
        net_low: the lower end of the 95% interval of ``mean_net``.
        net_high: its upper end.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    bot: str
    mu: float
    sigma: float
    low: float
    high: float
    ordinal: float
    seat_games: int
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    mean_net: float
    net_low: float
    net_high: float


class TournamentReport(BaseModel):
    """The result of [run_tournament][cardkit.eval.tournament.run_tournament].

    Everything but ``jobs`` and ``elapsed`` depends only on the game, the
    bots, the options and the seed.

    Attributes:
        game: the game's name.
        players: seats per game.
        rules: the rules options in force.
        seed: the tournament seed.
        bots: the bots, in the order given.
        lineups: the bots at each table of the round robin.
        deals: how many deals each lineup played (each in every seat rotation).
        games: the games played.
        completed: the games that ended by the rules.
        capped: the games stopped by ``max_actions``.
        decisions: the actions played in all games.
        ratings: one row per bot, best ``ordinal`` first.
        head_to_head: ``head_to_head[i][j]`` is how often ``bots[i]`` placed
            ahead of ``bots[j]`` in the games both played (ties count half),
            ``None`` on the diagonal and where they never met.
        meetings: ``meetings[i][j]``: how many games ``bots[i]`` and ``bots[j]`` both played.
        jobs: the worker processes used.
        elapsed: wall-clock seconds.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str
    players: int
    rules: dict[str, Any]
    seed: int
    bots: list[str]
    lineups: list[list[str]]
    deals: int
    games: int
    completed: int
    capped: int
    decisions: int
    ratings: list[BotRating]
    head_to_head: list[list[float | None]]
    meetings: list[list[int]]
    jobs: int
    elapsed: float

    #: The fields that depend on the machine, not on the games.
    TIMING_FIELDS: ClassVar[frozenset[str]] = frozenset({"jobs", "elapsed"})

    def outcome(self) -> dict[str, Any]:
        """The report without its timing fields (the same for any jobs or executor)."""
        return self.model_dump(exclude=set(self.TIMING_FIELDS))


def _best_ranks(record: GameRecord) -> dict[int, int]:
    """Each bot's best place in a game (a bot holding two seats counts once, at its best)."""
    best: dict[int, int] = {}
    for seat, bot in enumerate(record.seats):
        rank = record.ranks[seat]
        if bot not in best or rank < best[bot]:
            best[bot] = rank
    return best


def _openskill(names: Sequence[str], records: Sequence[GameRecord]) -> list[Any]:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise TournamentError(
            "tournament ratings need openskill: pip install 'cardkit[eval]'"
        ) from None
    model = PlackettLuce()
    ratings: list[Any] = [model.rating(name=name) for name in names]
    for record in records:
        best = _best_ranks(record)
        if len(best) < 2:
            continue
        present = sorted(best)
        teams = model.rate([[ratings[b]] for b in present], ranks=[best[b] + 1 for b in present])
        for b, team in zip(present, teams, strict=True):
            ratings[b] = team[0]
    return ratings


def _head_to_head(
    k: int, records: Sequence[GameRecord]
) -> tuple[list[list[float | None]], list[list[int]]]:
    ahead = [[0.0] * k for _ in range(k)]
    met = [[0] * k for _ in range(k)]
    for record in records:
        best = _best_ranks(record)
        for a, rank_a in best.items():
            for b, rank_b in best.items():
                if a == b:
                    continue
                met[a][b] += 1
                ahead[a][b] += 1.0 if rank_a < rank_b else 0.5 if rank_a == rank_b else 0.0
    matrix: list[list[float | None]] = [
        [ahead[a][b] / met[a][b] if a != b and met[a][b] else None for b in range(k)]
        for a in range(k)
    ]
    return matrix, met


def summarise(
    header: dict[str, Any], names: Sequence[str], records: Sequence[GameRecord]
) -> TournamentReport:
    """The report of a tournament from the records of all its games (any order).

    Args:
        header: the report's other fields (``game``, ``players``, ``rules``,
            ``seed``, ``lineups``, ``deals``, ``jobs``, ``elapsed``).
        names: the bots' names.
        records: one record per game.
    """
    records = sorted(records, key=lambda r: r.index)
    done = [r for r in records if not r.capped]
    ratings = _openskill(names, done)
    rows: list[BotRating] = []
    for b, name in enumerate(names):
        nets = [float(r.net[s]) for r in done for s, bot in enumerate(r.seats) if bot == b]
        wins = sum(1 for r in done for s in r.winners if r.seats[s] == b)
        seat_games = len(nets)
        low, high = wilson_interval(wins, seat_games)
        mean, net_low, net_high = mean_interval(nets)
        mu, sigma = float(ratings[b].mu), float(ratings[b].sigma)
        rows.append(
            BotRating(
                bot=name,
                mu=mu,
                sigma=sigma,
                low=mu - Z95 * sigma,
                high=mu + Z95 * sigma,
                ordinal=mu - 3 * sigma,
                seat_games=seat_games,
                wins=wins,
                win_rate=wins / seat_games if seat_games else 0.0,
                win_low=low,
                win_high=high,
                mean_net=mean,
                net_low=net_low,
                net_high=net_high,
            )
        )
    rows.sort(key=lambda row: -row.ordinal)
    matrix, met = _head_to_head(len(names), done)
    return TournamentReport(
        **header,
        bots=list(names),
        games=len(records),
        completed=len(done),
        capped=len(records) - len(done),
        decisions=sum(r.decisions for r in records),
        ratings=rows,
        head_to_head=matrix,
        meetings=met,
    )
