"""Views: what one seat (or a spectator) may know, as JSON-ready models."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cardkit.cards.card import Card

__all__ = ["View", "ZoneView"]


class View(BaseModel):
    """The base of every game's view model.

    A view holds only what its seat may know: its own private cards, public
    cards, and counts of everything else. It never holds another player's
    hidden cards, face-down cards, the order of the stock or the seed.
    ``seat is None`` is the spectator view, which holds public facts only.

    Attributes:
        game: the game's name.
        seat: whose view this is, or ``None`` for a spectator.
        players: the number of seats.
        to_act: the seat that must decide now, or ``None`` when the game is over.
        is_over: whether the game has ended.
        legal_actions: the legal actions as text, only in the view of the
            seat to act (empty otherwise).
        recent: the latest public events, narrated for this seat (`"You play 3♠"`)
            by the game's [`wording`][cardkit.engine.game.Game.wording].
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str
    seat: int | None
    players: int
    to_act: int | None
    is_over: bool
    legal_actions: list[str] = Field(default_factory=list)
    recent: list[str] = Field(default_factory=list)

    def cards_of(self, key: str) -> list[Card]:
        """The cards of the view entry `key`, typed: a zone's cards (`"hand"`, `"trick"`)
        or a top card (`"top"`, as one card), `[]` where it shows none (a spectator's hand,
        an empty pile). The zone entries a view model does not declare (the core derives
        them) are read this way.

        Raises:
            KeyError: the view has no entry `key`, or it holds no cards.
        """
        value = self._entry(key)
        if value is None:
            return []
        if isinstance(value, Card | str):
            value = [value]
        if not isinstance(value, list | tuple | frozenset) and not hasattr(value, "codes"):
            raise KeyError(f"the view entry {key!r} holds no cards: {value!r}")
        return [card if isinstance(card, Card) else Card.parse(card) for card in value]

    def number_of(self, key: str) -> int:
        """The number of the view entry `key` (a zone's count: `"stock_count"`), typed.

        Raises:
            KeyError: the view has no entry `key`, or it is not a number.
        """
        value = self._entry(key)
        if type(value) is not int:
            raise KeyError(f"the view entry {key!r} is not a number: {value!r}")
        return value

    def _entry(self, key: str) -> Any:
        if key in type(self).model_fields or key in (self.model_extra or {}):
            return getattr(self, key)
        raise KeyError(f"a view of {self.game} has no entry {key!r}")


class ZoneView(View):
    """The default view model of a [`GenericState`][cardkit.engine.generic.GenericState]:
    the fields of [`View`][cardkit.engine.views.View], and one entry per declared zone
    (and per entry of `view_extra`) as the core builds it.

    A game that declares no view model of its own gets this one, so that its
    declared zones show without more code (``view.model_dump()["hand"]``: the
    card codes of the seat's own hand; ``hand_counts``: every hand's size).
    The zone entries are extra fields, not typed; declare a `View` subclass
    (``view_model = MyView``) to type them (``hand: list[Card] | None``).
    """

    model_config = ConfigDict(frozen=True, extra="allow")

    @model_validator(mode="before")
    @classmethod
    def _cards_as_codes(cls, data: Any) -> Any:
        """The zone entries' cards as their codes, so that the view is JSON-ready."""
        if not isinstance(data, dict):
            return data
        base = View.model_fields
        return {k: v if k in base else _codes(v) for k, v in data.items()}


def _codes(value: Any) -> Any:
    """``value`` with every card (and card set) as its code (codes)."""
    code = getattr(value, "code", None)
    if isinstance(code, str):
        return code
    codes = getattr(value, "codes", None)
    if isinstance(codes, list | tuple):
        return list(codes)
    if isinstance(value, dict):
        return {k: _codes(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_codes(v) for v in value]
    return value
