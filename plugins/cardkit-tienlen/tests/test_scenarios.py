"""The scenarios of the rules spec, section 8, on card order and combinations
(spec sections 2 and 5: types, keys, what beats what, bombs), each as its own test.

The scenarios on turns are in `test_scenarios_turns.py`, those on scoring in
`test_scenarios_scoring.py`.

Seats: A = 0, B = 1, C = 2, D = 3, clockwise; default options unless said.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cardkit_tienlen import BeatRules, Kind, Play, TienLenState, beats
from cardkit_tienlen.combos import CARD_ORDER
from cardkit_tienlen.decks import start_with_hands as start

from cardkit import Card, IllegalAction

A, B, C, D = 0, 1, 2, 3
Texts = Callable[[TienLenState], set[str]]
Refuse = Callable[[TienLenState, str, str], IllegalAction]


def key(code: str) -> int:
    return CARD_ORDER.key(Card.parse(code))


#: A play from its text, short for the scenario tables.
P = Play


def test_s01_card_order() -> None:
    assert key("3S") < key("3C") < key("3D") < key("3H") < key("4S")
    assert key("AH") < key("2S")
    assert max(CARD_ORDER.keys) == key("2H")
    assert key("TS") > key("9H")
    assert key("7H") > key("7D")


def test_s02_singles(texts: Texts, refuse: Refuse) -> None:
    state = start({A: "9D", B: "9H 9C TS 2S"}, leader=A).apply("play 9D")
    assert state.to_act == B
    legal = texts(state)
    assert {"play 9H", "play TS", "play 2S", "pass"} <= legal
    assert "play 9C" not in legal
    refuse(state, "play 9C", "does_not_beat")
    assert beats(P("9H"), P("9D"), BeatRules())
    assert not beats(P("9C"), P("9D"), BeatRules())


def test_s03_pairs(texts: Texts, refuse: Refuse) -> None:
    state = start({A: "7C 7H", B: "7S 7D 8S 8C"}, leader=A).apply("play 7C 7H")
    assert "play 8S 8C" in texts(state)
    assert "play 7S 7D" not in texts(state)
    refuse(state, "play 7S 7D", "does_not_beat")
    state = start({A: "7S 7D", B: "7C 7H"}, leader=A).apply("play 7D 7S")
    assert "play 7C 7H" in texts(state)
    assert state.apply("play 7H 7C").current == P("7C 7H")


def test_s04_triples(texts: Texts, refuse: Refuse) -> None:
    state = start({A: "8S 8C 8D", B: "9S 9C 9D 9H"}, leader=A).apply("play 8S 8C 8D")
    legal = texts(state)
    assert "play 9S 9C 9H" in legal
    assert "play 9S 9C" not in legal
    assert "play 9S 9C 9D 9H" not in legal
    refuse(state, "play 9S 9C", "does_not_beat")
    refuse(state, "play 9S 9C 9D 9H", "does_not_beat")


def test_s05_sequences(texts: Texts, refuse: Refuse) -> None:
    hands = {A: "4S 5D 6C", B: "3D 4H 4C 4D 5S 5C 5H 6H 6S 6D 7S 7D"}
    state = start(hands, leader=A).apply("play 4S 5D 6C")
    legal = texts(state)
    assert "play 4H 5S 6H" in legal
    assert "play 5S 6S 7S" in legal
    assert "play 4C 5C 6D 7D" not in legal
    assert "play 3D 4D 5H" not in legal
    refuse(state, "play 4C 5C 6D 7D", "does_not_beat")
    refuse(state, "play 3D 4D 5H", "does_not_beat")


def test_s06_which_sequences_are_valid() -> None:
    top = P("QD KD AD")
    assert top.kind == Kind.SEQUENCE
    assert top.high == Card.parse("AD")
    for bad in ("KS AS 2S", "AS 2S 3S", "3S 4S 6S", "3S 4S"):
        assert P(bad).kind == Kind.INVALID, bad
    longest = P("3S 4C 5D 6H 7S 8C 9D TH JS QC KD AH")
    assert longest.kind == Kind.SEQUENCE
    assert longest.size == 12


def test_s07_which_double_sequences_are_valid() -> None:
    valid = P("3S 3C 4D 4H 5S 5D")
    assert valid.kind == Kind.DOUBLE_SEQUENCE
    assert valid.high == Card.parse("5D")
    for bad in ("3S 3C 4D 4H", "3S 3C 5D 5H 6S 6D", "KS KC AS AD 2S 2D", "3S 3C 3D 4S 4C 5S 5C"):
        assert P(bad).kind == Kind.INVALID, bad


@pytest.mark.parametrize("shape", ["5S 5C 5D 6S 6D", "7S 7C 8D", "4S 4C 6D 6H"])
def test_s08_other_invalid_shapes(refuse: Refuse, shape: str) -> None:
    assert P(shape).kind == Kind.INVALID
    leading = start({A: shape}, leader=A)
    refuse(leading, f"play {shape}", "not_a_combination")
    following = start({A: "3S", B: shape}, leader=A).apply("play 3S")
    refuse(following, f"play {shape}", "not_a_combination")


def test_s09_double_sequence_against_double_sequence(texts: Texts, refuse: Refuse) -> None:
    hands = {A: "3S 3C 4D 4H 5S 5D", B: "3D 3H 4S 4C 5C 5H 6C 6H 7S 7D 8S 8C"}
    state = start(hands, leader=A).apply("play 3S 3C 4D 4H 5S 5D")
    assert "play 3D 3H 4S 4C 5C 5H" in texts(state)
    assert "play 6C 6H 7S 7D 8S 8C" in texts(state)
    hands = {A: "3S 3C 4D 4H 5S 5D", B: "6C 6H 7S 7D 8S 8C 9S 9C"}
    state = start(hands, leader=A).apply("play 3S 3C 4D 4H 5S 5D")
    assert "play 6C 6H 7S 7D 8S 8C 9S 9C" not in texts(state)
    refuse(state, "play 6C 6H 7S 7D 8S 8C 9S 9C", "does_not_beat")


def test_s13_a_quad_on_a_single_two(texts: Texts, refuse: Refuse) -> None:
    hands = {
        A: "2S",
        B: "6S 6C 6D 6H",
        C: "9S 9C 9D 9H 2H TS TC JD JH QS QD",
    }
    state = start(hands, leader=A).apply("play 2S")
    assert "play 6S 6C 6D 6H" in texts(state)
    state = state.apply("play 6S 6C 6D 6H")
    assert state.to_act == C
    assert "play 9S 9C 9D 9H" in texts(state)
    refuse(state, "play 2H", "does_not_beat")
    refuse(state, "play TS TC JD JH QS QD", "does_not_beat")
    assert state.apply("play 9S 9C 9D 9H").current == P("9S 9C 9D 9H")


def test_s14_double_sequences_on_a_single_two(texts: Texts) -> None:
    state = start({A: "2H", B: "7S 7C 8D 8H 9S 9D TS TC"}, leader=A).apply("play 2H")
    legal = texts(state)
    assert "play 7S 7C 8D 8H 9S 9D" in legal
    assert "play 7S 7C 8D 8H 9S 9D TS TC" in legal
    # Applied, not only listed: the 3-pair and the 4-pair sequence each beat the 2.
    for text in ("play 7S 7C 8D 8H 9S 9D", "play 7S 7C 8D 8H 9S 9D TS TC"):
        after = state.apply(text)
        assert after.current == P(text.removeprefix("play "))
        assert after.current.kind is Kind.DOUBLE_SEQUENCE
        first = after.last_events[0]
        assert (first.kind, first.seat) == ("play", B)
        assert after.to_act != B


def test_s15_a_pair_of_twos(texts: Texts, refuse: Refuse) -> None:
    def on_pair_of_twos(b_hand: str, **options: object) -> TienLenState:
        return start({A: "2S 2C", B: b_hand}, leader=A, **options).apply("play 2S 2C")

    state = on_pair_of_twos("6S 6C 6D 6H")
    refuse(state, "play 6S 6C 6D 6H", "does_not_beat")
    state = on_pair_of_twos("6S 6C 6D 6H", quad_beats_pair_of_twos=True)
    assert "play 6S 6C 6D 6H" in texts(state)
    state = on_pair_of_twos("4S 4C 5S 5C 6D 6H 7S 7D")
    assert "play 4S 4C 5S 5C 6D 6H 7S 7D" in texts(state)
    state = on_pair_of_twos("7S 7C 8D 8H 9S 9D")
    refuse(state, "play 7S 7C 8D 8H 9S 9D", "does_not_beat")
    state = on_pair_of_twos("2D 2H")
    assert "play 2D 2H" in texts(state)


def test_s16_bombs_only_beat_twos(refuse: Refuse) -> None:
    state = start({A: "AH", B: "6S 6C 6D 6H"}, leader=A).apply("play AH")
    assert [str(a) for a in state.legal_actions()][-1] == "pass"
    refuse(state, "play 6S 6C 6D 6H", "does_not_beat")
    hands = {A: "KS KH", B: "3S 3C 4S 4C 5S 5C 6S 6C"}
    state = start(hands, leader=A).apply("play KS KH")
    refuse(state, "play 3S 3C 4S 4C 5S 5C 6S 6C", "does_not_beat")


def test_s21_pairs_of_twos(texts: Texts) -> None:
    state = start({A: "2S 2C", B: "2D 2H"}, leader=A).apply("play 2S 2C")
    assert "play 2D 2H" in texts(state)
    assert beats(P("2D 2H"), P("2S 2C"), BeatRules())


def test_s22_playing_four_twos(texts: Texts) -> None:
    hands = {A: "2S 2C 2D 2H", D: "9S 9C 9D 9H"}
    state = start(hands, leader=D, instant_wins=["dragon"], allow_instant=True)
    assert not state.is_over
    state = state.apply("play 9S 9C 9D 9H")
    assert state.to_act == A
    assert "play 2S 2C 2D 2H" in texts(state)
    state = state.apply("play 2S 2C 2D 2H")
    assert state.to_act == B
    assert texts(state) == {"pass"}
    state = state.apply("pass")
    assert texts(state) == {"pass"}
