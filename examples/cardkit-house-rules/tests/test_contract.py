"""The game contract with the house rules on: each game still honours it."""

from __future__ import annotations

from typing import Any, ClassVar

from cardkit.testing.contract import GameContract

# -- the contract, with the house rules on ----------------------------------------------------


# --8<-- [start:contract]
class TestPalaceWithHouseRules(GameContract):
    """Palace with eight-skips and the table preset still honours the game contract."""

    game_name = "palace"
    player_counts = (3,)
    rule_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {"variant": "table", "house_rules": ["eight-skips"]},
    )
    seeds = (0, 1)
    examples = 2
    max_actions: ClassVar[int] = 600


class TestPalaceWithNineReverses(GameContract):
    """Palace with nine-reverses (and eight-skips) still honours the game contract."""

    game_name = "palace"
    player_counts = (4,)
    rule_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {"house_rules": ["nine-reverses", "eight-skips"]},
    )
    seeds = (0, 1)
    examples = 2
    max_actions: ClassVar[int] = 600


class TestTonkWithHouseRules(GameContract):
    """Tonk with low-drop-double and the ten-or-less preset still honours the game contract."""

    game_name = "tonk"
    player_counts = (3,)
    rule_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {"variant": "ten-or-less", "house_rules": ["low-drop-double"]},
    )
    seeds = (0, 1)
    examples = 2


class TestTienLenWithHouseRules(GameContract):
    """Tiến lên with threes-beat-a-two and the southern preset still honours the game contract."""

    game_name = "tienlen"
    player_counts = (4,)
    rule_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {"house_rules": ["threes-beat-a-two"]},
        {"variant": "southern", "house_rules": ["threes-beat-a-two"]},
    )
    seeds = (0, 1)
    examples = 2


class TestTienLenWithWrappingRuns(GameContract):
    """Tiến lên with wrapping-runs (an added combination) still honours the game contract."""

    game_name = "tienlen"
    player_counts = (4,)
    rule_sets: ClassVar[tuple[dict[str, Any], ...]] = ({"house_rules": ["wrapping-runs"]},)
    seeds = (0, 1)
    examples = 2


# --8<-- [end:contract]
