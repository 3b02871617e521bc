"""Tonk's actions and their text forms.

============================  ==============================================
text                          meaning
============================  ==============================================
``draw``                      draw the top card of the stock
``take``                      take the top card of the discard pile
``spread 3C 4C 5C``           lay a book or a run from your hand
``hit 8C 2``                  add one card to the spread with id 2
``discard KS``                discard a card; this ends your turn
``bonus KS``                  an extra discard earned by a hit (``per_hit``)
``drop``                      drop: show your hand and claim the lowest count
``pass``                      decline an offer: the post-deal drop window,
                              the Spades side pot, a double-double response
``join``                      join the Spades side pot
``respond hit 8H 1; ...``     a double-double response: spreads and hits
                              that use every card of your hand, separated
                              by ``;`` (their order does not matter)
============================  ==============================================

Every action is an immutable value; equal actions are usually the very same
object (the game interns them), and ``str(action)`` is its canonical text.
Card lists in a spread may be typed in any order; the canonical text lists a
run in rank order and a book in suit order (clubs, diamonds, hearts, spades).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from cardkit import Action, Card, CardSet, IllegalAction, Rank
from cardkit.authoring import Form, Grammar, Refused, Verb

__all__ = [
    "DRAW",
    "DROP",
    "FIXED_ACTIONS",
    "GRAMMAR",
    "JOIN",
    "PASS",
    "TAKE",
    "Bonus",
    "Discard",
    "Draw",
    "Drop",
    "Hit",
    "Join",
    "Pass",
    "Respond",
    "Spread",
    "Take",
    "bonus_action",
    "discard_action",
    "hit_action",
    "spread_action",
    "spread_cards",
]

_CARDS: Final = Card._by_index
_SUIT_LANE: Final = (1 << 13) - 1
_TWO_BIT: Final = 1


def spread_cards(mask: int) -> list[Card]:
    """The cards of a spread in display order: a run by rank (a low ace first), else by suit."""
    cards = []
    m = mask
    while m:
        low = m & -m
        cards.append(_CARDS[low.bit_length() - 1])
        m ^= low
    first, last = cards[0] if cards else None, cards[-1] if cards else None
    if first is not None and last is not None and first.suit == last.suit is not None:
        lane = (mask >> (13 * last.suit)) & _SUIT_LANE
        if last.rank == Rank.ACE and lane & _TWO_BIT:
            cards.insert(0, cards.pop())
    return cards


class Draw(Verb):
    """Draw the top card of the stock (``draw``)."""

    __slots__ = ()
    verb = "draw"


class Take(Verb):
    """Take the top card of the discard pile (``take``)."""

    __slots__ = ()
    verb = "take"


class Drop(Verb):
    """Drop: show your hand and claim the lowest count (``drop``)."""

    __slots__ = ()
    verb = "drop"


class Pass(Verb):
    """Decline an offer: a drop window, the Spades pot, a double-double (``pass``)."""

    __slots__ = ()
    verb = "pass"


class Join(Verb):
    """Join the Spades side pot (``join``)."""

    __slots__ = ()
    verb = "join"


@dataclass(frozen=True, slots=True)
class Spread(Action):
    """Lay a book or a run from your hand (``spread 3C 4C 5C``).

    Attributes:
        cards: the cards of the spread.
    """

    cards: CardSet

    def __str__(self) -> str:
        return "spread " + " ".join(c.code for c in spread_cards(self.cards.mask))


@dataclass(frozen=True, slots=True)
class Hit(Action):
    """Add one card from your hand to a spread on the table (``hit 8C 2``).

    Attributes:
        card: the card hit.
        spread: the id of the spread it goes on.
    """

    card: Card
    spread: int

    def __str__(self) -> str:
        return f"hit {self.card.code} {self.spread}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card and end your turn (``discard KS``).

    Attributes:
        card: the card discarded.
    """

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card.code}"


@dataclass(frozen=True, slots=True)
class Bonus(Action):
    """An extra discard earned by hitting another player (``bonus KS``); the turn goes on.

    Attributes:
        card: the card discarded.
    """

    card: Card

    def __str__(self) -> str:
        return f"bonus {self.card.code}"


