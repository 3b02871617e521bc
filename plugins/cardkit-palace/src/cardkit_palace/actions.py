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

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Self

from cardkit import Action, Card
from cardkit.authoring import Form, Grammar, IntArg, cards_of_mask, new_action

__all__ = [
    "ACTION_FORMS",
    "DECLINE",
    "GRAMMAR",
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
        kind: a small integer per class, part of the hash.
    """

    __slots__ = ("_text",)

    verb: ClassVar[str] = ""
    kind: ClassVar[int]
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
            action = cls._interned[mask] = cls._build(mask)
        return action

    def __new__(cls, cards: int | Iterable[Card]) -> Self:
        """The action for ``cards`` (a card mask, or cards): interned when of one rank."""
        mask = cards if isinstance(cards, int) else sum(card.bit for card in set(cards))
        action: Self | None = cls._interned.get(mask)
        if action is not None:
            return action
        # Mixed ranks are always illegal: built without interning.
        return cls.of(mask) if _single_rank(mask) else cls._build(mask)

    @classmethod
    def _build(cls, mask: int) -> Self:
        cards = _cards_of(mask)
        text = cls.verb + " " + " ".join(c.code for c in cards)
        return new_action(cls, mask=mask, cards=cards, rank=_single_rank(mask), _text=text)

    def __eq__(self, other: object) -> bool:
        # type() rather than isinstance(): actions are ABCs, and this runs in every listing scan.
        return other is self or (type(other) is type(self) and other.mask == self.mask)

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
    """``swap 3S AS``: before play starts, swap a hand card with a face-up card.

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

    def __new__(cls, hand_card: Card, up_card: Card) -> Swap:
        """The interned swap of these two cards (hand card first)."""
        return cls.of(hand_card, up_card)

    @classmethod
    def of(cls, hand_card: Card, up_card: Card) -> Swap:
        """The interned swap of these two cards."""
        key = (hand_card.index, up_card.index)
        action = cls._interned.get(key)
        if action is None:
            text = f"swap {hand_card.code} {up_card.code}"
            action = cls._interned[key] = new_action(
                cls, hand_card=hand_card, up_card=up_card, _text=text
            )
        return action

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if type(other) is not Swap:
            return False
        swap = other
        return swap.hand_card is self.hand_card and swap.up_card is self.up_card

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

    def __new__(cls, position: int) -> Flip:
        """The interned flip of ``position`` (1-6)."""
        return cls.of(position)

    @classmethod
    def of(cls, position: int) -> Flip:
        """The interned flip of ``position`` (1-based)."""
        return _FLIPS[position]

    @classmethod
    def _build(cls, position: int) -> Flip:
        return new_action(cls, position=position, _text=f"flip {position}")

    def __eq__(self, other: object) -> bool:
        return other is self or (type(other) is Flip and other.position == self.position)

    def __hash__(self) -> int:
        return hash((4, self.position))


class _Simple(PalaceAction):
    """An action without arguments."""

    __slots__ = ()

    _single: ClassVar[Any]

    def __new__(cls) -> Self:
        """The one action of this class (the module constants)."""
        action: Self | None = cls.__dict__.get("_single")
        if action is None:
            action = cls._single = new_action(cls, _text=cls.verb)
        return action

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self.kind)


class Ready(_Simple):
    """``ready``: before play starts, say you have finished swapping."""

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
_FLIPS: Final = {i: Flip._build(i) for i in range(1, 7)}


@dataclass(frozen=True)
class _CardsForm(Form):
    """A form of one to eight cards of the standard deck (``play``, ``add``, ``complete``)."""

    def read(self, text: str, args: list[str]) -> Action | None:
        """The action, or ``None`` when the text names no card, a joker or over eight cards."""
        if not args or len(args) > 8:
            return None
        action = super().read(text, args)
        if not isinstance(action, _CardsAction) or any(c.is_joker for c in action.cards):
            return None
        return action


#: The action grammar: verbs in any case, cards in any order and case.
GRAMMAR: Final = Grammar(
    Form("swap", Swap, 2, usage=("swap <hand card> <face-up card>",)),
    Form("ready", Ready),
    _CardsForm("play", Play, -1, usage=("play <cards of one rank>",)),
    Form("pickup", Pickup),
    Form("pick_up", Pickup, usage=()),
    Form("flip", Flip, args=(IntArg(1, 6, name="position"),), build=Flip.of),
    _CardsForm("add", Add, -1, usage=("add <cards>",)),
    _CardsForm("complete", Complete, -1, usage=("complete <cards>",)),
    Form("decline", Decline),
)


def parse_palace_action(text: str) -> PalaceAction:
    """Read the text form of a Palace action (any case, cards in any order).

    Only the form is checked here; whether the action is legal is the state's
    business.

    Raises:
        IllegalAction: code ``"unparsable"``: not a Palace action; the message
            lists the forms.
    """
    action = GRAMMAR.parse(text, "Palace")
    assert isinstance(action, PalaceAction)
    return action
