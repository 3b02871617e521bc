"""Section 8 scenarios of the Palace rules on what may be played (4.3) and card effects (5, 7).

Scenarios 1-8, 24 and 25. Seats A, B, C, D are 0, 1, 2, 3. Every position is
reached through the public surface: a stacked deck
(``cardkit_palace.setups.stacked_deck``) dealt with ``game.start(deck=...,
dealer=...)``, then actions. Where a scenario needs a big hand or an empty
stock early, it uses ``zone_size`` (bigger zones) and ``first_player_rule =
left_of_dealer`` (a chosen starter); the rule under test is the same.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_palace.testing import LEFT, burned, cards, hand, pile

from cardkit import Card, IllegalAction, Rank

A, B, C, D = 0, 1, 2, 3


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
