"""The examples in the core's docstrings run and print what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cardkit

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(cardkit.__path__, prefix="cardkit.")
    if not info.name.startswith(("cardkit.testing", "cardkit.cli", "cardkit.templates"))
)


def test_the_core_modules_are_found() -> None:
    assert "cardkit.cards.card" in MODULES
    assert "cardkit.cards.melds.deadwood" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"


@pytest.mark.parametrize("name", ["cardkit_crazyeights", "cardkit_ginrummy", "cardkit_spades"])
def test_the_examples_package_docstrings(name: str) -> None:
    """An example's `__init__` is its docstring alone: the example in it runs."""
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"
