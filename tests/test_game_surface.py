"""`Game`'s public members: what a game is, without what replaced it.

`fixed_actions` was superseded by `Game.action_space` (every game with a
grammar has one) and is gone: nothing reads it, and no game declares it.
"""

from __future__ import annotations

import cardkit
from cardkit import Game


def _public(cls: type) -> set[str]:
    return {n for n in dir(cls) if not n.startswith("_")} | {
        n for n in getattr(cls, "__annotations__", {}) if not n.startswith("_")
    }


def test_fixed_actions_is_gone_from_game_and_every_game() -> None:
    assert "fixed_actions" not in _public(Game)
    for name in cardkit.available_games():
        assert not hasattr(cardkit.load_game(name), "fixed_actions"), name


def test_every_installed_game_has_an_action_space() -> None:
    for name in cardkit.available_games():
        game = cardkit.load_game(name)
        for players in (game.players.min, game.players.max):
            assert game.action_space(game.rules(), players) is not None, (name, players)


def test_game_has_no_more_public_members_than_counted() -> None:
    """36 before issue 37; `fixed_actions` went (a guard against regrowth)."""
    assert len(_public(Game)) <= 35
