"""The ``cardkit play`` screen: a seat's view laid out for a player to read at a glance.

It is built from any game's view alone: per-seat fields (cards in hand, face-up
cards, locks, points) become a table with a row per seat, cards on the table
(the pile, the discard, spreads) are drawn as cards, the player's hand is sorted
in the game's order, and the events since the player's last move come first.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.cards.deck import Deck
from cardkit.cards.orders import CardOrder
from cardkit.engine.actions import Action
from cardkit.engine.views import View
from cardkit.play.narrate import (
    action_text,
    cards_text,
    hanging,
    seat_label,
    second_person,
    value_text,
)

#: View fields the screen never shows as such (the base fields, narration, the hand).
_SKIP = frozenset({*View.model_fields, "hand", "recent"})
#: Card codes in a game's text (upper case, so words such as "as" stay words).
_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b|\b[BR]J\b")
#: Names of per-seat numbers (hand sizes, locks, points), told apart from lists of seats.
_PER_SEAT_NAME = re.compile(
    r"(count|size|lock|point|score|total|stake|net|value|trick|bid|bid_made)s?$"
)
#: Piles longer than this show only their last cards on the screen.
LONG_PILE = 12
#: "seat N <verb>" in a game's message (N counts from 1), for talking to the player in person.
_SEAT_VERB = re.compile(
    r"\b[Ss]eat (\d+)( (?:is|has|does|was|may|must|can|cannot|leads|passed|holds|plays) )"
)


def pretty_codes(text: str) -> Text:
    """A game's message with each card code (``TH``) shown as a card (``10♥``)."""
    out = Text()
    last = 0
    for match in _CODE.finditer(text):
        out.append(text[last : match.start()])
        out.append_text(cards_text([Card.parse(match.group())]))
        last = match.end()
    out.append(text[last:])
    return out


def to_player(text: str, seat: int) -> str:
    """A game's message about ``seat`` (an index) said to that seat's player: ``you are``.

    A game's message names seats as people count them, from 1: to seat index
    0, ``seat 1 is to act`` reads ``You are to act``; other seats keep their
    numbers.
    """

    def swap(match: re.Match[str]) -> str:
        if int(match.group(1)) != seat + 1:
            return match.group(0)
        return "you " + second_person(match.group(2).strip()) + " "

    said = _SEAT_VERB.sub(swap, text)
    swapped = said != text
    if not swapped:
        return said
    for third, second in (("does", "do"), ("has", "have"), ("is", "are"), ("was", "were")):
        said = said.replace(f" and {third} ", f" and {second} ")
    # Only the seat to act is asked for a move: "you are to act and do not hold 9H" says it twice.
    said = said.replace("you are to act and ", "you ")
    return said[:1].upper() + said[1:]


def _is_cards(value: Any) -> bool:
    if isinstance(value, (CardSet, Deck, Card)):
        return True
    return (
        isinstance(value, (list, tuple)) and bool(value) and all(isinstance(v, Card) for v in value)
    )


def _is_scalar(value: Any) -> bool:
    return isinstance(value, (int, float, str, bool)) or value is None


def _per_seat(name: str, value: Any, players: int) -> list[Any] | None:
    """The field's value seat by seat, when it is one (a list per seat or a dict by seat)."""
    if isinstance(value, Mapping) and value and all(str(k).isdigit() for k in value):
        return [value.get(str(s), value.get(s)) for s in range(players)]
    if not isinstance(value, (list, tuple)) or len(value) != players or players < 2:
        return None
    if _is_cards(value):
        return None  # a pile that happens to hold one card per seat
    if all(_is_scalar(v) for v in value):
        # A list of seats ("ready", "finished") may also have one entry per seat.
        return list(value) if _PER_SEAT_NAME.search(name) else None
    if all(_is_cards(v) or v == [] for v in value):
        return list(value)
    if all(isinstance(v, (list, tuple)) and all(_is_scalar(x) for x in v) for v in value):
        return [" ".join(str(x) for x in v) for v in value]
    return None


def seat_fields(view: View) -> dict[str, list[Any]]:
    """The view's per-seat fields (cards in hand, face-up cards, locks, points), seat by seat."""
    return {
        name: values
        for name in type(view).model_fields
        if name not in _SKIP
        and (values := _per_seat(name, getattr(view, name), view.players)) is not None
    }


def _words(name: str) -> str:
    return name.replace("_", " ")


