"""The examples in the plugin's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "cardkit_tienlen",
    "cardkit_tienlen.bots",
    "cardkit_tienlen.combos",
    "cardkit_tienlen.decks",
    "cardkit_tienlen.game",
    "cardkit_tienlen.handcombos",
    "cardkit_tienlen.rules",
    "cardkit_tienlen.scoring",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
