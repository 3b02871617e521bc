"""The scalar fields of a Palace view, read from the fields: a plain function (compiled with
mypyc), which learning code reads at every observation without building the view."""

from __future__ import annotations

from typing import Any

from cardkit import Rank
from cardkit_palace.fields import ADD, COMPLETE, PHASES, PUBLIC_PHASES
from cardkit_palace.protocols import PalaceLike

__all__ = ["view_scalars"]


def view_scalars(state: PalaceLike, seat: int | None) -> dict[str, Any]:
    """The scalar entries of ``view_extra`` alone (for learning code: no lists, no card sets)."""
    f = state.f
    phase = f.phase
    asked = seat == f.actor  # the seat to act (a seat is never -1, the actor once over)
    in_window = asked and phase in (ADD, COMPLETE)
    must = f.must
    starter = f.starter
    return {
        "phase": PUBLIC_PHASES[phase],
        "window": PHASES[phase] if in_window else None,
        "dealer": f.cfg.dealer,
        "top_run": f.run,
        "starter": starter if starter >= 0 else None,
        "first_play_rank": Rank(must).code if must and asked else None,
        "window_seat": f.opener if in_window else None,
        "plays_again": bool(f.again) if in_window else False,
    }
