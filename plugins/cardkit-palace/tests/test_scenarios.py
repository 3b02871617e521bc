"""The test scenarios of section 8 of the Palace rules spec, one test each.

Seats A, B, C, D are 0, 1, 2, 3. Every position is reached through the public
surface: a stacked deck (``cardkit_palace.setups.stacked_deck``) dealt with
``game.start(deck=..., dealer=...)``, then actions. Where a scenario needs a
big hand or an empty stock early, it uses ``zone_size`` (bigger zones) and
``first_player_rule = left_of_dealer`` (a chosen starter); the rule under
test is the same.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from cardkit_palace import PalaceBot, PalaceState

from cardkit import Card, CardSet, IllegalAction, Rank
from cardkit.bots import Turn

A, B, C, D = 0, 1, 2, 3
LEFT = {"first_player_rule": "left_of_dealer"}


def cards(text: str) -> CardSet:
    return CardSet.parse(text)


def hand(state: PalaceState, seat: int) -> CardSet:
    zone = state.zones()[f"hand:{seat}"]
    assert isinstance(zone, CardSet)
    return zone


def pile(state: PalaceState) -> list[str]:
    return [c.code for c in state.zones()["pile"]]


def burned(state: PalaceState) -> CardSet:
    zone = state.zones()["burned"]
    assert isinstance(zone, CardSet)
    return zone


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


def test_01_rank_rule(begin: Any, plays: Any) -> None:
    """Top 7H; A holds 8S 6S 7D 2C TH: legal 8S, 7D (equal), 2C, TH; 6S is illegal."""
    # A five-card hand: zone_size 5. Dealer A, so B (left of the dealer) starts.
    state = begin(
        2,
        dealer=A,
        rules={**LEFT, "zone_size": 5},
        hands={A: "8S 6S 7D 2C TH", B: "7H 3C 4C 5C 6C"},
        stock="9C",
    )
    state = state.apply("play 7H")
    assert state.to_act == A
    assert pile(state) == ["7H"]
    assert plays(state) == {"play 8S", "play 7D", "play 2C", "play TH"}
    assert "pickup" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction) as err:
        state.apply("play 6S")
    assert err.value.code == "too_low"


def test_02_several_cards_of_one_rank(begin: Any, plays: Any) -> None:
    """Top 5C; A holds 9S 9D JD: 9S 9D legal, 9S alone legal, 9S JD illegal."""
    state = begin(2, dealer=A, rules=LEFT, hands={A: "9S 9D JD", B: "5C 3H 4H"}, stock="6H")
    state = state.apply("play 5C")
    assert {"play 9D 9S", "play 9S", "play 9D", "play JD"} == plays(state)
    assert state.apply("play 9S 9D").last_events[0].cards == (Card.parse("9D"), Card.parse("9S"))
    state.apply("play 9S")
    with pytest.raises(IllegalAction) as err:
        state.apply("play 9S JD")
    assert err.value.code == "mixed_ranks"


def test_03_empty_pile_any_card(begin: Any, plays: Any) -> None:
    """On an empty pile any card is legal, for example 3S."""
    state = begin(2, dealer=B, rules=LEFT, hands={A: "3S KD AH", B: "4C 5C 6C"})
    assert pile(state) == []
    assert plays(state) == {"play 3S", "play KD", "play AH"}
    assert state.apply("play 3S").zones()["pile"] == (Card.parse("3S"),)


def test_04_two_resets_and_the_same_player_goes_on(begin: Any, plays: Any) -> None:
    """A plays 2S on KS, draws 4C, plays again (any rank): 4C, draws 9D; B faces 4C."""
    state = begin(2, dealer=A, rules=LEFT, hands={A: "2S 5D KH", B: "KS 3H QD"}, stock="6C 4C 9D")
    state = state.apply("play KS")  # B; draws 6C
    assert state.to_act == A
    state = state.apply("play 2S")
    assert hand(state, A) == cards("4C 5D KH")  # drew 4C
    assert state.to_act == A  # plays again
    assert plays(state) == {"play 4C", "play 5D", "play KH"}  # any rank on the 2
    state = state.apply("play 4C")
    assert hand(state, A) == cards("5D KH 9D")
    assert state.to_act == B
    assert pile(state) == ["KS", "2S", "4C"]
    assert plays(state) == {"play 6C", "play QD"}  # 3H is below 4


def test_05_ten_burns(begin: Any, plays: Any) -> None:
    """Pile 4S 9H KD; A plays TC: all four burned, A refills, plays again 5H; B must beat 5H."""
    state = begin(
        2, dealer=A, rules=LEFT, hands={A: "9H TC 5H", B: "4S KD 3D"}, stock="6S 7S 8S QC JC"
    )
    state = state.apply("play 4S").apply("play 9H").apply("play KD")
    assert pile(state) == ["4S", "9H", "KD"]
    state = state.apply("play TC")
    assert pile(state) == []
    assert burned(state) == cards("4S 9H KD TC")
    assert [e.kind for e in state.last_events] == ["play", "burn", "draw"]
    assert state.view(A).burned_count == 4
    assert len(hand(state, A)) == 3  # refilled
    assert state.to_act == A
    state = state.apply("play 5H")
    assert state.to_act == B
    assert all(Card.parse(t.split()[1]).rank >= 5 for t in plays(state))


def test_06_ten_on_an_empty_pile(begin: Any) -> None:
    """A plays TC on an empty pile: only TC is burned, and A plays again."""
    state = begin(2, rules=LEFT, hands={A: "TC 5H 6H", B: "4C 5C 6C"}, stock="7D")
    state = state.apply("play TC")
    assert burned(state) == cards("TC")
    assert pile(state) == []
    assert state.to_act == A


def test_07_four_of_a_kind_in_one_play(begin: Any) -> None:
    """Top 6C; A plays 8S 8H 8D 8C: burned, and A plays again."""
    state = begin(
        2,
        dealer=A,
        rules={**LEFT, "zone_size": 4},
        hands={A: "8S 8H 8D 8C", B: "6C 3D 4D 5D"},
        stock="7D",
    )
    state = state.apply("play 6C").apply("play 8S 8H 8D 8C")
    assert burned(state) == cards("6C 8C 8D 8H 8S")
    assert pile(state) == []
    assert state.to_act == A


def test_08_four_of_a_kind_must_still_be_legal(begin: Any) -> None:
    """Top QS; A plays 8S 8H 8D 8C: illegal, since 8 is below Q."""
    state = begin(
        2,
        dealer=A,
        rules={**LEFT, "zone_size": 4},
        hands={A: "8S 8H 8D 8C", B: "QS 3D 4D 5D"},
        stock="7D",
    )
    state = state.apply("play QS")
    before = state.snapshot()
    with pytest.raises(IllegalAction) as err:
        state.apply("play 8S 8H 8D 8C")
    assert err.value.code == "too_low"
    assert state.snapshot() == before


NINES = {A: "9S 3C 4C", B: "9H 9D 5C", C: "9C 6C 7C", D: "5D 6D 7D"}
NINES_STOCK = "3H 4H 5H 6H 7H 8H"


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


def test_19_who_starts(game: Any, begin: Any) -> None:
    """Dealer C: lowest card in hand starts (2s and 10s do not count); ties from dealer's left."""
    state = begin(4, dealer=C, hands={A: "5S 9D KC", B: "3H JD QS", C: "4C 2D TH", D: "6C 7C 8C"})
    assert state.to_act == B
    assert state.view().starter == B
    state = begin(4, dealer=C, hands={A: "3D 9D KC", B: "3H JD QS", C: "4C 2D TH", D: "6C 7C 8C"})
    assert state.to_act == A
    state = begin(2, dealer=B, hands={A: "2S TD TH", B: "QH KD AS"})
    assert state.to_act == B
    # No ranked card anywhere: the dealer's left starts.
    state = begin(2, dealer=B, hands={A: "2S TD TH", B: "2C 2D TC"})
    assert state.to_act == A


