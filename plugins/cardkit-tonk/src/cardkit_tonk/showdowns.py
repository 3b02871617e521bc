"""The showdowns that end a hand on the table's counts (spec section 5): a drop, or the
stock running out. Plain functions of the hands shown."""

from __future__ import annotations

from cardkit import Event
from cardkit.authoring import cards_of_mask
from cardkit_tonk.config import Config
from cardkit_tonk.events import drop_event, drop_over, over, show_event
from cardkit_tonk.payouts import Ending, ending

__all__ = ["showdown", "stock_out"]


def showdown(
    hands: tuple[int, ...], c: Config, dropper: int | None
) -> tuple[Ending, tuple[Event, ...]]:
    """Every hand is shown and counted: a drop by `dropper`, or a stock out (`None`)."""
    counts = tuple([c.solver.value_mask(hand) for hand in hands])
    n = len(hands)
    low = min(counts)
    if dropper is None:
        return stock_out(hands, counts, low, c.rules.stock_tie)
    mine = counts[dropper]
    drop = drop_event(dropper, cards_of_mask(hands[dropper]), mine)
    if n == 2:
        j = 1 - dropper
        shows: tuple[Event, ...] = (show_event(j, cards_of_mask(hands[j]), counts[j]),)
    else:
        shows = tuple(
            [show_event(j, cards_of_mask(hands[j]), counts[j]) for j in range(n) if j != dropper]
        )
    if mine == low and counts.count(low) == 1:
        end = ending("drop_win", n, (dropper,), counts, dropper)
    else:
        winners = tuple([j for j in range(n) if j != dropper and counts[j] == low])
        end = ending("drop_caught", n, winners, counts, dropper)
    return end, (
        drop,
        *shows,
        drop_over(dropper, mine, -1 if end.winners[0] == dropper else low),
    )


def stock_out(
    hands: tuple[int, ...], counts: tuple[int, ...], low: int, stock_tie: str
) -> tuple[Ending, tuple[Event, ...]]:
    """The showdown when the stock runs out: every hand is shown, the lowest wins (a tie
    is void or pays every tied player, as `stock_tie` says)."""
    n = len(hands)
    events = [show_event(j, cards_of_mask(hands[j]), counts[j]) for j in range(n)]
    tied = tuple([j for j in range(n) if counts[j] == low])
    if len(tied) == 1:
        end = ending("stock_out", n, tied, counts)
        note = f"is lowest with {low} when the stock runs out"
    elif stock_tie == "void":
        end = ending("stock_out_void", n, (), counts)
        note = f"stock out: a tie for lowest ({low}), void hand"
    else:
        end = ending("stock_out", n, tied, counts)
        note = f"stock out: a tie for lowest ({low}), every tied player is paid"
    events.append(over(note, tied[0] if len(tied) == 1 else None))
    return end, tuple(events)
