"""The hidden-information check of simultaneous phases: a hidden choice never shows.

While a [`Sealed`][cardkit.engine.simultaneous.Sealed] field of a state is incomplete,
what any seat (or a spectator) sees must not depend on the choices of the
other seats; once it is complete with `receivers` (passes), on the choices
the seat neither made nor received:
[`check_sealed_choices`][cardkit.testing.sealed.check_sealed_choices]
swaps the choices of every two such seats that have chosen differently and
compares the views, as the card checks swap cards between hidden zones.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Any

from cardkit.engine.simultaneous import Sealed
from cardkit.engine.state import GameState
from cardkit.testing._support import _fail

__all__ = ["check_sealed_choices"]


def _with(state: Any, name: str, sealed: Sealed[Any]) -> Any:
    """`state` with its field `name` replaced (the same log, so the same `recent`)."""
    other = state.first(state.game, state.setup, state.f._replace(**{name: sealed}))
    object.__setattr__(other, "_log", state._log)
    return other


def check_sealed_choices(state: GameState) -> None:
    """No view shows another seat's choice before every seat has chosen, nor, for a choice
    revealed to its receiver only, after.

    Raises:
        ContractError: swapping two sealed choices the viewer may not see changes its view.
    """
    fields = getattr(state, "f", None)
    if fields is None or state.is_over:
        return
    for name, value in zip(fields._fields, fields, strict=True):
        if not isinstance(value, Sealed) or (value.complete and value.receivers is None):
            continue
        chosen = [s for s, v in enumerate(value.values) if v is not None]
        for viewer in (None, *range(state.players)):
            seen = state.view(viewer).model_dump(mode="json")
            hidden = [s for s in chosen if not value.sees(viewer, s)]
            for a, b in combinations(hidden, 2):
                va, vb = value.values[a], value.values[b]
                if va == vb:
                    continue
                swapped = list(value.values)
                swapped[a], swapped[b] = vb, va
                other = _with(state, name, replace(value, values=tuple(swapped)))
                if other.view(viewer).model_dump(mode="json") != seen:
                    when = "after" if value.complete else "before"
                    _fail(
                        state,
                        f"view({viewer}) shows the sealed {name} of seat {a} or {b} "
                        f"{when} every seat has chosen",
                    )
