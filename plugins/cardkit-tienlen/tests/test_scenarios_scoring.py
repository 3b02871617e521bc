"""The scenarios of the rules spec, section 8, on scoring (spec section 6: one deal,
instant wins, the match), each as its own test.

Seats: A = 0, B = 1, C = 2, D = 3, clockwise; default options unless said.
"""

from __future__ import annotations

import random

import pytest
from cardkit_tienlen.decks import start_with_hands as start
from cardkit_tienlen.scoring import match_over, placement_points

import cardkit
from cardkit.play.match import play_match

A, B, C, D = 0, 1, 2, 3
GAME = cardkit.load_game("tienlen")


def test_s17_instant_win_four_twos() -> None:
    state = start({A: "2S 2C 2D 2H"}, allow_instant=True)
    assert state.is_over
    assert state.to_act is None
    assert state.legal_actions() == ()
    result = state.result()
    assert result.reason == "instant_win"
    assert result.winners == [A]
    assert result.points == [3, 0, 0, 0]
    assert result.actions == 0
    assert state.view(B).instant_winner == A
    assert state.view(B).instant_hand == "four_twos"
    assert [e.kind for e in state.events] == ["deal", "instant_win", "game_over"]
    following = GAME.start(seed=5, previous=result)
    if not following.is_over:
        assert following.to_act == A


def test_s18_instant_win_dragon() -> None:
    state = start({B: "3D 4S 5H 6C 7D 8S 9H TC JD QS KH AC 5C"}, allow_instant=True)
    assert state.is_over
    assert state.result().winners == [B]
    assert state.view(A).instant_hand == "dragon"
    state = start({B: "3D 4S 5H 6C 7D 8S 9H TC JD QS KH 2S 2C"})
    assert not state.is_over


def test_s19_deal_scoring() -> None:
    assert placement_points((3, 2, 1), 4, [A, C, B]) == [3, 1, 2, 0]
    assert placement_points((3, 2, 1), 3, [A, C]) == [3, 0, 2]
    assert placement_points((3, 2, 1), 2, [A]) == [3, 0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s19_deal_scoring_in_played_deals(players: int) -> None:
    points = {2: [3], 3: [3, 2], 4: [3, 2, 1]}[players]
    rng = random.Random(players)
    for seed in range(6):
        state = GAME.start(players=players, seed=seed, rules=GAME.rules())
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        result = state.result()
        if result.reason == "instant_win":
            continue
        assert len(result.order) == players
        assert [result.points[s] for s in result.order] == [*points, 0]


def test_s25_a_match_to_the_target() -> None:
    assert match_over([21, 19, 0, 0], 21)
    assert not match_over([22, 0, 22, 0], 21)
    assert match_over([22, 0, 25, 0], 21)
    assert not match_over([20, 19, 0, 0], 21)
    game = GAME
    rules = game.rules(target_points=21)
    assert game.match.over(rules, [21, 19, 0, 0], 9)
    assert game.match.winners(rules, [21, 19, 0, 0]) == [A]
    assert not game.match.over(rules, [22, 0, 22, 0], 10)


def test_s25_a_match_played_to_the_target() -> None:
    result = play_match("tienlen", players=4, bots=["heuristic", "random"], seed=3)
    totals = result.totals
    top = max(totals)
    assert top >= 21
    assert totals.count(top) == 1
    assert result.winners == [totals.index(top)]
    assert len(result.deals) > 1
    # every deal after the first is led by the previous deal's winner
    rules = GAME.rules()
    for before, after in zip(result.deals, result.deals[1:], strict=False):
        state = GAME.start(
            players=4, rules=rules, seed=after.seed, dealer=after.dealer, previous=before.result
        )
        if not state.is_over:
            assert state.to_act == before.result.winners[0]
            assert state.view(state.to_act).must_include is None
