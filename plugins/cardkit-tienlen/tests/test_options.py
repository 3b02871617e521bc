"""Every option of the rules spec, section 7: what it changes, and how it is validated."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from cardkit_tienlen import InstantWin, PlayUntil, TienLenRules, TienLenState
from cardkit_tienlen.decks import deck_for
from cardkit_tienlen.decks import start_with_hands as start

import cardkit
from cardkit import Card, IllegalAction, InvalidRules, catalog

A, B, C, D = 0, 1, 2, 3
GAME = cardkit.load_game("tienlen")
Texts = Callable[[TienLenState], set[str]]
Refuse = Callable[[TienLenState, str, str], IllegalAction]


def test_defaults_are_the_seed() -> None:
    rules = GAME.rules()
    assert rules.first_lead_requires_3s is True
    assert rules.pass_lock is True
    assert rules.bomb_overrides_pass is False
    assert rules.quad_beats_pair_of_twos is False
    assert rules.bomb_ladder is False
    assert rules.instant_wins == {InstantWin.FOUR_TWOS, InstantWin.DRAGON}
    assert rules.play_until is PlayUntil.ALL_PLACED
    assert rules.placement_points == (3, 2, 1)
    assert rules.target_points == 21
    for name, field in TienLenRules.model_fields.items():
        assert field.description, f"option {name} has no description"


def test_unknown_options_are_refused() -> None:
    with pytest.raises(InvalidRules, match="unknown option 'players'"):
        GAME.rules(players=4)
    with pytest.raises(InvalidRules, match="unknown option 'pass_locks'"):
        GAME.rules(pass_locks=False)


@pytest.mark.parametrize(
    ("options", "where"),
    [
        ({"pass_lock": "maybe"}, "pass_lock"),
        ({"instant_wins": ["four_twos", "royal_flush"]}, "instant_wins"),
        ({"play_until": "last_out"}, "play_until"),
        ({"placement_points": []}, "placement_points"),
        ({"placement_points": [3, -1]}, "placement_points"),
        ({"placement_points": [4, 3, 2, 1]}, "placement_points"),
        ({"target_points": 0}, "target_points"),
        ({"target_points": "many"}, "target_points"),
    ],
)
def test_bad_values_are_refused(options: dict[str, object], where: str) -> None:
    with pytest.raises(InvalidRules, match=where):
        GAME.rules(**options)


def test_rules_round_trip_through_json() -> None:
    rules = GAME.rules(variant="southern", target_points=30)
    data = json.loads(rules.model_dump_json())
    assert data["instant_wins"] == sorted(data["instant_wins"])
    assert GAME.rules(**data) == rules
    assert GAME.rules(instant_wins="dragon, six_pairs").instant_wins == {"dragon", "six_pairs"}


def test_presets() -> None:
    assert set(catalog(GAME).variants) >= {"pagat", "southern", "quick"}
    assert GAME.rules(variant="pagat").bomb_overrides_pass
    southern = GAME.rules(variant="southern")
    assert southern.bomb_ladder
    assert southern.quad_beats_pair_of_twos
    assert southern.instant_wins == set(InstantWin)
    assert GAME.rules(variant="quick").play_until is PlayUntil.FIRST_OUT
    assert GAME.rules(variant="quick", play_until="all_placed").play_until == "all_placed"


# -- 1. players -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_players_2_and_3_deal_13_each_and_hide_the_rest(players: int) -> None:
    state = GAME.start(players=players, seed=11)
    zones = state.zones()
    assert [len(zones[f"hand:{s}"]) for s in range(players)] == [13] * players
    assert len(zones["undealt"]) == 52 - 13 * players
    view = state.view(0)
    assert view.undealt == 52 - 13 * players
    assert "undealt" not in state.visible_zones(0)
    assert "undealt" not in state.visible_zones(None)
    undealt = {c.code for c in zones["undealt"]}
    for seat in [None, *range(players)]:
        dumped = state.view(seat).model_dump_json()
        assert not any(f'"{code}"' in dumped for code in undealt)


def test_players_3_without_3s_the_lowest_dealt_card_opens(refuse: Refuse, texts: Texts) -> None:
    state = start({B: "3C 4H 9D"}, players=3, undealt="3S")
    assert state.to_act == B
    assert state.view(B).must_include == Card.parse("3C")
    assert state.view(A).must_include is None
    refuse(state, "play 4H", "must_include")
    assert all("3C" in t for t in texts(state))


@pytest.mark.parametrize("players", [1, 5, 0])
def test_players_outside_2_to_4_are_refused(players: int) -> None:
    with pytest.raises(InvalidRules, match="2 to 4 players"):
        GAME.start(players=players, seed=1)


# -- 2. first_lead_requires_3s --------------------------------------------------------------------


def test_first_lead_requires_3s_false(texts: Texts) -> None:
    state = start({C: "3S 4H 9D"}, first_lead_requires_3s=False)
    assert state.to_act == C  # the 3S holder still leads
    assert "play 4H" in texts(state)
    assert state.view(C).must_include is None
    assert state.apply("play 9D").current is not None


# -- 3. pass_lock ---------------------------------------------------------------------------------


def test_pass_lock_false_a_pass_skips_only_until_the_next_play(texts: Texts) -> None:
    hands = {A: "5C JH", B: "9S KD", C: "9D", D: "4H"}
    state = start(hands, leader=A, pass_lock=False)
    state = state.apply("play 5C").apply("pass")  # B passes
    assert state.view(A).passed == [B]
    assert state.view(A).locked == []
    state = state.apply("play 9D").apply("pass").apply("play JH")
    assert state.to_act == B  # not locked: back in after the next play
    assert "play KD" in texts(state)
    # with the lock (default), B would be skipped
    state = start(hands, leader=A)
    state = state.apply("play 5C").apply("pass").apply("play 9D").apply("pass").apply("play JH")
    assert state.to_act == C


def test_pass_lock_false_round_ends_when_everyone_passes_in_a_row() -> None:
    state = start({A: "5C 6C", B: "9S"}, leader=A, pass_lock=False)
    state = state.apply("play 5C").apply("pass").apply("pass").apply("pass")
    assert state.to_act == A
    assert state.current is None


# -- 4. bomb_overrides_pass -----------------------------------------------------------------------


def test_bomb_overrides_pass(texts: Texts, refuse: Refuse) -> None:
    hands = {A: "5C", B: "2H 6S 6C 6D 6H", C: "2S", D: "7D"}
    state = start(hands, leader=A, bomb_overrides_pass=True)
    state = state.apply("play 5C").apply("pass").apply("play 2S")  # B locked, C plays a 2
    state = state.apply("pass").apply("pass")  # D and A pass
    assert state.to_act == B
    assert texts(state) == {"play 6S 6C 6D 6H", "pass"}
    refuse(state, "play 2H", "locked")
    state = state.apply("play 6S 6C 6D 6H")
    assert state.to_act == C
    # by default, B stays locked out
    state = start(hands, leader=A)
    state = state.apply("play 5C").apply("pass").apply("play 2S").apply("pass").apply("pass")
    assert state.to_act == C
    assert state.current is None  # round over: C leads


def test_bomb_overrides_pass_offers_every_locked_player_the_turn(texts: Texts) -> None:
    no_bombs = "3S 3C 4H 5D 6H 7S 8C 9D 9H TH JS QC KD"
    hands = {A: "5C", B: no_bombs, C: "2S", D: "7D"}
    state = start(hands, leader=A, bomb_overrides_pass=True)
    state = state.apply("play 5C").apply("pass").apply("play 2S").apply("pass").apply("pass")
    assert state.to_act == B  # no bomb, but asked all the same (the offer reveals nothing)
    assert texts(state) == {"pass"}
    state = state.apply("pass")
    assert state.to_act == C
    assert state.current is None


def test_bomb_overrides_pass_not_on_other_combinations() -> None:
    hands = {A: "5C", B: "6S 6C 6D 6H", C: "KS", D: "7D"}
    state = start(hands, leader=A, bomb_overrides_pass=True)
    state = state.apply("play 5C").apply("pass").apply("play KS").apply("pass").apply("pass")
    assert state.to_act == C
    assert state.current is None


# -- 5. quad_beats_pair_of_twos (see also scenario 15) --------------------------------------------


def test_quad_beats_pair_of_twos(texts: Texts) -> None:
    hands = {A: "2S 2C", B: "6S 6C 6D 6H"}
    assert "play 6S 6C 6D 6H" not in texts(start(hands, leader=A).apply("play 2S 2C"))
    state = start(hands, leader=A, quad_beats_pair_of_twos=True).apply("play 2S 2C")
    assert "play 6S 6C 6D 6H" in texts(state)
    state = start({A: "2S 2C 2D", B: "6S 6C 6D 6H"}, leader=A, quad_beats_pair_of_twos=True)
    assert texts(state.apply("play 2S 2C 2D")) == {"pass"}


# -- 6. bomb_ladder -------------------------------------------------------------------------------


def test_bomb_ladder(texts: Texts) -> None:
    hands = {A: "2S", B: "3S 3C 4S 4C 5S 5C", C: "9S 9C 9D 9H", D: "6S 6C 7S 7C 8S 8C TS TC"}
    for ladder in (False, True):
        state = start(hands, leader=A, bomb_ladder=ladder).apply("play 2S")
        state = state.apply("play 3S 3C 4S 4C 5S 5C")  # B: a 3-pair double sequence
        assert ("play 9S 9C 9D 9H" in texts(state)) is ladder  # C: a quad is one class up
        if ladder:
            state = state.apply("play 9S 9C 9D 9H")
            assert state.to_act == D
            assert texts(state) == {"pass"}  # D's pairs are not consecutive: no 4-pair sequence


def test_bomb_ladder_classes() -> None:
    hands = {A: "2S", B: "9S 9C 9D 9H", C: "3S 3C 4S 4C 5S 5C 6S 6C", D: "7S 7C 8S 8C TD TH"}
    state = start(hands, leader=A, bomb_ladder=True).apply("play 2S")
    state = state.apply("play 9S 9C 9D 9H")  # a quad on the 2
    assert "play 3S 3C 4S 4C 5S 5C 6S 6C" in {str(a) for a in state.legal_actions()}
    state = state.apply("play 3S 3C 4S 4C 5S 5C 6S 6C")  # a 4-pair sequence beats the quad
    assert state.to_act == D
    assert [str(a) for a in state.legal_actions()] == ["pass"]


# -- 7. instant_wins ------------------------------------------------------------------------------


def test_instant_wins_empty_turns_them_off() -> None:
    state = start({A: "2S 2C 2D 2H 3S"}, instant_wins=[], allow_instant=True)
    assert not state.is_over
    assert state.to_act == A


def test_instant_win_six_pairs() -> None:
    hand = "3S 3C 5S 5C 7S 7C 9S 9C JS JC KS KC 4D"
    assert not start({B: hand}, allow_instant=True).is_over
    state = start({B: hand}, instant_wins=["six_pairs"], allow_instant=True)
    assert state.is_over
    assert state.result().winners == [B]
    assert state.view(B).instant_hand == "six_pairs"
    quads = "3S 3C 3D 3H 5S 5C 5D 5H 7S 7C 9S 9C 4D"  # two fours and two pairs
    assert start({C: quads}, instant_wins=["six_pairs"], allow_instant=True).is_over


def test_instant_win_five_consecutive_pairs() -> None:
    hand = "5S 5C 6S 6C 7S 7C 8S 8C 9S 9C 3D KH AH"
    assert not start({D: hand}, allow_instant=True).is_over
    state = start({D: hand}, instant_wins=["five_consecutive_pairs"], allow_instant=True)
    assert state.is_over
    assert state.result().winners == [D]
    broken = "5S 5C 6S 6C 7S 7C 8S 8C TS TC 3D KH AH"
    assert not start({D: broken}, instant_wins=["five_consecutive_pairs"]).is_over


def test_instant_win_ties_go_to_turn_order_from_the_leader() -> None:
    hands = {A: "3S 2S 2C 2D 2H", C: "3C 4S 5H 6C 7D 8S 9H TC JD QS KH AC"}
    state = start(hands, allow_instant=True)  # first deal: A holds 3S and would lead
    assert state.result().winners == [A]
    hands = {A: "2S 2C 2D 2H", C: "3C 4S 5H 6C 7D 8S 9H TC JD QS KH AC"}
    state = start(hands, leader=B, allow_instant=True)  # B would lead: C comes before A
    assert state.result().winners == [C]
    assert state.result().details["instant_win"] == {"seat": C, "hand": "dragon"}


# -- 8. play_until (see also scenario 23) ---------------------------------------------------------


def test_play_until_all_placed_ends_with_one_player_left() -> None:
    state = GAME.start(seed=3)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    result = state.result()
    assert result.reason == "all_placed"
    assert len(result.order) == 4
    cards_left = result.details["cards_left"]
    assert isinstance(cards_left, list)
    assert sum(1 for n in cards_left if n) == 1


# -- 9. placement_points --------------------------------------------------------------------------


def test_placement_points_custom() -> None:
    rules = GAME.rules(placement_points=[5, 1])
    state = GAME.start(players=3, rules=rules, seed=4)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    result = state.result()
    if result.reason != "instant_win":
        assert [result.points[s] for s in result.order] == [5, 1, 0]


def test_placement_points_longer_than_players_minus_one_is_refused() -> None:
    rules = GAME.rules(placement_points=[5, 3, 1])
    assert GAME.start(players=4, rules=rules, seed=1).view(0).undealt is None
    with pytest.raises(InvalidRules, match="placement_points"):
        GAME.start(players=3, rules=rules, seed=1)
    with pytest.raises(InvalidRules, match="placement_points"):
        GAME.start(players=2, rules=GAME.rules(placement_points=[3, 1]), seed=1)


def test_placement_points_default_fits_fewer_players() -> None:
    for players, expected in ((2, (3,)), (3, (3, 2)), (4, (3, 2, 1))):
        assert GAME.rules().points_for(players) == expected
        GAME.start(players=players, seed=1)


# -- 10. target_points ----------------------------------------------------------------------------


def test_target_points() -> None:
    rules = GAME.rules(target_points=5)
    assert GAME.match.over(rules, [5, 3, 0, 0], 2)
    assert not GAME.match.over(rules, [4, 3, 0, 0], 2)
    assert not GAME.match.over(rules, [6, 6, 0, 0], 3)
    assert not GAME.match.over(GAME.rules(), [5, 3, 0, 0], 2)


def test_deck_helper_gives_the_chosen_cards() -> None:
    deck = deck_for({A: "3S 4S", C: "2H"}, dealer=1)
    state = GAME.start(deck=deck, dealer=1)
    assert {"3S", "4S"} <= {c.code for c in state.hand(A)}
    assert "2H" in {c.code for c in state.hand(C)}
