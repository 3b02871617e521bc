"""A refusal costs little whatever the number of legal actions: it words only what it shows.

A refusal's message shows 12 legal actions and says how many more there are;
`IllegalAction.allowed` gives them all, worded when read. In a pass of 3 of
13 cards (286 legal actions, listed lazily through `any_cards`) a refusal used
to word all 286 (counted here: the action's `__str__` calls).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardkit import IllegalAction


def _passgame() -> ModuleType:
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


@pytest.fixture
def worded(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many passes were worded (`Give.__str__` calls) since the fixture began."""
    count = [0]
    plain = PASS.Give.__str__

    def counted(self: Any) -> str:
        count[0] += 1
        return plain(self)  # type: ignore[no-any-return]

    monkeypatch.setattr(PASS.Give, "__str__", counted)
    return count


def _state() -> Any:
    game = PASS.PassGame()
    state = game.start(4, game.rules(listing="any"), seed=1)
    assert len(state.legal_actions()) == 286
    return state


def _not_held(state: Any) -> Any:
    held = state.f.hands[state.f.seat]
    other = state.f.hands[(state.f.seat + 1) % 4]
    return PASS.Give((*list(held)[:2], next(iter(other))))


def test_a_refused_action_words_only_the_actions_it_shows(worded: list[int]) -> None:
    state = _state()
    action = _not_held(state)
    worded[0] = 0
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert worded[0] <= 13  # the 12 shown (and the refused action, if quoted)
    assert "(and 274 more)" in str(refused.value)
    assert len(refused.value.allowed) == 286
    shown = worded[0]
    assert refused.value.allowed[0] == str(state.legal_actions()[0])
    assert worded[0] <= shown + 2


def test_a_refusal_through_act_as_and_of_text_words_only_what_it_shows(
    worded: list[int],
) -> None:
    state = _state()
    text = str(_not_held(state))
    attempts: list[Callable[[], object]] = [
        lambda: state.act_as(state.to_act, text),
        lambda: state.apply("pass 2C"),  # one card: unparsable as a pass of 3
        lambda: state.apply("dance"),
    ]
    for attempt in attempts:
        worded[0] = 0
        with pytest.raises(IllegalAction, match="and 274 more"):
            attempt()
        # `act_as` words the 12 shown twice: its own refusal rebuilds the game's.
        assert worded[0] <= 2 * 13


def test_the_allowed_actions_read_as_a_list_of_text() -> None:
    state = _state()
    with pytest.raises(IllegalAction) as refused:
        state.apply(_not_held(state))
    allowed = refused.value.allowed
    texts = [str(a) for a in state.legal_actions()]
    assert list(allowed) == texts
    assert allowed == tuple(texts)
    assert allowed[-3:] == tuple(texts[-3:])
    assert texts[5] in allowed
