"""The scalar fields of a Palace view, read from the fields: a plain function (compiled with
mypyc), which learning code reads at every observation without building the view."""

from __future__ import annotations

from typing import Any

from cardkit import Rank
from cardkit_palace.fields import ADD, COMPLETE, PHASES, PUBLIC_PHASES
from cardkit_palace.protocols import PalaceLike

__all__ = ["SCALAR_NAMES", "view_scalars"]

#: The names of `view_scalars`' values, in its order (the view's own names).
SCALAR_NAMES = (
    "phase",
    "window",
    "dealer",
    "top_run",
    "starter",
    "first_play_rank",
    "window_seat",
    "plays_again",
)


def view_scalars(state: PalaceLike, seat: int | None) -> tuple[Any, ...]:
    """The scalar entries of ``view_extra`` alone, named by `SCALAR_NAMES` (for learning code:
    no lists, no card sets, no dict)."""
    f = state.f
    phase = f.phase
    asked = seat == f.actor  # the seat to act (a seat is never -1, the actor once over)
    in_window = asked and phase in (ADD, COMPLETE)
    must = f.must
    starter = f.starter
    return (
        PUBLIC_PHASES[phase],
        PHASES[phase] if in_window else None,
        f.cfg.dealer,
        f.run,
        starter if starter >= 0 else None,
        Rank(must).code if must and asked else None,
        f.opener if in_window else None,
        bool(f.again) if in_window else False,
    )
