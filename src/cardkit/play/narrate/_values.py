"""Cards, actions and view fields as rich text, and a seat's view as a table."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel
from rich.table import Table
from rich.text import Text

from cardkit.cards.card import Card, Suit
from cardkit.cards.cardset import CardSet
from cardkit.cards.deck import Deck
from cardkit.engine.actions import Action
from cardkit.engine.views import View
from cardkit.play.narrate._grammar import _words, seat_label

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
    """A view field's value for people: cards as cards, per-seat lists by seat (from 1)."""
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
                out.append(f"{seat + 1}:", style="dim")
                out.append_text(value_text(item))
            return out
        if per_seat and all(_is_cards(v) or _is_scalars(v) for v in value):
            out = Text()
            for seat, item in enumerate(value):
                if seat:
                    out.append(" · ", style="dim")
                out.append(f"{seat + 1}: ", style="dim")
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
