"""Tiến lên combinations: what they are, their keys, and what beats what.

The game's card order is rank ``3 4 5 6 7 8 9 T J Q K A 2`` then suit
``S < C < D < H``. Inside this module a set of cards is a *game mask*: the
keyed mask of the core's [`KeySpace`][cardkit.cards.keyspace.KeySpace] of that order, bit
``key`` set for each card held, where ``key = rank_position * 4 +
suit_position`` (``3S`` is bit 0, ``2H`` bit 51). So the highest card of a
combination is simply its highest bit.

Every combination comes from the core's meld kinds ([`cardkit.cards.melds`][cardkit.cards.melds]):
validation at the boundary (a `Play` built from cards or text) uses
their validators, and `cardkit_tienlen.handcombos.hand_combos` lists the combinations of a hand
with their key-space finders ([`keyed_function`][cardkit.cards.melds.base.MeldKind.keyed_function]),
which answer on game masks, sorted by key. This module wraps them into plays,
groups them by type and length so that "what beats the current combination"
is one bisection, and caches them per hand.

>>> Play.parse("3s 3h").kind, Play.parse("3s 3h").text
(<Kind.PAIR: 2>, 'play 3S 3H')
>>> beats(Play.parse("9H"), Play.parse("9D"), BeatRules())
True
>>> beats(Play.parse("6S 6C 6D 6H"), Play.parse("AH"), BeatRules())
False
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, NamedTuple

from cardkit import Action, Card, CardOrder, CardSet, IllegalAction, Rank, RankOrder, SuitOrder
from cardkit.authoring import DoubleSequence, KeySpace, NOfAKind, Sequence, parse_card_args

__all__ = [
    "CARD_ORDER",
    "PASS",
    "RANK_ORDER",
    "SUIT_ORDER",
    "BeatRules",
    "Kind",
    "Pass",
    "Play",
    "beats",
    "bomb_class",
    "card_key",
    "cards_of",
    "game_mask",
    "play_of_mask",
]

#: Ranks low to high: 3 … K, A, 2.
RANK_ORDER: Final = RankOrder.parse("3 4 5 6 7 8 9 T J Q K A 2")
#: Suits low to high: spades, clubs, diamonds, hearts.
SUIT_ORDER: Final = SuitOrder.parse("S C D H")
#: The game's card order: rank first, then suit.
CARD_ORDER: Final = CardOrder(RANK_ORDER, SUIT_ORDER)

#: The key space of `CARD_ORDER`: game masks are its keyed masks.
SPACE: Final = KeySpace(CARD_ORDER)
_KEYS: Final = CARD_ORDER.keys
#: The card of each game key (0 = 3S … 51 = 2H).
CARD_BY_KEY: Final[tuple[Card, ...]] = SPACE.by_key
#: The game-mask bit of each card, by ``card.index`` (0 for jokers).
BIT_BY_INDEX: Final[tuple[int, ...]] = tuple(1 << k if k >= 0 else 0 for k in _KEYS)
_TWOS_POS: Final = 12
_TWOS_SHIFT: Final = 4 * _TWOS_POS
#: The game mask of the ranks 3 … A (sequences never hold a 2).
NO_TWOS: Final = (1 << _TWOS_SHIFT) - 1

# The core's meld kinds, with this game's order and 2s excluded.
_NOAK: Final = NOfAKind(2, 4)
_SEQUENCE: Final = Sequence(RANK_ORDER, min_length=3, excluded=frozenset({Rank.TWO}))
_DOUBLE_SEQUENCE: Final = DoubleSequence(RANK_ORDER, min_pairs=3, excluded=frozenset({Rank.TWO}))


def card_key(card: Card) -> int:
    """The card's place in the game's card order: 0 for ``3S`` … 51 for ``2H``."""
    return _KEYS[card.index]


def game_mask(cards: Iterable[Card]) -> int:
    """The game mask (bit ``card_key(card)`` per card) of some cards."""
    bit = BIT_BY_INDEX
    mask = 0
    for card in cards:
        mask |= bit[card.index]
    return mask


#: The cards of a game mask, lowest first in the game's order.
cards_of: Final = SPACE.cards
#: The core [`CardSet`][cardkit.cards.cardset.CardSet] mask of a game mask.
core_mask: Final = SPACE.natural
#: The cards of a game mask as a [`CardSet`][cardkit.cards.cardset.CardSet].
cardset_of: Final = SPACE.cardset


class Kind(IntEnum):
    """The type of a combination; ``INVALID`` marks cards that form none."""

    INVALID = 0
    SINGLE = 1
    PAIR = 2
    TRIPLE = 3
    QUAD = 4
    SEQUENCE = 5
    DOUBLE_SEQUENCE = 6

    @property
    def label(self) -> str:
        """The name players use: ``single``, ``pair``, ``double sequence``…"""
        return _KIND_LABELS[self]


_KIND_LABELS: Final = {
    Kind.INVALID: "no combination",
    Kind.SINGLE: "single",
    Kind.PAIR: "pair",
    Kind.TRIPLE: "triple",
    Kind.QUAD: "four of a kind",
    Kind.SEQUENCE: "sequence",
    Kind.DOUBLE_SEQUENCE: "double sequence",
}
_NOAK_KINDS: Final = (Kind.INVALID, Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.QUAD)


class _PlayFields(NamedTuple):
    bits: int
    kind: int
    size: int
    key: int


class Play(_PlayFields, Action):
    """Play these cards as one combination, to lead or to beat the one on the table.

    Build one from cards or text: ``Play("3S 3H")``, ``Play([card, ...])``,
    `Play.parse`. The constructor classifies the cards with the core's
    meld kinds; cards that form no valid combination give a play of kind
    `Kind.INVALID`, which every state refuses with the reason.

    Plays are immutable and compare by their cards. The text form lists the
    cards in the game's order: ``play 3S 3H``.

    Attributes:
        bits: the cards as a game mask (see the module docs).
        kind: the `Kind` (as an int, for speed).
        size: the number of cards.
        key: the game key of the highest card (what two combinations of the
            same type and length are compared by); -1 when invalid.
    """

    __slots__ = ()

    def __new__(cls, cards: str | Iterable[Card | str]) -> Play:
        """Classify ``cards`` (codes or cards) as a combination.

        Raises:
            IllegalAction: a card is not a card, or is given twice
                (code ``"unparsable"``).
        """
        if isinstance(cards, str):
            text = cards
            items: list[str | Card] = list(cards.replace(",", " ").split())
        else:
            items = list(cards)
            text = " ".join(c.code if isinstance(c, Card) else str(c) for c in items)
        card_list = parse_card_args(text, [c.code if isinstance(c, Card) else c for c in items])
        if any(c.is_joker for c in card_list):
            raise IllegalAction("unparsable", f"{text!r}: Tiến lên is played without jokers")
        bits = game_mask(card_list)
        return _make(bits, *classify(CardSet(card_list)))

    @classmethod
    def parse(cls, text: str) -> Play:
        """A play from card codes, such as ``"3S 3H"`` (any order, any case)."""
        return cls(text)

    def __getnewargs__(self) -> tuple[str]:
        """Pickle and copy a play by its cards."""
        return (" ".join(c.code for c in self.cards),)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, lowest first in the game's order."""
        return cards_of(self.bits)

    @property
    def cardset(self) -> CardSet:
        """The cards as a [`CardSet`][cardkit.cards.cardset.CardSet]."""
        return cardset_of(self.bits)

    @property
    def combo(self) -> Kind:
        """The type of the combination, as a `Kind`."""
        return Kind(self.kind)

    @property
    def high(self) -> Card:
        """The key card: the highest card, or the top of a house rule's combination
        (the 3 of a run wrapped as ``K A 2 3``)."""
        key = self.key
        return CARD_BY_KEY[key if key >= 0 else self.bits.bit_length() - 1]

    @property
    def pairs(self) -> int:
        """The number of pairs of a double sequence (0 for other types)."""
        return self.size // 2 if self.kind == Kind.DOUBLE_SEQUENCE else 0

    @property
    def is_bomb(self) -> bool:
        """Whether this is a bomb: a four of a kind or a double sequence."""
        return self.kind == Kind.QUAD or self.kind == Kind.DOUBLE_SEQUENCE

    @property
    def is_twos(self) -> bool:
        """Whether this is a single, pair or triple of 2s (what bombs may beat)."""
        return self.key >= _TWOS_SHIFT and self.kind <= Kind.TRIPLE and self.kind != 0

    @property
    def label(self) -> str:
        """How players call it: ``pair``, ``sequence of 5``, ``double sequence of 3 pairs``."""
        return describe_kind(self.kind, self.size)

    def __str__(self) -> str:
        """``play`` and the cards in the game's order, such as ``play 3S 3H``."""
        return "play " + " ".join([c.code for c in cards_of(self.bits)])

    def __repr__(self) -> str:
        return f"Play({' '.join(c.code for c in self.cards)!r})"


