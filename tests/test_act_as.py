"""`GameState.act_as`: the one seat-scoped way to act, and what its refusals may say (issue 21)."""

from __future__ import annotations

import pytest

import cardkit
from cardkit import IllegalAction

pytest.importorskip("cardkit_palace")
from cardkit_palace.setups import stacked_deck

NONSENSE = ["dance", "play", "play ZZ", "play TC TC", "swap TC TC", "x" * 5000]


def _palace_in_play(players: int = 3, seed: int = 1) -> cardkit.GameState:
    state = cardkit.load_game("palace").start(players, seed=seed)
    while state.to_act is not None and str(state.legal_actions()[0]) == "ready":
        state = state.apply("ready")
    return state


def test_a_seat_that_may_not_act_is_refused_before_its_text_is_read() -> None:
    state = _palace_in_play()
    to_act = state.to_act
    assert to_act is not None
    legal = [str(a) for a in state.legal_actions()]
    for seat in [s for s in range(state.players) if s != to_act] + [None]:
        assert not state.may_act(seat)
        assert state.legal_actions_for(seat) == ()
        for text in [*NONSENSE, *legal]:
            with pytest.raises(IllegalAction) as err:
                state.act_as(seat, text)
            assert err.value.code == "not_your_turn"
            assert err.value.allowed == ()
            assert not any(a in str(err.value) for a in legal), str(err.value)
            assert len(str(err.value)) < 200


def test_the_seat_to_act_is_refused_with_its_own_legal_actions() -> None:
    state = _palace_in_play()
    seat = state.to_act
    assert seat is not None
    assert state.seats_to_act == (seat,)
    with pytest.raises(IllegalAction) as err:
        state.act_as(seat, "dance")
    assert err.value.code == "unparsable"
    assert list(err.value.allowed) == [str(a) for a in state.legal_actions_for(seat)]
    chosen = state.legal_actions()[0]
    assert state.act_as(seat, str(chosen)) == state.apply(chosen)


def test_over_a_window_only_the_asked_seat_and_the_seat_shown_may_act() -> None:
    """2 players: A plays 7S and draws 7C; an add window asks A, and B is shown to act."""
    game = cardkit.load_game("palace")
    rules = game.rules(first_player_rule="left_of_dealer")
    deck = stacked_deck(
        2, 0, zone_size=rules.zone_size, hands={0: "7S KD KH", 1: "5D 4H 9C"}, stock="6S 7C 3D 8S"
    )
    state = game.start(2, rules, deck=deck, dealer=0)
    for text in ["ready", "ready", "play 5D", "play 7S"]:
        state = state.apply(text)
    assert state.phase == "add"
    assert state.to_act == 0
    assert sorted(state.seats_to_act) == [0, 1]
    assert [str(a) for a in state.legal_actions_for(1)] == state.view(1).legal_actions
    assert [str(a) for a in state.legal_actions_for(0)] == state.view(0).legal_actions
    with pytest.raises(IllegalAction) as err:
        state.act_as(1, "dance")  # the seat shown to act: its own view's actions only
    assert set(err.value.allowed) == set(state.view(1).legal_actions)
    assert "7C" not in str(err.value)  # the card just drawn, which only seat 0 may add


def test_a_seat_that_is_no_seat_is_refused() -> None:
    state = _palace_in_play()
    for seat in [-1, 7, True]:
        with pytest.raises(IllegalAction) as err:
            state.act_as(seat, "dance")  # type: ignore[arg-type]
        assert err.value.code == "not_your_turn"