def test_20_the_exchange(begin: Any, texts: Any) -> None:
    """A swaps 3S-AS and 4D-2H: hand AS 2H 5C, face-up 3S 4D TD; no swap once play starts."""
    state = begin(2, exchange=False, hands={A: "3S 4D 5C", B: "6C 7C 8C"}, face_up={A: "AS 2H TD"})
    assert state.phase == "exchange"
    assert state.to_act == A
    assert len(texts(state)) == 10  # 3 x 3 swaps and ready
    state = state.apply("swap 3S AS").apply("swap 4D 2H")
    assert hand(state, A) == cards("AS 2H 5C")
    assert state.view(B).face_up[A] == cards("3S 4D TD")
    assert state.view(A).face_down_positions[A] == [1, 2, 3]
    with pytest.raises(IllegalAction) as err:
        state.apply("swap 3S AS")  # hand card first: 3S is face up now
    assert err.value.code == "not_swappable"
    state = state.apply("ready")
    assert state.to_act == B
    assert state.view().ready == [A]
    state = state.apply("ready")
    assert state.phase == "turn"
    state = state.apply(texts(state)[0])
    with pytest.raises(IllegalAction) as err:
        state.apply("swap 5C 3S")
    assert err.value.code == "wrong_phase"


@pytest.mark.parametrize("must", [False, True])
def test_21_the_first_play(begin: Any, plays: Any, must: bool) -> None:
    """B starts holding 3H JD QS: may open with JD, unless the first play must include 3H."""
    state = begin(
        2,
        dealer=A,
        rules={"first_play_must_include_lowest": must},
        hands={A: "5S 9D KC", B: "3H JD QS"},
    )
    assert state.to_act == B
    if must:
        assert plays(state) == {"play 3H"}
        assert state.view(B).first_play_rank == "3"
        with pytest.raises(IllegalAction) as err:
            state.apply("play JD")
        assert err.value.code == "must_include_lowest"
        after = state.apply("play 3H")
        assert after.view().first_play_rank is None
    else:
        assert plays(state) == {"play 3H", "play JD", "play QS"}
        state.apply("play JD")


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


