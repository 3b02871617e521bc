"""Section 8 scenarios of the Palace rules on the deal and exchange (3) and the end (4.8, 6).

Scenarios 19, 20, 21, 23 and 28. Seats A, B, C, D are 0, 1, 2, 3; positions
come from stacked decks, as in the other scenario modules.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from cardkit_palace import PalaceBot
from cardkit_palace.testing import cards, hand

from cardkit import Card, CardSet, IllegalAction
from cardkit.authoring import Turn

A, B, C, D = 0, 1, 2, 3


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
