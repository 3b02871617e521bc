"""The hidden-information check of simultaneous phases: an uncommitted choice never shows.

While a [`Sealed`][cardkit.engine.simultaneous.Sealed] field of a state is incomplete,
what any seat (or a spectator) sees must not depend on the choices of the
other seats: [`check_sealed_choices`][cardkit.testing.sealed.check_sealed_choices]
swaps the choices of every two other seats that have chosen differently and
compares the views, as the card checks swap cards between hidden zones.
"""

from __future__ import annotations

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
    """No view shows another seat's choice before every seat has chosen.

    Raises:
        ContractError: swapping two other seats' sealed choices changes a view.
    """
    fields = getattr(state, "f", None)
    if fields is None or state.is_over:
        return
    for name, value in zip(fields._fields, fields, strict=True):
        if not isinstance(value, Sealed) or value.complete:
            continue
        chosen = [s for s, v in enumerate(value.values) if v is not None]
        for viewer in (None, *range(state.players)):
            seen = state.view(viewer).model_dump(mode="json")
            for a, b in combinations([s for s in chosen if s != viewer], 2):
                va, vb = value.values[a], value.values[b]
                if va == vb:
                    continue
                swapped = list(value.values)
                swapped[a], swapped[b] = vb, va
                other = _with(state, name, Sealed(tuple(swapped)))
                if other.view(viewer).model_dump(mode="json") != seen:
                    _fail(state, f"view({viewer}) shows the sealed {name} of seat {a} or {b} "
                                 "before every seat has chosen")  # fmt: skip
