"""Section 8 scenarios of the Palace rules on turns: pick-ups, refills, stages, flips (4.2-4.8).

Scenarios 12-18, 22 and 27. Seats A, B, C, D are 0, 1, 2, 3; positions come
from stacked decks, as in the other scenario modules.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from cardkit_palace import PalaceState
from cardkit_palace.testing import LEFT, NINES, NINES_STOCK, cards, hand, pile

from cardkit import Card, CardSet, IllegalAction

A, B, C, D = 0, 1, 2, 3


# -- the late-game path shared by scenarios 16, 17, 18 and 22 ------------------------
#
# Four players, four cards per zone (so the stock, 4 cards, is gone after one round).
# A starts; A's hand becomes four queens, A's face-up cards are four 7s: two burns
# in one turn take A to the face-down cards.

LATE_HANDS = {A: "3C QC QD QH", B: "4C 4D JD 5S", C: "5C 6D KD 9S", D: "6C 8D AD 5H"}
LATE_STOCK = "QS 9H JH KH"
LATE_RULES = {**LEFT, "zone_size": 4}
ROUND_1 = ["play 3C", "play 4C", "play 5C", "play 6C"]


def late_game(begin: Any, face_down: str) -> PalaceState:
    return begin(
        4,
        rules=LATE_RULES,
        hands=LATE_HANDS,
        face_up={A: "7C 7D 7H 7S"},
        face_down={A: face_down},
        stock=LATE_STOCK,
    )


def test_12_forced_pick_up(begin: Any, texts: Any, plays: Any) -> None:
    """Top AH, pile of 6; B holds 3S 5D 9C: only pickup; B holds 9; C starts a new pile."""
    state = begin(
        3,
        dealer=C,
        rules=LEFT,
        hands={A: "4C 4D AH", B: "6C 6D 3S", C: "8C JS QS"},
        stock="7H 7S 5D 9C KS 8H",
    )
    state = state.apply("play 4C 4D").apply("play 6C 6D").apply("play 8C").apply("play AH")
    assert len(pile(state)) == 6
    assert pile(state)[-1] == "AH"
    assert state.to_act == B
    assert hand(state, B) == cards("3S 5D 9C")
    assert texts(state) == ["pickup"]
    state = state.apply("pickup")
    assert len(hand(state, B)) == 9
    assert pile(state) == []
    assert state.to_act == C
    assert plays(state) == {"play JS", "play QS", "play KS"}  # any card on the empty pile
    assert [e.kind for e in state.last_events] == ["pickup"]
    assert state.last_events[0].count == 6


@pytest.mark.parametrize("voluntary", [False, True])
def test_13_no_voluntary_pick_up(begin: Any, texts: Any, voluntary: bool) -> None:
    """Top AH; B holds 3S AD 9C: pickup illegal (AD is legal) unless allow_voluntary_pickup."""
    state = begin(
        3,
        dealer=C,
        rules={**LEFT, "allow_voluntary_pickup": voluntary},
        hands={A: "4C 4D AH", B: "6C 6D 3S", C: "8C JS QS"},
        stock="7H 7S AD 9C KS 8H",
    )
    state = state.apply("play 4C 4D").apply("play 6C 6D").apply("play 8C").apply("play AH")
    assert hand(state, B) == cards("3S AD 9C")
    assert ("pickup" in texts(state)) is voluntary
    if voluntary:
        assert state.apply("pickup").to_act == C
    else:
        with pytest.raises(IllegalAction) as err:
            state.apply("pickup")
        assert err.value.code == "can_play"


def test_14_refilling_to_three(begin: Any) -> None:
    """A plays 4S with stock left and draws 1; later, stock empty, plays KD and draws nothing.

    (Zones of 4 here, so that one round empties the stock: refills go up to 4.)
    """
    state = begin(
        4,
        rules={**LEFT, "zone_size": 4},
        hands={A: "4S KD QS 3D", B: "5C 6C 7C 8C", C: "5D 6D 7D 8D", D: "5H 6H 7H 8H"},
        stock="9S 9C 9D 9H",
    )
    assert state.view().stock_count == 4
    state = state.apply("play 4S")
    assert len(hand(state, A)) == 4
    assert state.view().stock_count == 3
    state = state.apply("play 5C").apply("play 6D").apply("play 7H")
    assert state.view().stock_count == 0
    state = state.apply("play KD")
    assert hand(state, A) == cards("3D 9S QS")  # below zone_size, nothing to draw
    assert [e.kind for e in state.last_events] == ["play"]


def test_15_no_refill_above_three(begin: Any) -> None:
    """A holds 8 cards after a pick-up; with stock left, A plays one and keeps 7."""
    state = begin(
        2, dealer=A, rules=LEFT, hands={A: "6C 3H 5H", B: "4C 4D KC"}, stock="KD 8S 7H 3S 9S JD"
    )
    state = state.apply("play 4C 4D").apply("play 6C").apply("play KC KD")
    assert state.to_act == A
    assert [str(a) for a in state.legal_actions()] == ["pickup"]
    state = state.apply("pickup").apply("play 3S")
    assert len(hand(state, A)) == 8
    stock = state.view().stock_count
    state = state.apply("play 5H")
    assert len(hand(state, A)) == 7
    assert state.view().stock_count == stock  # drew nothing


def test_16_face_up_stage(begin: Any, texts: Any) -> None:
    """Stock and hand empty; face-up QS QD 5H; top JH: QS, QD, QS QD only; not 5H, no flip."""
    state = begin(
        4,
        rules=LATE_RULES,
        hands={A: "3C 8C 8D 8H", B: "4C 9D 5S 6S", C: "5C JC KD 9S", D: "6C JH AD 4S"},
        face_up={A: "QS QD 5H 3S"},
        stock="8S 9H 7H KH",
    )
    state = state.apply("play 3C").apply("play 4C").apply("play 5C").apply("play 6C")
    assert state.view().stock_count == 0
    state = state.apply("play 8C 8D 8H 8S")  # burn: A plays again, from the face-up cards
    assert hand(state, A) == CardSet()
    assert state.to_act == A
    state = state.apply("play 3S")
    state = state.apply("play 9D").apply("play JC").apply("play JH")
    assert state.to_act == A
    assert pile(state)[-1] == "JH"
    assert state.view(A).face_up[A] == cards("QS QD 5H")
    assert sorted(texts(state)) == ["play QD", "play QD QS", "play QS"]
    for illegal, code in [("play 5H", "too_low"), ("flip 1", "not_face_down_stage")]:
        with pytest.raises(IllegalAction) as err:
            state.apply(illegal)
        assert err.value.code == code


def test_17_successful_flip(begin: Any, texts: Any) -> None:
    """A has 2 face-down cards; top 8D; A flips and shows 9C: played, 1 left, B's turn."""
    state = late_game(begin, "2H 3H 9C TS")
    state = _to_face_down_with_two_left(state, texts)
    assert texts(state) == ["flip 3", "flip 4"]
    state = state.apply("flip 3")
    assert pile(state)[-1] == "9C"
    assert state.last_events[0].kind == "flip"
    assert state.last_events[0].cards == (Card.parse("9C"),)
    assert state.view(B).face_down_counts[A] == 1
    assert state.view(A).face_down_positions[A] == [4]
    assert state.to_act == B


