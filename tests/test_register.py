"""Game is small, and what plugins register goes through a typed register object (issue 37).

`Game` keeps what a game is; presets, house rules, bots and phrases are the
registry's (a game's `catalog`), registered through `Register.add_*` in the
one hook `cardkit_register`.
"""

from __future__ import annotations

import typing
from typing import Any

import pytest
from plugin_support import games_plugin, plugin

import cardkit
from cardkit import Game, PluginError, catalog
from cardkit.authoring import Register
from cardkit.plugins.register import STAGES
from cardkit.plugins.registry import PluginWarning, Registry

#: What a game is: its names, seats, rules type, match policy, how to start, wording.
GAME_MEMBERS = {
    "name",
    "title",
    "summary",
    "players",
    "rules_model",
    "hand_order",
    "match",
    "rules",
    "new_deck",
    "start",
    "deal",
    "load_state",
    "action_space",
    "hooks",
    "wording",
}


def public_members(cls: type) -> set[str]:
    """The public names of a class: its attributes, methods and declared class attributes."""
    declared = set(typing.get_type_hints(cls, include_extras=False))
    return {n for n in {*dir(cls), *declared} if not n.startswith("_")}


def test_game_has_at_most_15_public_members() -> None:
    members = public_members(Game)
    assert members == GAME_MEMBERS
    assert len(members) <= 15


def test_a_registered_game_has_no_public_member_the_base_lacks() -> None:
    for name in cardkit.available_games():
        game = type(cardkit.load_game(name))
        extra = public_members(game) - GAME_MEMBERS
        # A game may add its own helpers, but nothing the registry keeps.
        assert not extra & {"bots", "variants", "house_rules", "presets", "aliases"}, name


# -- the register object's own checks: what was wrong, and what was expected ---------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda r: r.add_game("chess"), r"add_game\(\) needs a cardkit.Game instance .*'chess'"),
        (
            lambda r, g: r.add_game(g, aliases="throwaway"),
            r"add_game\(\) needs aliases as a list of strings, not 'throwaway'",
        ),
        (lambda r: r.add_house_rule("shed", 3), r"needs the house rule's name as a non-empty"),
        (
            lambda r: r.add_variant("shed", "big", ["cards_each", 6]),
            r"add_variant\(\) needs options as a dict of option name to value",
        ),
        (
            lambda r: r.add_bot("shed", "lazy", "RandomBot"),
            r"add_bot\(\) needs a bot factory \(a callable taking a random.Random\)",
        ),
        (lambda r: r.add_common_bot("", cardkit.RandomBot), r"the bot's name as a non-empty"),
        (lambda r: r.add_phrases("shed", "draws"), r"add_phrases\(\) needs phrases as a dict"),
    ],
)
def test_a_bad_registration_says_what_was_wrong_and_what_was_expected(
    shed: Any, call: Any, message: str
) -> None:
    register = Register("odd")
    with pytest.raises(PluginError, match=message):
        call(register, shed) if call.__code__.co_argcount == 2 else call(register)
    assert all(register.entries(stage) == [] for stage in STAGES)


@pytest.mark.parametrize(
    ("call", "what"),
    [
        (lambda r, g: r.add_game(g), "the game 'shed'"),
        (lambda r, g: r.add_house_rule("shed", "short"), "the house rule 'short' of shed"),
        (lambda r, g: r.add_variant("shed", "big", {}), "the variant 'big' of shed"),
        (lambda r, g: r.add_bot("shed", "lazy", cardkit.RandomBot), "the bot 'lazy' of shed"),
        (lambda r, g: r.add_common_bot("lazy", cardkit.RandomBot), "the bot 'lazy'"),
    ],
)
def test_one_plugin_registering_a_name_twice_is_refused(shed: Any, call: Any, what: str) -> None:
    register = Register("twice")
    call(register, shed)
    with pytest.raises(PluginError, match=f"twice registers {what} twice; register each name once"):
        call(register, shed)


