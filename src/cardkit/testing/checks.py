"""The contract checks: plain functions that any cardkit game must pass.

Each ``check_*`` function raises [ContractError][cardkit.testing.ContractError]
(an ``AssertionError``) with a message that says what is wrong and how to
replay the game that shows it; it returns normally when the game honours that
part of the contract. They need neither pytest nor hypothesis, so a plugin
author can call them from any test runner or from a script::

    from cardkit.testing import check_game
    check_game(MyGame(), players=3)

This module holds the state invariants, the checked random playouts and
``check_game``, and re-exports every check from the modules that hold them by
job: ``hidden`` (views and hidden information), ``legality`` (legal and
illegal actions), ``replays`` (determinism and saves), ``metadata`` (rules
model and bots), ``playouts``, ``loops`` (the README loop) and ``midgame``
(mid-game non-interference). Every name stays importable from here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardkit.engine.actions import Action
from cardkit.engine.game import Game
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.errors import InvalidState
from cardkit.testing._support import (
    ContractError,
    Knowledge,
    _fail,
    cards_mentioned,
    check_zone_bits,
    check_zones,
    replay_recipe,
)
from cardkit.testing.fastlisting import check_fast_listing, has_fast_listing
from cardkit.testing.hidden import check_non_interference, check_views
from cardkit.testing.legality import (
    NONSENSE_ACTIONS,
    check_illegal_actions,
    check_legal_actions,
    recent_actions,
)
from cardkit.testing.loops import PolicyLoopReport, check_policy_loops, policy_loop
from cardkit.testing.metadata import check_bots, check_rules_model
from cardkit.testing.midgame import check_midgame_non_interference, unexpected_points
from cardkit.testing.playouts import Playout, PlayoutReport, random_playout
from cardkit.testing.refusals import check_refusal_non_interference
from cardkit.testing.replays import (
    check_corrupted_saves,
    check_determinism,
    check_save_round_trip,
)
from cardkit.testing.sealed import check_sealed_choices

__all__ = [
    "NONSENSE_ACTIONS",
    "NO_WINNER_REASONS",
    "ContractError",
    "ContractReport",
    "Knowledge",
    "Playout",
    "PlayoutReport",
    "PolicyLoopReport",
    "cards_mentioned",
    "check_bots",
    "check_corrupted_saves",
    "check_determinism",
    "check_game",
    "check_illegal_actions",
    "check_legal_actions",
    "check_midgame_non_interference",
    "check_non_interference",
    "check_policy_loops",
    "check_random_playouts",
    "check_result",
    "check_rules_model",
    "check_save_round_trip",
    "check_state",
    "check_views",
    "check_zone_bits",
    "check_zones",
    "policy_loop",
    "random_playout",
    "recent_actions",
    "replay_recipe",
    "unexpected_points",
]


#: The reasons of a finished game's result that names no winner: a tie for the best (Spades'
#: partnerships on equal points), a void deal (it does not count); a game stopped by an
#: action cap is `GameResult.capped_at`'s "capped", which `check_random_playouts` checks.
NO_WINNER_REASONS = frozenset({"tie", "void"})


# -- the state invariants ---------------------------------------------------------


def check_state(state: GameState, knowledge: Knowledge | None = None) -> None:
    """Every invariant of one state: zones, turn, legal actions, result, views, events.

    - ``zones()`` partitions the deck (`check_zones`), and the zones declaring
      `bits` give what their cards give (`check_zone_bits`);
    - when over: ``to_act`` is None, ``legal_actions()`` is empty and
      ``result()`` is a real result; otherwise ``to_act`` is a seat,
      ``legal_actions()`` is not empty and ``result()`` raises ``InvalidState``;
    - legal actions are distinct and have distinct texts;
    - events name real seats and are JSON-ready;
    - views pass `check_views`, and show no uncommitted choice of another seat
      (`check_sealed_choices`).
    """
    check_zones(state)
    check_zone_bits(state)
    check_sealed_choices(state)
    legal = state.legal_actions()
    players = state.players
    if state.is_over:
        if state.to_act is not None:
            _fail(state, f"the game is over but to_act is {state.to_act!r}, expected None")
        if legal:
            _fail(state, f"the game is over but legal_actions() lists {[str(a) for a in legal]}")
        check_result(state)
    else:
        if not isinstance(state.to_act, int) or not 0 <= state.to_act < players:
            _fail(state, f"to_act is {state.to_act!r}, expected a seat 0-{players - 1}")
        if not legal:
            _fail(state, "the game is not over but legal_actions() is empty")
        try:
            state.result()
        except InvalidState:
            pass
        except Exception as exc:
            _fail(state, f"result() before the end raised {exc!r}, expected InvalidState")
        else:
            _fail(state, "result() returned a result before the end; expected InvalidState")
    texts = [str(a) for a in legal]
    if len(set(texts)) != len(texts) or len(set(legal)) != len(legal):
        dups = sorted({t for t in texts if texts.count(t) > 1})
        _fail(state, f"legal_actions() lists the same action twice: {dups}")
    for action in legal:
        if not isinstance(action, Action):
            _fail(state, f"legal_actions() holds {action!r}, which is not a cardkit.Action")
    for event in state.last_events:
        if event.seat is not None and not 0 <= event.seat < players:
            _fail(state, f"event {event} names seat {event.seat}")
        try:
            json.dumps(event.to_json_dict())
        except (TypeError, ValueError) as exc:
            _fail(state, f"event {event} is not JSON-ready: {exc}")
    check_views(state, knowledge)


def check_result(state: GameState) -> GameResult:
    """The result of a finished game is consistent, stable and round-trips through JSON."""
    try:
        result = state.result()
    except Exception as exc:
        _fail(state, f"the game is over but result() raised {exc!r}")
    if not isinstance(result, GameResult):
        _fail(state, f"result() returned {result!r}, not a GameResult")
    if result.players != state.players:
        _fail(state, f"result().players is {result.players}, expected {state.players}")
    if result.capped:
        _fail(state, "a game that ended by its rules reports capped=True")
    if set(result.winners) & set(result.losers):
        _fail(state, f"seats {set(result.winners) & set(result.losers)} both won and lost")
    if not result.winners and result.reason not in NO_WINNER_REASONS:
        _fail(
            state,
            f"the result names no winner and its reason {result.reason!r} does not "
            "say why; expected 'tie' (the best scores are equal) or 'void' (the "
            "deal does not count)",
        )
    if result.actions != state.action_count:
        _fail(state, f"result().actions is {result.actions}, but {state.action_count} were played")
    if state.result() != result:
        _fail(state, "result() gives a different result when called again")
    if GameResult.model_validate_json(result.model_dump_json()) != result:
        _fail(state, "the result changes when it goes through JSON")
    return result


def check_random_playouts(
    game: Game[Any, Any],
    players: int,
    seeds: Iterable[int],
    max_actions: int = 1000,
    *,
    rules: Rules | None = None,
) -> list[PlayoutReport]:
    """Play random games and check every state on the way (`check_state`).

    Each game ends with a result, or is stopped by the action cap: a capped
    game is reported as capped (never a win or a loss), and its states are
    checked all the same. Views are checked against everything each seat
    may know so far (`Knowledge`).
    """
    reports = []
    for seed in seeds:
        knowledge = Knowledge(players)

        def check(state: GameState, knowledge: Knowledge = knowledge) -> None:
            knowledge.observe(state)
            check_state(state, knowledge)

        playout = random_playout(
            game, players, seed, rules=rules, max_actions=max_actions, on_state=check
        )
        final, result = playout.final, playout.result
        if playout.capped:
            if final.is_over or not result.capped or result.winners or result.losers:
                _fail(final, f"a capped game is reported as {result}")
        elif not final.is_over:
            _fail(final, "the playout stopped before the end without reaching the cap")
        reports.append(PlayoutReport(seed, players, final.action_count, playout.capped, result))
    return reports


# -- everything at once --------------------------------------------------------------


@dataclass
class ContractReport:
    """What `check_game` ran.

    Attributes:
        game: the game's name.
        playouts: the random playouts, by player count.
        views_compared: how many views the non-interference checks compared
            (from the deal and mid-game).
        corruptions: how many corrupted saves were refused.
        refusals_compared: how many answers to bad inputs the refusal
            non-interference check compared.
        policy_loops: the README loop runs (``legal_actions()[0]`` and
            ``[-1]``), by player count.
    """

    game: str
    playouts: dict[int, list[PlayoutReport]] = field(default_factory=dict)
    views_compared: int = 0
    corruptions: int = 0
    refusals_compared: int = 0
    policy_loops: dict[int, list[PolicyLoopReport]] = field(default_factory=dict)


def check_game(
    game: Game[Any, Any],
    players: Iterable[int] | int | None = None,
    *,
    rules: Rules | None = None,
    seeds: Iterable[int] = range(3),
    max_actions: int = 1000,
    every: int = 5,
) -> ContractReport:
    """Run the whole contract on ``game``, for each player count (default: min to max).

    Every check of this module runs on random games from ``seeds`` (and the
    README loop with the first and the last legal action); the
    per-state checks of legal and illegal actions, saves and corrupted
    saves run on every ``every``-th state of the first seed's game, and so
    does [`check_fast_listing`][cardkit.testing.fastlisting.check_fast_listing]
    where a state
    [`has_fast_listing`][cardkit.testing.fastlisting.has_fast_listing].
    """
    if players is None:
        counts: Iterable[int] = range(game.players.min, game.players.max + 1)
    elif isinstance(players, int):
        counts = (players,)
    else:
        counts = players
    seeds = list(seeds)
    report = ContractReport(game.name)
    check_rules_model(game)
    for count in counts:
        report.playouts[count] = check_random_playouts(game, count, seeds, max_actions, rules=rules)
        for seed in seeds[:1]:
            playout = random_playout(game, count, seed, rules=rules, max_actions=max_actions)
            for state in _every(playout.states, every):
                if has_fast_listing(state):
                    check_fast_listing(state)
                check_legal_actions(state, limit=20)
                check_illegal_actions(state, recent_actions(playout.states, state.action_count))
                check_save_round_trip(state)
            report.corruptions += check_corrupted_saves(playout.final)
            report.views_compared += check_non_interference(
                game, count, seed, rules=rules, playout=playout
            )
            report.views_compared += check_midgame_non_interference(
                game, count, seed, rules=rules, playout=playout
            )
            report.refusals_compared += check_refusal_non_interference(
                game, count, seed, rules=rules, playout=playout
            )
            check_determinism(game, count, seed, rules=rules, max_actions=max_actions)
        check_bots(game, count, seeds[:1], rules=rules, max_actions=max_actions)
        report.policy_loops[count] = check_policy_loops(
            game, count, rules=rules, max_actions=max_actions
        )
    return report


def _every(states: Sequence[GameState], every: int) -> Iterator[GameState]:
    for number, state in enumerate(states):
        if number % every == 0 or number == len(states) - 1:
            yield state
