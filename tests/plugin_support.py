"""What the plugin registry's tests share: plugins made of functions, and fake entry points."""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import pytest

import cardkit
from cardkit import hookimpl


def plugin(**hooks: Callable[..., Any]) -> types.SimpleNamespace:
    """A plugin object whose hooks are the given functions (marked as hook implementations)."""
    return types.SimpleNamespace(**{name: hookimpl(fn) for name, fn in hooks.items()})


def games_plugin(*games: Any, aliases: tuple[str, ...] = ()) -> types.SimpleNamespace:
    """A plugin registering ``games``."""

    def cardkit_register(register: Any) -> None:
        for game in games:
            register.add_game(game, aliases=aliases)

    found = plugin(cardkit_register=cardkit_register)
    found.CARDKIT_API_VERSION = cardkit.API_VERSION
    return found


def game_called(shed: Any, name: str) -> Any:
    """Another game like ``shed``, registered under ``name``."""
    return type(f"Game_{name}", (type(shed),), {"name": name})()


class FakeEntryPoint:
    """An entry point of the ``cardkit`` group, loading ``target`` (or raising it)."""

    def __init__(self, name: str, target: object) -> None:
        """Load ``target``; an exception instance is raised on load instead."""
        self.name = name
        self.target = target
        self.dist = types.SimpleNamespace(name=f"cardkit-{name}", version="9.9")

    def load(self) -> object:
        """Import the plugin (or fail)."""
        if isinstance(self.target, BaseException):
            raise self.target
        return self.target


def fake_entry_points(
    monkeypatch: pytest.MonkeyPatch, *points: FakeEntryPoint
) -> list[dict[str, Any]]:
    """Make the plugins module see only ``points`` in the entry point group; returns the calls."""
    calls: list[dict[str, Any]] = []

    def entry_points(**kwargs: Any) -> list[FakeEntryPoint]:
        calls.append(kwargs)
        return list(points) if kwargs.get("group") == "cardkit" else []

    # The registry reads ``metadata.entry_points`` (importlib.metadata) when it loads.
    monkeypatch.setattr("importlib.metadata.entry_points", entry_points)
    return calls
