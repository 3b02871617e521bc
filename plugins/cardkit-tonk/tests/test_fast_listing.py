"""Tonk's fast legal listing equals its checks' reference listing, state by state.

The contract suite samples states of a few games; these play more of them
under the options that change the listing most (drops any time, bonus
discards, the taken card, hit limits, the side pot and the response phase).
"""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_tonk.testing import play, stacked_deck

import cardkit
from cardkit.testing.fastlisting import check_fast_listing, check_fast_listings

GAME = cardkit.load_game("tonk")

RULE_SETS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (4, {}),
    (3, {"drop_timing": "anytime", "hit_bonus_discard": "per_hit", "hit_lock_turns": 2}),
    (2, {"take_discard_must_use": True, "forbid_discard_of_taken_card": True}),
    (3, {"max_hits_per_turn": 1, "hit_runs_only": True, "ace_in_runs": "low_only"}),
    (2, {"spades_side_pot": True, "deal_high_win": "50_now_49_in_turn", "drop_max_count": 12}),
    (2, {"double_double": "responder_wins", "stock_end": "when_draw_needed"}),
]


@pytest.mark.parametrize(("players", "options"), RULE_SETS)
def test_the_fast_listing_equals_the_checks(players: int, options: dict[str, Any]) -> None:
    rules = GAME.rules(**options)
    assert check_fast_listings(GAME, players, range(12), rules=rules) > 12


def test_the_response_phase_lists_what_its_check_accepts() -> None:
    hands = ["5H 6H KC KD KH", "8H 9H QC QD QS"]
    deck = stacked_deck(hands, upcard="2S", stock="7H")
    state = GAME.start(players=2, rules=GAME.rules(double_double="tonker_wins"), deck=deck)
    state = play(state, "draw", "spread KC KD KH", "spread 5H 6H 7H")
    assert state.phase == "response"
    check_fast_listing(state)
    assert [str(a) for a in state.legal_actions()] == [
        "pass",
        "respond spread QC QD QS; hit 8H 2; hit 9H 2",
    ]
    assert state.refusal(state.parse_action("respond spread QC QD QS; hit 8H 2")) is not None
