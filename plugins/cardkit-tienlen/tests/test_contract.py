"""The cardkit contract suite (``cardkit.testing``) on Tiến lên, with its presets and options."""

from __future__ import annotations

import pytest
from cardkit_tienlen.probes import BeatProbes

import cardkit
from cardkit.testing import check_game
from cardkit.testing.contract import GameContract


class TestTienLenContract(GameContract):
    """Default rules, presets and option mixes, with 3 and 4 players (2-4 for the default)."""

    game_name = "tienlen"
    player_counts = (3, 4)
    rule_sets = (
        {},
        {"variant": "southern"},
        {"variant": "quick"},
        {"pass_lock": False, "first_lead_requires_3s": False, "instant_wins": []},
        {"bomb_overrides_pass": True, "placement_points": [5, 1]},
    )
    seeds = (0, 1)
    examples = 3
    # Rules that refuse, and allow, every beat: the listing must follow a house rule's
    # decision in every case (the house rules installed are checked as well).
    house_rule_plugins = (BeatProbes(),)


@pytest.mark.slow  # a long cross-check: the whole run has it, the quick run not
def test_check_game_on_every_player_count() -> None:
    """The one-call check of the whole contract passes for 2, 3 and 4 players."""
    check_game(cardkit.load_game("tienlen"))
