"""Properties over random games: conservation, hidden cards, determinism, JSON round-trips."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from cardkit_palace import PalaceGame, PalaceState, PalaceView
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardkit import Card, CardSet

CODE = re.compile(r"\b(?:[2-9TJQKA][CDHS])\b")

OPTION_CHOICES: dict[str, list[Any]] = {
    "two_rule": ["player_continues", "next_player_any"],
    "burn_rule": ["player_continues", "next_player"],
    "four_of_a_kind_across_plays": [True, False],
    "first_player_rule": ["lowest_in_hand", "lowest_face_up", "left_of_dealer"],
    "first_play_must_include_lowest": [False, True],
    "allow_voluntary_pickup": [False, True],
    "seven_rule": ["off", "lower_or_equal"],
    "allow_mixed_source_play": [False, True],
    "end_condition": ["last_player_loses", "first_out_wins"],
}

options_strategy = st.fixed_dictionaries(
    {}, optional={name: st.sampled_from(values) for name, values in OPTION_CHOICES.items()}
)
FAST = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def random_states(
    game: PalaceGame, players: int, seed: int, options: dict[str, Any], steps: int
) -> list[PalaceState]:
    state = game.start(players, game.rules(**options), seed=seed)
    rng = random.Random(seed)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def cards_in(view: PalaceView) -> CardSet:
    return CardSet(Card.parse(code) for code in CODE.findall(view.model_dump_json()))


def hidden_from_everyone(state: PalaceState) -> CardSet:
    zones = state.zones()
    hidden: list[Card] = list(zones["stock"])
    for seat in range(state.players):
        hidden += list(zones[f"face_down:{seat}"])
    return CardSet(hidden)


@FAST
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    options=options_strategy,
)
def test_conservation_and_no_hidden_card_in_any_view(
    game: PalaceGame, seed: int, players: int, options: dict[str, Any]
) -> None:
    for state in random_states(game, players, seed, options, 250)[::5]:
        seen = [c for zone in state.zones().values() for c in zone]
        assert len(seen) == 52
        assert CardSet(seen) == CardSet.standard()
        hidden = hidden_from_everyone(state)
        zones = state.zones()
        for seat in [None, *range(players)]:
            view = state.view(seat)
            mentioned = cards_in(view)
            assert not mentioned & hidden, f"seat {seat} sees {mentioned & hidden}"
            for other in range(players):
                if other != seat:
                    private = zones[f"hand:{other}"]
                    leaked = view.hand & private if view.hand is not None else CardSet()
                    assert not leaked
            assert view.stock_count == len(zones["stock"])
            assert sum(view.face_down_counts) == sum(
                len(zones[f"face_down:{s}"]) for s in range(players)
            )


@FAST
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), options=options_strategy)
def test_determinism(game: PalaceGame, seed: int, players: int, options: dict[str, Any]) -> None:
    one = random_states(game, players, seed, options, 200)
    two = random_states(game, players, seed, options, 200)
    assert [s.snapshot() for s in one] == [s.snapshot() for s in two]
    assert [str(a) for a in one[-1].history] == [str(a) for a in two[-1].history]
    assert [e.to_json_dict() for e in one[-1].events] == [e.to_json_dict() for e in two[-1].events]


@FAST
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), options=options_strategy)
def test_json_round_trips(
    game: PalaceGame, seed: int, players: int, options: dict[str, Any]
) -> None:
    states = random_states(game, players, seed, options, 150)
    for state in [*states[:: max(1, len(states) // 4)], states[-1]]:
        loaded = game.load_state(state.to_json())
        assert loaded.snapshot() == state.snapshot()
        assert json.loads(json.dumps(state.snapshot())) == state.snapshot()
        for seat in (None, state.to_act if state.to_act is not None else 0):
            view = state.view(seat)
            assert PalaceView.model_validate_json(view.model_dump_json()) == view
        for action in state.legal_actions():
            assert state.parse_action(str(action)) == action
            assert state.parse_action(str(action).lower()) == action
        rules = state.rules
        assert game.rules(**json.loads(rules.model_dump_json())) == rules
        if state.is_over:
            result = state.result()
            assert type(result).model_validate_json(result.model_dump_json()) == result


@FAST
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), options=options_strategy)
def test_legal_actions_are_exact(
    game: PalaceGame, seed: int, players: int, options: dict[str, Any]
) -> None:
    """Every listed action applies; a sample of unlisted ones is refused."""
    rng = random.Random(seed)
    vocabulary = ["pickup", "ready", "decline", *(f"flip {i}" for i in range(1, 4))]
    for state in random_states(game, players, seed, options, 200)[::7]:
        legal = {str(a) for a in state.legal_actions()}
        assert len(legal) == len(state.legal_actions())
        for text in legal:
            state.apply(text)
        cards = list(CardSet.standard())
        candidates = vocabulary + [f"play {rng.choice(cards)}" for _ in range(6)]
        candidates += [f"add {rng.choice(cards)}", f"complete {rng.choice(cards)}"]
        candidates += [f"swap {rng.choice(cards)} {rng.choice(cards)}"]
        for text in candidates:
            try:
                if state.parse_action(text) in state.legal_actions():
                    continue
                state.apply(text)
            except ValueError:
                continue
            raise AssertionError(f"{text!r} was applied but is not listed: {sorted(legal)}")


def test_window_invariants_over_random_games(game: PalaceGame) -> None:
    """Windows ask one seat for exactly the right cards, from its active source."""
    rng = random.Random(99)
    seen = {"add": 0, "complete": 0, "complete_from_face_up": 0}
    for seed in range(120):
        state = game.start(2 + seed % 4, seed=seed)
        for _ in range(1500):
            if state.is_over:
                break
            seat = state.to_act
            assert seat is not None
            zones = state.zones()
            hand, ups = zones[f"hand:{seat}"], zones[f"face_up:{seat}"]
            assert isinstance(hand, CardSet)
            assert isinstance(ups, CardSet)
            if state.phase == "complete":
                seen["complete"] += 1
                need = state.view(seat).completing
                assert need is not None
                source = hand if hand else ups
                assert need <= source
                pile = list(zones["pile"])
                top = pile[-1].rank
                assert all(c.rank == top for c in need)
                assert len(need) + state.view().top_run == 4
                assert [str(a) for a in state.legal_actions()] == [
                    "complete " + " ".join(c.code for c in need),
                    "decline",
                ]
                if not hand:
                    seen["complete_from_face_up"] += 1
                    after = state.apply(state.legal_actions()[0])
                    assert not after.zones()[f"face_up:{seat}"] & need
                    assert CardSet(need) <= CardSet(after.zones()["burned"])
            elif state.phase == "add":
                seen["add"] += 1
                addable = state.view(seat).addable
                assert addable is not None
                assert addable <= hand
                assert state.view(seat).window == "add"
            state = state.apply(rng.choice(state.legal_actions()))
    assert seen["add"] > 0
    assert seen["complete"] > 0
    assert seen["complete_from_face_up"] > 0, seen
