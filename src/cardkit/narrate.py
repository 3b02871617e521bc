"""Narration for people: events, views, results and standings rendered with rich.

The CLI narrates games with these helpers, and apps can too. They show only
what they are given: events (public by contract), a seat's view, a result.
Cards get their suit symbols, hearts and diamonds in red.

>>> from rich.console import Console
>>> from cardkit import Event, Card
>>> Console().print(event_text(Event("play", 2, cards=(Card.parse("QS"),))))  # doctest: +SKIP
Seat 2 plays Q♠
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardkit.actions import Action
from cardkit.cards import Card, Suit
from cardkit.cardset import CardSet
from cardkit.deck import Deck
from cardkit.events import Event
from cardkit.results import GameResult
from cardkit.state import GameState
from cardkit.views import View

__all__ = [
    "VERBS",
    "Narrator",
    "action_lines",
    "action_text",
    "card_text",
    "cards_text",
    "event_text",
    "hand_sizes_table",
    "payments_text",
    "result_table",
    "seat_label",
    "second_person",
    "standings_table",
    "value_text",
    "view_table",
]

#: How an event kind reads after a seat: ``Seat 2 plays ...``.
VERBS: dict[str, str] = {
    "play": "plays",
    "pass": "passes",
    "draw": "draws",
    "discard": "discards",
    "pickup": "picks up",
    "pick_up": "picks up",
    "take": "takes",
    "deal": "deals",
    "finish": "finishes",
    "knock": "knocks",
    "drop": "drops",
    "spread": "spreads",
    "hit": "hits",
    "burn": "burns",
    "reveal": "reveals",
    "flip": "flips",
    "swap": "swaps",
    "bury": "buries",
    "reshuffle": "reshuffles",
    "lead": "leads",
    "win": "wins",
    "lose": "loses",
    "pay": "pays",
    "cut": "cuts",
    "chop": "chops",
    "bomb": "bombs",
}

_RED = "red"
_BASE_VIEW_FIELDS = frozenset(View.model_fields)


def card_text(card: Card) -> Text:
    """One card with its suit symbol, red for hearts and diamonds."""
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS) or card.index == 53
    return Text(card.pretty, style=_RED if red else "bold")


def cards_text(cards: Iterable[Card], sep: str = " ") -> Text:
    """Cards with suit symbols, separated by ``sep``."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(card))
    return out


def seat_label(seat: int | None, labels: Sequence[str] | None = None) -> str:
    """``"Seat 2"``, or ``"Seat 2 (greedy)"`` with labels; ``"you"`` is shown as ``"You"``."""
    if seat is None:
        return "Table"
    label = labels[seat] if labels is not None and seat < len(labels) else ""
    if label.lower() == "you":
        return "You"
    return f"Seat {seat} ({label})" if label else f"Seat {seat}"


def _words(kind: str) -> str:
    return kind.replace("_", " ").replace("-", " ")


def _is_you(seat: int | None, labels: Sequence[str] | None) -> bool:
    return (
        seat is not None
        and labels is not None
        and seat < len(labels)
        and (labels[seat].lower() == "you")
    )


_IRREGULAR = {"is": "are", "has": "have", "does": "do", "was": "were", "goes": "go"}


def _base_form(verb: str) -> str:
    """``plays`` → ``play``, ``passes`` → ``pass``, ``buries`` → ``bury`` (first word only)."""
    first, _, rest = verb.partition(" ")
    if first in _IRREGULAR:
        first = _IRREGULAR[first]
    elif first.endswith("ies"):
        first = first[:-3] + "y"
    elif first.endswith(("sses", "shes", "ches", "xes")):
        first = first[:-2]
    elif first.endswith("s") and not first.endswith("ss"):
        first = first[:-1]
    return f"{first} {rest}" if rest else first


def second_person(phrase: str) -> str:
    """A third-person verb phrase said to the player: ``wins and leads`` → ``win and lead``.

    The first verb and each verb right after ``and`` take the base form.
    """
    parts = phrase.split(" and ")
    return " and ".join(_base_form(part) if part[:1].islower() else part for part in parts)


