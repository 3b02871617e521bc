"""Cheap legality: the reference listing takes a form's cards from its source zone, makes no
text of the candidates, and lists exactly what the slow path over the whole deck lists."""

from __future__ import annotations

import importlib.util
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardkit import Action, Card, Form, GenericState, Grammar, Seen, Zone


def _passgame() -> ModuleType:
    """The benchmarks' passing game (`benchmarks/passgame.py`), imported from its file."""
    name = "cardkit_bench_passgame"
    if name not in sys.modules:
        path = Path(__file__).resolve().parents[1] / "benchmarks" / "passgame.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


PASS = _passgame()
GAME = PASS.PassGame()


def _states(give: int, hand: int, seed: int, from_hand: bool = True) -> list[Any]:
    rules = GAME.rules(hand=hand, give=give, from_hand=from_hand, rounds=2)
    state = GAME.start(4, rules, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize(("give", "hand"), [(2, 8), (3, 13)])
def test_the_listing_from_the_hand_equals_the_slow_path_over_the_deck(give: int, hand: int) -> None:
    slow_class = PASS.STATES[give, False]
    for seed in range(2):
        for state in _states(give, hand, seed)[: 3 if give == 3 else None]:
            fast = state.legal_actions()
            assert len(fast) == len(set(fast))
            assert len(state.candidate_actions()) < 300
            # The same state under the class whose form takes its cards from the deck.
            slow = slow_class.first(state.game, state.setup, state.f)
            assert len(slow.candidate_actions()) > 1000
            assert set(slow.legal_actions()) == set(fast)
            assert sorted(map(str, fast)) == sorted(map(str, slow.legal_actions()))


def test_listing_and_applying_listed_actions_make_no_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_text(action: object) -> str:
        raise AssertionError("an action was turned into text")

    states = _states(3, 13, 1)
    monkeypatch.setattr(PASS.Give, "__str__", no_text)
    rng = random.Random(0)
    state = GAME.start(4, GAME.rules(), seed=2)
    while not state.is_over:
        legal = state.legal_actions()
        assert len(legal) == 286
        state = state.apply(rng.choice(legal))
    assert states[-1].is_over


def test_candidates_are_built_once_per_form() -> None:
    """Two states whose seat to act holds the same hand list the very same objects."""
    state = _states(2, 8, 3)[0]
    twin = GAME.start(4, state.rules, deck=state.setup.deck)
    assert twin is not state
    listed = twin.candidate_actions()
    assert listed == state.candidate_actions()
    assert all(a is b for a, b in zip(listed, state.candidate_actions(), strict=True))


@dataclass(frozen=True, slots=True)
class _Put(Action):
    card: Card

    def __str__(self) -> str:
        return f"put {self.card.code}"


def test_a_source_that_is_not_a_zone_is_refused() -> None:
    with pytest.raises(TypeError, match="'put' takes its cards from 'hands', which is not a zone"):

        class _Wrong(GenericState[Any, Any]):
            __slots__ = ()
            grammar = Grammar(Form("put", _Put, cards=1, source="hands"))
            zone_specs = (Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER),)

            def check_put(self, action: _Put) -> None:
                return None

            def do_put(self, action: _Put) -> Any:
                return self
