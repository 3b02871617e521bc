"""House rules as rules options: declared by plugins, named in ``rules.house_rules``, saved.

A test game, *hooked Shed*, publishes one hook of its own, ``shed_hand_size``,
resolved once per deal. A house-rule plugin declares ``short-hands`` with
``cardkit_register`` and implements the hook: two cards each, but
only when ``short-hands`` is in ``rules.house_rules``.
"""

from __future__ import annotations

import json
import types
from collections.abc import Callable
from typing import Any

import pluggy
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardkit
from cardkit import (
    Game,
    GameState,
    HouseRule,
    InvalidRules,
    InvalidState,
    Rules,
    Setup,
    catalog,
    hookimpl,
    hookspec,
)
from cardkit.engine.events import Event
from cardkit.engine.saves import SavedGame
from cardkit.plugins.registry import PluginWarning, Registry

SHORT = "short-hands"


class HookedShedSpecs:
    """The hooked Shed's own hookspecs."""

    @hookspec(firstresult=True)
    def shed_hand_size(self, rules: Rules) -> int | None:  # type: ignore[empty-body]
        """How many cards each seat is dealt (``None``: the ``cards_each`` option)."""


def hooked_shed(shed: Any, name: str = "shed") -> Game[Any, Any]:
    """A Shed that asks ``shed_hand_size`` once per deal."""

    def deal(self: Any, setup: Setup) -> GameState:
        size = setup.rules.cards_each
        for function in self.hooks.functions("shed_hand_size"):  # resolved once per deal
            answer = function(rules=setup.rules)
            if answer is not None:
                size = answer
                break
        first = (setup.dealer + 1) % setup.players
        hands, rest = setup.deck.deal_sets(setup.players, size, first_seat=first)
        events = (Event("deal", setup.dealer, count=size),)
        state: GameState = self._state_class(
            self, setup, (None, None, events), tuple(hands), rest.cards, (), first
        )
        return state

    shed_class = type(shed)
    attrs = {"name": name, "deal": deal, "_state_class": _state_class(shed)}
    game: Game[Any, Any] = type(f"Hooked_{name}", (shed_class,), attrs)()
    return game


def _state_class(shed: Any) -> type[GameState]:
    state = shed.start(players=2, seed=0)
    return type(state)


def game_plugin(game: Game[Any, Any], *, specs: bool = True) -> types.SimpleNamespace:
    """The game's plugin: the game, and its hookspecs (once per registry)."""

    def cardkit_add_hookspecs(pluginmanager: pluggy.PluginManager) -> None:
        if specs:
            pluginmanager.add_hookspecs(HookedShedSpecs)

    def cardkit_register(register: Any) -> None:
        register.add_game(game)

    return types.SimpleNamespace(
        cardkit_add_hookspecs=hookimpl(cardkit_add_hookspecs),
        cardkit_register=hookimpl(cardkit_register),
    )


def house_rules_plugin(
    game: str = "shed", *, presets: bool = True, **extra: Callable[..., Any]
) -> types.SimpleNamespace:
    """A house-rule plugin: declares ``short-hands``, implements it, adds a preset."""

    def cardkit_register(register: Any) -> None:
        register.add_house_rule(game, SHORT, "Two cards each.")
        if presets:
            register.add_variant(game, "quick", {"house_rules": [SHORT]}, "Short hands.")

    def shed_hand_size(rules: Rules) -> int | None:
        return 2 if SHORT in rules.house_rules else None

    hooks = {
        "cardkit_register": cardkit_register,
        "shed_hand_size": shed_hand_size,
        **extra,
    }
    return types.SimpleNamespace(**{n: hookimpl(f) for n, f in hooks.items()})


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> Registry:
    """A registry with no installed plugin."""
    monkeypatch.delenv("CARDKIT_STRICT_PLUGINS", raising=False)
    return Registry(load_entry_points=False)


@pytest.fixture
def game(registry: Registry, shed: Any) -> Game[Any, Any]:
    """The hooked Shed, registered with the short-hands plugin."""
    hooked = hooked_shed(shed)
    registry.register(game_plugin(hooked), "shed-game")
    registry.register(house_rules_plugin(), "shed-house")
    return hooked


# -- the rules option -------------------------------------------------------------------------


def test_house_rules_is_an_option_of_every_rules_model(shed: Any) -> None:
    rules = shed.rules()
    assert rules.house_rules == frozenset()
    assert "house_rules" in type(rules).model_fields
    assert rules.model_dump(mode="json")["house_rules"] == []
    schema = type(rules).model_json_schema()["properties"]["house_rules"]
    assert schema["type"] == "array"
    assert schema["description"].startswith("House rules in force")