def test_23_the_loser(game: Any) -> None:
    """3 players: A goes out, then C; B still holds cards: over; places A, C, B (the loser)."""
    bot = PalaceBot()

    for seed in range(200):
        state = game.start(3, seed=seed)
        while not state.is_over:
            seat = state.to_act
            state = state.apply(
                bot.choose(Turn(state, seat, state.legal_actions(), random.Random(0)))
            )
        result = state.result()
        if result.order == [A, C, B]:
            break
    else:
        raise AssertionError("no seed gave the order A, C, B")
    assert result.losers == [B]
    assert result.winners == [A, C]
    assert [e.kind for e in state.last_events][-3:] == ["finish", "lose", "game_over"]
    # B still held cards when the game ended.
    assert (
        len(hand(state, B)) + len(state.zones()["face_up:1"]) + len(state.zones()["face_down:1"])
        > 0
    )


def test_24_two_rule_next_player_any(begin: Any, plays: Any) -> None:
    """two_rule = next_player_any: A plays 2S on KH; A's turn ends; B may play 3C."""
    state = begin(
        2,
        dealer=A,
        rules={**LEFT, "two_rule": "next_player_any"},
        hands={A: "2S 5D 6D", B: "KH 3C 4C"},
        stock="7S 8S",
    )
    state = state.apply("play KH").apply("play 2S")
    assert state.to_act == B
    assert "play 3C" in plays(state)


def test_25_seven_rule(begin: Any, plays: Any, game: Any) -> None:
    """seven_rule = lower_or_equal: on a 7, ranks 3-7, 2 and 10 only."""

    rules = game.rules(seven_rule="lower_or_equal")
    follow = game.resolve_tables(rules).follow[Rank.SEVEN]
    assert {r.code for r in follow} == {"3", "4", "5", "6", "7", "2", "T"}
    state = begin(
        2,
        dealer=A,
        rules={**LEFT, "seven_rule": "lower_or_equal", "zone_size": 6},
        hands={A: "3C 8C 9C JC 2C TC", B: "7S 3D 4D 5D 6D 8D"},
        stock="AS",
    )
    state = state.apply("play 7S")
    assert plays(state) == {"play 3C", "play 2C", "play TC"}
    default = begin(
        2,
        dealer=A,
        rules={**LEFT, "zone_size": 6},
        hands={A: "3C 8C 9C JC 2C TC", B: "7S 3D 4D 5D 6D 8D"},
        stock="AS",
    )
    assert plays(default.apply("play 7S")) == {
        "play 8C",
        "play 9C",
        "play JC",
        "play 2C",
        "play TC",
    }


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
    """apply_as(seat, ...) refuses every seat but the one asked, and leaks nothing."""
    state = late_game(begin, "2H 3H 9C TS")
    with pytest.raises(IllegalAction) as err:
        state.apply_as(B, "play 4C")
    assert err.value.code == "not_your_turn"
    assert "3C" not in str(err.value)  # A's legal plays are not listed
    assert state.apply_as(A, "play 3C").to_act == B
    window = begin(4, rules=LEFT, hands=NINES, stock=NINES_STOCK)
    window = window.apply("play 9S").apply("play 9H 9D")
    with pytest.raises(IllegalAction) as err:
        window.apply_as(A, "play 3C")  # neither asked (C) nor next in turn (C)
    assert err.value.code == "not_your_turn"
    assert window.apply_as(C, "decline").to_act == C
    # C is asked and also next in turn: C's turn action declines the window first
    assert [str(a) for a in window.apply_as(C, "play 9C").history[-2:]] == ["decline", "play 9C"]


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


def test_28_card_conservation(game: Any) -> None:
    """hand + face-up + face-down + stock + pile + burned = the 52 cards, each once."""

    rng = random.Random(28)
    for seed in range(20):
        state = game.start(2 + seed % 4, seed=seed)
        for _ in range(400):
            seen: list[Card] = [c for zone in state.zones().values() for c in zone]
            assert len(seen) == 52
            assert CardSet(seen) == CardSet.standard()
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
