"""A game's hook callers: how a game calls the hooks it publishes.

A game publishes hook specifications for its variation points (through
`cardkit_add_hookspecs`) and calls them as `game.hooks.<name>(...)`, which
is pluggy's own `HookCaller` from the registry that registered the game, or
`game.hooks.answer("<name>", default, ...)`, which gives `default` when no
plugin answers. Call them when a game starts, never per move.
"""

from __future__ import annotations

from typing import Any, TypeVar

import pluggy

__all__ = ["GameHooks"]

T = TypeVar("T")


class GameHooks:
    """The hook callers of one registry's plugin manager."""

    __slots__ = ("_pm",)

    def __init__(self, pm: pluggy.PluginManager) -> None:
        """Hook callers of `pm`."""
        self._pm = pm

    def __getattr__(self, name: str) -> pluggy.HookCaller:
        """Pluggy's caller of the hook `name`.

        Raises:
            AttributeError: no plugin published a hook of that name.
        """
        caller: pluggy.HookCaller | None = getattr(self._pm.hook, name, None)
        if caller is None:
            raise AttributeError(f"no hook named {name!r} is published; check its hookspecs")
        return caller

    def answers(self, name: str) -> bool:
        """Whether any plugin implements the hook `name`."""
        caller = getattr(self._pm.hook, name, None)
        return caller is not None and bool(caller.get_hookimpls())

    def answer(self, name: str, default: T, **kwargs: Any) -> T:
        """The first non-`None` answer of the hook `name`, or `default` when none answers.

        A hook published with `firstresult=True` gives its one answer; other
        hooks give their answers in pluggy's call order, and the first one
        that is not `None` is taken.
        """
        if not self.answers(name):
            return default
        result = getattr(self._pm.hook, name)(**kwargs)
        if isinstance(result, list):
            result = next((r for r in result if r is not None), None)
        return default if result is None else result
