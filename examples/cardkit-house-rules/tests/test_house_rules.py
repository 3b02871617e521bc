"""The house rules change exactly what they say when named in ``house_rules``; nothing else."""

from __future__ import annotations

# --8<-- [start:imports]
import json
import random
import warnings
from itertools import combinations
from typing import Any

import pytest
from cardkit_palace import CardEffect, PalaceState
from cardkit_palace.setups import stacked_deck as palace_deck
from cardkit_tienlen import PASS, Kind, Play, TienLenState
from cardkit_tienlen.combos import game_mask
from cardkit_tienlen.decks import start_with_hands
from cardkit_tonk import TonkState
from cardkit_tonk.testing import stacked_deck as tonk_deck

import cardkit
from cardkit import GameState, IllegalAction, InvalidRules, InvalidState, Rank
from cardkit.engine.saves import SavedGame
from cardkit.plugins.registry import PluginWarning, Registry

# --8<-- [end:imports]

PALACE = cardkit.load_game("palace")
TONK = cardkit.load_game("tonk")
TIENLEN = cardkit.load_game("tienlen")
A, B, C, D = 0, 1, 2, 3


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
    assert palace_after_eight(house_rules=["eight-skips"]).to_act == C
    assert palace_after_eight(variant="eight-skips").to_act == C  # the preset


# --8<-- [end:palace]


def test_eight_skips_changes_the_eight_only() -> None:
    plain = PALACE.start(4, seed=3).tables.effects
    house = PALACE.start(4, PALACE.rules(house_rules="eight-skips"), seed=3).tables.effects
    assert plain[Rank.EIGHT] == CardEffect()
    assert house[Rank.EIGHT] == CardEffect(skip=1)
    assert {r: e for r, e in house.items() if r != Rank.EIGHT} == {
        r: e for r, e in plain.items() if r != Rank.EIGHT
    }


def test_eight_skips_goes_with_other_options_and_presets() -> None:
    rules = PALACE.rules(variant="table", house_rules="eight-skips")
    assert rules.house_rules == {"eight-skips"}
    assert rules.first_player_rule == "left_of_dealer"
    assert PALACE.start(4, rules, seed=3).tables.effects[Rank.EIGHT].skip == 1


# -- Palace: nine-reverses ---------------------------------------------------------------------


def palace_after_nine(players: int = 4, **options: Any) -> PalaceState:
    """Seat A to start, holding the 9 of spades (and D the 9 of diamonds); A plays 9S."""
    rules = PALACE.rules(first_player_rule="left_of_dealer", **options)
    hands = {A: "9S 5D 6D", B: "3C 4C 5C", C: "JC QC KC", D: "9D JD QD"}
    stock = "7S 8S 8H 8D 8C"  # no J, Q or 9 drawn: no window opens
    deck = palace_deck(players, hands={s: h for s, h in hands.items() if s < players}, stock=stock)
    state: PalaceState = PALACE.start(players, rules, deck=deck)
    for _ in range(players):
        state = state.apply("ready")
    assert state.to_act == A
    return state.apply("play 9S")


def test_without_the_house_rule_a_nine_reverses_nothing() -> None:
    state = palace_after_nine()
    assert state.to_act == B
    assert state.direction == 1
    assert "reverse" not in [e.kind for e in state.last_events]
    assert "direction" not in state.snapshot()


@pytest.mark.parametrize("players", [3, 4])
def test_a_nine_reverses_the_order_of_play(players: int) -> None:
    state = palace_after_nine(players, house_rules=["nine-reverses"])
    last = players - 1  # counter-clockwise from A: the last seat
    assert state.to_act == last
    assert state.direction == -1
    reverse = next(e for e in state.last_events if e.kind == "reverse")
    assert (reverse.seat, reverse.data) == (A, {"direction": -1})
    assert state.snapshot()["direction"] == -1
    state = state.apply("play JD" if players == 4 else "play JC")
    assert state.to_act == last - 1  # the order stays reversed
    assert PALACE.load_state(state.to_json()).to_act == last - 1


def test_a_second_nine_turns_the_order_back() -> None:
    state = palace_after_nine(house_rules=["nine-reverses"])
    assert state.to_act == D
    state = state.apply("play 9D")
    assert state.direction == 1
    assert state.to_act == A  # clockwise after D


