"""The plugin registry: run-time registration, aliases, broken plugins, entry points."""

from __future__ import annotations

from typing import Any

import pluggy
import pytest
from plugin_support import game_called, games_plugin, plugin

import cardkit
from cardkit import PluginError, UnknownGame, catalog, hookimpl, hookspec
from cardkit.plugins.registry import PluginWarning, Registry, temporary_plugin

# -- run-time registration -------------------------------------------------------------


def test_register_a_game_at_run_time(empty_registry: Registry, shed: Any) -> None:
    """cardkit.register adds the game to available_games and load_game, with its aliases."""
    info = cardkit.register(games_plugin(shed, aliases=("shedding", "throwaway")), name="my-shed")
    assert cardkit.available_games() == ["shed"]
    assert cardkit.load_game("shed") is shed
    assert cardkit.load_game("shedding") is shed
    assert cardkit.load_game("throwaway") is shed
    assert cardkit.load_game("  SHED ") is shed
    assert empty_registry.aliases("shed") == ["shedding", "throwaway"]
    assert info.games == ["shed"]
    assert info.source == "run time"
    state = cardkit.load_game("throwaway").start(players=2, seed=1)
    assert state.game is shed
    cardkit.unregister("my-shed")
    assert cardkit.available_games() == []
    with pytest.raises(UnknownGame):
        cardkit.load_game("throwaway")


def test_unknown_game_lists_the_installed_ones(empty_registry: Registry, shed: Any) -> None:
    """The error names the game asked for and the games there are."""
    cardkit.register(games_plugin(shed))
    with pytest.raises(UnknownGame, match="unknown game 'chess'; available games: shed") as info:
        cardkit.load_game("chess")
    assert isinstance(info.value, KeyError)
    assert info.value.available == ("shed",)
    empty = Registry(load_entry_points=False)
    with pytest.raises(UnknownGame, match="none installed"):
        empty.game("shed")


def test_temporary_plugin(empty_registry: Registry, shed: Any) -> None:
    """temporary_plugin registers for the duration of a with block."""
    with temporary_plugin(games_plugin(shed), "temp") as info:
        assert info.name == "temp"
        assert cardkit.available_games() == ["shed"]
    assert cardkit.available_games() == []


def test_a_plugin_name_cannot_be_registered_twice(empty_registry: Registry, shed: Any) -> None:
    """Registering a second plugin under a taken name is a PluginError."""
    cardkit.register(games_plugin(shed), name="p")
    with pytest.raises(PluginError, match="'p' is already registered"):
        cardkit.register(games_plugin(game_called(shed, "other")), name="p")


def test_variants_and_bots_from_another_plugin(empty_registry: Registry, shed: Any) -> None:
    """A plugin adds presets and bots to another plugin's game."""
    cardkit.register(games_plugin(shed, aliases=("shedding",)), name="base")

    def cardkit_register(register: Any) -> None:
        register.add_variant("shed", "big", {"cards_each": 6}, "Six cards each.")
        register.add_bot("shedding", "lazy", cardkit.RandomBot)

    info = cardkit.register(plugin(cardkit_register=cardkit_register), name="extras")
    assert info.variants == ["shed:big"]
    assert info.bots == ["shed:lazy"]
    assert shed.rules(variant="big").cards_each == 6
    assert catalog(shed).variants["big"].source == "extras"
    assert set(catalog(shed).bots) == {"random", "lazy"}  # no entry points: no ISMCTS plugin


# -- broken plugins --------------------------------------------------------------------------


def test_bots_for_every_game_reach_games_registered_before_and_after(
    empty_registry: Registry, shed: Any
) -> None:
    """`cardkit_register` adds a bot to every game, the core's ISMCTS among them."""
    import cardkit.eval.plugin
    from cardkit.eval.ismcts import ISMCTSBot

    cardkit.register(games_plugin(shed), name="base")
    info = cardkit.register(cardkit.eval.plugin, name="ismcts")
    assert info.bots == ["*:ismcts"]
    assert catalog(shed).bots["ismcts"] is ISMCTSBot
    later = game_called(shed, "later")
    cardkit.register(games_plugin(later), name="later")
    assert catalog(later).bots["ismcts"] is ISMCTSBot
    assert catalog(shed).best_bot == "random"  # a bot for every game is never a game's best bot

    def cardkit_register(register: Any) -> None:
        register.add_common_bot("ismcts", cardkit.RandomBot)

    with pytest.warns(PluginWarning, match="'ismcts' plays every game already"):
        cardkit.register(plugin(cardkit_register=cardkit_register), name="dup")
    assert catalog(shed).bots["ismcts"] is ISMCTSBot
    assert [p.stage for p in empty_registry.problems if p.plugin == "dup"] == ["common_bots"]


def test_the_installed_core_registers_ismcts_for_every_game() -> None:
    """The core's own entry point (`cardkit.eval.plugin`) gives every installed game ISMCTS."""
    from cardkit.eval.ismcts import ISMCTSBot

    for name in cardkit.available_games():
        assert catalog(cardkit.load_game(name)).bots["ismcts"] is ISMCTSBot


