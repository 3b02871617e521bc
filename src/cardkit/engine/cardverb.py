"""An action that is its verb and one card: [`CardVerb`][cardkit.engine.cardverb.CardVerb]."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardkit.cards.card import Card
from cardkit.engine.actions import Action

__all__ = ["CardVerb"]


@dataclass(frozen=True, slots=True)
class CardVerb(Action):
    """An action that is its verb and one card (`discard 9C`, `play QS`): set `verb`.

    `Form("discard", Discard, 1)` reads `discard 9C` as `Discard(Card.parse("9C"))`.
    Two such actions are equal when they are of one class and name one card.

    Attributes:
        card: the card.
    """

    card: Card
    verb: ClassVar[str]

    def __str__(self) -> str:
        return f"{self.verb} {self.card.code}"
