"""Issue 9's Palace rules: option 3, the bounded exchange (3.3), private windows (4.5).

Seats A, B, C, D are 0, 1, 2, 3. Positions come from stacked decks through
the public surface, as in ``test_scenarios.py``.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from cardkit_palace import PalaceState

from cardkit import CardSet, IllegalAction
from cardkit.testing import check_midgame_non_interference, check_policy_loops

A, B, C, D = 0, 1, 2, 3
LEFT = {"first_player_rule": "left_of_dealer"}


def texts(state: PalaceState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def views(state: PalaceState) -> dict[int | None, Any]:
    """Every seat's view (and the spectator's) as JSON-ready data."""
    return {s: state.view(s).model_dump(mode="json") for s in [None, *range(state.players)]}


def events(state: PalaceState) -> list[dict[str, Any]]:
    return [e.to_json_dict() for e in state.events]


# -- option 3: four_of_a_kind_across_plays = false ----------------------------------------


def test_option_3_across_plays_off_keeps_the_add_window(begin: Any) -> None:
    """Scenario 26 on scenario 11: the add window is option 5's alone and stays on."""
    rules = {**LEFT, "four_of_a_kind_across_plays": False}
    deal: dict[str, Any] = {"hands": {A: "7S KD KH", B: "5D 4H 9C"}, "stock": "6S 7C 3D 8S"}
    state = begin(2, dealer=A, rules=rules, **deal).apply("play 5D").apply("play 7S")
    assert state.phase == "add"
    assert state.to_act == A
    assert texts(state) == ["add 7C", "decline"]
    added = state.apply("add 7C")
    assert [c.code for c in added.zones()["pile"]][-2:] == ["7S", "7C"]
    assert added.to_act == B


def test_option_3_across_plays_off_forces_only_the_completion_window_off(game: Any) -> None:
    rules = game.rules(four_of_a_kind_across_plays=False)
    assert rules.out_of_turn_completion is False
    assert rules.add_drawn_match is True
    assert game.rules(**rules.model_dump(mode="json")) == rules
    assert game.rules(four_of_a_kind_across_plays=False, add_drawn_match=True).add_drawn_match
    assert not game.rules(four_of_a_kind_across_plays=False, add_drawn_match=False).add_drawn_match


def test_option_3_with_explicit_out_of_turn_completion_is_refused(game: Any) -> None:
    from cardkit import InvalidRules

    with pytest.raises(InvalidRules, match="out_of_turn_completion"):
        game.rules(four_of_a_kind_across_plays=False, out_of_turn_completion=True)


def test_option_3_scenario_10_has_no_completion_window(begin: Any) -> None:
    state = begin(
        4,
        dealer=C,
        rules={**LEFT, "four_of_a_kind_across_plays": False},
        hands={D: "9C JD JC", A: "JS JH 5S", B: "3D 4D 5D", C: "6D 7D 8D"},
        stock="4S 6H 7H 8H 3H",
    )
    state = state.apply("play 9C").apply("play JS JH")
    assert state.phase == "turn"
    assert state.to_act == B


# -- rules 3.3: the exchange is bounded ------------------------------------------------


def test_rule_3_3_scenario_20_a_moved_card_may_not_be_swapped_again(begin: Any) -> None:
    state = begin(2, exchange=False, hands={A: "3S 4D 5C", B: "6C 7C 8C"}, face_up={A: "AS 2H TD"})
    state = state.apply("swap 3S AS").apply("swap 4D 2H")
    assert state.zones()["hand:0"] == CardSet.parse("AS 2H 5C")
    assert state.zones()["face_up:0"] == CardSet.parse("3S 4D TD")
    assert texts(state) == ["swap 5C TD", "ready"]
    assert state.view(A).legal_actions == ["swap 5C TD", "ready"]
    for moved in ("swap AS TD", "swap 2H TD", "swap 5C 3S", "swap 5C 4D", "swap AS 3S"):
        before = state.to_json()
        with pytest.raises(IllegalAction) as err:
            state.apply(moved)
        assert err.value.code == "already_swapped", moved
        assert "may not be swapped again" in str(err.value)
        assert state.to_json() == before
    state = state.apply("swap 5C TD")
    assert texts(state) == ["ready"]
    state = state.apply("ready")
    assert state.to_act == B
    assert len(texts(state)) == 10  # B's exchange starts afresh: 3 x 3 swaps and ready


@pytest.mark.parametrize("zone", [3, 4, 5, 6])
def test_rule_3_3_the_exchange_ends_after_at_most_zone_size_swaps(game: Any, zone: int) -> None:
    """The README loop with legal_actions()[0] (always the first swap) ends the exchange."""
    players = 52 // (3 * zone)
    for pick in (0, -1):
        state = game.start(players, game.rules(zone_size=zone), seed=zone)
        most = players * (zone + 1) if pick == 0 else players
        actions = 0
        while state.phase == "exchange" and actions <= most:
            state = state.apply(state.legal_actions()[pick])
            actions += 1
        assert state.phase != "exchange"
        assert actions == most


