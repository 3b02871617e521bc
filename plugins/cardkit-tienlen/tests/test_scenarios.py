"""Every scenario of the rules spec, section 8, as its own test.

Seats: A = 0, B = 1, C = 2, D = 3, clockwise; default options unless said.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from cardkit_tienlen import BeatRules, Kind, Play, TienLenState, beats
from cardkit_tienlen.combos import CARD_ORDER
from cardkit_tienlen.decks import start_with_hands as start
from cardkit_tienlen.scoring import match_over, placement_points

import cardkit
from cardkit import Card, IllegalAction
from cardkit.match import play_match

A, B, C, D = 0, 1, 2, 3
GAME = cardkit.load_game("tienlen")
Texts = Callable[[TienLenState], set[str]]
Refuse = Callable[[TienLenState, str, str], IllegalAction]


def key(code: str) -> int:
    return CARD_ORDER.key(Card.parse(code))


def P(text: str) -> Play:  # noqa: N802
    return Play(text)


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


def test_s20_the_next_deals_lead(texts: Texts) -> None:
    state = start({A: "9S 9C", D: "3S"}, leader=A)
    assert state.to_act == A
    assert "play 9S 9C" in texts(state)
    assert state.view(A).must_include is None
    assert state.apply("play 9S 9C").current == P("9S 9C")


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
        assert "seat 1 is to act" in str(error)

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


def test_s25_a_match_to_the_target() -> None:
    assert match_over([21, 19, 0, 0], 21)
    assert not match_over([22, 0, 22, 0], 21)
    assert match_over([22, 0, 25, 0], 21)
    assert not match_over([20, 19, 0, 0], 21)
    game = GAME
    rules = game.rules(target_points=21)
    assert game.match_over(rules, [21, 19, 0, 0], 9)
    assert game.match_winners(rules, [21, 19, 0, 0]) == [A]
    assert not game.match_over(rules, [22, 0, 22, 0], 10)


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
