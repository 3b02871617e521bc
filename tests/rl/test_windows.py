"""Palace's private windows (rules 4.5) stay private in observations and action masks."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import cardkit
import cardkit.rl

pytest.importorskip("cardkit_palace")
from cardkit_palace.setups import stacked_deck

A, B = 0, 1


def _after_7s(**options: Any) -> Any:
    """B plays 5D, A plays 7S and draws 7C: an add window asks A; B is next (2 players)."""
    game = cardkit.load_game("palace")
    rules = game.rules(first_player_rule="left_of_dealer", **options)
    deck = stacked_deck(
        2, A, zone_size=rules.zone_size, hands={A: "7S KD KH", B: "5D 4H 9C"}, stock="6S 7C 3D 8S"
    )
    state = game.start(2, rules, deck=deck, dealer=A)
    for text in ["ready", "ready", "play 5D", "play 7S"]:
        state = state.apply(text)
    return state


def test_an_add_window_shows_only_in_the_asked_seats_observation() -> None:
    window, plain = _after_7s(), _after_7s(add_drawn_match=False)
    assert window.to_act == A
    assert plain.to_act == B
    assert window.shown_to_act(B) == B
    assert window.shown_to_act(None) == B
    assert window.shown_to_act(A) == A
    env = cardkit.rl.aec_env("palace", players=2)
    table = env.table
    seen = {}
    for name, state in (("window", window), ("plain", plain)):
        table.state = state
        seen[name] = {key: value.tobytes() for key, value in table.observe(B).items()}
        seen[name]["ids"] = str(table.legal(B))
    assert seen["window"] == seen["plain"]
    assert np.any(table.legal_mask(B))  # B is shown to act, with its legal actions
    table.state = window
    assert table.observe(A)["observation"].tobytes() != table.observe(B)["observation"].tobytes()


def test_the_default_act_as_accepts_only_the_seat_to_act() -> None:
    state = cardkit.load_game("crazyeights").start(3, seed=5)
    seat = state.to_act
    assert seat is not None
    other = (seat + 1) % 3
    action = str(state.legal_actions()[0])
    with pytest.raises(cardkit.IllegalAction) as err:
        state.act_as(other, action)
    assert err.value.code == "not_your_turn"
    assert f"seat {seat + 1} is to act" in str(err.value)
    assert state.act_as(seat, action) == state.apply(action)
    assert state.shown_to_act(other) == seat


def test_the_mask_of_the_seat_shown_to_act_during_a_window_is_its_public_moves() -> None:
    env = cardkit.rl.aec_env("palace", players=2)
    for seed in range(40):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(300):
            state = env.table.state
            if state.is_over:
                break
            shown = state.shown_to_act(None)
            if shown is not None and shown != state.to_act:
                mask = env.observe(env.possible_agents[shown])["action_mask"]
                public = state.public_state()  # type: ignore[attr-defined]
                space = state.game.action_space(state.rules, 2)
                assert mask.any()
                assert np.flatnonzero(mask).tolist() == space.legal_ids(public)
                assert env.infos[env.possible_agents[shown]] == {}
                return
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
    raise AssertionError("no seed opens a private window")