def test_a_name_another_plugin_took_is_a_typed_error_in_strict_mode(
    empty_registry: Registry, shed: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def first(register: Register) -> None:
        register.add_bot("shed", "lazy", cardkit.RandomBot)

    def second(register: Register) -> None:
        register.add_bot("shed", "lazy", cardkit.RandomBot)

    cardkit.register(games_plugin(shed), name="base")
    cardkit.register(plugin(cardkit_register=first), name="first")
    monkeypatch.setenv("CARDKIT_STRICT_PLUGINS", "1")
    with pytest.raises(PluginError, match=r"plugin 'second' \(bots\): shed already has a bot"):
        cardkit.register(plugin(cardkit_register=second), name="second")


def test_a_bad_call_in_a_hook_is_that_plugin_s_problem(empty_registry: Registry, shed: Any) -> None:
    """The hook stops at the bad call; what it registered before that is kept."""

    def hook(register: Register) -> None:
        register.add_game(shed)
        register.add_bot("shed", "lazy", "not a factory")  # type: ignore[arg-type]

    with pytest.warns(PluginWarning, match=r"plugin 'odd' \(register\): PluginError: add_bot"):
        cardkit.register(plugin(cardkit_register=hook), name="odd")
    assert cardkit.available_games() == ["shed"]
    assert "lazy" not in catalog(shed).bots


def test_what_a_plugin_registers_is_added_kind_by_kind(empty_registry: Registry, shed: Any) -> None:
    """A preset may name a house rule registered later in the same hook: games come first,
    then house rules, then presets, whatever the order of the calls."""

    def hook(register: Register) -> None:
        register.add_phrases("shed", {"deal": "deals {count} each"})
        register.add_variant("shed", "short", {"house_rules": ["short"]}, "Short.")
        register.add_house_rule("shed", "short", "Short hands.")
        register.add_bot("shed", "lazy", cardkit.RandomBot)
        register.add_game(shed, aliases=("shedding",))

    info = cardkit.register(plugin(cardkit_register=hook), name="all")
    assert empty_registry.problems == []
    assert (info.games, info.house_rules, info.variants, info.bots) == (
        ["shed"],
        ["shed:short"],
        ["shed:short"],
        ["shed:lazy"],
    )
    found = catalog(cardkit.load_game("shedding"))
    assert found.aliases == ("shedding",)
    assert found.best_bot == "lazy"
    assert shed.rules(variant="short").house_rules == {"short"}
    assert found.wording.sources["deal"] == "all"


# -- a game's registration in one call -------------------------------------------------


def test_a_game_registers_with_its_bots_and_phrases_in_one_call(
    empty_registry: Registry, shed: Any
) -> None:
    """`game_plugin` makes the whole hook: the game, its bots (by their `name`, the first the
    best) and its phrases, as the separate `add_*` calls register them."""
    from cardkit.authoring import game_plugin

    class Lazy(cardkit.RandomBot):
        name = "lazy"

    hook = game_plugin(type(shed), ("shedding",), bots=[Lazy], phrases={"deal": "deals"})
    info = cardkit.register(plugin(cardkit_register=hook), name="one")
    assert empty_registry.problems == []
    assert (info.games, info.bots) == (["shed"], ["shed:lazy"])
    found = catalog(cardkit.load_game("shedding"))
    assert found.best_bot == "lazy"
    assert found.wording.sources["deal"] == "one"


def test_a_bot_without_a_name_is_refused_by_the_one_call(shed: Any) -> None:
    register = Register("odd")
    with pytest.raises(PluginError, match=r"add_game\(\) needs each bot as a factory with a name"):
        register.add_game(shed, bots=[lambda rng: cardkit.RandomBot(rng)])


def test_the_one_call_hook_registers_a_new_game_each_time(shed: Any) -> None:
    """Two registries (or a plugin registered again) each get their own game instance from
    the hook, so its catalog does not keep the bots of the first (planted: the hook made
    around an instance -> 'shed already has a bot named lazy')."""
    from cardkit.authoring import game_plugin

    class Lazy(cardkit.RandomBot):
        name = "lazy"

    hook = game_plugin(type(shed), bots=[Lazy])
    games = []
    for _ in range(2):
        registry = Registry()
        registry.register(plugin(cardkit_register=hook), "one")
        assert registry.problems == []
        games.append(registry.game("shed"))
        assert catalog(games[-1]).best_bot == "lazy"
    assert games[0] is not games[1]
    with pytest.raises(PluginError, match=r"game_plugin\(\) needs a cardkit.Game subclass"):
        game_plugin(shed)  # type: ignore[arg-type]
