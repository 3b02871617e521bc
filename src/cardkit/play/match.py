"""Matches: a series of deals with running scores, for any game.

The match runner knows no game. The game says how one deal scores
([`deal_score`][cardkit.engine.matchpolicy.MatchPolicy.deal_score]), who deals next
([`next_dealer`][cardkit.engine.matchpolicy.MatchPolicy.next_dealer]), whether the match is over
([`over`][cardkit.engine.matchpolicy.MatchPolicy.over]) and who won it
([`winners`][cardkit.engine.matchpolicy.MatchPolicy.winners]): the game's
`match` policy. Each deal after the first is started
with ``previous=`` the previous deal's [`GameResult`][cardkit.engine.results.GameResult], so the
game can decide, for example, that the last winner leads.

Everything is reproducible from one match seed: deal ``n`` shuffles with
``deal_seed(seed, n)`` and its bots draw from
``seat_rngs(deal_seed(seed, n), players)``.

>>> from cardkit.play.match import play_match
>>> result = play_match("tienlen", players=4, bots=["greedy", "random"], seed=7)  # doctest: +SKIP
>>> result.winners, result.totals  # the match winners and the final totals  # doctest: +SKIP
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

from cardkit.engine.bots import Bot
from cardkit.engine.events import Event
from cardkit.engine.game import Game
from cardkit.engine.matchpolicy import MatchPolicy
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.errors import CardkitError, InvalidRules
from cardkit.play._match_records import (
    DealRecord,
    MatchResult,
    Standing,
    TeamStanding,
    standing_order,
    team_standings,
)
from cardkit.play._match_setup import (
    BotSpec,
    bot_name,
    check_setup,
    deal_seed,
    derive_seed,
    fill_seats,
    make_rules,
    resolve_bots,
    resolve_game,
)
from cardkit.play.runner import play_out, seat_rngs

__all__ = [
    "BotSpec",
    "DealRecord",
    "Match",
    "MatchResult",
    "Standing",
    "TeamStanding",
    "bot_name",
    "check_setup",
    "deal_seed",
    "derive_seed",
    "fill_seats",
    "has_match_rule",
    "make_rules",
    "play_match",
    "resolve_bots",
    "resolve_game",
    "standing_order",
]


def has_match_rule(game: Game[Any, Any]) -> bool:
    """Whether the game ends matches by its own rule: its match policy overrides ``over``, or
    its rules have a ``target_score`` option (which the default ``over`` reads)."""
    own = type(game.match).over is not MatchPolicy.over
    return own or "target_score" in game.rules_model.model_fields


class Match:
    """A match in progress, played deal by deal.

    Use [`play_deal`][cardkit.play.match.Match.play_deal] to let the bots play the next deal, or
    [`start_deal`][cardkit.play.match.Match.start_deal] and
    [`finish_deal`][cardkit.play.match.Match.finish_deal] to play it yourself (the
    interactive ``cardkit play``). [`run`][cardkit.play.match.Match.run] plays to the end.

    Attributes:
        game: the game.
        rules: the rules in force.
        players: the number of seats.
        seed: the match seed.
        max_deals: stop after this many deals (``None``: only the game's rule).
        max_actions: cap each deal at this many actions; a capped deal
            scores nothing.
        labels: the display name of each seat's player.
        deals: the deals played so far.
        totals: the running totals.
        dealer: the dealer of the next deal.
    """

    def __init__(
        self,
        game: str | Game[Any, Any],
        players: int | None = None,
        rules: Rules | Mapping[str, Any] | None = None,
        *,
        bots: Sequence[BotSpec] | None = None,
        seed: int | None = None,
        max_deals: int | None = None,
        max_actions: int | None = None,
        dealer: int | None = None,
    ) -> None:
        """Set up a match; no deal is played yet.

        Args:
            game: the game or its name.
            players: the number of seats (default: the game's default).
            rules: the rules, or a dict of options for ``game.rules(**options)``
                (default: ``game.rules()``).
            bots: the bots (names or factories), repeated to fill the seats.
            seed: the match seed (default: a random one, recorded).
            max_deals: stop after this many deals if the game's own rule has
                not ended the match. Required for games without a match rule.
            max_actions: cap each deal at this many actions (the rules'
                ``max_actions``; default: the game's cap).
            dealer: the first dealer (default: the last seat).

        Raises:
            InvalidRules: bad players, rules, bots or limits.
            UnknownGame: no such game.
        """
        self.game = resolve_game(game)
        self.players = self.game.players.default if players is None else players
        self.rules = make_rules(self.game, rules).with_max_actions(max_actions)
        check_setup(self.game, self.players, self.rules)
        if max_deals is not None and max_deals < 1:
            raise InvalidRules(f"max_deals must be at least 1, not {max_deals}")
        if max_actions is not None and max_actions < 1:
            raise InvalidRules(f"max_actions must be at least 1, not {max_actions}")
        if max_deals is None and not has_match_rule(self.game):
            raise InvalidRules(f"{self.game.name} has no rule that ends a match; give max_deals")
        self.bot_specs: list[BotSpec] = fill_seats(bots, self.players)
        self.factories = resolve_bots(self.game, self.bot_specs, self.players)
        self.labels: list[str] = [bot_name(b) for b in self.bot_specs]
        self.seed = random.randrange(1 << 63) if seed is None else seed
        self.max_deals = max_deals
        self.max_actions = max_actions
        self.dealer = self.players - 1 if dealer is None else dealer
        if not 0 <= self.dealer < self.players:
            raise InvalidRules(f"dealer must be a seat 0-{self.players - 1}, not {dealer}")
        self.deals: list[DealRecord] = []
        self.totals: list[int] = [0] * self.players
        self._finished = False
        self._previous: GameResult | None = None

    # -- progress -----------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """Whether the game's own rule has ended the match."""
        return self._finished

    @property
    def is_over(self) -> bool:
        """Whether no deal is left to play (the game's rule or ``max_deals``)."""
        if self._finished:
            return True
        return self.max_deals is not None and len(self.deals) >= self.max_deals

    @property
    def next_number(self) -> int:
        """The number of the next deal, from 1."""
        return len(self.deals) + 1

    # -- playing ----------------------------------------------------------------------

    def start_deal(self) -> GameState:
        """Deal the next deal and return its first state (nothing is recorded yet).

        Raises:
            CardkitError: the match is over.
        """
        if self.is_over:
            raise CardkitError("the match is over; no deal is left to play")
        state: GameState = self.game.start(
            self.players,
            self.rules,
            seed=deal_seed(self.seed, self.next_number),
            dealer=self.dealer,
            previous=self._previous,
        )
        return state

    def bots_for_deal(self) -> tuple[list[Bot], list[random.Random]]:
        """Fresh bots and their random generators for the next deal."""
        rngs = seat_rngs(deal_seed(self.seed, self.next_number), self.players)
        return [factory(rng) for factory, rng in zip(self.factories, rngs, strict=True)], rngs

    def play_deal(
        self,
        on_events: Callable[[GameState, tuple[Event, ...]], Any] | None = None,
    ) -> DealRecord:
        """Let the bots play the next deal, record it and return its record."""
        state = self.start_deal()
        if on_events is not None:
            on_events(state, state.last_events)
        bots, rngs = self.bots_for_deal()
        played = play_out(state, bots, rngs, max_actions=self.max_actions, on_events=on_events)
        return self.finish_deal(played.state, result=played.result, decisions=played.decisions)

    def finish_deal(
        self,
        state: GameState,
        *,
        result: GameResult | None = None,
        decisions: int | None = None,
    ) -> DealRecord:
        """Record the deal that ended in ``state`` (or was capped: pass its ``result``).

        A finished deal scores ``game.match.deal_score(result)``; the next dealer
        is ``game.match.next_dealer(...)`` and the next deal gets ``previous=result``.
        A capped deal scores nothing; the deal then moves one seat to the
        left and the next deal starts without a ``previous`` result.

        Raises:
            CardkitError: the deal is not over and no capped result was given,
                or the game scored it with the wrong number of seats.
        """
        if result is None:
            if not state.is_over:
                raise CardkitError("the deal is not over; play it to the end or pass its result")
            result = state.result()
        decisions = state.action_count if decisions is None else decisions
        number = self.next_number
        dealer = self.dealer
        if result.capped:
            scores = [0] * self.players
            self.dealer = (dealer + 1) % self.players
            self._previous = None
        else:
            scores = list(self.game.match.deal_score(result))
            if len(scores) != self.players:
                raise CardkitError(
                    f"{self.game.name}.match.deal_score returned {len(scores)} scores "
                    f"for {self.players} seats"
                )
            self.dealer = self.game.match.next_dealer(self.rules, dealer, result)
            self._previous = result
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        record = DealRecord(
            number=number,
            dealer=dealer,
            seed=state.setup.seed,
            result=result,
            scores=scores,
            totals=list(self.totals),
            decisions=decisions,
        )
        self.deals.append(record)
        if not result.capped and self.game.match.over(self.rules, list(self.totals), number):
            self._finished = True
        return record

    def run(self, on_deal: Callable[[DealRecord, Match], Any] | None = None) -> MatchResult:
        """Play the remaining deals with the bots and return the result.

        Args:
            on_deal: called after each deal with its record and the match.
        """
        while not self.is_over:
            record = self.play_deal()
            if on_deal is not None:
                on_deal(record, self)
        return self.result()

    # -- reporting ------------------------------------------------------------------------

    def standings(self) -> list[Standing]:
        """The standings now, best first: the game's declared winners
        ([`winners`][cardkit.engine.matchpolicy.MatchPolicy.winners], the leaders so far
        while the match goes on), then the others by total in the same direction
        (see [`standing_order`][cardkit.play.match.standing_order]); ties share a place."""
        last = self.deals[-1].scores if self.deals else [0] * self.players
        won = [0] * self.players
        for deal in self.deals:
            for seat in deal.result.winners:
                won[seat] += 1
        rows: list[Standing] = []
        for seat, place in standing_order(list(self.totals), self.winners()):
            rows.append(
                Standing(
                    place=place,
                    seat=seat,
                    bot=self.labels[seat],
                    total=self.totals[seat],
                    last=last[seat],
                    deals_won=won[seat],
                )
            )
        return rows

    def team_standings(self) -> list[TeamStanding]:
        """The standings by team now (a game whose results name `teams`; else empty)."""
        return team_standings(self.deals, self.labels)

    def winners(self) -> list[int]:
        """The match winners (``game.match.winners``), or the leaders so far."""
        if not self.deals:
            return []
        return list(self.game.match.winners(self.rules, list(self.totals)))

    def result(self) -> MatchResult:
        """The match so far as a [`MatchResult`][cardkit.play.match.MatchResult]."""
        if self._finished:
            reason: Literal["match_over", "max_deals", "in_progress"] = "match_over"
        elif self.is_over:
            reason = "max_deals"
        else:
            reason = "in_progress"
        return MatchResult(
            game=self.game.name,
            players=self.players,
            rules=self.rules.model_dump(mode="json"),
            seed=self.seed,
            bots=list(self.labels),
            deals=list(self.deals),
            totals=list(self.totals),
            standings=self.standings(),
            team_standings=self.team_standings(),
            winners=self.winners(),
            finished=self._finished,
            reason=reason,
        )


def play_match(
    game: str | Game[Any, Any],
    players: int | None = None,
    rules: Rules | Mapping[str, Any] | None = None,
    *,
    bots: Sequence[BotSpec] | None = None,
    seed: int | None = None,
    max_deals: int | None = None,
    max_actions: int | None = None,
    on_deal: Callable[[DealRecord, Match], Any] | None = None,
) -> MatchResult:
    """Play a whole match with bots; see [`Match`][cardkit.play.match.Match] for the arguments.

    Raises:
        InvalidRules: bad players, rules, bots or limits (a game without a
            match-ending rule needs ``max_deals``).
        UnknownGame: no such game.
    """
    match = Match(
        game,
        players,
        rules,
        bots=bots,
        seed=seed,
        max_deals=max_deals,
        max_actions=max_actions,
    )
    return match.run(on_deal)
