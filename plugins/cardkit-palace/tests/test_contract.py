"""The cardkit contract suite on Palace, with an action cap (random games can run very long)."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from cardkit.testing.contract import GameContract


class TestPalaceContract(GameContract):
    """Palace passes the game contract, default rules, 2 to 5 players."""

    game_name = "palace"
    max_actions: ClassVar[int] = 600


@pytest.mark.slow
class TestPalaceVariantsContract(GameContract):
    """Presets and the options that change the state machine most pass it too (slow: ~30 s)."""

    game_name = "palace"
    player_counts = (2, 4)
    max_actions: ClassVar[int] = 600
    rule_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {"variant": "shithead"},
        {"variant": "quick"},
        {
            "four_of_a_kind_across_plays": False,
            "burn_rule": "next_player",
            "first_player_rule": "lowest_face_up",
            "first_play_must_include_lowest": True,
        },
        {"zone_size": 4, "allow_mixed_source_play": True, "next_dealer": "loser"},
    )
