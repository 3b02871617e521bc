"""Shared fixtures of the Tiến lên tests.

Deals with chosen hands come from `cardkit_tienlen.decks.start_with_hands`.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cardkit_tienlen import TienLenState

from cardkit import IllegalAction


def legal_texts(state: TienLenState) -> set[str]:
    """The legal actions of ``state`` as text."""
    return {str(a) for a in state.legal_actions()}


def assert_refused(state: TienLenState, action: str, code: str) -> IllegalAction:
    """Apply ``action``: it must raise IllegalAction with ``code`` and change nothing."""
    before = state.snapshot()
    history = state.history
    legal = state.legal_actions()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.code == code, str(info.value)
    assert state.snapshot() == before
    assert state.history == history
    assert state.legal_actions() == legal
    return info.value


@pytest.fixture(scope="session")
def texts() -> Callable[[TienLenState], set[str]]:
    """``texts(state)``: the legal actions as a set of texts."""
    return legal_texts


@pytest.fixture(scope="session")
def refuse() -> Callable[[TienLenState, str, str], IllegalAction]:
    """``refuse(state, "play 4D", "must_include")``: refused, and nothing changed."""
    return assert_refused
