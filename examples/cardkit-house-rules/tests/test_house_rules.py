"""The house rules change exactly what they say when switched on, and nothing otherwise."""

from __future__ import annotations

import doctest
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import cardkit_house_rules
import pytest
from cardkit_house_rules import (
    ENV_VAR,
    HOUSE_RULES,
    UnknownHouseRule,
    active,
    disable,
    enable,
    enabled,
)
from cardkit_palace import CardEffect, PalaceState
from cardkit_palace.setups import stacked_deck as palace_deck
from cardkit_tonk import TonkState
from cardkit_tonk.testing import stacked_deck as tonk_deck

import cardkit
from cardkit import Rank
from cardkit.plugins import PluginWarning, Registry
from cardkit.testing.contract import GameContract

PALACE = cardkit.load_game("palace")
TONK = cardkit.load_game("tonk")
A, B, C, D = 0, 1, 2, 3


@pytest.fixture(autouse=True)
def _all_off() -> Iterator[None]:
    """Every test starts and ends with every house rule off."""
    assert active() == []
    yield
    disable(*HOUSE_RULES)


# -- Palace: eight-skips ------------------------------------------------------------------------


# --8<-- [start:palace]
def palace_after_eight(**options: Any) -> PalaceState:
    """Four players, seat A to start; A plays the 8 of spades."""
    rules = PALACE.rules(first_player_rule="left_of_dealer", **options)
    hands = {A: "8S 5D 6D", B: "3C 4C 5C", C: "9C JC QC", D: "9D JD QD"}
    deck = palace_deck(4, hands=hands, stock="7S 7H 7D 7C")
    state: PalaceState = PALACE.start(4, rules, deck=deck)
    for _ in range(4):
        state = state.apply("ready")
    assert state.to_act == A
    return state.apply("play 8S")


def test_without_the_house_rule_an_eight_skips_nobody() -> None:
    assert palace_after_eight().to_act == B


def test_eight_skips_the_next_player() -> None:
    enable("eight-skips")
    assert active() == ["eight-skips"]
    assert palace_after_eight().to_act == C
    disable("eight-skips")
    assert palace_after_eight().to_act == B


# --8<-- [end:palace]


def test_eight_skips_changes_the_eight_only() -> None:
    plain = PALACE.start(4, seed=3).tables.effects
    with enabled("eight-skips"):
        house = PALACE.start(4, seed=3).tables.effects
    assert house[Rank.EIGHT] == CardEffect(skip=1)
    assert {r: e for r, e in house.items() if r != Rank.EIGHT} == {
        r: e for r, e in plain.items() if r != Rank.EIGHT
    }


def test_a_game_keeps_the_rules_it_was_dealt_with() -> None:
    with enabled("eight-skips"):
        rules = PALACE.rules(first_player_rule="left_of_dealer")
        hands = {A: "8S 5D 6D", B: "3C 4C 5C", C: "9C JC QC", D: "9D JD QD"}
        state = PALACE.start(4, rules, deck=palace_deck(4, hands=hands, stock="7S 7H 7D 7C"))
    for _ in range(4):
        state = state.apply("ready")
    assert state.apply("play 8S").to_act == C


# -- Tonk: low-drop-double ------------------------------------------------------------------------


# --8<-- [start:tonk]
def tonk_drop(hands: list[str], **options: Any) -> TonkState:
    """Deal ``hands`` and let seat 0 drop at once."""
    deck = tonk_deck(hands, upcard="7S")
    state: TonkState = TONK.start(players=len(hands), rules=TONK.rules(**options), deck=deck)
    return state.apply("drop")


LOW = ["AS AC AD AH 2D", "4C 5C KD QS 2H", "9S 9H TD JC 3S"]  # counts 6, 31, 41
HIGH = ["5S 5C 2D 2H AC", "4D 6C KD QS 2S", "9S 9H TD JC 3S"]  # counts 15, 32, 41
CAUGHT = ["9C 9D 2D 2H AC", "AS AH AD 2C 3H", "9S 9H TD JC 3S"]  # counts 23, 8, 41


def test_without_the_house_rule_a_drop_pays_one_stake() -> None:
    state = tonk_drop(LOW)
    assert state.result().reason == "drop_win"
    assert state.result().net == [2, -1, -1]


def test_a_winning_drop_at_ten_or_less_pays_double() -> None:
    with enabled("low-drop-double"):
        state = tonk_drop(LOW, stake=3)
    result = state.result()
    assert result.reason == "drop_win"
    assert result.net == [12, -6, -6]
    assert {p.reason for p in result.payments} == {"low_drop"}