def _to_face_down_with_two_left(state: PalaceState, texts: Any) -> PalaceState:
    for action in ROUND_1:
        state = state.apply(action)
    state = state.apply("play QC QD QH QS")  # four queens: burn, A again
    assert state.to_act == A
    assert hand(state, A) == CardSet()
    state = state.apply("play 7C 7D 7H 7S")  # four 7s from the face-up cards: burn, again
    assert state.to_act == A
    assert texts(state) == ["flip 1", "flip 2", "flip 3", "flip 4"]
    state = state.apply("flip 1")  # 2H on the empty pile: A plays again (flip 2)
    assert state.to_act == A
    state = state.apply("flip 2")  # 3H on the 2
    state = state.apply("play 4D").apply("play 6D").apply("play 8D")
    assert state.to_act == A
    assert pile(state)[-1] == "8D"
    assert state.view(A).face_down_counts[A] == 2
    return state


def test_18_failed_flip(begin: Any, texts: Any) -> None:
    """Top 8D; A flips 4S: 4S and the whole pile go to A's hand; B's turn, empty pile."""
    state = late_game(begin, "2H 3H 4S TS")
    state = _to_face_down_with_two_left(state, texts)
    before = pile(state)
    state = state.apply("flip 3")
    assert hand(state, A) == CardSet.parse(before) | cards("4S")
    assert pile(state) == []
    assert state.to_act == B
    assert [e.kind for e in state.last_events] == ["flip", "pickup"]
    # Picked-up cards are played before the table cards again: A's source is the hand.
    for _ in range(3):  # B, C and D play
        state = state.apply(texts(state)[0])
    assert state.to_act == A
    assert all(t.startswith(("play", "pickup")) for t in texts(state))