def test_a_nine_and_an_eight_skip_go_the_reversed_way() -> None:
    state = palace_after_nine(house_rules=["nine-reverses", "eight-skips"])
    assert state.to_act == D
    rules = PALACE.rules(house_rules=["nine-reverses", "eight-skips"])
    effects = PALACE.start(4, rules, seed=3).tables.effects
    assert effects[Rank.NINE] == CardEffect(reverses=True)
    assert effects[Rank.EIGHT] == CardEffect(skip=1)


def test_with_two_players_reversing_changes_nothing() -> None:
    assert palace_after_nine(2, house_rules=["nine-reverses"]).to_act == B
    for seed in range(3):
        plain = _random_game(PALACE, 2, seed)
        house = _random_game(PALACE, 2, seed, house_rules="nine-reverses")
        assert [str(a) for a in house.history] == [str(a) for a in plain.history]


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
    result = tonk_drop(LOW, house_rules="low-drop-double", stake=3).result()
    assert result.reason == "drop_win"
    assert result.net == [12, -6, -6]
    assert {p.reason for p in result.payments} == {"low_drop"}
    assert tonk_drop(LOW, variant="low-drop-double").result().net == [4, -2, -2]  # the preset


def test_a_winning_drop_above_ten_pays_as_before() -> None:
    state = tonk_drop(HIGH, house_rules="low-drop-double")
    assert state.result().details["counts"][0] == 15
    assert state.result().reason == "drop_win"
    assert state.result().net == [2, -1, -1]


# --8<-- [end:tonk]


def test_a_caught_drop_pays_as_before() -> None:
    plain = tonk_drop(CAUGHT).result()
    house = tonk_drop(CAUGHT, house_rules="low-drop-double").result()
    assert house.reason == plain.reason == "drop_caught"
    assert house.payments == plain.payments


def test_the_ten_or_less_preset_forbids_higher_drops() -> None:
    deck = tonk_deck(HIGH, upcard="7S")
    assert "drop" in [str(a) for a in TONK.start(3, deck=deck).legal_actions()]
    preset = TONK.rules(variant="ten-or-less")
    assert preset.drop_max_count == 10
    assert preset.house_rules == frozenset()
    assert "drop" not in [str(a) for a in TONK.start(3, preset, deck=deck).legal_actions()]


# -- Tiến lên: threes-beat-a-two --------------------------------------------------------------


# --8<-- [start:tienlen]
def refused(state: TienLenState, action: str) -> IllegalAction:
    """Apply ``action``: it must be refused, and change nothing."""
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.snapshot() == before
    return info.value


def tienlen_on_a_two(**options: Any) -> TienLenState:
    """Four players, seat A leads the 2 of spades; seat B holds the 3s of spades and hearts."""
    state = start_with_hands({A: "2S 9C", B: "3S 3H 4D 4H"}, leader=A, **options)
    return state.apply("play 2S")


def pairs(state: TienLenState) -> set[str]:
    """The pairs among the legal actions."""
    return {str(a) for a in state.legal_actions() if isinstance(a, Play) and a.kind == Kind.PAIR}


def test_without_the_house_rule_no_pair_beats_a_two() -> None:
    state = tienlen_on_a_two()
    assert state.to_act == B
    assert pairs(state) == set()
    assert refused(state, "play 3S 3H").code == "does_not_beat"


def test_a_pair_of_threes_beats_a_single_two() -> None:
    state = tienlen_on_a_two(house_rules=["threes-beat-a-two"])
    assert "play 3S 3H" in pairs(state)
    assert {p.split()[1][0] + p.split()[2][0] for p in pairs(state)} == {"33"}  # 3s only
    assert refused(state, "play 4D 4H").code == "does_not_beat"  # other pairs still do not
    after = state.apply("play 3S 3H")
    assert after.current == Play("3S 3H")
    assert after.to_act == C  # and the next player may follow with a higher pair
    assert tienlen_on_a_two(variant="threes-beat-a-two").apply("play 3S 3H").to_act == C


# --8<-- [end:tienlen]


