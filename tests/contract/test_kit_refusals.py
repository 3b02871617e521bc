"""The refusal non-interference check (issue 21): it passes the example game and catches leaks.

As in ``test_kit_midgame.py``: each broken game is Crazy Eights with one
deliberate bug.
"""

from __future__ import annotations

import pytest
from cardkit_crazyeights.state import CrazyEightsState, Play
from contract_support import GOOD, broken

from cardkit import Refusal, Refused
from cardkit.testing import ContractError, check_refusal_non_interference
from cardkit.testing.refusals import answer, bad_inputs


class SaysWhoHoldsIt(CrazyEightsState):
    """Refuses a card that is not in hand by naming the seat that holds it."""

    __slots__ = ()
    grammar = CrazyEightsState.grammar  # the core finds the checks of a class with a grammar

    def check_play(self, action: Play) -> Refusal | None:
        for seat, hand in enumerate(self.f.hands):
            if seat != self.f.seat and action.card in hand:
                return Refusal(Refused.NOT_IN_HAND, f"seat {seat} holds {action.card.code}")
        return super().check_play(action)


class AnySeatMayAct(CrazyEightsState):
    """Lets every seat act, with the legal actions of the seat to act: Palace's old leak."""

    __slots__ = ()

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.is_over else tuple(range(self.players))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_example_game_passes(players: int) -> None:
    assert check_refusal_non_interference(GOOD, players, seed=3) > 0


@pytest.mark.parametrize("bug", [SaysWhoHoldsIt, AnySeatMayAct])
def test_a_refusal_that_tells_about_unseen_cards_is_caught(bug: type[CrazyEightsState]) -> None:
    game = broken(bug)
    with pytest.raises(ContractError, match="swap places"):
        check_refusal_non_interference(game, 4, seed=0)


def test_the_corpus_holds_every_kind_of_bad_input() -> None:
    state = GOOD.start(3, seed=1)
    seat = (state.to_act + 1) % 3 if state.to_act is not None else 0
    hidden = list(state.zones()["stock"])[:2]
    texts = bad_inputs(state, seat, hidden)
    legal = [str(a) for a in state.legal_actions()]
    assert "dance" in texts  # unparsable
    assert "play" in texts  # a verb without cards
    assert f"play {hidden[0].code}" in texts  # a card the sender never saw
    assert f"play {hidden[0].code} {hidden[0].code}" in texts  # duplicates
    assert set(legal[:8]) <= set(texts)  # the legal actions of the seat to act
    assert any(len(t) > 1000 for t in texts)  # huge texts
    for text in texts:
        refused = answer(state, seat, text)
        assert refused[0] == "not_your_turn"
        assert refused[2] == ()
