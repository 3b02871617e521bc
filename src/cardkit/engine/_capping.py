"""The action cap of [`GenericState`][cardkit.engine.generic.GenericState], once for every game.

Every game's rules have `max_actions` ([`Rules`][cardkit.engine.rules.Rules]). Each
state counts down the actions left (one slot, set as the state is built); the
state that reaches the cap is built as its class's *capped* twin
([`capped_class`][cardkit.engine._capping.capped_class]): a subclass made once per
state class that is over, names no seat to act, lists no action and whose
`result()` is [`GameResult.capped_at`][cardkit.engine.results.GameResult.capped_at].
The count costs one subtraction per transition, and a game's own members
(`is_over`, `to_act`, `result`) stay as they are: the capped twin overrides them.

A private window open at the cap is declined for every view (through the
uncapped twin's `decline_window`), so that no view tells whom it asked.
"""

from __future__ import annotations

from typing import Any

from cardkit.engine._building import set_turn
from cardkit.engine.results import GameResult

__all__ = ["capped_class"]

#: The capped twin of each state class (and of each twin: itself).
_CAPPED: dict[type, type] = {}


def capped_class(cls: type[Any]) -> type[Any]:
    """The capped twin of the state class ``cls`` (made once, then cached)."""
    found = _CAPPED.get(cls)
    if found is not None:
        return found
    base = cls

    def to_act(self: Any) -> int | None:
        return None

    def is_over(self: Any) -> bool:
        return True

    def legal_actions(self: Any) -> tuple[Any, ...]:
        return ()

    def result(self: Any) -> GameResult:
        return GameResult.capped_at(self.players, self.action_count)

    def decline_window(self: Any) -> Any:
        declined = base.decline_window(uncapped(self, base))
        return declined

    namespace = {
        "__slots__": (),
        "__module__": cls.__module__,
        "__qualname__": cls.__qualname__,
        "__doc__": f"A {cls.__name__} stopped by the action cap (`max_actions`): over, capped.",
        "is_capped": True,
        "to_act": property(to_act, doc="No seat: the cap ended the game."),
        "is_over": property(is_over, doc="Always: the cap ended the game."),
        "legal_actions": legal_actions,
        "list_legal": legal_actions,
        "result": result,
        "decline_window": decline_window,
    }
    meta: Any = type(cls)
    twin: type[Any] = meta(cls.__name__, (cls,), namespace)
    _CAPPED[cls] = _CAPPED[twin] = twin
    return twin


def uncapped(state: Any, base: type[Any]) -> Any:
    """The same position as ``state`` (capped) as a state of ``base``, its class before the cap."""
    twin = base._building()
    twin.game = state.game
    twin.setup = state.setup
    twin.rules = state.rules
    twin.players = state.players
    twin._log = state._log
    twin.f = state.f
    if base._turn_slots:
        set_turn(twin, state.f)
    twin._legal = None
    twin._left = state._left
    twin.__class__ = base
    return twin
