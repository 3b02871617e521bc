"""Tonk house rules, written on Tonk's own hooks (:mod:`cardkit_tonk.hookspecs`)."""

from __future__ import annotations

from typing import ClassVar

from cardkit_tonk import Ending, TonkRules

from cardkit import Payment, hookimpl

__all__ = ["LowDropDouble"]


class LowDropDouble:
    """``low-drop-double``: a drop that wins with a count of 10 or less is paid double.

    Each other player pays the dropper 2 stakes instead of 1. Every other
    ending, and a winning drop above 10, is left to the game. Pair it with
    the ``ten-or-less`` preset (drops only at 10 or less) and every winning
    drop pays double.
    """

    name: ClassVar[str] = "low-drop-double"
    game: ClassVar[str] = "tonk"
    description: ClassVar[str] = "A drop that wins with a count of 10 or less pays 2 stakes."
    #: The highest count that earns the double payment.
    limit: ClassVar[int] = 10

    @hookimpl
    def tonk_payout(self, ending: Ending, rules: TonkRules) -> list[Payment] | None:
        """Double the payment of a winning drop at ``limit`` or less; ``None`` otherwise."""
        dropper = ending.dropper
        if ending.reason != "drop_win" or dropper is None or ending.counts is None:
            return None
        if ending.counts[dropper] > self.limit:
            return None
        return [
            Payment(payer=seat, payee=dropper, amount=2 * rules.stake, reason="low_drop")
            for seat in range(ending.players)
            if seat != dropper
        ]
