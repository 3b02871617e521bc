"""The scenarios of the rules spec, section 8, on the deal and the turns (spec
sections 3 and 4: the first lead, passing and locks, the end of the deal, illegal
actions, card conservation), each as its own test.

Seats: A = 0, B = 1, C = 2, D = 3, clockwise; default options unless said.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardkit_tienlen import Play, TienLenState
from cardkit_tienlen.combos import CARD_ORDER
from cardkit_tienlen.decks import start_with_hands as start

import cardkit
from cardkit import Card, IllegalAction

A, B, C, D = 0, 1, 2, 3
GAME = cardkit.load_game("tienlen")
Texts = Callable[[TienLenState], set[str]]
Refuse = Callable[[TienLenState, str, str], IllegalAction]


#: A play from its text, short for the scenario tables.
P = Play


def test_s10_the_first_lead(texts: Texts, refuse: Refuse) -> None:
    state = start({A: "3S 3H 4D 5C"})
    assert state.to_act == A
    assert state.view(A).must_include == Card.parse("3S")
    refuse(state, "play 4D", "must_include")
    legal = texts(state)
    assert {"play 3S", "play 3S 3H", "play 3S 4D 5C"} <= legal
    assert all("3S" in text for text in legal)
    assert state.apply("play 3S 4D 5C").current == P("3S 4D 5C")


def test_s11_the_leader_cannot_pass_followers_may(texts: Texts, refuse: Refuse) -> None:
    state = start({A: "5C", B: "9D"}, leader=A)
    assert "pass" not in texts(state)
    refuse(state, "pass", "cannot_pass")
    state = state.apply("play 5C")
    assert state.to_act == B
    assert {"play 9D", "pass"} <= texts(state)
    assert state.apply("pass").to_act == C


def test_s12_pass_lock_and_round_end(texts: Texts) -> None:
    hands = {A: "5C JH 3S 3C", B: "4S", C: "9D KS 4C 4D", D: "4H"}
    state = start(hands, leader=A)
    state = state.apply("play 5C").apply("pass")  # A leads, B passes
    state = state.apply("play 9D").apply("pass")  # C plays, D passes
    assert state.to_act == A
    state = state.apply("play JH")
    assert state.to_act == C  # B is skipped: locked
    assert state.view(A).locked == [B, D]
    state = state.apply("play KS")
    assert state.to_act == A  # D is skipped
    state = state.apply("pass")
    assert state.to_act == C
    assert state.current is None
    assert [e.kind for e in state.last_events] == ["pass", "round_end"]
    view = state.view(C)
    assert view.locked == []
    assert view.current == []
    assert view.pile == []
    legal = texts(state)
    assert "pass" not in legal
    assert "play 4C 4D" in legal  # a new combination of any type


def test_s20_the_next_deals_lead(texts: Texts) -> None:
    state = start({A: "9S 9C", D: "3S"}, leader=A)
    assert state.to_act == A
    assert "play 9S 9C" in texts(state)
    assert state.view(A).must_include is None
    assert state.apply("play 9S 9C").current == P("9S 9C")


def test_s23_play_until_first_out() -> None:
    hands = {A: "3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2S 2C"}
    state = start(hands, leader=A, play_until="first_out")
    state = state.apply("play 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
    while state.to_act != A:
        state = state.apply("pass")
    state = state.apply("play 2S 2C")
    assert state.is_over
    result = state.result()
    assert result.reason == "first_out"
    assert result.winners == [A]
    assert result.losers == []
    assert result.points == [3, 0, 0, 0]
    # by default the deal goes on
    state = start(hands, leader=A)
    state = state.apply("play 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
    while state.to_act != A:
        state = state.apply("pass")
    state = state.apply("play 2S 2C")
    assert not state.is_over
    assert state.view(B).finished == [A]


class TestS24IllegalActionsChangeNothing:
    def test_a_card_not_in_hand(self, refuse: Refuse) -> None:
        state = start({A: "5C", B: "9D"}, leader=A)
        refuse(state, "play 9D", "not_in_hand")

    def test_playing_out_of_turn(self, refuse: Refuse) -> None:
        state = start({A: "5C", B: "9D", C: "TD"}, leader=A).apply("play 5C")
        assert state.to_act == B
        error = refuse(state, "play TD", "not_in_hand")
        assert "seat 2 is to act" in str(error)  # B, seat index 1, as people read it

    def test_a_locked_player_playing(self, refuse: Refuse) -> None:
        state = start({A: "5C 7C", B: "9D", C: "6D"}, leader=A)
        state = state.apply("play 5C").apply("pass").apply("play 6D").apply("pass")
        state = state.apply("play 7C")
        assert state.to_act == C  # B is locked
        refuse(state, "play 9D", "not_in_hand")

    def test_a_locked_player_playing_a_non_bomb_on_twos(self, refuse: Refuse) -> None:
        hands = {A: "5C", B: "2H 6S 6C 6D 6H", C: "2S"}
        state = start(hands, leader=A, bomb_overrides_pass=True)
        state = state.apply("play 5C").apply("pass").apply("play 2S").apply("pass")
        state = state.apply("pass")  # A
        assert state.to_act == B  # locked, but offered a turn on a 2
        refuse(state, "play 2H", "locked")
        assert state.apply("play 6S 6C 6D 6H").to_act == C

    def test_passing_when_leading(self, refuse: Refuse) -> None:
        refuse(start({A: "5C"}, leader=A), "pass", "cannot_pass")

    def test_a_triple_on_a_pair(self, refuse: Refuse) -> None:
        state = start({A: "5C 5H", B: "9D 9C 9S"}, leader=A).apply("play 5C 5H")
        refuse(state, "play 9D 9C 9S", "does_not_beat")

    def test_a_longer_sequence_on_a_sequence(self, refuse: Refuse) -> None:
        state = start({A: "3C 4C 5C", B: "6D 7D 8D 9D"}, leader=A).apply("play 3C 4C 5C")
        refuse(state, "play 6D 7D 8D 9D", "does_not_beat")

    def test_a_bomb_on_a_non_two(self, refuse: Refuse) -> None:
        state = start({A: "KC", B: "8S 8C 8D 8H"}, leader=A).apply("play KC")
        error = refuse(state, "play 8S 8C 8D 8H", "does_not_beat")
        assert "bombs only beat 2s" in str(error)

    def test_a_first_lead_without_3s(self, refuse: Refuse) -> None:
        refuse(start({A: "3S 4H"}), "play 4H", "must_include")

    def test_unparsable_text(self, refuse: Refuse) -> None:
        state = start({A: "5C"}, leader=A)
        for text in ("", "play", "play XX", "play 5C 5C", "draw", "pass 5C", "play RJ"):
            refuse(state, text, "unparsable")

    def test_after_the_end(self, refuse: Refuse) -> None:
        state = start({A: "2S 2C 2D 2H"}, allow_instant=True)
        refuse(state, "pass", "game_over")


def test_s26_card_conservation_and_views() -> None:
    rng = random.Random(26)
    state = GAME.start(seed=26)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        before = state.hand(seat)
        action = rng.choice(state.legal_actions())
        state = state.apply(action)
        after = state.hand(seat)
        if isinstance(action, Play):
            assert before - after == action.cardset
            assert after <= before
        else:
            assert before == after
        for other in range(4):
            view = state.view(other)
            assert view.hand == sorted(state.hand(other), key=CARD_ORDER.key)
            assert view.hand_sizes == [len(state.hand(s)) for s in range(4)]
            hidden = {c.code for s in range(4) if s != other for c in state.hand(s)}
            assert not hidden & {c.code for c in view.hand}
            dumped = view.model_dump_json()
            for code in hidden:
                assert f'"{code}"' not in dumped
