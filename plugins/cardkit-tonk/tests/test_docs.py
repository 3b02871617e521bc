"""The examples in the docstrings of cardkit_tonk run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "cardkit_tonk",
    "cardkit_tonk.actions",
    "cardkit_tonk.game",
    "cardkit_tonk.payouts",
    "cardkit_tonk.rules",
    "cardkit_tonk.testing",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
