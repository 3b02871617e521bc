"""Palace actions and their text forms.

=====================  ==============================================================
text                   meaning
=====================  ==============================================================
``swap 3S AS``         exchange phase: swap hand card ``3S`` with face-up card ``AS``
``ready``              exchange phase: this seat is done swapping
``play 9D 9S``         play cards of one rank from the active source (hand or face up)
``pickup``             take the whole pile into the hand
``flip 2``             turn over face-down card number 2 (1-based, in dealing order)
``add 7C``             window: add a just-drawn card of the rank just played
``complete JC JD``     window: complete a four of a kind out of turn
``decline``            window: do not add / do not complete
=====================  ==============================================================

Card lists print in canonical order (clubs, diamonds, hearts, spades) and
are read in any order and any case (``play 9s 9d`` is ``play 9D 9S``); verbs
are read in any case, and ``pick_up`` is read as ``pickup``.

Every action value is interned: parsing the same text twice, or listing the
legal actions, gives the same objects, so they are cheap to compare and to
hash.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, Self

from cardkit import Action, Card, IllegalAction
from cardkit.actions import parse_card_args, split_action_text
from cardkit.cardset import cards_of_mask

__all__ = [
    "ACTION_FORMS",
    "DECLINE",
    "PICKUP",
    "READY",
    "Add",
    "Complete",
    "Decline",
    "Flip",
    "PalaceAction",
    "Pickup",
    "Play",
    "Ready",
    "Swap",
    "parse_palace_action",
]

_CARDS: Final = Card._by_index

#: The action text forms, for error messages and the docs.
ACTION_FORMS: Final = (
    "swap <hand card> <face-up card>",
    "ready",
    "play <cards of one rank>",
    "pickup",
    "flip <position>",
    "add <cards>",
    "complete <cards>",
    "decline",
)


_cards_of: Final = cards_of_mask


def _single_rank(mask: int) -> int:
    """The rank (2-14) of a non-empty mask of cards of one rank, else 0."""
    if not mask:
        return 0
    index = (mask & -mask).bit_length() - 1
    offset = index % 13
    rank_cards = (1 << offset) | (1 << (offset + 13)) | (1 << (offset + 26)) | (1 << (offset + 39))
    return offset + 2 if mask & ~rank_cards == 0 else 0


class PalaceAction(Action):
    """The base of Palace's actions.

    Attributes:
        verb: the first word of the text form.
        kind: a small integer the state machine dispatches on.
    """

    __slots__ = ("_text", "kind")

    verb: str = ""
    kind: int
    _text: str

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._text!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[object, ...]:
        return (parse_palace_action, (self._text,))


class _CardsAction(PalaceAction):
    """An action naming some cards (play, add, complete)."""

    __slots__ = ("cards", "mask", "rank")

    cards: tuple[Card, ...]
    mask: int
    rank: int
    #: The interned actions of each subclass, by card mask (one dict per subclass).
    _interned: ClassVar[dict[int, Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._interned = {}

    @classmethod
    def of(cls, mask: int) -> Self:
        """The interned action of this kind with the cards in ``mask``."""
        action: Self | None = cls._interned.get(mask)
        if action is None:
            action = cls._interned[mask] = cls(mask)
        return action

    def __init__(self, mask: int) -> None:
        """Build the action for the cards of ``mask`` (use `of` for interned values)."""
        set_ = object.__setattr__
        cards = _cards_of(mask)
        set_(self, "mask", mask)
        set_(self, "cards", cards)
        set_(self, "rank", _single_rank(mask))
        set_(self, "_text", self.verb + " " + " ".join(c.code for c in cards))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _CardsAction)
            and type(other) is type(self)
            and other.mask == self.mask
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.mask))


class Play(_CardsAction):
    """``play 9D 9S``: play cards of one rank from the active source.

    Attributes:
        cards: the cards, in canonical order.
        mask: their bit mask.
        rank: their rank (2-14), or 0 when they are not all of one rank
            (such an action is always illegal).
    """

    __slots__ = ()
    verb = "play"
    kind = 2


class Add(_CardsAction):
    """``add 7C``: in the window after one's own play, add just-drawn cards of that rank."""

    __slots__ = ()
    verb = "add"
    kind = 5


class Complete(_CardsAction):
    """``complete JC JD``: complete a four of a kind out of turn."""

    __slots__ = ()
    verb = "complete"
    kind = 6


