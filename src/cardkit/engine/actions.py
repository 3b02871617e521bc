"""Actions: small immutable values with a stable text form.

Every game defines its own action classes, usually frozen ``dataclass``
subclasses of [`Action`][cardkit.engine.actions.Action]. ``str(action)`` is the action's text form
(``"play 3S 3H"``, ``"pass"``); the game's ``parse_action`` turns that text
back into an equal action, so text round-trips. The JSON form of an action is
its text.

Action texts longer than [MAX_ACTION_TEXT][cardkit.engine.actions.MAX_ACTION_TEXT]
characters are refused before any parsing (no game's action comes close), so
the cost of refusing a huge text does not grow with its size.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from itertools import count
from typing import Any, ClassVar, TypeVar

from cardkit.cards.card import Card
from cardkit.cards.cardset import parse_cards
from cardkit.errors import IllegalAction, InvalidCard, quote

__all__ = [
    "MAX_ACTION_TEXT",
    "Action",
    "cards_text",
    "check_action_text",
    "new_action",
    "parse_card_args",
    "split_action_text",
]

#: The numbers of `Action._defined`, one per action class, in the order they are defined.
_DEFINED = count(1)

MAX_ACTION_TEXT = 1000
"""The longest action text accepted, in characters. The longest real action of the bundled
games is well under 200 characters; anything longer is refused unread."""


class Action(ABC):
    """The base of every game's actions.

    Subclasses are immutable and compare by value; ``str()`` gives the
    canonical text form, which the game's ``parse_action`` accepts.
    """

    __slots__ = ()
    _defined: ClassVar[int] = 0
    """The order in which the action classes were defined (a class defined later has a
    greater number): a grammar derived from a state's phases lists its kinds in it."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Number the class in the order of definition (`_defined`)."""
        super().__init_subclass__(**kwargs)
        cls._defined = next(_DEFINED)

    @abstractmethod
    def __str__(self) -> str:
        """The canonical text form, such as ``"play 3S 3H"``."""

    @property
    def text(self) -> str:
        """The canonical text form (same as ``str(action)``)."""
        return str(self)


A = TypeVar("A", bound=Action)

#: The setter of each slot, by class and name (looked up once).
_SLOT_SETTERS: dict[tuple[type, str], Callable[[Any, Any], None]] = {}


def new_action(cls: type[A], **slots: object) -> A:
    """A new `cls` with these slot values, built without its constructor or `__setattr__`.

    For an immutable action class that interns its values and derives some
    slots once (its text, its cards from a mask): the class refuses
    `__setattr__`, its constructor looks the interned value up, and the
    factory that fills the table calls `new_action`. Every slot the class
    declares must be given.

    >>> class Flip(Action):
    ...     __slots__ = ("position",)
    ...     def __str__(self) -> str:
    ...         return f"flip {self.position}"
    >>> str(new_action(Flip, position=2))
    'flip 2'

    Raises:
        TypeError: `cls` has no slot of one of those names, or a slot is not given.
    """
    action = object.__new__(cls)
    for name, value in slots.items():
        setter = _SLOT_SETTERS.get((cls, name))
        if setter is None:
            setter = _SLOT_SETTERS[(cls, name)] = _slot_setter(cls, name)
        setter(action, value)
    missing = [name for name in _slot_names(cls) if name not in slots]
    if missing:
        raise TypeError(f"new_action({cls.__name__}) needs a value for {', '.join(missing)}")
    return action


def _slot_names(cls: type) -> list[str]:
    names: list[str] = []
    for klass in cls.__mro__:
        declared = klass.__dict__.get("__slots__", ())
        names.extend([declared] if isinstance(declared, str) else declared)
    return [n for n in names if n not in ("__weakref__", "__dict__")]


def _slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    for klass in cls.__mro__:
        slot = klass.__dict__.get(name)
        if slot is not None and name in _slot_names(klass):
            setter: Callable[[Any, Any], None] = slot.__set__
            return setter
    raise TypeError(f"{cls.__name__} has no slot {name!r}")


def cards_text(cards: Sequence[Card]) -> str:
    """Card codes joined by spaces, in the given order (for action text)."""
    return " ".join(card.code for card in cards)


def check_action_text(text: object) -> str:
    """Refuse what is not action text: not a string, or longer than `MAX_ACTION_TEXT`.

    [GameState.apply][cardkit.engine.state.GameState.apply] calls it before a game parses
    the text.

    Raises:
        IllegalAction: not a string (code ``"unparsable"``), or too long
            (code ``"too_long"``); the message quotes the text shortened.
    """
    if not isinstance(text, str):
        raise IllegalAction(
            "unparsable", f"an action must be text or an Action, got {quote(text)}", action=text
        )
    if len(text) > MAX_ACTION_TEXT:
        raise IllegalAction(
            "too_long",
            f"action text of {len(text)} characters refused unread: at most "
            f"{MAX_ACTION_TEXT} are accepted (got {quote(text)})",
            action=text,
        )
    return text


def split_action_text(text: str) -> tuple[str, list[str]]:
    """Split action text into a lower-case verb and its arguments.

    Raises:
        IllegalAction: the text is not a string, is empty or too long (see
            [check_action_text][cardkit.engine.actions.check_action_text]).
    """
    check_action_text(text)
    parts = text.replace(",", " ").split()
    if not parts:
        raise IllegalAction("unparsable", "empty action text", action=text)
    return parts[0].lower(), parts[1:]


def parse_card_args(text: str, args: Sequence[str]) -> list[Card]:
    """Parse the card arguments of an action, turning card errors into ``IllegalAction``.

    Raises:
        IllegalAction: an argument is not a card, or a card is given twice
            (code ``"unparsable"``); the message quotes the action text.
    """
    try:
        cards = parse_cards(args)
    except InvalidCard as exc:
        raise IllegalAction(
            "unparsable", f"cannot read {quote(text)}: {exc}", action=text
        ) from None
    if len(set(cards)) != len(cards):
        raise IllegalAction("unparsable", f"{quote(text)} names a card twice", action=text)
    return cards
