"""What an OpenSpiel playout pays: returns from the game's result, and their bounds.

The returns are those of the learning environments ([cardkit.rl.rewards][]):
``"auto"`` pays each seat its net stakes when the game's results carry
payments and the game declares how large they can be, and otherwise a
placement score from ``+1`` (first) to ``-1`` (last). ``"placement"``,
``"win"`` and ``"payment"`` choose one. Every kind sums to zero over the
seats (payments balance; placements are symmetric), and a game stopped at
its action cap pays 0 to everyone, so every cardkit game is zero-sum here.

A game whose results carry payments says how large a seat's net can be with
an optional method ``payment_bound(rules, players) -> float`` on its
[`Game`][cardkit.engine.game.Game] (Tonk has one); without it, payments
cannot be bounded and ``"auto"`` falls back to placements.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardkit.engine.game import Game
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.errors import InvalidRules
from cardkit.rl.rewards import REWARDS, pays

__all__ = ["RETURN_KINDS", "Returns", "returns_for"]

#: The names the ``returns`` game parameter accepts.
RETURN_KINDS = ("auto", "placement", "win", "payment")


class Returns:
    """The returns of one game's playouts under one kind, with their bounds.

    Attributes:
        kind: the kind in force (``"auto"`` resolved to what it means here).
        low: the least a seat can get.
        high: the most a seat can get.
    """

    def __init__(self, kind: str, low: float, high: float) -> None:
        """Returns of `kind`, between `low` and `high`."""
        self.kind = kind
        self.low = low
        self.high = high
        self._function: Callable[[GameResult], Sequence[float]] = REWARDS[kind]

    def __call__(self, result: GameResult) -> list[float]:
        """Each seat's return for a finished game (0 for every seat of a capped one)."""
        return pays(self._function, result)


def returns_for(game: Game[Any, Any], rules: Rules, players: int, kind: str) -> Returns:
    """The returns `kind` of `game` (see the module docs).

    Raises:
        InvalidRules: an unknown kind, or ``"payment"`` for a game that declares
            no bound on its payments.
    """
    if kind not in RETURN_KINDS:
        raise InvalidRules(f"unknown returns {kind!r}; expected one of {', '.join(RETURN_KINDS)}")
    bound: Callable[[Rules, int], float] | None = getattr(game, "payment_bound", None)
    if kind == "payment" and bound is None:
        raise InvalidRules(f"{game.name} declares no payment_bound: its payments are unbounded")
    if kind in ("auto", "payment") and bound is not None:
        limit = float(bound(rules, players))
        return Returns("payment", -limit, limit)
    return Returns("placement" if kind == "auto" else kind, -1.0, 1.0)
