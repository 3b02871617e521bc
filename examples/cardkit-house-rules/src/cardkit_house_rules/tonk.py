"""Tonk house rules, written on Tonk's own hooks (`cardkit_tonk.hookspecs`)."""

from __future__ import annotations

# --8<-- [start:imports]
from cardkit_tonk import Ending, TonkRules

from cardkit import HouseRule, Payment, hookimpl

# --8<-- [end:imports]

__all__ = ["LOW_DROP_DOUBLE", "LOW_DROP_LIMIT", "tonk_payout"]

# --8<-- [start:low-drop-double]
#: ``low-drop-double``: a drop that wins with a count of 10 or less pays 2 stakes.
LOW_DROP_DOUBLE = HouseRule(
    name="low-drop-double",
    game="tonk",
    description="A drop that wins with a count of 10 or less pays 2 stakes.",
)
#: The highest count that earns the double payment.
LOW_DROP_LIMIT = 10


@hookimpl
def tonk_payout(ending: Ending, rules: TonkRules) -> list[Payment] | None:
    """Under ``low-drop-double``, each other player pays a winning low drop 2 stakes.

    Every other ending, a winning drop above the limit, and every hand
    played without the rule are left to the game (``None``).
    """
    if LOW_DROP_DOUBLE.name not in rules.house_rules:
        return None
    dropper = ending.dropper
    if ending.reason != "drop_win" or dropper is None or ending.counts is None:
        return None
    if ending.counts[dropper] > LOW_DROP_LIMIT:
        return None
    return [
        Payment(payer=seat, payee=dropper, amount=2 * rules.stake, reason="low_drop")
        for seat in range(ending.players)
        if seat != dropper
    ]


# --8<-- [end:low-drop-double]