def test_a_winning_drop_above_ten_pays_as_before() -> None:
    with enabled("low-drop-double"):
        state = tonk_drop(HIGH)
    assert state.result().details["counts"][0] == 15
    assert state.result().reason == "drop_win"
    assert state.result().net == [2, -1, -1]


# --8<-- [end:tonk]


def test_a_caught_drop_pays_as_before() -> None:
    plain = tonk_drop(CAUGHT).result()
    with enabled("low-drop-double"):
        house = tonk_drop(CAUGHT).result()
    assert house.reason == plain.reason == "drop_caught"
    assert house.payments == plain.payments


def test_the_ten_or_less_preset_forbids_higher_drops() -> None:
    deck = tonk_deck(HIGH, upcard="7S")
    assert "drop" in [str(a) for a in TONK.start(3, deck=deck).legal_actions()]
    preset = TONK.rules(variant="ten-or-less")
    assert preset.drop_max_count == 10
    assert "drop" not in [str(a) for a in TONK.start(3, preset, deck=deck).legal_actions()]


# -- switching on and off ----------------------------------------------------------------------


def test_the_presets_come_from_this_plugin() -> None:
    assert PALACE.variants["table"].source == "house-rules"
    assert TONK.variants["ten-or-less"].source == "house-rules"
    info = cardkit.registry().plugins["house-rules"]
    assert info.api_version == "1.0"
    assert sorted(info.variants) == ["palace:table", "tonk:ten-or-less"]
    assert info.games == []


def test_unknown_names_are_refused() -> None:
    with pytest.raises(UnknownHouseRule, match="no house rule named 'nine-skips'; house rules:"):
        enable("nine-skips")
    assert active() == []


def test_enabled_leaves_rules_that_were_on_on() -> None:
    enable("eight-skips")
    with enabled("eight-skips", "low-drop-double"):
        assert active() == ["eight-skips", "low-drop-double"]
    assert active() == ["eight-skips"]


def test_the_environment_switches_rules_on_when_the_registry_loads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(ENV_VAR, " eight-skips , low-drop-double")
    registry = Registry()
    assert active(registry) == ["eight-skips", "low-drop-double"]
    assert active() == []  # the process-wide registry was loaded before
    game = registry.game("palace")
    assert game.start(4, seed=1).tables.effects[Rank.EIGHT].skip == 1
    disable("eight-skips", registry=registry)
    assert active(registry) == ["low-drop-double"]
    assert game.start(4, seed=1).tables.effects[Rank.EIGHT].skip == 0


def test_an_unknown_name_in_the_environment_is_a_plugin_problem(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(ENV_VAR, "eight-skips,nine-skips")
    with pytest.warns(PluginWarning, match="no house rule named 'nine-skips'"):
        registry = Registry()
    assert active(registry) == ["eight-skips"]
    assert [p.plugin for p in registry.problems] == ["house-rules"]
    assert registry.available() == cardkit.available_games()  # the games are unharmed


def test_the_games_do_not_name_this_package() -> None:
    plugins = Path(__file__).resolve().parents[3] / "plugins"
    if not plugins.is_dir():
        pytest.skip("the game plugins' sources are not part of this checkout")
    pattern = re.compile(r"cardkit[-_]house[-_]rules|house-rules\b")
    for path in plugins.glob("*/src/**/*.py"):
        assert not pattern.search(path.read_text(encoding="utf-8")), path


def test_the_docstring_example_runs() -> None:
    failures, tried = doctest.testmod(cardkit_house_rules, report=True)
    assert tried > 0
    assert failures == 0


# -- the contract, with the house rules on ----------------------------------------------------


# --8<-- [start:contract]
class _HouseRulesOn(GameContract):
    @pytest.fixture(autouse=True)
    def _house_rules_on(self) -> Iterator[None]:
        with enabled(*HOUSE_RULES):
            yield


class TestPalaceWithHouseRules(_HouseRulesOn):
    """Palace with eight-skips and the table preset still honours the game contract."""

    game_name = "palace"
    player_counts = (3,)
    rule_sets: ClassVar[tuple[dict[str, Any], ...]] = ({"variant": "table"},)
    seeds = (0, 1)
    examples = 2
    max_actions: ClassVar[int] = 600


class TestTonkWithHouseRules(_HouseRulesOn):
    """Tonk with low-drop-double and the ten-or-less preset still honours the game contract."""

    game_name = "tonk"
    player_counts = (3,)
    rule_sets: ClassVar[tuple[dict[str, Any], ...]] = ({"variant": "ten-or-less"},)
    seeds = (0, 1)
    examples = 2


# --8<-- [end:contract]