def test_threes_do_not_beat_a_pair_of_twos() -> None:
    state = start_with_hands(
        {A: "2S 2C 9C", B: "3S 3H 4D"}, leader=A, house_rules=["threes-beat-a-two"]
    ).apply("play 2S 2C")
    assert pairs(state) == set()
    assert "does not beat" in str(refused(state, "play 3S 3H"))


def test_threes_beat_a_two_changes_nothing_else() -> None:
    """Every listing is the game's own, plus the pairs of 3s when a single 2 is to beat."""
    plain = TIENLEN.beating(TIENLEN.rules())
    rng = random.Random(0)
    for seed in range(4):
        state = TIENLEN.start(4, TIENLEN.rules(house_rules="threes-beat-a-two"), seed=seed)
        while not state.is_over:
            current, seat = state.current, state.to_act
            if current is not None and seat is not None:
                got = set(state.legal_actions()) - {PASS}
                expected = set(plain.follows(game_mask(state.hand(seat)), current, False))
                threes = [c for c in state.hand(seat) if c.rank == Rank.THREE]
                on_a_two = current.kind == Kind.SINGLE and current.high.rank == Rank.TWO
                assert got - expected == (
                    {Play(pair) for pair in combinations(threes, 2)} if on_a_two else set()
                )
                assert expected <= got
            state = state.apply(rng.choice(state.legal_actions()))


# -- declared, validated, shown ----------------------------------------------------------------


def test_a_game_started_without_a_house_rule_plays_as_before() -> None:
    """No house rule named: the same game, move for move, as with the plugin not loaded."""
    bare = _registry_without_this_plugin()
    for name, players in (("palace", 3), ("tonk", 3), ("tienlen", 4)):
        with_plugin = _random_game(cardkit.load_game(name), players, seed=5)
        without = _random_game(bare.game(name), players, seed=5)
        assert [str(a) for a in with_plugin.history] == [str(a) for a in without.history]
        assert with_plugin.snapshot() == without.snapshot()


# -- saved games -------------------------------------------------------------------------------


def _random_game(
    game: cardkit.Game[Any, Any], players: int, seed: int, **options: Any
) -> GameState:
    """A game played to its end (or 400 actions) by seeded random choices."""
    rng = random.Random(seed)
    state: GameState = game.start(players, game.rules(**options), seed=seed)
    while not state.is_over and state.action_count < 400:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _registry_without_this_plugin() -> Registry:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        return Registry(disable={"house-rules"})


# --8<-- [start:saves]
def test_a_save_made_with_a_house_rule_round_trips() -> None:
    state = palace_after_eight(house_rules="eight-skips")
    saved = json.loads(state.to_json())
    assert saved["rules"]["house_rules"] == ["eight-skips"]
    assert saved["house_rule_sources"] == {"eight-skips": "house-rules"}
    loaded = PALACE.load_state(state.to_json())
    assert loaded.snapshot() == state.snapshot()
    assert loaded.to_act == C


def test_a_save_needing_a_house_rule_is_refused_without_the_plugin() -> None:
    text = palace_after_eight(house_rules="eight-skips").to_json()
    bare = _registry_without_this_plugin()
    with pytest.raises(
        InvalidState, match=r"house rule 'eight-skips' \(from plugin 'house-rules'\)"
    ):
        bare.game("palace").load_state(text)
    with pytest.raises(InvalidRules, match=r"plugins not loaded: house-rules"):
        bare.game("palace").rules(house_rules="eight-skips")


# --8<-- [end:saves]


@pytest.mark.parametrize(
    ("game", "rule"),
    [("palace", "eight-skips"), ("tonk", "low-drop-double"), ("tienlen", "threes-beat-a-two")],
)
def test_whole_games_with_a_house_rule_save_and_load(game: str, rule: str) -> None:
    for seed in range(3):
        state = _random_game(cardkit.load_game(game), 3, seed, house_rules=rule)
        assert SavedGame.parse(state.to_json()).rules["house_rules"] == [rule]
        loaded = cardkit.load_game(game).load_state(state.to_json())
        assert loaded.snapshot() == state.snapshot()


def test_a_save_without_house_rules_loads_without_the_plugin() -> None:
    state = palace_after_eight()
    assert _registry_without_this_plugin().game("palace").load_state(state.to_json()).to_act == B