def test_22_going_out_on_a_ten(begin: Any, texts: Any) -> None:
    """A's last card is the 10 (flipped): the pile burns and A is out; B starts a new pile."""
    state = late_game(begin, "2H 3H 9C TS")
    state = _to_face_down_with_two_left(state, texts)
    state = state.apply("flip 3").apply("play JD").apply("play KD").apply("play AD")
    assert texts(state) == ["flip 4"]
    state = state.apply("flip 4")
    assert [e.kind for e in state.last_events] == ["flip", "burn", "finish"]
    assert state.view().finished == [A]
    assert pile(state) == []
    assert state.to_act == B  # A's duty to play again lapsed
    for _ in range(200):
        if state.is_over:
            break
        assert state.to_act != A
        state = state.apply(texts(state)[0])


def test_27_illegal_actions_leave_the_state_unchanged(begin: Any, texts: Any) -> None:
    """Each illegal action raises IllegalAction and changes nothing."""
    late = late_game(begin, "2H 3H 9C TS")
    early = late.apply("play 3C")  # B to act, hand 4C 4D JD 5S
    face_up_stage = _to_face_down_with_two_left(late, texts)
    cases: list[tuple[PalaceState, str, str]] = [
        (late, "play 7C", "face_up_not_active"),  # face-up card while the hand holds cards
        (late, "flip 1", "not_face_down_stage"),  # flip while hand/face-up cards remain
        (face_up_stage, "flip 3 4", "unparsable"),  # two cards in one action
        (early, "play 4C JD", "mixed_ranks"),
        (late, "pickup", "empty_pile"),
        (early, "play 5C", "not_held"),  # C's card while B is to act (never says whose)
        (late, "add 8S", "wrong_phase"),
        (late, "complete 4C", "wrong_phase"),
        (late, "decline", "wrong_phase"),
        (late, "swap 3C 7C", "wrong_phase"),
        (late, "ready", "wrong_phase"),
        (late, "flip 9", "unparsable"),
        (late, "play", "unparsable"),
        (late, "dance", "unparsable"),
        (face_up_stage, "flip 1", "no_such_card"),
        (face_up_stage, "pickup", "must_flip"),
    ]
    window = (
        begin(4, rules=LEFT, hands=NINES, stock=NINES_STOCK).apply("play 9S").apply("play 9H 9D")
    )
    cases += [
        (window, "play 5D", "wrong_phase"),  # D's turn would come, but C is asked
        (window, "complete 9C 6C", "not_completing"),
        (window, "play 9C", "wrong_phase"),
    ]
    cases += [(late, "play 2S", "not_your_turn")]  # 2S is face up in front of seat 1
    for state, text, code in cases:
        before = state.to_json()
        legal_before = texts(state)
        with pytest.raises(IllegalAction) as err:
            state.apply(text)
        assert err.value.code == code, (text, err.value)
        assert state.to_json() == before
        assert texts(state) == legal_before


def test_27_a_play_by_a_seat_that_may_not_act(begin: Any) -> None:
    """act_as(seat, ...) refuses every seat but the one asked, and leaks nothing."""
    state = late_game(begin, "2H 3H 9C TS")
    with pytest.raises(IllegalAction) as err:
        state.act_as(B, "play 4C")
    assert err.value.code == "not_your_turn"
    assert "3C" not in str(err.value)  # A's legal plays are not listed
    assert state.act_as(A, "play 3C").to_act == B
    window = begin(4, rules=LEFT, hands=NINES, stock=NINES_STOCK)
    window = window.apply("play 9S").apply("play 9H 9D")
    with pytest.raises(IllegalAction) as err:
        window.act_as(A, "play 3C")  # neither asked (C) nor next in turn (C)
    assert err.value.code == "not_your_turn"
    assert window.act_as(C, "decline").to_act == C
    # C is asked and also next in turn: C's turn action declines the window first
    assert [str(a) for a in window.act_as(C, "play 9C").history[-2:]] == ["decline", "play 9C"]


def test_27b_a_player_who_is_out_is_never_asked(game: Any) -> None:
    """Once out, a seat is never to act again: not on a turn, not in a window."""
    for seed in range(30):
        state = game.start(4, seed=seed)
        rng = random.Random(seed)
        out: set[int] = set()
        for _ in range(3000):
            if state.is_over:
                break
            assert state.to_act not in out
            state = state.apply(rng.choice(state.legal_actions()))
            out.update(e.seat for e in state.last_events if e.kind == "finish")
        assert out or not state.is_over
