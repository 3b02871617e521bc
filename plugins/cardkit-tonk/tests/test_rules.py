"""The rules model: every option of section 7, the texas preset and the validation."""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_tonk import TEXAS, TonkRules
from cardkit_tonk.rules import cards_dealt

import cardkit
from cardkit import InvalidRules, catalog

GAME = cardkit.load_game("tonk")

#: Every option of the spec's section 7 with its default (17, the preset, is below).
DEFAULTS: dict[str, Any] = {
    "stake": 1,
    "hand_size": 5,
    "dealer_upcard": True,
    "drop_timing": "before_draw",
    "hit_lock_turns": 1,
    "hit_bonus_discard": "none",
    "hit_runs_only": False,
    "ace_in_runs": "low_or_high",
    "six_card_tonk": False,
    "double_double": "off",
    "caught_rule": "wikipedia",
    "deal_high_win": "off",
    "deal_50_multiplier": 2,
    "deal_49_multiplier": 2,
    "deal_13_or_less_double": False,
    "deal_9_or_less_triple": False,
    "spades_side_pot": False,
    "spades_stake": None,
    "spades_ace_high": True,
    "stock_end": "after_last_draw_turn",
    "stock_tie": "void",
    "picture_values": "all_ten",
    "drop_max_count": None,
    "take_discard_must_use": False,
    "max_hits_per_turn": None,
    "forbid_discard_of_taken_card": False,
}


def test_every_option_with_its_default_and_a_description() -> None:
    rules = GAME.rules()
    assert rules.model_dump(exclude={"house_rules"}) == DEFAULTS  # the core's option
    assert rules.house_rules == frozenset()
    for name, field in TonkRules.model_fields.items():
        assert field.description, f"{name} has no description"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("stake", 5),
        ("hand_size", 7),
        ("hand_size", 9),
        ("hand_size", "by_player_count"),
        ("dealer_upcard", False),
        ("drop_timing", "anytime"),
        ("hit_lock_turns", 0),
        ("hit_lock_turns", 3),
        ("hit_bonus_discard", "per_hit"),
        ("hit_runs_only", True),
        ("ace_in_runs", "low_only"),
        ("six_card_tonk", True),
        ("double_double", "responder_wins"),
        ("double_double", "tonker_wins"),
        ("caught_rule", "pagat"),
        ("caught_rule", "double_to_lowest"),
        ("deal_high_win", "49_or_50"),
        ("deal_high_win", "50_only"),
        ("deal_high_win", "50_now_49_in_turn"),
        ("deal_50_multiplier", 3),
        ("deal_49_multiplier", 1),
        ("deal_13_or_less_double", True),
        ("deal_9_or_less_triple", True),
        ("spades_side_pot", True),
        ("stock_end", "when_draw_needed"),
        ("stock_tie", "all_tied_paid"),
        ("picture_values", "jqk_11_12_13"),
        ("drop_max_count", 10),
        ("take_discard_must_use", True),
        ("max_hits_per_turn", 1),
        ("forbid_discard_of_taken_card", True),
    ],
)
def test_each_option_is_accepted(name: str, value: Any) -> None:
    rules = GAME.rules(**{name: value})
    assert getattr(rules, name) == value


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"stake": 0}, "stake"),
        ({"hand_size": 6}, "hand_size"),
        ({"drop_timing": "never"}, "drop_timing"),
        ({"hit_lock_turns": -1}, "hit_lock_turns"),
        ({"deal_50_multiplier": 0}, "deal_50_multiplier"),
        ({"hand_size": 7, "deal_high_win": "49_or_50"}, "5-card hands"),
        ({"hand_size": 9, "deal_13_or_less_double": True}, "5-card hands"),
        ({"hand_size": 7, "deal_9_or_less_triple": True}, "5-card hands"),
        ({"hand_size": 9, "deal_49_multiplier": 1}, "5-card hands"),
        ({"hand_size": 7, "deal_50_multiplier": 3}, "5-card hands"),
        ({"spades_stake": 2}, "spades_side_pot"),
        ({"spades_ace_high": False}, "spades_side_pot"),
        ({"hand_size": 7, "variant": "texas"}, "5-card hands"),
    ],
)
def test_bad_options_are_refused_with_a_reason(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidRules, match=message):
        GAME.rules(**options)


def test_player_dependent_validation() -> None:
    dd = GAME.rules(double_double="responder_wins")
    GAME.start(players=2, rules=dd, seed=1)
    with pytest.raises(InvalidRules, match="2-player rule"):
        GAME.start(players=3, rules=dd, seed=1)
    nine = GAME.rules(hand_size=9)
    GAME.start(players=5, rules=nine, seed=1)  # 45 cards dealt: the limit
    with pytest.raises(InvalidRules, match="at most 45"):
        GAME.start(players=6, rules=nine, seed=1)
    with pytest.raises(InvalidRules, match="2 to 6 players"):
        GAME.start(players=7, seed=1)
    mapped = GAME.rules(hand_size="by_player_count", deal_high_win="49_or_50")
    GAME.start(players=4, rules=mapped, seed=1)  # 4 players get 5 cards
    with pytest.raises(InvalidRules, match="deals 7 cards to 3 players"):
        GAME.start(players=3, rules=mapped, seed=1)


def test_hand_size_mapping() -> None:
    assert [cards_dealt("by_player_count", n) for n in range(2, 7)] == [9, 7, 5, 5, 5]
    assert cards_dealt(7, 4) == 7
    assert GAME.rules(hand_size="7").hand_size == 7  # text from a command line
    for players, size in ((2, 9), (3, 7), (4, 5)):
        state = GAME.start(players=players, rules=GAME.rules(hand_size="by_player_count"), seed=2)
        assert state.view(0).hand_sizes == [size] * players


def test_texas_preset() -> None:
    assert "texas" in catalog(GAME).variants
    assert catalog(GAME).variants["texas"] == TEXAS
    texas = GAME.rules(variant="texas")
    assert texas.caught_rule == "double_to_lowest"
    assert texas.deal_high_win == "49_or_50"
    assert texas.deal_50_multiplier == 2
    assert texas.deal_49_multiplier == 1
    assert texas.stake == 1  # the rest stays at the defaults
    override = GAME.rules(variant="texas", caught_rule="pagat", deal_high_win="off")
    assert override.caught_rule == "pagat"  # explicit options override the preset
    assert override.deal_high_win == "off"
    assert override.deal_49_multiplier == 1
    with pytest.raises(InvalidRules, match="no variant"):
        GAME.rules(variant="oklahoma")


def test_side_stake_defaults_to_the_stake() -> None:
    assert GAME.rules(stake=3, spades_side_pot=True).side_stake == 3
    assert GAME.rules(stake=3, spades_side_pot=True, spades_stake=1).side_stake == 1


def test_rules_round_trip_through_json() -> None:
    rules = GAME.rules(variant="texas", spades_side_pot=True, spades_ace_high=False, hand_size=5)
    again = TonkRules.model_validate_json(rules.model_dump_json())
    assert again == rules
    dumped = GAME.rules().model_dump(mode="json")
    assert TonkRules.model_validate(dumped) == GAME.rules()


def test_game_metadata() -> None:
    assert cardkit.load_game("tunk") is GAME
    assert GAME.name == "tonk"
    assert (GAME.players.min, GAME.players.max) == (2, 6)
    assert "heuristic" in catalog(GAME).bots