_tuple_new = tuple.__new__


def play_of_mask(bits: int) -> Play:
    """The play of the cards of game mask ``bits``, classified (no parsing)."""
    return _make(bits, *classify(CardSet(cards_of(bits))))


def _make(bits: int, kind: int, size: int, key: int) -> Play:
    """A play from already classified fields (internal, no checks)."""
    return _tuple_new(Play, (bits, kind, size, key))


class Pass(Action):
    """Pass: decline to beat the combination on the table.

    There is one pass, `PASS`: `Pass()` (and unpickling or copying) gives it
    again, so passes compare by identity, which the core's check that an
    action is in the legal listing does without calling Python code.
    """

    __slots__ = ()

    def __new__(cls) -> Pass:
        """The one pass."""
        if cls is not Pass:
            return super().__new__(cls)
        if not _ONE_PASS:
            _ONE_PASS.append(super().__new__(cls))
        return _ONE_PASS[0]

    def __str__(self) -> str:
        """``pass``."""
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


_ONE_PASS: list[Pass] = []


#: The one pass action.
PASS: Final = Pass()


def describe_kind(kind: int, size: int) -> str:
    """``single``, ``pair``, ``sequence of 5``, ``double sequence of 3 pairs``…"""
    if kind == Kind.SEQUENCE:
        return f"sequence of {size}"
    if kind == Kind.DOUBLE_SEQUENCE:
        return f"double sequence of {size // 2} pairs"
    return _KIND_LABELS[Kind(kind)]