def field_label(view: View, name: str) -> str:
    """How the screen names a view field: its declared `title`, else its words, a count's
    without "count" (``stock_count``: "stock"; ``face_down_counts``: "face down") unless
    the view has a field of that name too (``burned`` and ``burned_count``)."""
    field = type(view).model_fields.get(name)
    if field is not None and field.title:
        return field.title
    if "hand" in name and ("size" in name or "count" in name):
        return "cards"
    counted = name.removesuffix("_counts").removesuffix("_count")
    return _words(counted if counted not in type(view).model_fields else name)


def _cell(value: Any) -> Text:
    if value is None or value == []:
        return Text("—", style="dim")
    if _is_cards(value):
        return cards_text([value] if isinstance(value, Card) else value)
    return value_text(value)


def seats_table(view: View, labels: Sequence[str], fields: Mapping[str, list[Any]]) -> Table:
    """One row per seat: who, whose turn, and each per-seat field of the view."""
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold dim")
    table.add_column("", no_wrap=True)
    table.add_column("seat", no_wrap=True)
    for name in fields:
        table.add_column(
            field_label(view, name), justify="right" if "cards" not in name else "left"
        )
    for seat in range(view.players):
        mark = Text("▶", style="bold yellow") if seat == view.to_act else Text(" ")
        who = Text(seat_label(seat, labels), style="bold" if seat == view.seat else "")
        table.add_row(mark, who, *(_cell(values[seat]) for values in fields.values()))
    return table


def _model_line(model: BaseModel, labels: Sequence[str]) -> Text:
    """A model on the table (a spread, a side pot): its owner, kind and cards first."""
    data = dict(model)
    out = Text()
    if {"payer", "payee", "amount"} <= data.keys() and isinstance(data["payer"], int):
        payer = seat_label(data["payer"], labels)
        verb = "pay" if payer == "You" else "pays"
        out.append(f"{payer} {verb} {seat_label(data['payee'], labels)} {data['amount']}")
        if data.get("reason"):
            out.append(f" ({_words(str(data['reason']))})", style="dim")
        return out
    owner = data.pop("owner", data.pop("seat", None))
    if isinstance(owner, int):
        out.append(seat_label(owner, labels) + ": ", style="dim")
    kind = data.pop("kind", None)
    if kind is not None:
        out.append(f"{kind} ")
    cards = data.pop("cards", None)
    if cards is not None:
        out.append_text(cards_text(cards))
    data.pop("id", None)
    for key, value in data.items():
        if value is None:
            continue
        out.append(f"  {_words(key)} ", style="dim")
        if key in ("payer", "payee", "by", "winner") and isinstance(value, int):
            out.append(seat_label(value, labels))
        elif isinstance(value, str):
            out.append(_words(value))
        else:
            out.append_text(value_text(value))
    return out


def _is_empty(value: Any) -> bool:
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value == 0
    return value is None or (isinstance(value, (list, tuple, Mapping, CardSet, Deck)) and not value)


def table_rows(view: View, labels: Sequence[str], *, full: bool = False) -> list[tuple[str, Text]]:
    """The view's fields that are not per seat: piles as cards, spreads one per line.

    Empty piles, zero counters and flags that are off are left out; the other
    plain values come last, on one line (``phase turn · stock size 35``). A long
    pile shows its last cards unless ``full``.
    """
    rows: list[tuple[str, Text]] = []
    plain = Text()
    for name in type(view).model_fields:
        value = getattr(view, name)
        if name in _SKIP or _is_empty(value) or _per_seat(name, value, view.players) is not None:
            continue
        if _is_cards(value):
            cards = [value] if isinstance(value, Card) else list(value)
            shown = cards_text(cards if full or len(cards) <= LONG_PILE else cards[-LONG_PILE:])
            if len(cards) > LONG_PILE and not full:
                shown = Text(f"({len(cards)} cards, 'pile' shows all) … ", style="dim") + shown
            rows.append((field_label(view, name), shown))
        elif isinstance(value, (list, tuple)) and isinstance(value[0], BaseModel):
            rows.append(
                (field_label(view, name), Text("\n").join(_model_line(m, labels) for m in value))
            )
        elif isinstance(value, BaseModel):
            rows.append((field_label(view, name), _model_line(value, labels)))
        else:
            if plain:
                plain.append(" · ", style="dim")
            plain.append(f"{field_label(view, name)} ", style="cyan")
            seatlike = name in ("dealer", "starter") or name.endswith(("_by", "_seat", "leader"))
            if seatlike and isinstance(value, int) and not isinstance(value, bool):
                plain.append(seat_label(value, labels))
            elif isinstance(value, str):
                plain.append(_words(value))
            elif _is_seat_list(name, value, view.players):
                plain.append(", ".join(_short_seat(s, labels) for s in value))
            elif isinstance(value, (list, tuple)) and all(_is_scalar(v) for v in value):
                plain.append(" ".join(str(v) for v in value))
            else:
                plain.append_text(value_text(value, view.players))
    if plain:
        rows.append(("", plain))
    return rows