def test_rule_3_3_every_choice_of_face_up_cards_is_reachable(begin: Any) -> None:
    start = begin(2, exchange=False, hands={A: "3S 4D 5C"}, face_up={A: "AS 2H TD"})
    six = start.zones()["hand:0"] | start.zones()["face_up:0"]
    reached: set[CardSet] = set()
    frontier = [start]
    for _ in range(4):  # at most zone_size (3) swaps: a fourth round finds none
        found = []
        for state in frontier:
            up = state.zones()["face_up:0"]
            assert isinstance(up, CardSet)
            reached.add(up)
            found += [state.apply(a) for a in state.legal_actions() if str(a) != "ready"]
        frontier = found
    assert frontier == []
    assert reached == {CardSet(cards) for cards in itertools.combinations(six, 3)}


# -- scenario 22 and face-up 10s ---------------------------------------------------------

LATE_HANDS = {A: "3C QC QD QH", B: "4C 4D JD 5S", C: "5C 6D KD 9S", D: "6C 8D AD 5H"}
LATE = ["play 3C", "play 4C", "play 5C", "play 6C", "play QC QD QH QS"]


def _face_up_stage(begin: Any) -> PalaceState:
    """A's hand is gone (four queens burned), the stock is empty: A plays face-up cards."""
    state = begin(
        4,
        rules={**LEFT, "zone_size": 4},
        hands=LATE_HANDS,
        face_up={A: "TS 7C 7D 7H"},
        face_down={A: "2H 3H 9C 4S"},
        stock="QS 9H JH KH",
    )
    for action in LATE:
        state = state.apply(action)
    assert state.to_act == A
    assert state.zones()["hand:0"] == CardSet()
    return state


def test_scenario_22_a_face_up_ten_that_is_not_the_last_card_burns_and_a_plays_again(
    begin: Any,
) -> None:
    state = _face_up_stage(begin)
    assert "play TS" in texts(state)
    state = state.apply("play TS")
    assert [e.kind for e in state.last_events] == ["play", "burn"]
    assert CardSet.parse("TS") <= CardSet(state.zones()["burned"])
    assert state.to_act == A  # plays again, from the face-up cards still there
    sevens = ("7C", "7D", "7H")
    expected = {"play " + " ".join(s) for n in (1, 2, 3) for s in itertools.combinations(sevens, n)}
    assert set(texts(state)) == expected


def test_scenario_22_the_last_face_up_ten_burns_the_pile(begin: Any) -> None:
    """A's last face-up card is TS: it burns the pile (B's, C's and D's cards with it)."""
    state = _face_up_stage(begin).apply("play 7C 7D 7H")
    state = state.apply("play 9H").apply("play JH").apply("play KH")
    assert [c.code for c in state.zones()["pile"]] == ["7C", "7D", "7H", "9H", "JH", "KH"]
    assert state.to_act == A
    assert texts(state) == ["play TS"]
    state = state.apply("play TS")
    assert [e.kind for e in state.last_events] == ["play", "burn"]
    assert state.last_events[1].count == 7
    assert state.zones()["pile"] == ()
    assert CardSet.parse("7C 7D 7H 9H JH KH TS") <= CardSet(state.zones()["burned"])
    assert state.zones()["face_up:0"] == CardSet()
    assert state.to_act == A  # plays again: from the face-down cards now
    assert texts(state) == ["flip 1", "flip 2", "flip 3", "flip 4"]


# -- rules 4.5: windows are private --------------------------------------------------------

SCENARIO_10 = {
    "dealer": C,
    "hands": {D: "9C JD JC", A: "JS JH 5S", B: "3D 4D 5D", C: "6D 7D 8D"},
    "stock": "4S 6H 7H 8H 3H",
}


def _completion(begin: Any, **options: Any) -> PalaceState:
    """Scenario 10: A plays JS JH; D holds JD JC and is asked, B is next in turn."""
    state = begin(4, rules={**LEFT, **options}, **SCENARIO_10)
    return state.apply("play 9C").apply("play JS JH")


def test_rule_4_5_a_completion_window_is_shown_only_to_the_seat_asked(begin: Any) -> None:
    window = _completion(begin)
    plain = _completion(begin, out_of_turn_completion=False)
    assert window.phase == "complete"
    assert window.to_act == D  # state.to_act still names the asked seat
    assert plain.phase == "turn"
    assert plain.to_act == B
    mine, theirs = views(window), views(plain)
    for seat in (None, A, B, C):
        assert mine[seat] == theirs[seat], seat
    assert mine[B]["to_act"] == B
    assert mine[B]["legal_actions"] == texts(plain)
    assert mine[D]["to_act"] == D
    assert mine[D]["window"] == "complete"
    assert mine[D]["legal_actions"] == ["complete JC JD", "decline"]
    assert events(window) == events(plain)


