"""Results: how one game (one deal) ended, as a JSON-ready model."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

__all__ = ["GameResult", "Payment", "low_hand_result"]


class Payment(BaseModel):
    """One transfer of money (stakes) from a payer to a payee.

    Attributes:
        payer: the seat that pays.
        payee: the seat that is paid.
        amount: a positive amount in stakes or units.
        reason: why, such as ``"tonk"``, ``"caught"`` or ``"spades_pot"``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    payer: int = Field(ge=0)
    payee: int = Field(ge=0)
    amount: int = Field(gt=0)
    reason: str = ""


class GameResult(BaseModel):
    """The outcome of one game or deal.

    Attributes:
        reason: why the game ended, in the game's words (``"all_placed"``,
            ``"instant_win"``, ``"tonk_out"``, ``"capped"``...). A result with
            no winner says why: ``"tie"`` (the best scores are equal),
            ``"void"`` (the deal does not count) or ``"capped"``; the contract
            suite checks it (`cardkit.testing.NO_WINNER_REASONS`).
        players: the number of seats of the game; every seat number in
            ``order``, ``winners``, ``losers`` and ``payments`` is below it,
            and ``points``, when given, has one entry per seat.
        order: seats from best to worst placing, where the game ranks
            everyone (a shedding game's finishing order); may be partial.
        winners: the seats that won.
        losers: the seats that lost (Palace's last player, a caught dropper).
        points: this game's score points per seat (placement points).
        payments: money transfers between seats (rummy payouts); they sum to
            zero by construction.
        capped: ``True`` when the game was stopped by an action cap before
            it ended; such a game has no winner and no loser.
        actions: the number of actions played.
        teams: the partnerships, each a list of seats (empty: every seat
            plays for itself); every seat is in exactly one team.
        team_points: this game's score per team, in the order of `teams`
            (empty: each team scores the sum of its seats' `score()`).
        details: game-specific JSON-ready facts (hand counts, bonuses...).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    reason: str
    players: int = Field(ge=1)
    order: list[int] = Field(default_factory=list)
    winners: list[int] = Field(default_factory=list)
    losers: list[int] = Field(default_factory=list)
    points: list[int] = Field(default_factory=list)
    payments: list[Payment] = Field(default_factory=list)
    capped: bool = False
    actions: int = 0
    teams: list[list[int]] = Field(default_factory=list)
    team_points: list[int] = Field(default_factory=list)
    details: dict[str, object] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _check(self) -> GameResult:
        seats = range(self.players)
        for name in ("order", "winners", "losers"):
            for seat in getattr(self, name):
                if seat not in seats:
                    raise ValueError(
                        f"{name} names seat {seat}, but seats are 0-{self.players - 1}"
                    )
        if self.points and len(self.points) != self.players:
            raise ValueError(f"points has {len(self.points)} entries for {self.players} players")
        for p in self.payments:
            if p.payer not in seats or p.payee not in seats or p.payer == p.payee:
                raise ValueError(f"payment {p} is not between two different seats")
        if self.capped and (self.winners or self.losers):
            raise ValueError("a capped game has no winner and no loser")
        if self.teams:
            members = sorted(seat for team in self.teams for seat in team)
            if members != list(seats) or not all(self.teams):
                raise ValueError(
                    f"teams {self.teams} must hold each seat 0-{self.players - 1} exactly once"
                )
        if self.team_points and len(self.team_points) != len(self.teams):
            raise ValueError(
                f"team_points has {len(self.team_points)} entries for {len(self.teams)} teams"
            )
        return self

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:
        """Leave out `teams` and `team_points` when empty: a game without teams dumps as before."""
        data = handler(self)
        if isinstance(data, dict):
            for name in ("teams", "team_points"):
                if not data.get(name, True):
                    del data[name]
        return data

    @classmethod
    def for_teams(
        cls,
        reason: str,
        teams: Sequence[Sequence[int]],
        team_points: Sequence[int],
        *,
        actions: int = 0,
        details: dict[str, object] | None = None,
    ) -> GameResult:
        """The result of a game of partnerships: each seat scores its team's points.

        The team with the most points wins (no winner on a tie for the most: give
        the reason `"tie"` then, as Spades does);
        `order` ranks the seats by their points, then by seat.
        """
        players = sum(len(team) for team in teams)
        points = [0] * players
        for team, score in zip(teams, team_points, strict=True):
            for seat in team:
                points[seat] = score
        best = max(team_points)
        won = [t for t, score in enumerate(team_points) if score == best]
        return cls(
            reason=reason,
            players=players,
            order=sorted(range(players), key=lambda s: (-points[s], s)),
            winners=sorted(teams[won[0]]) if len(won) == 1 else [],
            points=points,
            actions=actions,
            teams=[list(team) for team in teams],
            team_points=list(team_points),
            details=details or {},
        )

    @classmethod
    def capped_at(cls, players: int, actions: int) -> GameResult:
        """The result of a game stopped after ``actions`` actions, before its end."""
        return cls(reason="capped", players=players, capped=True, actions=actions)

    @property
    def net(self) -> list[int]:
        """Each seat's net money: received minus paid (zero without payments)."""
        net = [0] * self.players
        for p in self.payments:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        return net

    def team_of(self, seat: int) -> int | None:
        """The index in `teams` of `seat`'s team (`None` without teams)."""
        for index, team in enumerate(self.teams):
            if seat in team:
                return index
        return None

    def team_scores(self) -> list[int]:
        """The number a match adds up per team: `team_points` if set, else each team's
        sum of `score()` (empty without teams)."""
        if self.team_points:
            return list(self.team_points)
        scores = self.score()
        return [sum(scores[seat] for seat in team) for team in self.teams]

    def score(self) -> list[int]:
        """The per-seat number a match adds up: ``points`` if set, else ``net``."""
        return list(self.points) if self.points else self.net


def low_hand_result(
    hand_points: Sequence[int],
    *,
    reason: str,
    actions: int,
    out: int | None = None,
    details: Mapping[str, Any] | None = None,
) -> GameResult:
    """The result of a shedding game scored by the cards left in the hands.

    The seat ``out`` (the player who emptied their hand) wins; without one
    (a blocked game), the lowest hands win. A sole winner scores the
    difference between each hand and the lowest (no points on a tie for
    lowest). The order is the winners, then by hand points, then by seat.
    ``details`` holds ``hand_points`` and the game's own ``details``.

    >>> low_hand_result([3, 0, 20], reason="went_out", actions=31, out=1).points
    [0, 23, 0]
    """
    values = list(hand_points)
    players, low = len(values), min(values)
    winners = [out] if out is not None else [s for s, v in enumerate(values) if v == low]
    points = [0] * players
    if len(winners) == 1:
        points[winners[0]] = sum(v - low for v in values)
    order = sorted(range(players), key=lambda s: (s not in winners, values[s], s))
    return GameResult(
        reason=reason,
        players=players,
        order=order,
        winners=winners,
        points=points,
        actions=actions,
        details={"hand_points": values, **(details or {})},
    )