class Swap(PalaceAction):
    """``swap 3S AS``: exchange phase, swap a hand card with a face-up card.

    Attributes:
        hand_card: the card leaving the hand (it goes face up).
        up_card: the face-up card going to the hand.
    """

    __slots__ = ("hand_card", "up_card")
    verb = "swap"
    kind = 0
    hand_card: Card
    up_card: Card
    _interned: ClassVar[dict[tuple[int, int], Swap]] = {}

    def __init__(self, hand_card: Card, up_card: Card) -> None:
        """Build a swap (use `of` for interned values)."""
        object.__setattr__(self, "hand_card", hand_card)
        object.__setattr__(self, "up_card", up_card)
        object.__setattr__(self, "_text", f"swap {hand_card.code} {up_card.code}")

    @classmethod
    def of(cls, hand_card: Card, up_card: Card) -> Swap:
        """The interned swap of these two cards."""
        key = (hand_card.index, up_card.index)
        action = cls._interned.get(key)
        if action is None:
            action = cls._interned[key] = cls(hand_card, up_card)
        return action

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Swap)
            and other.hand_card is self.hand_card
            and other.up_card is self.up_card
        )

    def __hash__(self) -> int:
        return hash((0, self.hand_card.index, self.up_card.index))


class Flip(PalaceAction):
    """``flip 2``: turn over a face-down card, by its 1-based position in dealing order.

    Attributes:
        position: 1 for the first face-down card dealt, 2 for the second...
    """

    __slots__ = ("position",)
    verb = "flip"
    kind = 4
    position: int

    def __init__(self, position: int) -> None:
        """Build a flip (use `of` for interned values)."""
        object.__setattr__(self, "position", position)
        object.__setattr__(self, "_text", f"flip {position}")

    @classmethod
    def of(cls, position: int) -> Flip:
        """The interned flip of ``position`` (1-based)."""
        return _FLIPS[position]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Flip) and other.position == self.position

    def __hash__(self) -> int:
        return hash((4, self.position))


class _Simple(PalaceAction):
    """An action without arguments."""

    __slots__ = ()

    def __init__(self) -> None:
        """Build the action (use the module constants instead)."""
        object.__setattr__(self, "_text", self.verb)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self.kind)


class Ready(_Simple):
    """``ready``: exchange phase, this seat has finished swapping."""

    __slots__ = ()
    verb = "ready"
    kind = 1


class Pickup(_Simple):
    """``pickup``: take the whole pile into the hand (when no play is possible)."""

    __slots__ = ()
    verb = "pickup"
    kind = 3


class Decline(_Simple):
    """``decline``: in a window, neither add nor complete."""

    __slots__ = ()
    verb = "decline"
    kind = 7


#: The interned argument-less actions.
READY: Final = Ready()
PICKUP: Final = Pickup()
DECLINE: Final = Decline()
_FLIPS: Final = {i: Flip(i) for i in range(1, 7)}
_SIMPLE: Final[dict[str, PalaceAction]] = {
    "ready": READY,
    "pickup": PICKUP,
    "pick_up": PICKUP,
    "decline": DECLINE,
}
_PARSED: dict[str, PalaceAction] = {}


def parse_palace_action(text: str) -> PalaceAction:
    """Read the text form of a Palace action (any case, cards in any order).

    Only the form is checked here; whether the action is legal is the state's
    business.

    Raises:
        IllegalAction: code ``"unparsable"``: not a Palace action; the message
            lists the forms.
    """
    action = _PARSED.get(text) if isinstance(text, str) else None
    if action is not None:
        return action
    verb, args = split_action_text(text)
    result: PalaceAction
    if verb in _SIMPLE:
        if args:
            raise _bad(text, f"{verb!r} takes no arguments")
        result = _SIMPLE[verb]
    elif verb == "flip":
        if len(args) != 1 or not args[0].isdigit() or int(args[0]) not in _FLIPS:
            raise _bad(text, "flip takes one face-down position, a number from 1 to 6")
        result = _FLIPS[int(args[0])]
    elif verb == "swap":
        cards = parse_card_args(text, args)
        if len(cards) != 2:
            raise _bad(text, "swap takes two cards: a hand card, then a face-up card")
        result = Swap.of(cards[0], cards[1])
    elif verb in ("play", "add", "complete"):
        cards = parse_card_args(text, args)
        if not cards or len(cards) > 8 or any(c.is_joker for c in cards):
            raise _bad(text, f"{verb} takes one or more cards")
        mask = 0
        for card in cards:
            mask |= card.bit
        cls = Play if verb == "play" else Add if verb == "add" else Complete
        # Mixed ranks are always illegal: build them without interning.
        result = cls.of(mask) if _single_rank(mask) else cls(mask)
    else:
        raise _bad(text, f"unknown verb {verb!r}")
    if len(_PARSED) < 4096:
        _PARSED[text] = result
    return result


def _bad(text: str, why: str) -> IllegalAction:
    forms = "; ".join(ACTION_FORMS)
    return IllegalAction(
        "unparsable", f"cannot read {text!r}: {why}; Palace actions are: {forms}", action=text
    )
