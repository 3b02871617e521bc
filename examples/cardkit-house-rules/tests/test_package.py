"""The package: the house rules and presets it registers, its refusals, and that the games
never name it."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import cardkit_house_rules
import pytest

import cardkit
from cardkit import InvalidRules, catalog

PALACE = cardkit.load_game("palace")
TONK = cardkit.load_game("tonk")
TIENLEN = cardkit.load_game("tienlen")


def test_the_house_rules_and_presets_come_from_this_plugin() -> None:
    assert catalog(PALACE).house_rules["eight-skips"].source == "house-rules"
    assert catalog(TONK).house_rules["low-drop-double"].source == "house-rules"
    assert catalog(TIENLEN).house_rules["threes-beat-a-two"].source == "house-rules"
    assert (
        catalog(PALACE).house_rules["eight-skips"].description
        == cardkit_house_rules.EIGHT_SKIPS.description
    )
    info = cardkit.registry().plugins["house-rules"]
    assert info.api_version == "1.0"
    assert info.games == []
    assert info.house_rules == [
        "palace:eight-skips",
        "tonk:low-drop-double",
        "tienlen:threes-beat-a-two",
        "palace:nine-reverses",
        "tienlen:wrapping-runs",
    ]
    assert sorted(info.variants) == [
        "palace:eight-skips",
        "palace:table",
        "tienlen:threes-beat-a-two",
        "tonk:low-drop-double",
        "tonk:ten-or-less",
    ]
    for game, variant in cardkit_house_rules.PRESETS:
        assert catalog(cardkit.load_game(game)).variants[variant.name].source == "house-rules"


def test_unknown_house_rules_are_refused() -> None:
    with pytest.raises(
        InvalidRules,
        match=r"palace has no house rule 'nine-skips'; its house "
        r"rules: eight-skips \(from house-rules\)",
    ):
        PALACE.rules(house_rules="nine-skips")
    with pytest.raises(InvalidRules, match="'low-drop-double' is a house rule of tonk"):
        PALACE.rules(house_rules="low-drop-double")


# -- the package -------------------------------------------------------------------------------


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