def event_text(
    event: Event, labels: Sequence[str] | None = None, *, with_seat: bool = True
) -> Text:
    """One event as a line: ``Seat 2 plays 3♠ 3♥``, ``Starter: 7♣``.

    Args:
        event: the event.
        labels: each seat's label (a bot name, ``"you"``).
        with_seat: start with the seat (``False`` when the line already names it).
    """
    out = Text()
    note_used = False
    if event.seat is None:
        out.append(_words(event.kind).capitalize(), style="bold cyan")
        if event.cards or event.count is not None or event.note:
            out.append(":")
    else:
        if with_seat:
            out.append(seat_label(event.seat, labels), style="bold")
            out.append(" ")
        verb = VERBS.get(event.kind)
        if verb is not None and _is_you(event.seat, labels):
            verb = _base_form(verb)
        you = _is_you(event.seat, labels)
        note = second_person(event.note) if you and event.note[:1].islower() else event.note
        if verb is not None and note.startswith(verb.split()[0] + " "):
            # The note already reads as the whole phrase: "deals 3 face down, ...".
            out.append(note)
            note_used = True
        elif verb is not None:
            out.append(verb)
        elif note[:1].islower():
            # An unknown kind whose note reads as a verb phrase: "goes out", "wins".
            out.append(note)
            note_used = True
        else:
            out.append(_words(event.kind), style="magenta")
    if event.cards:
        out.append(" ")
        out.append_text(cards_text(event.cards))
    if event.count is not None and not note_used and not event.note.startswith(f"{event.count} "):
        out.append(f" {event.count} card{'s' if event.count != 1 else ''}")
    if event.note and not note_used:
        out.append(" ")
        out.append(event.note, style="italic")
    return out


def action_text(action: Action | str) -> Text:
    """An action's text with its card codes shown as cards (``play Q♠ Q♥``)."""
    out = Text()
    for i, word in enumerate(str(action).split()):
        if i:
            out.append(" ")
        try:
            card = Card.parse(word)
        except ValueError:
            out.append(word)
        else:
            out.append_text(card_text(card))
    return out


def value_text(value: Any, players: int | None = None) -> Text:
    """A view field's value for people: cards as cards, per-seat lists by seat."""
    if value is None:
        return Text("—", style="dim")
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, (CardSet, Deck)):
        return cards_text(value) if len(value) else Text("(none)", style="dim")
    if isinstance(value, bool):
        return Text("yes" if value else "no")
    if isinstance(value, BaseModel):
        return _model_text(value, players)
    if isinstance(value, Mapping):
        out = Text()
        for i, (key, item) in enumerate(value.items()):
            if i:
                out.append(" · ")
            out.append(f"{key}: ", style="dim")
            out.append_text(value_text(item, players))
        return out if value else Text("(none)", style="dim")
    if isinstance(value, (list, tuple)):
        if not value:
            return Text("(none)", style="dim")
        if all(isinstance(v, Card) for v in value):
            return cards_text(value)
        per_seat = players is not None and len(value) == players
        if per_seat and all(isinstance(v, (int, float, str, bool)) for v in value):
            out = Text()
            for seat, item in enumerate(value):
                if seat:
                    out.append("  ")
                out.append(f"{seat}:", style="dim")
                out.append_text(value_text(item))
            return out
        if per_seat and all(_is_cards(v) or _is_scalars(v) for v in value):
            out = Text()
            for seat, item in enumerate(value):
                if seat:
                    out.append(" · ", style="dim")
                out.append(f"{seat}: ", style="dim")
                out.append_text(value_text(item))
            return out
        parts = [value_text(v, players) for v in value]
        sep = " | " if any(isinstance(v, (BaseModel, list, tuple, Mapping)) for v in value) else " "
        return Text(sep).join(parts)
    return Text(str(value))


def _is_cards(value: Any) -> bool:
    if isinstance(value, (CardSet, Deck)):
        return True
    return isinstance(value, (list, tuple)) and all(isinstance(v, Card) for v in value)