@given(st.lists(st.from_regex(r"[a-z0-9][a-z0-9_.-]{0,8}", fullmatch=True), max_size=4))
def test_a_list_or_a_comma_separated_string_reads_the_same(names: list[str]) -> None:
    class Plain(Rules):
        """No options of its own."""

    from_list = Plain(house_rules=names)  # type: ignore[arg-type]
    from_text = Plain(house_rules=" , ".join(names))  # type: ignore[arg-type]
    assert from_list == from_text
    assert from_list.house_rules == frozenset(names)
    dumped = json.loads(from_list.model_dump_json())["house_rules"]
    assert dumped == sorted(set(names))
    assert Plain.model_validate_json(from_list.model_dump_json()) == from_list


@pytest.mark.parametrize("bad", ["two words", "a;b", "-dash-first", 3, [1]])
def test_bad_house_rule_names_are_refused(shed: Any, bad: object) -> None:
    with pytest.raises(InvalidRules, match="house_rules"):
        shed.rules(house_rules=bad)


# -- declaring house rules --------------------------------------------------------------------


def test_a_plugin_declares_a_house_rule(registry: Registry, game: Game[Any, Any]) -> None:
    assert catalog(game).house_rules == {
        SHORT: HouseRule(
            name=SHORT, game="shed", description="Two cards each.", source="shed-house"
        )
    }
    assert registry.plugins["shed-house"].house_rules == ["shed:short-hands"]
    assert registry.plugins["shed-game"].house_rules == []
    assert game.rules(house_rules=SHORT).house_rules == {SHORT}
    assert game.rules(house_rules=[SHORT]) == game.rules(house_rules=f" {SHORT} ,")


def test_the_house_rule_changes_the_game_only_when_named(game: Game[Any, Any]) -> None:
    plain = game.start(players=2, seed=4)
    house = game.start(players=2, rules=game.rules(house_rules=SHORT), seed=4)
    assert [len(h) for h in plain.hands] == [3, 3]  # type: ignore[attr-defined]
    assert [len(h) for h in house.hands] == [2, 2]  # type: ignore[attr-defined]


def test_unknown_house_rules_are_refused(registry: Registry, game: Game[Any, Any]) -> None:
    with pytest.raises(InvalidRules) as info:
        game.rules(house_rules="long-hands,short-hands")
    message = str(info.value)
    assert "shed has no house rule 'long-hands'" in message
    assert "its house rules: short-hands (from shed-house)" in message
    assert "install or load the one that provides it" in message


def test_the_message_says_where_a_missing_house_rule_is(
    registry: Registry, game: Game[Any, Any], shed: Any
) -> None:
    other = hooked_shed(shed, "other")
    registry.register(game_plugin(other, specs=False), "other-game")
    registry.register(house_rules_plugin("other", presets=False), "other-house")
    registry.skipped["house-extra"] = "in CARDKIT_DISABLE_PLUGINS"
    registry.unregister("shed-house")
    assert registry.problems == []
    with pytest.raises(InvalidRules) as info:
        game.rules(house_rules=SHORT)
    message = str(info.value)
    assert "its house rules: none" in message
    assert "'short-hands' is a house rule of other" in message
    assert "plugins not loaded: house-extra (in CARDKIT_DISABLE_PLUGINS)" in message


def test_a_game_registered_nowhere_knows_no_house_rule(shed: Any) -> None:
    with pytest.raises(InvalidRules, match="shed has no house rule 'x'; its house rules: none"):
        shed.rules(house_rules="x")


def test_start_refuses_rules_built_with_an_unknown_house_rule(game: Game[Any, Any]) -> None:
    rules = game.rules_model(house_rules={"long-hands"})
    with pytest.raises(InvalidRules, match="no house rule 'long-hands'"):
        game.start(players=2, rules=rules, seed=1)


@pytest.mark.parametrize(
    ("declare", "problem"),
    [
        (lambda register: register.add_house_rule("chess", "x", ""), "unknown game 'chess'"),
        (
            lambda register: register.add_house_rule("shed", "two words", ""),
            "not a house rule name",
        ),
        (
            lambda register: register.add_house_rule("shed", SHORT, "again"),
            "already has a house rule",
        ),
    ],
)
def test_a_bad_declaration_is_a_plugin_problem(
    registry: Registry, game: Game[Any, Any], declare: Callable[[Any], None], problem: str
) -> None:
    bad = types.SimpleNamespace(cardkit_register=hookimpl(declare))
    with pytest.warns(PluginWarning, match=problem):
        info = registry.register(bad, "bad")
    assert info.house_rules == []
    assert [(p.plugin, p.stage) for p in registry.problems] == [("bad", "house_rules")]
    assert catalog(game).house_rules[SHORT].source == "shed-house"