def _is_seat_list(name: str, value: Any, players: int) -> bool:
    """A list of seats (``locked``, ``passed``, ``ready``), not of numbers per seat."""
    return (
        isinstance(value, (list, tuple))
        and not _PER_SEAT_NAME.search(name)
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        and all(0 <= v < players for v in value)
    )


def _short_seat(seat: int, labels: Sequence[str]) -> str:
    """``you``, or ``Seat 3`` (from 1) without its bot: a seat in a list of seats."""
    you = seat < len(labels) and labels[seat].lower() == "you"
    return "you" if you else f"Seat {seat + 1}"


def hand_text(view: View, order: CardOrder) -> Text:
    """The player's hand sorted in the game's order, or a dash without one."""
    hand = getattr(view, "hand", None)
    if not hand:
        return Text("(no cards)", style="dim")
    return cards_text(order.sorted(hand))


def _rows_table(rows: Sequence[tuple[str, Text]]) -> Table:
    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column(style="cyan", no_wrap=True)
    table.add_column()
    for name, text in rows:
        table.add_row(name, text)
    return table


def screen(
    view: View,
    labels: Sequence[str],
    order: CardOrder,
    *,
    title: str,
    since: Sequence[Text] = (),
    drew: Sequence[Card] = (),
) -> Group:
    """The whole screen: title, what happened since, seats, table, your hand, whose turn."""
    fields = seat_fields(view)
    parts: list[RenderableType] = [Text(f"── {title} ", style="bold")]
    if since:
        parts.append(Text("Since your last move:", style="dim"))
        parts.extend(hanging(Text("  ").append_text(line)) for line in since)
    parts.append(seats_table(view, labels, fields))
    rows = table_rows(view, labels)
    if rows:
        parts.append(_rows_table(rows))
    hand = Text("Your hand: ", style="bold").append_text(hand_text(view, order))
    if drew:
        hand.append("   new: ", style="dim").append_text(cards_text(order.sorted(drew)))
    parts.append(hand)
    parts.append(turn_line(view, labels))
    return Group(*parts)


def turn_line(view: View, labels: Sequence[str]) -> Text:
    """``Your turn.``, ``Seat 2 (greedy) to play.`` or ``The hand is over.``"""
    if view.is_over:
        return Text("The hand is over.", style="bold")
    if view.to_act is None:
        return Text("")
    if view.to_act == view.seat:
        return Text("Your turn.", style="bold yellow")
    return Text(f"{seat_label(view.to_act, labels)} to play.", style="dim")


def legal_table(legal: Sequence[Action]) -> Group:
    """The legal moves, numbered, in the one card notation (``10♥``; type ``10h`` or ``th``)."""
    table = Table(box=None, padding=(0, 1), show_header=False)
    table.add_column(justify="right", style="dim")
    table.add_column()
    for number, action in enumerate(legal, start=1):
        table.add_row(str(number), action_text(action))
    note = "Your moves (type one as shown, cards also as 10h, th or qs; or its number):"
    return Group(Text(note, style="bold"), table)


#: The words ``cardkit play`` understands besides moves, with what each does.
COMMANDS: dict[str, str] = {
    "help": "this list and your legal moves (then type a move or its number)",
    "hand": "your hand again",
    "pile": "the cards on the table again",
    "scores": "the seats: cards, points and locks (and the match standings)",
    "history": "every move of this hand so far",
    "rules": "the game in a line, and this table's rules (those not at their defaults)",
    "undo": "take back your last move and the bots' replies",
    "save": "write the game so far to the --save file (or: save FILE)",
    "quit": "leave (the game is saved when --save is given)",
}


def help_table() -> Table:
    """The commands ``cardkit play`` understands besides moves."""
    table = Table(title="Commands", title_justify="left", box=None, padding=(0, 1))
    table.add_column("command", style="bold")
    table.add_column("")
    for name, what in COMMANDS.items():
        table.add_row(name, what)
    return table