def _is_scalars(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and all(
        isinstance(v, (int, float, str, bool)) for v in value
    )


def _model_text(model: BaseModel, players: int | None) -> Text:
    out = Text()
    for i, name in enumerate(type(model).model_fields):
        if i:
            out.append(" ")
        out.append(f"{name}=", style="dim")
        out.append_text(value_text(getattr(model, name), players))
    return out


def view_table(view: View, labels: Sequence[str] | None = None, *, title: str = "") -> Table:
    """A seat's view as a two-column table of its game-specific fields.

    The base fields (game, seat, players, ...) are summarised in the title;
    the legal actions are left out (see ``help`` in ``cardkit play``), and so
    are fields that are ``None`` (not relevant now).
    """
    if not title:
        whose = "Spectator view" if view.seat is None else f"{seat_label(view.seat, labels)}"
        title = f"{whose} · {view.game}"
    table = Table(
        title=Text(title, style="bold"),
        show_header=False,
        box=None,
        padding=(0, 1),
        title_justify="left",
    )
    table.add_column("field", style="cyan", no_wrap=True)
    table.add_column("value")
    for name in type(view).model_fields:
        if name in _BASE_VIEW_FIELDS or getattr(view, name) is None:
            continue
        table.add_row(Text(_words(name)), value_text(getattr(view, name), view.players))
    if view.is_over:
        table.add_row("status", Text("game over", style="bold"))
    elif view.to_act is not None:
        table.add_row("to act", Text(seat_label(view.to_act, labels)))
    return table


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
    """One line per payment of a result: ``Seat 2 pays Seat 0 3 (tonk)``."""
    lines = [
        f"{seat_label(p.payer, labels)} {'pay' if _is_you(p.payer, labels) else 'pays'} "
        f"{seat_label(p.payee, labels)} {p.amount}" + (f" ({_words(p.reason)})" if p.reason else "")
        for p in result.payments
    ]
    return Text("\n".join(lines))


def standings_table(standings: Sequence[Any], title: str = "Standings") -> Table:
    """A match's standings (rows of [`cardkit.match.Standing`][cardkit.match.Standing])."""
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


def action_lines(
    seat: int | None,
    action: Action | str,
    events: Sequence[Event],
    labels: Sequence[str] | None = None,
    *,
    number: int | None = None,
) -> list[Text]:
    """The lines that narrate one action of ``seat`` and the events it caused.

    The first line names the seat (after the move ``number`` when given) and
    reads as the seat's own first event, or shows the action when the first
    event is someone else's; the other events follow, indented.
    """
    head = Text(f"{number:>4}  " if number is not None else "", style="dim")
    head.append(seat_label(seat, labels), style="bold")
    head.append("  ")
    indent = " " * (8 if number is not None else 4)
    lines: list[Text] = []
    for i, event in enumerate(events):
        if i == 0 and event.seat is not None and event.seat == seat:
            lines.append(head.copy().append_text(event_text(event, labels, with_seat=False)))
            continue
        if i == 0:
            lines.append(head.copy().append_text(action_text(action)))
        lines.append(Text(indent).append_text(event_text(event, labels)))
    if not lines:
        lines.append(head.copy().append_text(action_text(action)))
    return lines


class Narrator:
    """Prints a game as it goes: the deal, each action with its events, the result.

    Attributes:
        console: where to print.
        labels: each seat's label (bot name, ``"you"``).
        delay: seconds to wait after each action (for people watching).
        show_hands: print a table of hand sizes when a round ends.
    """

    #: Event kinds after which the hand sizes are shown.
    ROUND_ENDS = frozenset({"round_end", "trick_end", "new_round", "deal_end"})

    def __init__(
        self,
        console: Console,
        labels: Sequence[str] | None = None,
        *,
        delay: float = 0.0,
        show_hands: bool = True,
    ) -> None:
        """Narrate to ``console``."""
        self.console = console
        self.labels = list(labels) if labels is not None else None
        self.delay = delay
        self.show_hands = show_hands
        self.count = 0

    def deal(self, state: GameState) -> None:
        """Narrate the deal (the events of the first state) and who acts first."""
        for event in state.last_events:
            self.console.print(Text("      ").append_text(event_text(event, self.labels)))
        if state.to_act is not None:
            first = seat_label(state.to_act, self.labels)
            verb = "act" if first == "You" else "acts"
            self.console.print(Text(f"      {first} {verb} first", style="dim"))

    def action(
        self, seat: int | None, action: Action | str, state: GameState, events: Sequence[Event]
    ) -> None:
        """Narrate one action of ``seat`` and the events it caused; ``state`` is after it."""
        self.count += 1
        lines = action_lines(seat, action, events, self.labels, number=self.count)
        self.console.print(Group(*lines))
        if self.show_hands and any(e.kind in self.ROUND_ENDS for e in events):
            table = hand_sizes_table(state, self.labels)
            if table is not None:
                self.console.print(table)
        if self.delay > 0:
            time.sleep(self.delay)

    def result(self, state: GameState, result: GameResult | None = None) -> None:
        """Print the result (``result`` overrides ``state.result()``, e.g. when capped)."""
        if result is None:
            if not state.is_over:
                self.console.print(Text("The game is not over.", style="yellow"))
                return
            result = state.result()
        if self.show_hands and not result.capped:
            table = hand_sizes_table(state, self.labels)
            if table is not None:
                self.console.print(table)
        self.console.print(result_table(result, self.labels))
        if result.payments:
            self.console.print(payments_text(result, self.labels))
