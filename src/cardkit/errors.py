"""The exceptions cardkit raises.

Every error cardkit raises derives from [`CardkitError`][cardkit.errors.CardkitError], so an app can
catch them all in one place. Each says what was wrong and what was expected.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from enum import StrEnum
from typing import NamedTuple, overload

__all__ = [
    "QUOTE_LIMIT",
    "ActionTexts",
    "CardkitError",
    "ContractError",
    "IllegalAction",
    "InvalidCard",
    "InvalidRules",
    "InvalidState",
    "PluginError",
    "Refusal",
    "Refused",
    "TableError",
    "UnknownGame",
    "quote",
]

QUOTE_LIMIT = 80
"""How many characters of a refused input an error message quotes."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, shortened to about ``limit`` characters.

    A long text is cut and says how long it was, so that refusing a huge
    input never builds a huge message:

    >>> quote("play " + "A" * 1000, limit=12)
    "'play AAAAAAA'... (1005 characters)"
    """
    if isinstance(value, str | bytes) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value)} characters)"
    text = repr(value)
    if len(text) > limit + 2:
        return f"{text[:limit]}... ({len(text)} characters)"
    return text


class CardkitError(Exception):
    """The root of every exception cardkit raises."""


class InvalidCard(CardkitError, ValueError):
    """A card or a list of cards could not be parsed.

    Attributes:
        text: the text that was refused (shortened when it is long).
    """

    def __init__(self, text: str, reason: str = "") -> None:
        self.text = text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "..."
        expected = (
            "expected a rank (2-9, T or 10, J, Q, K, A) followed by a suit "
            "(S, C, D, H or ♠ ♣ ♦ ♥), for example 'QS', '10h' or 'T♥'"
        )
        detail = f": {reason}" if reason else ""
        super().__init__(f"invalid card {quote(text)}{detail}; {expected}")


class ContractError(CardkitError, AssertionError):
    """A game broke the cardkit game contract (a bug in the game, not bad input).

    Raised by the contract checks of [cardkit.testing][cardkit.testing], and by the runner
    when a game that is not over lists no legal action. The message says what
    is wrong and how to replay the game that shows it.
    """


class ActionTexts(Sequence[str]):
    """The text of each of a sequence of actions, made when read (a refusal's `allowed`).

    A refusal shows a few legal actions and keeps them all: worded one by one as they
    are read, a phase of 286 legal passes costs a refusal the 12 it shows. It compares
    equal to any sequence of the same texts (a tuple, a list).
    """

    __slots__ = ("_actions", "_texts")

    def __init__(self, actions: Sequence[object]) -> None:
        """The texts of `actions` (each `str(action)`), not made yet."""
        self._actions = actions
        self._texts: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self._actions)

    def _text(self, index: int) -> str:
        text = self._texts.get(index)
        if text is None:
            text = self._texts[index] = str(self._actions[index])
        return text

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...
    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        if isinstance(index, slice):
            return tuple(self._text(i) for i in range(*index.indices(len(self))))
        size = len(self)
        if not -size <= index < size:
            raise IndexError("action text index out of range")
        return self._text(index % size)

    def __iter__(self) -> Iterator[str]:
        return (self._text(i) for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"ActionTexts({len(self)} actions)"


class IllegalAction(CardkitError, ValueError):
    """An action was refused; the state it was applied to is unchanged.

    Attributes:
        code: a short machine-readable reason, such as ``"not_your_turn"``,
            ``"not_in_hand"``, ``"does_not_beat"`` or ``"unparsable"``.
        action: the action (or text) that was refused.
        allowed: the actions that are legal instead, as text (a tuple, or
            [`ActionTexts`][cardkit.errors.ActionTexts], worded when read); the
            message shows the first 12.
        reason: the message without the listing of ``allowed`` (to build
            the same refusal again with another listing).
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        action: object = None,
        allowed: Sequence[str] = (),
    ) -> None:
        self.code = code
        self.action = action
        self.allowed: Sequence[str] = allowed if type(allowed) is ActionTexts else tuple(allowed)
        self.reason = message
        text = message
        if self.allowed:
            shown = ", ".join(repr(a) for a in self.allowed[:12])
            more = f" (and {len(self.allowed) - 12} more)" if len(self.allowed) > 12 else ""
            text = f"{message}; legal now: {shown}{more}"
        super().__init__(text)


class InvalidRules(CardkitError, ValueError):
    """Rules options were refused: unknown, of the wrong type, or inconsistent."""


class InvalidDeck(CardkitError, ValueError):
    """A deck order could not be built as asked (see
    [Deck.stacked][cardkit.cards.deck.Deck.stacked])."""


class InvalidState(CardkitError, ValueError):
    """A saved state failed validation and was not loaded."""


class PluginError(CardkitError):
    """A plugin could not be loaded or registered something it may not."""


class UnknownGame(CardkitError, KeyError):
    """No installed game has the requested name or alias."""

    def __init__(self, name: str, available: Sequence[str]) -> None:
        self.name = name
        self.available = tuple(available)
        shown = ", ".join(self.available) or "none installed"
        super().__init__(f"unknown game {name!r}; available games: {shown}")

    def __str__(self) -> str:
        return str(self.args[0])


class TableError(CardkitError, ValueError):
    """A request to a game server (`cardkit.server`) was refused; nothing changed.

    Attributes:
        code: a short machine-readable reason, such as ``"no_such_table"``,
            ``"bad_token"``, ``"seat_taken"``, ``"bad_message"``,
            ``"message_too_large"``, ``"rate_limited"`` or ``"too_many_tables"``.
        status: the HTTP status that answers it.
    """

    def __init__(self, code: str, message: str, *, status: int = 400) -> None:
        self.code = code
        self.status = status
        super().__init__(message)


class Refused(StrEnum):
    """The refusal codes every game shares; each game adds its own `StrEnum` of codes."""

    UNPARSABLE = "unparsable"
    """The text is not an action of this game."""
    GAME_OVER = "game_over"
    """The game has ended: no action is legal."""
    UNKNOWN_ACTION = "unknown_action"
    """The action is not one of this game's action classes."""
    NOT_IN_HAND = "not_in_hand"
    """A card the action names is not in the player's hand."""
    NOT_NOW = "not_now"
    """The action is not one the game's current phase allows (a draw while a card is
    offered, a discard before drawing)."""


class Refusal(NamedTuple):
    """Why an action is not legal now: what a game's `check_<kind>` returns.

    Attributes:
        code: a declared code ([`Refused`][cardkit.errors.Refused] or the game's own).
        message: what was wrong and what is expected, for the player.
    """

    code: str
    message: str
