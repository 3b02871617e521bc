"""The report of a simulation, and the exact sums over games it is made from."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from cardkit.play._simulate_workers import _Spec

__all__ = ["BotStats", "EntryStats", "SeatStats", "SimulationReport"]


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


# -- sums over games: merging them is exact -------------------------------------------------


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


def _rate(count: int, over: int) -> float:
    return count / over if over else 0.0


def _mean(total: float, over: int) -> float | None:
    return total / over if over else None


def _report(
    spec: _Spec, t: _Tally, labels: list[str], jobs: int, elapsed: float
) -> SimulationReport:
    """The report of the games summed in ``t``, played as ``spec`` says."""
    players = spec.players
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
        entries=_entry_stats(t, labels, players),
        by_bot=_bot_stats(t, labels, players),
        seats=_seat_stats(t, players),
        jobs=jobs,
        elapsed=elapsed,
        games_per_second=t.games / elapsed,
        decisions_per_second=t.decisions / elapsed,
    )


def _entry_stats(t: _Tally, labels: list[str], players: int) -> list[EntryStats]:
    """The figures of each entry (the bot of one seat, or of a rotating entry)."""
    return [
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


def _bot_stats(t: _Tally, labels: list[str], players: int) -> list[BotStats]:
    """The figures of each bot, summed over its entries, in the order the bots come."""
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
    return by_bot


def _seat_stats(t: _Tally, players: int) -> list[SeatStats]:
    """The figures of each seat, whoever played it."""
    return [
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
