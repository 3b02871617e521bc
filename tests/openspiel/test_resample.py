"""`resample_from_infostate`: one replay per state, a world found before dealt again."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the open-spiel wheel is not installed here")

import cardkit.openspiel  # noqa: E402
from cardkit.openspiel import _state  # noqa: E402

cardkit.openspiel.register()


def _midgame(name: str, moves: int, seed: int) -> Any:
    game = pyspiel.load_game(f"cardkit_{name}", {"players": 2})
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while (
        state.is_chance_node() or state.move_number() < game.max_chance_nodes_in_history() + moves
    ):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_a_state_keeps_its_dealer_and_a_clone_after_a_move_does_not() -> None:
    """ISMCTS resamples one state per simulation: the replay is worked out once."""
    state = _midgame("crazyeights", 4, 1)
    seat = state.current_player()
    draws = random.Random(2)
    state.resample_from_infostate(seat, draws.random)
    dealer = state._dealer(state.table, seat)
    state.resample_from_infostate(seat, draws.random)
    assert state._dealer(state.table, seat) is dealer
    assert len(dealer.found) == 2
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone._dealer(clone.table, clone.current_player()) is not dealer
    back = pickle.loads(pickle.dumps(state))  # the cache is left out of a saved state
    assert back._dealers.value is None
    assert str(back) == str(state)


def test_a_later_world_falls_back_on_one_found_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """When a later world's tries find none, a world found before for the state is dealt."""
    state = _midgame("tienlen", 3, 4)
    seat = state.current_player()
    draws = random.Random(7)
    first = state.resample_from_infostate(seat, draws.random)
    monkeypatch.setattr(_state, "REPEAT_ROUNDS", 0)  # no fresh try for a later world
    again = [state.resample_from_infostate(seat, draws.random) for _ in range(3)]
    assert {str(w) for w in again} == {str(first)}
    assert all(
        w.information_state_string(seat) == state.information_state_string(seat) for w in again
    )


@pytest.mark.parametrize("name", ["crazyeights", "tienlen", "tonk"])
def test_no_world_raises_no_world_and_never_gives_the_real_state(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A determinizer that finds no world (here: given no tries) raises `NoWorld`; handing
    back the real state instead would show a search bot the cards its seat cannot see."""
    state = _midgame(name, 2, 5)
    seat = state.current_player()
    monkeypatch.setattr(_state, "RESAMPLE_ROUNDS", 0)  # a fresh dealer's first world: no tries
    with pytest.raises(cardkit.openspiel.NoWorld, match=f"seat {seat} knows"):
        state.resample_from_infostate(seat, random.Random(1).random)
    with pytest.raises(cardkit.openspiel.NoWorld):  # without a sampler too
        state.resample_from_infostate(seat)
    resample = cardkit.openspiel.seeded_resampler(random.Random(2))
    with pytest.raises(cardkit.openspiel.NoWorld):  # the resampler ISMCTS is given
        resample(state, seat)
