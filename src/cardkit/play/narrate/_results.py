"""Hand sizes, results, payments and match standings as tables and lines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cardkit.engine.results import GameResult
from cardkit.engine.state import GameState
from cardkit.play.narrate._grammar import _is_you, _words, seat_label


def hand_sizes_table(state: GameState, labels: Sequence[str] | None = None) -> Table | None:
    """The number of cards in each seat's hand (zones ``hand:N``), or ``None`` without them."""
    zones = state.zones()
    sizes = [len(zones[f"hand:{s}"]) for s in range(state.players) if f"hand:{s}" in zones]
    if len(sizes) != state.players:
        return None
    table = Table(title="Cards in hand", title_justify="left", box=None, padding=(0, 2))
    for seat in range(state.players):
        table.add_column(Text(seat_label(seat, labels)), justify="right")
    table.add_row(*(str(n) for n in sizes))
    return table


def result_table(result: GameResult, labels: Sequence[str] | None = None) -> Table:
    """A game's result: each seat's place, points, net payment and outcome."""
    place = {seat: i + 1 for i, seat in enumerate(result.order)}
    title = f"Result: {_words(result.reason)}"
    table = Table(title=Text(title, style="bold"), title_justify="left")
    table.add_column("Seat")
    if result.order:
        table.add_column("Place", justify="right")
    if result.points:
        table.add_column("Points", justify="right")
    if result.payments:
        table.add_column("Net", justify="right")
    table.add_column("Outcome")
    net = result.net
    for seat in range(result.players):
        row: list[RenderableType] = [Text(seat_label(seat, labels))]
        if result.order:
            row.append(str(place.get(seat, "—")))
        if result.points:
            row.append(str(result.points[seat]))
        if result.payments:
            row.append(Text(f"{net[seat]:+d}", style="green" if net[seat] > 0 else ""))
        if seat in result.winners:
            row.append(Text("winner", style="bold green"))
        elif seat in result.losers:
            row.append(Text("loser", style="red"))
        else:
            row.append("")
        table.add_row(*row)
    return table


def payments_text(result: GameResult, labels: Sequence[str] | None = None) -> Text:
    """One line per payment of a result: ``Seat 2 pays Seat 1 3 (tonk)``."""
    lines = [
        f"{seat_label(p.payer, labels)} {'pay' if _is_you(p.payer, labels) else 'pays'} "
        f"{seat_label(p.payee, labels)} {p.amount}" + (f" ({_words(p.reason)})" if p.reason else "")
        for p in result.payments
    ]
    return Text("\n".join(lines))


def standings_table(standings: Sequence[Any], title: str = "Standings") -> Table:
    """A match's standings (rows of
    [`cardkit.play.match.Standing`][cardkit.play.match.Standing])."""
    table = Table(title=Text(title, style="bold"), title_justify="left")
    table.add_column("Place", justify="right")
    table.add_column("Seat")
    table.add_column("Total", justify="right")
    table.add_column("Last deal", justify="right")
    table.add_column("Deals won", justify="right")
    for row in standings:
        table.add_row(
            str(row.place),
            Text(seat_label(row.seat, _labels_from_row(row))),
            Text(str(row.total), style="bold" if row.place == 1 else ""),
            f"{row.last:+d}",
            str(row.deals_won),
        )
    return table


def _labels_from_row(row: Any) -> list[str]:
    labels = [""] * (row.seat + 1)
    labels[row.seat] = row.bot
    return labels
