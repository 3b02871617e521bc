"""Payouts: how each way a Tonk hand can end is paid.

A hand's end is described by an `Ending`; `default_payout` turns
it into a list of [`cardkit.Payment`][cardkit.engine.results.Payment] transfers (payer → payee),
which
sum to zero by construction. A separate plugin can change the payout of any
ending through the ``tonk_payout`` hook (see `cardkit_tonk.hookspecs`);
this module is the built-in default implementation of that hook.

>>> rules = TonkRules()
>>> pay = default_payout(Ending("tonk_out", players=3, winners=(0,), tonker=0), rules)
>>> [(p.payer, p.payee, p.amount) for p in pay]
[(1, 0, 2), (2, 0, 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, NamedTuple, get_args

from cardkit import Payment
from cardkit_tonk.rules import TonkRules

__all__ = [
    "ENDING_REASONS",
    "Ending",
    "EndingReason",
    "caught_payments",
    "default_payout",
    "ending",
    "net_of",
    "spades_payments",
]

EndingReason = Literal[
    "deal_win",
    "void_deal",
    "tonk_out",
    "run_out",
    "drop_win",
    "drop_caught",
    "stock_out",
    "stock_out_void",
    "double_double",
]
"""Every way a hand can end, as ``Ending.reason`` and ``GameResult.reason``."""
#: The values of `EndingReason`, in its order.
ENDING_REASONS: tuple[str, ...] = get_args(EndingReason)

#: Stakes per other player for each deal-time claim that is not a 49 or 50.
_LOW_CLAIMS = {"deal_13_or_less": 2, "deal_9_or_less": 3}


class Ending(NamedTuple):
    """How one hand ended: everything a payout needs, in public terms.

    Attributes:
        reason: one of `ENDING_REASONS`.
        players: the number of seats.
        winners: the seats that won (the tied lowest players at a caught
            drop or a tied stock out; empty for a void hand).
        counts: every player's count at the showdown (drop, stock out), or
            the dealt counts for a deal-time win or void deal; else ``None``.
        dropper: the seat that dropped (drop endings).
        tonker: the seat that tonked out (tonk out, double-double).
        responder: the seat that answered a tonk out (double-double).
        claim: the deal-time claim that won: ``deal_50``, ``deal_49``,
            ``deal_13_or_less`` or ``deal_9_or_less``.
        full_tonk: whether the tonker spread or hit ``hand_size + 1`` cards
            in the tonking turn (matters under ``six_card_tonk``).
    """

    reason: str
    players: int
    winners: tuple[int, ...] = ()
    counts: tuple[int, ...] | None = None
    dropper: int | None = None
    tonker: int | None = None
    responder: int | None = None
    claim: str | None = None
    full_tonk: bool = True


#: A tuple subclass's instance from all its fields, without a Python `__new__` frame.
_new_tuple: Final = tuple.__new__


def ending(
    reason: str,
    players: int,
    winners: tuple[int, ...] = (),
    counts: tuple[int, ...] | None = None,
    dropper: int | None = None,
    *,
    tonker: int | None = None,
    claim: str | None = None,
    full_tonk: bool = True,
) -> Ending:
    """`Ending(...)` of these fields (no responder: only a double-double has one), built by
    the compiled transitions in one C call, where the named tuple's ``__new__`` is a Python
    frame."""
    return _new_tuple(
        Ending, (reason, players, winners, counts, dropper, tonker, None, claim, full_tonk)
    )


def _each_pays(winner: int, players: int, amount: int, reason: str) -> list[Payment]:
    return [
        Payment(payer=seat, payee=winner, amount=amount, reason=reason)
        for seat in range(players)
        if seat != winner
    ]


def caught_payments(
    rule: str, dropper: int, counts: Sequence[int], stake: int
) -> tuple[list[int], list[Payment]]:
    """The winners and the transfers of a caught drop.

    Args:
        rule: ``wikipedia``, ``pagat`` or ``double_to_lowest``.
        dropper: the seat that dropped.
        counts: every player's count.
        stake: the stake s.

    Returns:
        The winners W (players other than the dropper with the lowest count)
        and the transfers.
    """
    low = min(counts)
    players = len(counts)
    winners = [j for j in range(players) if j != dropper and counts[j] == low]
    mine = counts[dropper]
    pay: list[Payment] = []
    if rule == "double_to_lowest":
        pay = [Payment(payer=dropper, payee=w, amount=2 * stake, reason="caught") for w in winners]
        return winners, pay
    if rule == "pagat":
        for j in range(players):
            if j != dropper and counts[j] <= mine:
                pay.append(Payment(payer=dropper, payee=j, amount=2 * stake, reason="caught"))
    else:
        for j in range(players):
            if j != dropper and (counts[j] < mine or (mine == low and j in winners)):
                pay.append(Payment(payer=dropper, payee=j, amount=stake, reason="caught"))
    for w in winners:
        for j in range(players):
            if j not in winners:
                pay.append(Payment(payer=j, payee=w, amount=stake, reason="low_hand"))
    return winners, pay


def default_payout(ending: Ending, rules: TonkRules) -> list[Payment]:
    """The traditional payout of a hand ending, under ``rules``.

    This is the built-in implementation of the ``tonk_payout`` hook.
    """
    s = rules.stake
    n = ending.players
    reason = ending.reason
    if reason in ("void_deal", "stock_out_void"):
        return []
    if reason == "run_out":
        return _each_pays(ending.winners[0], n, s, "run_out")
    if reason == "tonk_out":
        if rules.six_card_tonk and not ending.full_tonk:
            return _each_pays(ending.winners[0], n, s, "out_with_zero")
        return _each_pays(ending.winners[0], n, 2 * s, "tonk_out")
    if reason == "drop_win":
        return _each_pays(ending.winners[0], n, s, "drop_win")
    if reason == "drop_caught":
        assert ending.dropper is not None
        assert ending.counts is not None
        return caught_payments(rules.caught_rule, ending.dropper, ending.counts, s)[1]
    if reason == "stock_out":
        if len(ending.winners) == 1:
            return _each_pays(ending.winners[0], n, s, "stock_out")
        tied = set(ending.winners)
        return [
            Payment(payer=j, payee=w, amount=s, reason="stock_out")
            for w in ending.winners
            for j in range(n)
            if j not in tied
        ]
    if reason == "deal_win":
        claim = ending.claim or ""
        if claim == "deal_50":
            times = rules.deal_50_multiplier
        elif claim == "deal_49":
            times = rules.deal_49_multiplier
        else:
            times = _LOW_CLAIMS[claim]
        return _each_pays(ending.winners[0], n, times * s, claim)
    if reason == "double_double":
        assert ending.tonker is not None
        assert ending.responder is not None
        if rules.double_double == "tonker_wins":
            payer, payee = ending.responder, ending.tonker
        else:
            payer, payee = ending.tonker, ending.responder
        return [Payment(payer=payer, payee=payee, amount=4 * s, reason="double_double")]
    raise ValueError(f"unknown Tonk ending {reason!r}; expected one of {ENDING_REASONS}")


def spades_payments(participants: Sequence[int], winner: int | None, stake: int) -> list[Payment]:
    """The Spades side-pot transfers: each other participant pays the winner.

    With no winner (no participant holds a spade) every stake is refunded:
    no transfer at all.
    """
    if winner is None:
        return []
    return [
        Payment(payer=seat, payee=winner, amount=stake, reason="spades_pot")
        for seat in participants
        if seat != winner
    ]


def net_of(payments: Sequence[Payment], players: int) -> list[int]:
    """Each seat's net money from some transfers: received minus paid."""
    net = [0] * players
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    return net