def test_rule_4_5_a_declined_window_leaves_no_trace(begin: Any) -> None:
    window = _completion(begin)
    plain = _completion(begin, out_of_turn_completion=False)
    declined = window.apply("decline")
    assert declined.last_events == ()
    assert events(declined) == events(plain)
    assert views(declined) == views(plain)


def test_rule_4_5_the_next_players_action_declines_the_window_then_applies(begin: Any) -> None:
    window = _completion(begin)
    plain = _completion(begin, out_of_turn_completion=False)
    assert texts(plain) == ["pickup"]  # B holds 3D 4D 5D on the jacks
    acted = window.act_as(B, "pickup")
    assert [str(a) for a in acted.history[-2:]] == ["decline", "pickup"]
    expected = plain.apply("pickup")
    assert views(acted) == views(expected)
    assert events(acted) == events(expected)
    assert acted.to_act == C
    with pytest.raises(IllegalAction) as err:
        window.act_as(C, "play 6D")
    assert err.value.code == "not_your_turn"
    assert "seat 4" not in str(err.value)  # never says who is asked (D; seats read from 1)
    assert "seat 2 is to act" in str(err.value)  # B, as C's view shows
    before = window.to_json()
    with pytest.raises(IllegalAction):
        window.act_as(B, "play 3D")  # too low: refused, and nothing is declined
    assert window.to_json() == before
    assert window.act_as(D, "complete JD JC").to_act == D
    with pytest.raises(IllegalAction) as err:
        window.act_as(D, "play 4S")  # the asked seat is not next: only window actions
    assert err.value.code == "wrong_phase"


def test_rule_4_5_an_add_window_is_shown_only_to_the_player_who_drew(begin: Any) -> None:
    deal: dict[str, Any] = {"hands": {A: "7S KD KH", B: "5D 4H 9C"}, "stock": "6S 7C 3D 8S"}

    def after_7s(**options: Any) -> PalaceState:
        state = begin(2, dealer=A, rules={**LEFT, **options}, **deal)
        return state.apply("play 5D").apply("play 7S")

    window, plain = after_7s(), after_7s(add_drawn_match=False)
    assert window.phase == "add"
    assert window.to_act == A
    assert views(window)[B] == views(plain)[B]
    assert views(window)[None] == views(plain)[None]
    assert views(window)[A]["window"] == "add"
    acted = window.act_as(B, "play 9C")
    assert views(acted) == views(plain.apply("play 9C"))
    with pytest.raises(IllegalAction):
        acted.apply("add 7C")


def test_rule_4_5_after_a_two_the_player_of_the_two_acts_through_the_window(begin: Any) -> None:
    """A plays 2S 2H; C holds 2D 2C and is asked; everyone else sees A to play again."""

    def after_twos(**options: Any) -> PalaceState:
        state = begin(
            3,
            dealer=C,
            rules={**LEFT, **options},
            hands={A: "2S 2H 5D", B: "3C 4C 6C", C: "2D 2C 7C"},
            stock="8S 9S TH JH QH",
        )
        return state.apply("play 2S 2H")

    window, plain = after_twos(), after_twos(out_of_turn_completion=False)
    assert window.phase == "complete"
    assert window.to_act == C
    assert plain.to_act == A
    for seat in (None, A, B):
        assert views(window)[seat] == views(plain)[seat]
    assert views(window)[A]["legal_actions"] == texts(plain)
    acted = window.act_as(A, "play 5D")
    assert views(acted) == views(plain.apply("play 5D"))


@pytest.mark.parametrize(("players", "seed"), [(2, 9), (3, 12), (4, 0), (5, 23)])
def test_rule_4_5_mid_game_views_never_show_whom_a_window_asks(
    game: Any, players: int, seed: int
) -> None:
    """The contract's mid-game check, on seeds where windows used to leak (before issue 9)."""
    assert check_midgame_non_interference(game, players, seed, max_actions=300) > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_3_3_the_readme_loop_leaves_the_exchange(game: Any, players: int) -> None:
    """legal_actions()[0] (always a swap while one is legal) and [-1] (ready) both end it."""
    for report in check_policy_loops(game, players, max_actions=1000):
        assert report.final.phase != "exchange"
        history = [str(a) for a in report.final.history]
        exchange = [a for a in history if a.startswith(("swap", "ready"))]
        assert len(exchange) == (players * 4 if report.pick == 0 else players)