def classify(cards: CardSet) -> tuple[int, int, int]:
    """``(kind, size, key)`` of some cards, using the core's meld kinds.

    ``kind`` is `Kind.INVALID` (and ``key`` -1) when the cards form no
    combination of this game.
    """
    size = len(cards)
    if size == 0:
        return Kind.INVALID, 0, -1
    key = max(card_key(c) for c in cards)
    if size == 1:
        return Kind.SINGLE, 1, key
    if _NOAK.is_valid(cards):
        return _NOAK_KINDS[size], size, key
    if _SEQUENCE.is_valid(cards):
        return Kind.SEQUENCE, size, key
    if _DOUBLE_SEQUENCE.is_valid(cards):
        return Kind.DOUBLE_SEQUENCE, size, key
    return Kind.INVALID, size, -1


def explain_invalid(cards: CardSet) -> str:
    """Why some cards are no Tiến lên combination, in words meant for players."""
    if not cards:
        return "a play needs at least one card"
    text = " ".join(c.code for c in CARD_ORDER.sorted(cards))
    ranks = {c.rank for c in cards}
    if len(ranks) == 1:
        return f"{text} is not a combination"
    counts = sorted(cards.rank_counts().values())
    if counts[-1] == 1:
        reason = _SEQUENCE.validate(cards).reason
        return f"{text} is not a sequence: {reason}"
    if counts[0] == counts[-1] == 2:
        reason = _DOUBLE_SEQUENCE.validate(cards).reason
        return f"{text} is not a double sequence: {reason}"
    return (
        f"{text} is not a combination: a play is a single, a pair, a triple, a four of a kind, "
        "a sequence (3+ consecutive ranks from 3 to A, no 2s) or a double sequence "
        "(3+ consecutive pairs, no 2s); two pairs, a full house or a triple plus a card "
        "are not combinations"
    )


# -- comparing -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BeatRules:
    """The options that change what beats what (a plain value for the hot path).

    Attributes:
        quad_beats_pair_of_twos: a four of a kind also beats a pair of 2s.
        bomb_ladder: on a bomb, any bomb of a higher class beats it.
    """

    quad_beats_pair_of_twos: bool = False
    bomb_ladder: bool = False


def bomb_class(play: Play) -> int:
    """The bomb class for ``bomb_ladder``: 3-pair double sequence 0, four of a kind 1,
    4-pair double sequence 2, 5-pair 3, 6-pair 4; -1 when not a bomb."""
    if play.kind == Kind.QUAD:
        return 1
    if play.kind == Kind.DOUBLE_SEQUENCE:
        pairs = play.size // 2
        return 0 if pairs == 3 else pairs - 2
    return -1


def beats(play: Play, current: Play, rules: BeatRules) -> bool:
    """Whether ``play`` beats ``current`` (rules spec, section 5.3 and options 5-6).

    Both must be valid combinations.
    """
    kind = play.kind
    ck = current.kind
    if kind == ck and play.size == current.size:
        return play.key > current.key
    if ck <= Kind.TRIPLE and current.key >= _TWOS_SHIFT:
        # current is a single, pair or triple of 2s: bombs may beat it
        if kind == Kind.DOUBLE_SEQUENCE:
            return play.size >= 2 * (ck + 2)
        if kind == Kind.QUAD:
            return ck == Kind.SINGLE or (ck == Kind.PAIR and rules.quad_beats_pair_of_twos)
        return False
    if rules.bomb_ladder and ck >= Kind.QUAD and ck != Kind.SEQUENCE:
        theirs = bomb_class(current)
        mine = bomb_class(play)
        return mine > theirs
    return False