def test_a_hook_that_raises_is_reported_and_others_keep_working(
    empty_registry: Registry, shed: Any
) -> None:
    """A plugin whose hook raises is recorded as a problem and warned about; other games work."""

    def cardkit_register(register: Any) -> None:
        raise RuntimeError("boom")

    cardkit.register(games_plugin(shed), name="good")
    with pytest.warns(PluginWarning, match="plugin 'bad' \\(register\\): RuntimeError: boom"):
        cardkit.register(plugin(cardkit_register=cardkit_register), name="bad")
    (problem,) = empty_registry.problems
    assert (problem.plugin, problem.stage) == ("bad", "register")
    assert "test_plugins.py" in problem.message
    assert cardkit.available_games() == ["shed"]
    assert cardkit.load_game("shed").start(players=2, seed=0).legal_actions()


def test_a_bad_variant_or_bot_registration_is_reported(empty_registry: Registry, shed: Any) -> None:
    """A preset with unknown options, or for an unknown game, is skipped with a warning."""
    cardkit.register(games_plugin(shed))

    def cardkit_register(register: Any) -> None:
        register.add_variant("shed", "broken", {"no_such_option": 1})
        register.add_variant("shed", "fine", {"cards_each": 2})
        register.add_bot("chess", "deep", cardkit.RandomBot)

    with pytest.warns(PluginWarning) as caught:
        cardkit.register(
            plugin(cardkit_register=cardkit_register),
            name="extras",
        )
    messages = [str(w.message) for w in caught]
    assert any("'extras' (variants)" in m and "no_such_option" in m for m in messages)
    assert any("'extras' (bots)" in m and "unknown game 'chess'" in m for m in messages)
    assert set(catalog(shed).variants) == {"fine"}


def test_registering_something_that_is_not_a_game(empty_registry: Registry) -> None:
    """register() of a non-Game is a reported problem."""
    with pytest.warns(PluginWarning, match="needs a cardkit.Game instance"):
        cardkit.register(games_plugin("not a game"), name="odd")
    assert cardkit.available_games() == []


@pytest.mark.parametrize("clash", ["shed", "shedding"])
def test_a_duplicate_game_name_is_reported_with_a_warning(
    empty_registry: Registry, shed: Any, clash: str
) -> None:
    """A second game under a taken name or alias is skipped; the first one stays."""
    cardkit.register(games_plugin(shed, aliases=("shedding",)), name="first")
    other = game_called(shed, clash) if clash == "shed" else game_called(shed, "newgame")
    aliases = () if clash == "shed" else ("shedding",)
    with pytest.warns(PluginWarning, match=f"game name '{clash}' is already registered by 'first'"):
        cardkit.register(games_plugin(other, aliases=aliases), name="second")
    assert cardkit.load_game(clash) is shed
    assert cardkit.available_games() == ["shed"]
    assert empty_registry.problems[-1].plugin == "second"


def test_one_bad_registration_does_not_drop_the_next_ones(
    empty_registry: Registry, shed: Any
) -> None:
    """A plugin registering two games, the first with a taken name, still gets the second."""
    cardkit.register(games_plugin(shed), name="first")
    clash, fresh = game_called(shed, "shed"), game_called(shed, "fresh")
    with pytest.warns(PluginWarning, match="'shed' is already registered"):
        info = cardkit.register(games_plugin(clash, fresh), name="second")
    assert info.games == ["fresh"]
    assert cardkit.available_games() == ["fresh", "shed"]


def test_strict_mode_turns_problems_into_errors(
    empty_registry: Registry, shed: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With CARDKIT_STRICT_PLUGINS=1 a duplicate name or a raising hook is a PluginError."""
    cardkit.register(games_plugin(shed), name="first")
    monkeypatch.setenv("CARDKIT_STRICT_PLUGINS", "1")
    with pytest.raises(PluginError, match="game name 'shed' is already registered"):
        cardkit.register(games_plugin(game_called(shed, "shed")), name="second")

    def cardkit_register(register: Any) -> None:
        raise RuntimeError("boom")

    with pytest.raises(PluginError, match="RuntimeError: boom"):
        cardkit.register(plugin(cardkit_register=cardkit_register), name="bad")
    monkeypatch.setenv("CARDKIT_STRICT_PLUGINS", "0")
    with pytest.warns(PluginWarning):
        cardkit.register(games_plugin(game_called(shed, "shed")), name="third")


# -- a game's own hooks -----------------------------------------------------------------------


class ShedSpecs:
    """A game's own hookspecs: how many points a card is worth."""

    @hookspec
    def shed_card_points(self, code: str) -> int:  # type: ignore[empty-body]
        """Points of one card."""


def test_a_game_publishes_hookspecs_and_another_plugin_implements_them(
    empty_registry: Registry, shed: Any
) -> None:
    """cardkit_add_hookspecs publishes; hook_functions returns plain functions to call."""

    def cardkit_add_hookspecs(pluginmanager: pluggy.PluginManager) -> None:
        pluginmanager.add_hookspecs(ShedSpecs)

    base = games_plugin(shed)
    base.cardkit_add_hookspecs = hookimpl(cardkit_add_hookspecs)
    cardkit.register(base, name="shed-base")
    assert shed.hooks.functions("shed_card_points") == ()

    def shed_card_points(code: str) -> int:
        return 7

    before = empty_registry.generation
    cardkit.register(plugin(shed_card_points=shed_card_points), name="house-rule")
    assert empty_registry.generation > before  # games may cache hook_functions per generation
    (function,) = shed.hooks.functions("shed_card_points")
    assert function("QS") == 7
    before = empty_registry.generation
    cardkit.unregister("house-rule")
    assert empty_registry.generation > before
    assert shed.hooks.functions("shed_card_points") == ()
    assert empty_registry.hook_functions("no_such_hook") == []
