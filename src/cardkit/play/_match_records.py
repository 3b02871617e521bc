"""The records of a match: its deals, standings and result (re-exported by `cardkit.play.match`)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from cardkit.engine.results import GameResult

__all__ = [
    "DealRecord",
    "MatchResult",
    "Standing",
    "TeamStanding",
    "standing_order",
    "team_standings",
]


class DealRecord(BaseModel):
    """One deal of a match.

    Attributes:
        number: the deal's number, from 1.
        dealer: the dealer's seat.
        seed: the deal's seed (its deck was shuffled with ``random.Random(seed)``).
        result: the deal's result (``capped`` when the action cap stopped it).
        scores: what the deal added to each seat's total (zeros when capped).
        totals: the running totals after this deal.
        decisions: the number of actions played.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int = Field(ge=1)
    dealer: int = Field(ge=0)
    seed: int | None
    result: GameResult
    scores: list[int]
    totals: list[int]
    decisions: int = Field(ge=0)

    @property
    def capped(self) -> bool:
        """Whether the action cap stopped this deal (it scored nothing)."""
        return self.result.capped


class Standing(BaseModel):
    """One row of a standings table.

    Attributes:
        place: 1 for the leader; tied totals share a place.
        seat: the seat.
        bot: the bot playing that seat (or ``"you"``/another label).
        total: the seat's running total.
        last: what the latest deal added.
        deals_won: how many deals the seat won (shared wins count).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    place: int
    seat: int
    bot: str
    total: int
    last: int
    deals_won: int


class TeamStanding(BaseModel):
    """One row of a team standings table (a game whose results name `teams`).

    Attributes:
        place: 1 for the leading team; tied totals share a place.
        team: the team's index in the results' `teams`.
        seats: the team's seats.
        bots: the bot playing each of its seats.
        total: the team's running total (the sum of its deals' `team_scores()`).
        last: what the latest deal added.
        deals_won: how many deals one of its seats won.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    place: int
    team: int
    seats: list[int]
    bots: list[str]
    total: int
    last: int
    deals_won: int


def team_standings(deals: list[DealRecord], labels: list[str]) -> list[TeamStanding]:
    """The team standings after `deals`, best total first (empty when no deal names teams).

    The teams are those of the latest deal that names them; a capped deal adds nothing.
    """
    named = [d.result for d in deals if d.result.teams]
    if not named:
        return []
    teams = named[-1].teams
    totals, last, won = [0] * len(teams), [0] * len(teams), [0] * len(teams)
    for deal in deals:
        if deal.result.capped or not deal.result.teams:
            continue
        last = deal.result.team_scores()
        totals = [t + s for t, s in zip(totals, last, strict=True)]
        for index, team in enumerate(teams):
            won[index] += any(seat in deal.result.winners for seat in team)
    order = sorted(range(len(teams)), key=lambda t: (-totals[t], t))
    rows: list[TeamStanding] = []
    for index, t in enumerate(order):
        place = rows[-1].place if index and totals[t] == totals[order[index - 1]] else index + 1
        seats = teams[t]
        rows.append(
            TeamStanding(
                place=place,
                team=t,
                seats=seats,
                bots=[labels[s] for s in seats],
                total=totals[t],
                last=last[t],
                deals_won=won[t],
            )
        )
    return rows


class MatchResult(BaseModel):
    """A played match: its deals, the running totals, the standings and the winners.

    Attributes:
        game: the game's name.
        players: the number of seats.
        rules: the rules options in force.
        seed: the match seed (everything is derived from it).
        bots: the bot of each seat.
        deals: every deal, in order.
        totals: the final totals.
        standings: the final standings table, best first.
        winners: the seats that won the match (the leaders when stopped early).
        finished: ``True`` when the game's own rule ended the match,
            ``False`` when ``max_deals`` stopped it.
        reason: ``"match_over"`` or ``"max_deals"``.
        team_standings: the standings by team, for a game of partnerships
            (empty otherwise).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str
    players: int
    rules: dict[str, Any]
    seed: int
    bots: list[str]
    deals: list[DealRecord]
    totals: list[int]
    standings: list[Standing]
    winners: list[int]
    finished: bool
    reason: Literal["match_over", "max_deals", "in_progress"]
    team_standings: list[TeamStanding] = Field(default_factory=list)

    @property
    def capped_deals(self) -> int:
        """How many deals the action cap stopped."""
        return sum(d.result.capped for d in self.deals)

    def totals_after(self, number: int) -> list[int]:
        """The running totals after deal ``number`` (``0``: all zeros)."""
        if number == 0:
            return [0] * self.players
        return list(self.deals[number - 1].totals)


def standing_order(totals: list[int], winners: list[int]) -> list[tuple[int, int]]:
    """The seats best first, each with its place, following the game's declared ``winners``.

    The winners (``game.match.winners``) come first; the other seats follow by
    total in the direction the winners show: lowest first when the winners
    hold the lowest total and it is not also the highest (a game where the
    lowest total wins), else highest first. Ties by seat; seats of equal
    total on the same side of the win share a place.
    """
    won = set(winners)
    low = bool(won) and min(totals) != max(totals) and all(totals[w] == min(totals) for w in won)
    sign = 1 if low else -1
    seats = sorted(range(len(totals)), key=lambda s: (s not in won, sign * totals[s], s))
    rows: list[tuple[int, int]] = []
    for index, seat in enumerate(seats):
        place = index + 1
        if index:
            before = seats[index - 1]
            if totals[seat] == totals[before] and (seat in won) == (before in won):
                place = rows[-1][1]
        rows.append((seat, place))
    return rows
