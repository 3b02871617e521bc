"""Tonk's own hooks: the variation points a house-rule plugin can change.

The Tonk plugin publishes these specifications through the core hook
``cardkit_add_hookspecs``, so any other plugin can implement them without
forking the game. Both hooks are "first result wins": implementations are
asked in pluggy's call order (the newest registered first, ``tryfirst``
before, ``trylast`` after) and the first one that returns something other
than ``None`` decides. The game's own behaviour is itself an implementation,
registered ``trylast`` by `cardkit_tonk.plugin`, so a house rule only
needs to answer the cases it changes and return ``None`` for the rest.

The game calls them through its hook callers (``game.hooks``): the card
values once per rules and number of players, cached until the registered
plugins change (a plugin registered later applies from the next hand on),
and the payout when a hand's result is built; never per move. An
implementation may declare only some of the arguments, as usual with pluggy.

A house rule in a few lines (pictures count 5, and a run out pays 3 stakes)::

    import cardkit
    from cardkit import CardValues, Payment, Rank

    class FivePictures:
        @cardkit.hookimpl
        def tonk_card_values(self, rules):
            values = {r: int(r) for r in Rank if r <= Rank.TEN}
            return CardValues(values | {Rank.JACK: 5, Rank.QUEEN: 5, Rank.KING: 5, Rank.ACE: 1})

        @cardkit.hookimpl
        def tonk_payout(self, ending, rules):
            if ending.reason != "run_out":
                return None  # every other ending: the game's own payout
            winner = ending.winners[0]
            return [Payment(payer=p, payee=winner, amount=3 * rules.stake, reason="run_out")
                    for p in range(ending.players) if p != winner]

    cardkit.register(FivePictures(), name="five-pictures")
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit import hookspec

if TYPE_CHECKING:
    from cardkit import CardValues, Payment
    from cardkit_tonk.payouts import Ending
    from cardkit_tonk.rules import TonkRules

__all__ = ["HOOK_NAMES", "tonk_card_values", "tonk_payout"]

#: The names of the hooks this module specifies.
HOOK_NAMES = ("tonk_card_values", "tonk_payout")


@hookspec(firstresult=True)
def tonk_card_values(rules: TonkRules) -> CardValues | None:
    """The point value of every card, used for every hand count.

    Hand counts decide drops, stock outs, ``drop_max_count`` and the
    deal-time wins (49/50, 13 or less, 9 or less). Return a
    [`cardkit.CardValues`][cardkit.cards.orders.CardValues], or ``None`` to leave the decision to
    the
    next implementation. The game's default: A = 1, 2-10 face value, J Q K
    10 each, or 11, 12, 13 under ``picture_values = jqk_11_12_13``.

    Called when a hand is dealt under rules not seen since the plugins last
    changed (the answer is cached per rules and number of players). Since
    cardkit-tonk 0.1.
    """


@hookspec(firstresult=True)
def tonk_payout(ending: Ending, rules: TonkRules) -> list[Payment] | None:
    """The transfers that settle a hand that ended as ``ending`` describes.

    ``ending.reason`` is one of ``deal_win``, ``void_deal``, ``tonk_out``,
    ``run_out``, ``drop_win``, ``drop_caught``, ``stock_out``,
    ``stock_out_void`` and ``double_double`` (see
    `cardkit_tonk.payouts.Ending` for the facts it carries). Return a
    list of [`cardkit.Payment`][cardkit.engine.results.Payment] (payer, payee, amount, reason), or
    ``None`` to leave this ending to the next implementation. The game's
    default is `cardkit_tonk.payouts.default_payout`. The Spades side
    pot is settled apart and is not asked here.

    Called when the hand's result is built (`result()`, and the view of a
    finished hand), by the plugins registered then. Since cardkit-tonk 0.1.
    """
