"""Game.hooks: a game calls its own hooks through pluggy, with a default when none answers."""

from __future__ import annotations

from typing import Any

import pluggy
import pytest

from cardkit import hookimpl, hookspec
from cardkit.engine.gamehooks import HookCall
from cardkit.plugins.registry import Registry


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
    from cardkit_crazyeights.game import CrazyEights

    class Plugin:
        @hookimpl
        def cardkit_register(self, register: Any) -> None:
            register.add_game(CrazyEights())

    registry.register(Plugin(), "eights-plugin")
    return registry.game("crazyeights")


class ManySpecs:
    """Hooks of every shape: all answers, wrappers."""

    @hookspec
    def eights_points(self, rules: Any, rank: str) -> int | None:
        """Points of a rank (every answer kept)."""


class PublishesMany:
    @hookimpl
    def cardkit_add_hookspecs(self, pluginmanager: Any) -> None:
        pluginmanager.add_hookspecs(EightsSpecs)
        pluginmanager.add_hookspecs(ManySpecs)


class Older:
    @hookimpl
    def eights_points(self, rank: str) -> int | None:  # leaves out `rules`
        return 1 if rank == "A" else None


class Newer:
    @hookimpl
    def eights_points(self, rules: Any, rank: str) -> int | None:
        return 50 if rank == "8" else 2


class Wraps:
    @hookimpl(wrapper=True)
    def eights_points(self, rules: Any, rank: str) -> Any:
        answers = yield
        return [*answers, 99]


def test_a_hook_call_is_resolved_once_and_follows_the_registry() -> None:
    """The fast caller is cached per registry; a plugin registered after the first call
    answers the next one, and one unregistered no longer does."""
    registry = Registry(load_entry_points=False)
    registry.register(PublishesMany(), "specs")
    game = registry_game(registry)
    call = game.hooks.call("eights_wild_rank")
    assert not call
    assert len(call) == 0
    assert call(rules="sevens") is None  # firstresult: no answer is None, as pluggy gives
    assert game.hooks.call("eights_wild_rank") is call  # cached
    registry.register(SevensAreWild(), "sevens")
    after = game.hooks.call("eights_wild_rank")
    assert after is not call
    assert after
    assert after.firstresult
    assert after(rules="sevens") == "7" == game.hooks.eights_wild_rank(rules="sevens")
    assert after.first("8", rules="standard") == "8"
    registry.unregister("sevens")
    assert not game.hooks.call("eights_wild_rank")
    assert game.hooks.answer("eights_wild_rank", "8", rules="sevens") == "8"


def test_a_hook_call_gives_what_pluggy_gives() -> None:
    """Every answer, newest registered first, each implementation given only what it names;
    a hook with a wrapper is called through pluggy."""
    registry = Registry(load_entry_points=False)
    registry.register(PublishesMany(), "specs")
    game = registry_game(registry)
    assert game.hooks.call("eights_points")(rules=None, rank="A") == []
    registry.register(Older(), "older")
    registry.register(Newer(), "newer")
    call = game.hooks.call("eights_points")
    assert call.functions == game.hooks.functions("eights_points")
    assert len(call.functions) == 2
    assert not call.firstresult
    for rank in ("A", "8", "K"):
        assert call(rules=None, rank=rank) == game.hooks.eights_points(rules=None, rank=rank)
    assert call(rules=None, rank="A") == [2, 1]
    assert call.first(0, rules=None, rank="8") == 50
    with pytest.raises(pluggy.HookCallError, match="rank"):
        call(rules=None)
    registry.register(Wraps(), "wraps")
    wrapped = game.hooks.call("eights_points")
    assert wrapped(rules=None, rank="A") == [2, 1, 99]


def test_resolved_values_are_built_once_until_plugins_change() -> None:
    """`resolved` keeps a derived value per key; registering a plugin drops it."""
    registry = Registry(load_entry_points=False)
    registry.register(PublishesMany(), "specs")
    game = registry_game(registry)
    builds: list[str] = []

    def build() -> tuple[int, ...]:
        builds.append("built")
        return tuple(game.hooks.call("eights_points")(rules=None, rank="A"))

    assert game.hooks.resolved(("eights", "A"), build) == ()
    assert game.hooks.resolved(("eights", "A"), build) == ()
    assert len(builds) == 1
    registry.register(Older(), "older")
    assert game.hooks.resolved(("eights", "A"), build) == (1,)
    assert len(builds) == 2


def test_a_plain_hook_call_reads_the_arguments_each_function_names() -> None:
    """`HookCall` of plain functions (a game's tests, defaults) calls them as pluggy would."""
    call = HookCall("points", [lambda rank: 1 if rank == "A" else None, lambda rules, rank: 5])
    assert call(rules=None, rank="A") == [1, 5]
    first = HookCall("points", [lambda rank: None, lambda rank: 7], firstresult=True)
    assert first(rank="A") == 7
    assert not HookCall("points")
    assert HookCall("points").first(3, rank="A") == 3
    assert "2 implementations" in repr(call)


def test_a_firstresult_answer_that_is_a_list_is_the_answer_whole() -> None:
    """A firstresult hook answering a list (Tonk's payout transfers) gives that list."""
    whole = HookCall("payout", [lambda rules: None, lambda rules: [1, 2]], firstresult=True)
    assert whole.first([], rules=None) == [1, 2]
    many = HookCall("ranks", [lambda rules: None, lambda rules: [3], lambda rules: [4]])
    assert many.first([], rules=None) == [3]
    assert HookCall("ranks", [lambda rules: None]).first([9], rules=None) == [9]