def test_unregistering_the_plugin_forgets_its_house_rules(
    registry: Registry, game: Game[Any, Any]
) -> None:
    registry.unregister("shed-house")
    assert catalog(game).house_rules == {}
    assert game.hooks.functions("shed_hand_size") == ()
    with pytest.raises(InvalidRules, match="no house rule 'short-hands'"):
        game.rules(variant="quick")  # the preset stays, and says what is missing


# -- presets -----------------------------------------------------------------------------------


def test_a_preset_switches_a_house_rule_on(game: Game[Any, Any]) -> None:
    assert catalog(game).variants["quick"].options == {"house_rules": [SHORT]}
    rules = game.rules(variant="quick")
    assert rules.house_rules == {SHORT}
    assert game.rules(variant="quick", house_rules=[]).house_rules == frozenset()
    state = game.start(players=2, rules=rules, seed=1)
    assert [len(h) for h in state.hands] == [2, 2]  # type: ignore[attr-defined]


def test_a_preset_naming_an_unknown_house_rule_is_refused(
    registry: Registry, game: Game[Any, Any]
) -> None:
    def cardkit_register(register: Any) -> None:
        register.add_variant("shed", "long", {"house_rules": ["long-hands"]}, "Long hands.")

    with pytest.warns(PluginWarning, match="variant 'long' of shed: shed has no house rule"):
        registry.register(
            types.SimpleNamespace(cardkit_register=hookimpl(cardkit_register)),
            "bad-preset",
        )
    assert "long" not in catalog(game).variants


def test_a_plugin_may_preset_its_own_house_rule_at_run_time(registry: Registry, shed: Any) -> None:
    """House rules are declared before presets, within one plugin and across plugins."""
    hooked = hooked_shed(shed)
    registry.register(game_plugin(hooked), "shed-game")
    info = registry.register(house_rules_plugin(), "shed-house")
    assert info.variants == ["shed:quick"]
    assert registry.problems == []


# -- saved games -------------------------------------------------------------------------------


def played(game: Game[Any, Any], **options: Any) -> GameState:
    state: GameState = game.start(players=2, rules=game.rules(**options), seed=11)
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    return state


def test_a_save_records_the_house_rules_and_loads(game: Game[Any, Any]) -> None:
    state = played(game, variant="quick")
    saved = SavedGame.parse(state.to_json())
    assert saved.rules["house_rules"] == [SHORT]
    assert saved.house_rule_sources == {SHORT: "shed-house"}
    loaded = game.load_state(state.to_json())
    assert loaded.setup.rules.house_rules == {SHORT}
    assert loaded.snapshot() == state.snapshot()


def test_a_save_without_house_rules_records_none(game: Game[Any, Any]) -> None:
    saved = SavedGame.parse(played(game).to_json())
    assert saved.rules["house_rules"] == []
    assert saved.house_rule_sources == {}


def test_a_save_needing_a_missing_house_rule_is_refused(
    registry: Registry, game: Game[Any, Any], shed: Any
) -> None:
    text = played(game, house_rules=SHORT).to_json()
    bare = Registry(load_entry_points=False)
    bare.register(game_plugin(hooked_shed(shed)), "shed-game")
    with pytest.raises(InvalidState) as info:
        bare.game("shed").load_state(text)
    assert str(info.value) == (
        "this save was played with the shed house rule 'short-hands' (from plugin 'shed-house'), "
        "which this installation does not have (its shed house rules: none); install or load "
        "the plugin that provides it, then load the save again"
    )


def test_an_edited_house_rule_in_a_save_is_refused(game: Game[Any, Any]) -> None:
    data = json.loads(played(game, house_rules=SHORT).to_json())
    data["rules"]["house_rules"] = []
    with pytest.raises(InvalidState, match=r"does not match|is illegal"):
        game.load_state(json.dumps(data))
    data["rules"]["house_rules"] = ["bad name"]
    with pytest.raises(InvalidState, match="the saved setup is invalid"):
        game.load_state(json.dumps(data))


def test_a_save_from_before_house_rules_still_loads(game: Game[Any, Any]) -> None:
    data = json.loads(played(game).to_json())
    del data["rules"]["house_rules"]
    del data["house_rule_sources"]
    assert game.load_state(json.dumps(data)).setup.rules.house_rules == frozenset()


def test_the_process_wide_registry_is_untouched() -> None:
    """These tests use registries of their own."""
    for name in cardkit.available_games():
        assert "shed" not in name