@dataclass(frozen=True, slots=True)
class Respond(Action):
    """A double-double response: spreads and hits that use every card of the hand.

    The steps are kept in a canonical order (spreads by their cards, then hits
    spread by spread, each one valid after the ones before it), so equal plans
    are equal actions.

    Attributes:
        steps: the spreads and hits, in canonical order.
    """

    steps: tuple[Spread | Hit, ...]

    def __str__(self) -> str:
        return "respond " + "; ".join(str(step) for step in self.steps)


DRAW: Final = Draw()
TAKE: Final = Take()
DROP: Final = Drop()
PASS: Final = Pass()
JOIN: Final = Join()

_DISCARDS: Final = tuple(Discard(c) for c in _CARDS[:52])
_BONUSES: Final = tuple(Bonus(c) for c in _CARDS[:52])
_SPREADS: dict[int, Spread] = {}
_HITS: dict[tuple[int, int], Hit] = {}


#: The actions with one meaning in every state, in a fixed order: the ids of
#: the RL environments (``cardkit.rl``). Spreads, hits and responses are
#: indexed after them.
FIXED_ACTIONS: Final[tuple[Action, ...]] = (DRAW, TAKE, DROP, PASS, JOIN, *_DISCARDS, *_BONUSES)


def discard_action(index: int) -> Discard:
    """The (interned) discard of the card with this index."""
    return _DISCARDS[index]


def bonus_action(index: int) -> Bonus:
    """The (interned) bonus discard of the card with this index."""
    return _BONUSES[index]


def spread_action(mask: int) -> Spread:
    """The (interned) spread of the cards of ``mask``."""
    action = _SPREADS.get(mask)
    if action is None:
        action = _SPREADS[mask] = Spread(CardSet.from_mask(mask))
    return action


def hit_action(index: int, spread_id: int) -> Hit:
    """The (interned) hit of the card with this index onto spread ``spread_id``."""
    key = (index, spread_id)
    action = _HITS.get(key)
    if action is None:
        action = _HITS[key] = Hit(_CARDS[index], spread_id)
    return action


class _SpreadIds(Mapping[str, int]):
    """The trailing word of a hit: a spread id, ``2`` or ``#2`` (any number)."""

    def __getitem__(self, word: str) -> int:
        digits = word.removeprefix("#")
        if not digits.isdigit():
            raise KeyError(word)
        return int(digits)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def _card_index(card: Card, verb: str) -> int:
    if card.index >= 52:
        raise IllegalAction(Refused.UNPARSABLE, f"'{verb} {card.code}': Tonk has no jokers")
    return card.index


def _spread(cards: tuple[Card, ...]) -> Spread:
    for card in cards:
        _card_index(card, "spread")
    return spread_action(CardSet(cards).mask)


def _hit(card: Card, spread: int | None) -> Hit:
    if spread is None:
        raise IllegalAction(Refused.UNPARSABLE, "a hit is 'hit CARD SPREAD_ID', such as 'hit 8C 2'")
    return hit_action(_card_index(card, "hit"), spread)


#: Tonk's action texts (``respond`` is read by the state: its steps are these forms).
GRAMMAR: Final = Grammar(
    Form("draw", Draw),
    Form("take", Take),
    Form("drop", Drop),
    Form("pass", Pass),
    Form("join", Join),
    Form("spread", Spread, -1, usage=("spread <cards>",), build=_spread),
    Form("hit", Hit, 1, _SpreadIds(), ("hit <card> <spread id>",), _hit),
    Form(
        "discard",
        Discard,
        1,
        usage=("discard <card>",),
        build=lambda card: discard_action(_card_index(card, "discard")),
    ),
    Form(
        "bonus",
        Bonus,
        1,
        usage=("bonus <card>",),
        build=lambda card: bonus_action(_card_index(card, "bonus")),
    ),
    Form("respond", Respond, -1, usage=("respond spread <cards>; hit <card> <id>; ...",)),
)
