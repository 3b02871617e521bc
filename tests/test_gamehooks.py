"""Game.hooks: a game calls its own hooks through pluggy, with a default when none answers."""

from __future__ import annotations

from typing import Any

import pytest

from cardkit import hookimpl, hookspec
from cardkit.plugins import Registry


class EightsSpecs:
    """A hook a game could publish."""

    @hookspec(firstresult=True)
    def eights_wild_rank(self, rules: Any) -> str | None:
        """Which rank is wild."""


class PublishesTheHook:
    """The plugin that publishes the spec."""

    @hookimpl
    def cardkit_add_hookspecs(self, pluginmanager: Any) -> None:
        pluginmanager.add_hookspecs(EightsSpecs)


class SevensAreWild:
    """A house-rule plugin answering the hook."""

    @hookimpl
    def eights_wild_rank(self, rules: Any) -> str | None:
        return "7" if rules == "sevens" else None


def test_answer_falls_back_to_the_default_and_takes_a_plugins_answer() -> None:
    """No implementation, or an implementation answering None, gives the default."""
    registry = Registry(load_entry_points=False)
    registry.register(PublishesTheHook(), "specs")
    game = registry_game(registry)
    assert not game.hooks.answers("eights_wild_rank")
    assert game.hooks.answer("eights_wild_rank", "8", rules="standard") == "8"
    registry.register(SevensAreWild(), "sevens")
    assert game.hooks.answers("eights_wild_rank")
    assert game.hooks.answer("eights_wild_rank", "8", rules="sevens") == "7"
    assert game.hooks.answer("eights_wild_rank", "8", rules="standard") == "8"
    assert game.hooks.eights_wild_rank(rules="sevens") == "7"  # pluggy's own caller


def test_an_unpublished_hook_is_named_in_the_error() -> None:
    """Calling a hook nobody published says which."""
    game = registry_game(Registry(load_entry_points=False))
    with pytest.raises(AttributeError, match="no_such_hook"):
        game.hooks.no_such_hook(rules=None)
    assert game.hooks.answer("no_such_hook", 3) == 3


def registry_game(registry: Registry) -> Any:
    """Crazy Eights registered in `registry`."""
    from cardkit_crazyeights import CrazyEights

    class Plugin:
        @hookimpl
        def cardkit_register_games(self, register: Any) -> None:
            register(CrazyEights())

    registry.register(Plugin(), "eights-plugin")
    return registry.game("crazyeights")
