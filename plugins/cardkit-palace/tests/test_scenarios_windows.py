"""Section 8 scenarios of the Palace rules on the windows between turns (4.5).

Scenarios 9, 10, 11 (and 11b, 11c) and 26. Seats A, B, C, D are 0, 1, 2, 3;
positions come from stacked decks, as in the other scenario modules.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_palace.testing import LEFT, NINES, NINES_STOCK, burned, cards, hand, pile

from cardkit import Card, CardSet, IllegalAction
from cardkit.testing.actionids import check_action_space

A, B, C, D = 0, 1, 2, 3


@pytest.mark.parametrize("in_window", [True, False])
def test_09_four_of_a_kind_across_plays(begin: Any, in_window: bool) -> None:
    """A 9S; B 9H 9D; C 9C (in the window, or on C's turn): burn; C plays again; then D."""
    state = begin(4, rules=LEFT, hands=NINES, stock=NINES_STOCK)
    state = state.apply("play 9S")
    assert state.to_act == B
    assert state.phase == "turn"
    state = state.apply("play 9H 9D")
    assert state.phase == "complete"
    assert state.to_act == C
    assert [str(a) for a in state.legal_actions()] == ["complete 9C", "decline"]
    if in_window:
        state = state.apply("complete 9C")
    else:
        state = state.apply("decline")
        assert state.phase == "turn"
        assert state.to_act == C
        state = state.apply("play 9C")
    assert burned(state) == cards("9S 9H 9D 9C")
    assert state.to_act == C  # C plays again
    state = state.apply("play 6C")
    assert state.to_act == D


def test_10_out_of_turn_completion(begin: Any) -> None:
    """Top 9C; A plays JS JH; D completes with JD JC, refills, plays 4S; then A's turn."""
    state = begin(
        4,
        dealer=C,
        rules=LEFT,
        hands={D: "9C JD JC", A: "JS JH 5S", B: "3D 4D 5D", C: "6D 7D 8D"},
        stock="4S 6H 7H 8H 3H",
    )
    state = state.apply("play 9C")  # D starts (left of dealer C); draws 4S
    assert hand(state, D) == cards("JC JD 4S")
    state = state.apply("play JS JH")  # A draws 6H 7H: no jack
    assert state.phase == "complete"
    assert state.to_act == D  # only the eligible seat is asked
    view = state.view(D)
    assert view.completing == cards("JD JC")
    assert view.window_seat == A
    assert state.view(B).completing is None
    assert state.view(D).window == "complete"
    assert state.view(B).window is None  # the window is told only to the seat asked
    assert state.view(B).phase == state.view(D).phase == "play"
    state = state.apply("complete JD JC")
    assert burned(state) == cards("9C JS JH JD JC")
    assert hand(state, D) == cards("4S 8H 3H")  # refilled to three
    assert state.to_act == D
    state = state.apply("play 4S")
    assert state.to_act == A  # B and C lost their turns


def test_11_adding_a_drawn_match(begin: Any, texts: Any) -> None:
    """A plays 7S, draws 7C, may add it (draws 3D; B faces two 7s), or decline."""
    deal: dict[str, Any] = {"hands": {A: "7S KD KH", B: "5D 4H 9C"}, "stock": "6S 7C 3D 8S"}
    state = begin(2, dealer=A, rules=LEFT, **deal)
    state = state.apply("play 5D").apply("play 7S")
    assert hand(state, A) == cards("7C KD KH")
    assert state.phase == "add"
    assert state.to_act == A
    assert texts(state) == ["add 7C", "decline"]
    assert state.view(A).addable == cards("7C")
    added = state.apply("add 7C")
    assert pile(added)[-2:] == ["7S", "7C"]
    assert hand(added, A) == cards("KD KH 3D")
    assert added.to_act == B
    assert added.phase == "turn"
    assert added.view(B).top_run == 2
    declined = state.apply("decline")
    assert declined.to_act == B
    assert pile(declined)[-1] == "7S"
    assert hand(declined, A) == cards("KD KH 7C")
    after_b = declined.apply("play 9C")
    with pytest.raises(IllegalAction):
        after_b.apply("add 7C")


def test_11b_only_the_latest_refill_may_be_added(begin: Any) -> None:
    """A match drawn by an earlier refill, or kept back, is not addable."""
    state = begin(2, dealer=A, rules=LEFT, hands={A: "7S 7D KH", B: "5D 4H 9C"}, stock="6S 8C 3D")
    state = state.apply("play 5D").apply("play 7S")  # A keeps 7D back, draws 8C
    assert state.phase == "turn"
    assert state.to_act == B
    with pytest.raises(IllegalAction):
        state.apply("add 7D")


def test_11c_an_add_that_draws_another_match_opens_another_window(begin: Any) -> None:
    state = begin(
        2, dealer=A, rules=LEFT, hands={A: "7S KD KH", B: "5D 4H 9C"}, stock="6S 7C 7D 3D"
    )
    state = state.apply("play 5D").apply("play 7S").apply("add 7C")
    assert state.phase == "add"
    assert [str(a) for a in state.legal_actions()] == [
        "add 7D",
        "decline",
    ]
    state = state.apply("add 7D")
    assert state.view(A).top_run == 3
    assert state.to_act == B


def test_26_four_of_a_kind_across_plays_off(begin: Any) -> None:
    """Scenario 9 without across-play burns: no burn after 9C, D must play 9 or higher;
    scenario 11: the add window is option 5's alone and stays open."""
    rules = {**LEFT, "four_of_a_kind_across_plays": False}
    state = begin(4, rules=rules, hands=NINES, stock=NINES_STOCK)
    state = state.apply("play 9S").apply("play 9H 9D")
    assert state.phase == "turn"
    assert state.to_act == C
    state = state.apply("play 9C")
    assert burned(state) == CardSet()
    assert state.to_act == D
    for action in state.legal_actions():
        text = str(action)
        assert text == "pickup" or Card.parse(text.split()[1]).rank in (2, 9, 10, 11, 12, 13, 14)
    state = begin(
        2, dealer=A, rules=rules, hands={A: "7S KD KH", B: "5D 4H 9C"}, stock="6S 7C 3D 8S"
    )
    state = state.apply("play 5D").apply("play 7S")
    assert state.phase == "add"
    assert state.to_act == A
    assert hand(state, A) == cards("7C KD KH")
    assert state.apply("decline").to_act == B


def test_11d_a_window_of_two_drawn_matches_is_numbered_as_it_is_listed(
    begin: Any, game: Any
) -> None:
    """A plays 7S 7H and draws 7C 7D: the window offers either and both, and the action
    space numbers them from the fields as it numbers the listing (random play opens only
    windows of one drawn card)."""
    state = begin(
        2, dealer=A, rules=LEFT, hands={A: "7S 7H KD", B: "5D 4H 9C"}, stock="3D 7C 7D 6S"
    )
    state = state.apply("play 5D").apply("play 7S 7H")
    assert state.phase == "add"
    assert [str(a) for a in state.legal_actions()] == ["add 7C", "add 7D", "add 7C 7D", "decline"]
    space = game.action_space(state.rules, 2)
    assert space.legal(state) == space.number(state.legal_actions(), state)
    assert len(check_action_space(space, state)) == 3  # decline, one 7, two 7s
