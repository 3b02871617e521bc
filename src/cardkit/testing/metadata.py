"""The game's metadata, rules model and seat counts, and its registered bots."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardkit.cards.card import JOKERS, STANDARD_CARDS
from cardkit.cards.deck import Deck
from cardkit.engine.actions import Action
from cardkit.engine.bots import Bot, Turn
from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.engine.matchpolicy import Players
from cardkit.engine.rules import Rules
from cardkit.errors import InvalidRules
from cardkit.play.runner import seat_rngs
from cardkit.testing._support import (
    ContractError,
    _fail,
)
from cardkit.testing.playouts import PlayoutReport, random_playout

__all__ = ["check_bots", "check_rules_model"]


def check_rules_model(game: Game[Any, Any]) -> None:
    """The game's metadata, rules model, presets and seat counts behave as the contract says."""
    for attr in ("name", "title"):
        if not isinstance(getattr(game, attr, None), str) or not getattr(game, attr):
            _fail(None, f"{game!r} has no {attr}")
    if game.name != game.name.strip().lower():
        _fail(None, f"the game name {game.name!r} must be lower case without spaces")
    if not isinstance(game.players, Players):
        _fail(
            None,
            f"{game.name}: players must be a Players(min, max, default=...), not {game.players!r}",
        )
    rules = game.rules()
    if not isinstance(rules, game.rules_model):
        _fail(None, f"{game.name}: rules() is not a {game.rules_model.__name__}")
    if game.rules_model.model_validate_json(rules.model_dump_json()) != rules:
        _fail(None, f"{game.name}: the default rules change when they go through JSON")
    for bad in ({"no_such_option_xyzzy": 1}, {"variant": "no-such-variant-xyzzy"}):
        try:
            game.rules(**bad)
        except InvalidRules:
            pass
        else:
            _fail(None, f"{game.name}: rules(**{bad}) was accepted; expected InvalidRules")
    for name in catalog(game).variants:
        try:
            game.rules(variant=name)
        except InvalidRules as exc:
            _fail(None, f"{game.name}: the preset {name!r} is invalid: {exc}")
    for players in (game.players.min - 1, game.players.max + 1):
        try:
            game.start(players=players, seed=0)
        except InvalidRules:
            pass
        else:
            _fail(None, f"{game.name}: start(players={players}) was accepted")
    deck = game.new_deck(rules)
    bad_decks = [deck[1:]]
    stranger = next((c for c in (*STANDARD_CARDS, *JOKERS) if c not in deck), None)
    if stranger is not None:
        bad_decks.append(Deck([*deck[1:], stranger]))
    for bad_deck in bad_decks:
        try:
            game.start(players=game.players.default, deck=bad_deck)
        except InvalidRules:
            pass
        else:
            _fail(None, f"{game.name}: start() accepted a deck without {deck[0].code}")


class _CheckedBot:
    """Wraps a bot and fails when it picks an action that is not legal."""

    def __init__(self, bot: Bot, name: str) -> None:
        self.bot, self.name = bot, name

    def choose(self, turn: Turn) -> Action:
        action = self.bot.choose(turn)
        if action not in turn.legal:
            raise ContractError(
                f"bot {self.name!r} chose {action!r}, which is not among the legal actions "
                f"{[str(a) for a in turn.legal]}"
            )
        return action


def check_bots(
    game: Game[Any, Any],
    players: int,
    seeds: Iterable[int],
    *,
    rules: Rules | None = None,
    max_actions: int = 1000,
) -> dict[str, list[PlayoutReport]]:
    """Every registered bot plays whole games choosing only legal actions.

    A bot factory with a ``for_checks`` attribute (a factory too, such as
    [ISMCTSBot.for_checks][cardkit.eval.ismcts.ISMCTSBot.for_checks]) plays
    through that one: the same bot with a budget small enough for whole games
    in every seat.
    """
    reports: dict[str, list[PlayoutReport]] = {}
    seeds = list(seeds)
    for name, factory in catalog(game).bots.items():
        # A search bot may offer a cheap configuration of itself for these whole games.
        factory = getattr(factory, "for_checks", factory)
        reports[name] = []
        for seed in seeds:
            rngs = seat_rngs(seed, players)
            bots = [_CheckedBot(factory(rngs[s]), name) for s in range(players)]
            playout = random_playout(
                game, players, seed, rules=rules, max_actions=max_actions, bots=bots
            )
            final = playout.final
            reports[name].append(
                PlayoutReport(seed, players, final.action_count, playout.capped, playout.result)
            )
    return reports
