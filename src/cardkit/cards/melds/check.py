"""MeldCheck: the answer to "is this a valid meld?", with the reason when it is not."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MeldCheck"]


@dataclass(frozen=True, slots=True)
class MeldCheck:
    """The result of [`MeldKind.validate`][cardkit.cards.melds.base.MeldKind.validate].

    A check is truthy exactly when the cards form a valid meld, so it reads
    naturally in an ``if``; ``reason`` then says, in words meant for players,
    exactly why they do not.

    >>> from cardkit import CardSet
    >>> from cardkit.cards.melds import Run
    >>> check = Run().validate(CardSet.parse("5S 6S 7H"))
    >>> bool(check), check.reason
    (False, 'a run is one suit; 7H is hearts but 5S is spades')

    Attributes:
        ok: whether the cards form a valid meld.
        reason: why they do not (empty when ``ok``).
    """

    ok: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return "valid" if self.ok else self.reason


#: The one valid check (shared; checks are immutable).
VALID = MeldCheck(True, "")
