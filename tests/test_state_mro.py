"""No state class has more than 4 classes of the core in its MRO (issue 37).

The parts a game opts into (`SimultaneousChoices`, `PrivateWindows`) are its own
bases, not bases every game inherits. Checked on every state class of every
installed game's package (its testing doubles included), and on the package that
``cardkit new plugin`` renders.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardkit
from cardkit import GameState
from cardkit.cli.scaffold import new_plugin

MOST_CORE_CLASSES = 4


def core_classes(cls: type) -> list[str]:
    """The classes of the core (modules `cardkit` and `cardkit.*`) in `cls`'s MRO."""
    return [
        k.__qualname__
        for k in cls.__mro__
        if k.__module__ == "cardkit" or k.__module__.startswith("cardkit.")
    ]


def state_classes(package: str) -> Iterator[type]:
    """Every `GameState` subclass defined in `package` or its modules."""
    root = importlib.import_module(package)
    modules = [root]
    for info in pkgutil.walk_packages(getattr(root, "__path__", []), f"{package}."):
        modules.append(importlib.import_module(info.name))
    for module in modules:
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, GameState)
                and value.__module__ == module.__name__
            ):
                yield value


def _packages() -> list[str]:
    games = [cardkit.load_game(name) for name in cardkit.available_games()]
    return sorted({type(game).__module__.split(".")[0] for game in games})


@pytest.mark.parametrize("package", _packages())
def test_each_state_class_of_a_game_has_at_most_4_core_classes(package: str) -> None:
    found = list(state_classes(package))
    assert found, f"{package} defines no state class"
    for cls in found:
        core = core_classes(cls)
        assert len(core) <= MOST_CORE_CLASSES, f"{cls.__qualname__}: {core}"


def test_the_started_states_are_the_declared_classes() -> None:
    """No state class made at run time: a started game's state is its package's own class."""
    for name in cardkit.available_games():
        state = cardkit.load_game(name).start(seed=1)
        assert len(core_classes(type(state))) <= MOST_CORE_CLASSES, name
        assert type(state) in set(state_classes(type(state).__module__.split(".")[0])), name


def test_the_plugin_template_s_state_has_at_most_4_core_classes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = new_plugin("mro-probe", tmp_path)
    monkeypatch.syspath_prepend(str(root / "src"))
    try:
        found = list(state_classes("cardkit_mro_probe"))
        assert found
        for cls in found:
            assert len(core_classes(cls)) <= MOST_CORE_CLASSES, core_classes(cls)
    finally:
        for module in [m for m in sys.modules if m.startswith("cardkit_mro_probe")]:
            del sys.modules[module]
