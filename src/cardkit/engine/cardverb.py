"""Actions that are words: [`Verb`][cardkit.engine.cardverb.Verb] (a verb alone),
[`CardVerb`][cardkit.engine.cardverb.CardVerb] (a verb and one card),
[`CardWord`][cardkit.engine.cardverb.CardWord] (a verb, one card and an optional word),
[`NumberVerb`][cardkit.engine.cardverb.NumberVerb] (a verb and a whole number), and
[`grammar_of`][cardkit.engine.cardverb.grammar_of], the grammar the core derives from
such classes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, get_args

from typing_extensions import TypeVar

from cardkit.cards.card import SUIT_WORDS, Card, Rank, Suit
from cardkit.engine._building import word_event
from cardkit.engine.actions import Action
from cardkit.engine.arguments import IntArg
from cardkit.engine.events import Event
from cardkit.engine.grammar import Form, Grammar

__all__ = ["CardVerb", "CardWord", "NumberVerb", "Verb", "grammar_of"]

W = TypeVar("W")


class Verb(Action):
    """An action that is its verb alone (`draw`, `pass`): `class Draw(Verb)` is `draw`.

    The verb is the class's name in lower case unless the class sets `verb`
    (`verb = "call-tonk"`). All instances of one such class are equal; `str()` is the verb.
    """

    __slots__ = ()
    verb: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Name the verb from the class unless it sets one."""
        super().__init_subclass__(**kwargs)
        if "verb" not in vars(cls):
            cls.verb = cls.__name__.lower()

    def __str__(self) -> str:
        return self.verb

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self.verb)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


@dataclass(frozen=True, slots=True)
class CardVerb(Action):
    """An action that is its verb and one card (`discard 9C`, `play QS`).

    `class Discard(CardVerb)` is `discard <card>`: the verb is the class's name in lower
    case unless the class sets `verb`. `Form("discard", Discard, 1)` reads `discard 9C`
    as `Discard(Card.parse("9C"))`. Two such actions are equal when they are of one
    class and name one card.

    Attributes:
        card: the card.
        source: the zone its card comes from, for the reference listing (the form
            [`grammar_of`][cardkit.engine.cardverb.grammar_of] makes): `"hand"` by
            default; `None`, any card of the deck.
    """

    card: Card
    verb: ClassVar[str]
    source: ClassVar[str | None] = "hand"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Name the verb from the class unless it sets one."""
        super(CardVerb, cls).__init_subclass__(**kwargs)  # no `__class__` cell: slots=True
        if "verb" not in vars(cls):
            cls.verb = cls.__name__.lower()

    def __str__(self) -> str:
        return f"{self.verb} {self.card.code}"


@dataclass(frozen=True, slots=True)
class CardWord(Action, Generic[W]):
    """An action of a verb, one card and an optional word: `play 5D`, `play 8H clubs`.

    `class Play(CardWord[Suit])` with `word_rank = Rank.EIGHT` is Crazy Eights' play: the
    verb is the class's name in lower case unless the class sets `verb`, and a
    `CardWord[Suit]` takes the suits' words, `SUIT_WORDS`, unless it sets `words`;
    [`grammar_of`][cardkit.engine.cardverb.grammar_of] reads it in two forms,
    `play <card>` (no word) and `play <8> <suit>` (a word required). The check still
    decides which cards take a word: `word_rank` narrows only what the reference listing
    tries. Two such actions are equal when they are of one class, card and word.

    Attributes:
        card: the card.
        word: the value of the word named (a `Suit` of `SUIT_WORDS`), `None` when none is.
        words: the words the action takes, each with its value (the first word of a value
            is how `str()` writes it).
        word_rank: the rank of the cards that take a word (`None`: any card).
        source: the zone its card comes from, as for `CardVerb` (`"hand"` by default).
    """

    card: Card
    word: W | None = None
    verb: ClassVar[str]
    words: ClassVar[Mapping[str, Any]]
    word_rank: ClassVar[Rank | None] = None
    source: ClassVar[str | None] = "hand"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Name the verb from the class unless it sets one; a `CardWord[Suit]` takes the
        suits' words unless it (or a base) sets `words`."""
        super(CardWord, cls).__init_subclass__(**kwargs)  # no `__class__` cell: slots=True
        if "verb" not in vars(cls):
            cls.verb = cls.__name__.lower()
        suited = any(get_args(base) == (Suit,) for base in vars(cls).get("__orig_bases__", ()))
        if suited and not hasattr(cls, "words"):
            cls.words = SUIT_WORDS

    def __str__(self) -> str:
        if self.word is None:
            return f"{self.verb} {self.card.code}"
        word = next(name for name, value in self.words.items() if value == self.word)
        return f"{self.verb} {self.card.code} {word}"

    def event(self, seat: int) -> Event:
        """The public event of this action by `seat`: its verb as the kind, its card shown,
        and a word named in the event's `note` (`"names clubs"`) and `data`, under the word's
        type in lower case, as its code (`{"suit": "C"}`), which the core's words of a play
        read: "plays 8♦ and names clubs".

        >>> from cardkit.cards.card import Card
        >>> class Play(CardWord[Suit]):
        ...     word_rank = Rank.EIGHT
        >>> event = Play(Card.parse("8H"), Suit.CLUBS).event(0)
        >>> event.kind, event.cards, event.note, dict(event.data)
        ('play', (Card('8H'),), 'names clubs', {'suit': 'C'})
        """
        return word_event(self.verb, seat, self.card, self.word, self.words)

    @classmethod
    def forms(cls) -> tuple[Form, Form]:
        """The two forms of the action: without a word, then with one (required)."""
        rank = cls.word_rank
        takes = "<card>" if rank is None else f"<{rank.code}>"
        named = type(next(iter(cls.words.values()))).__name__.lower()
        plain = Form(cls.verb, cls, 1, usage=(f"{cls.verb} <card>",), source=cls.source)
        only = None if rank is None else _OfRank(rank)
        usage = (f"{cls.verb} {takes} <{named}>",)
        worded = Form(
            cls.verb,
            cls,
            1,
            cls.words,
            usage,
            source=cls.source,
            only_cards=only,
            word_required=True,
        )
        return plain, worded


@dataclass(frozen=True, slots=True)
class NumberVerb(Action):
    """An action of a verb and a whole number from `low` to `high`: `bid 4`.

    `class Bid(NumberVerb)` with `high = 13` is Spades' bid (`bid 0` to `bid 13`): the verb
    is the class's name in lower case unless the class sets `verb`;
    [`grammar_of`][cardkit.engine.cardverb.grammar_of] reads it as `Form("bid", Bid,
    args=(IntArg(0, 13, "number"),))`.

    Attributes:
        number: the number.
        low: the least number (0 by default).
        high: the greatest number.
    """

    number: int
    verb: ClassVar[str]
    low: ClassVar[int] = 0
    high: ClassVar[int]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Name the verb from the class unless it sets one."""
        super(NumberVerb, cls).__init_subclass__(**kwargs)  # no `__class__` cell: slots=True
        if "verb" not in vars(cls):
            cls.verb = cls.__name__.lower()

    def __str__(self) -> str:
        return f"{self.verb} {self.number}"


@dataclass(frozen=True, slots=True)
class _OfRank:
    """Whether a card is of `rank` (a form's `only_cards`)."""

    rank: Rank

    def __call__(self, card: Card) -> bool:
        return card.rank == self.rank


def grammar_of(
    *parts: Form | type[Verb] | type[CardVerb] | type[CardWord[Any]] | type[NumberVerb],
) -> Grammar:
    """The grammar of action classes and forms, in order.

    A [`Verb`][cardkit.engine.cardverb.Verb] class is read as its verb alone
    (`Form("draw", Draw)`), a [`CardVerb`][cardkit.engine.cardverb.CardVerb] class as
    its verb and one card from its `source` (`Form("discard", Discard, 1,
    source="hand")`), a [`CardWord`][cardkit.engine.cardverb.CardWord] class in its two
    forms (`CardWord.forms`), a [`NumberVerb`][cardkit.engine.cardverb.NumberVerb] class
    as its verb and a number (`Form("bid", Bid, args=(IntArg(0, 13, "number"),))`); a
    [`Form`][cardkit.engine.grammar.Form] is kept as it is, for
    what a class cannot say (typed arguments, trailing words).

    >>> from cardkit.engine.cardverb import Verb
    >>> class Draw(Verb):
    ...     verb = "draw"
    >>> class Discard(CardVerb):
    ...     verb = "discard"
    >>> [(f.verb, f.make.__name__, f.cards, f.source) for f in grammar_of(Draw, Discard).forms]
    [('draw', 'Draw', 0, None), ('discard', 'Discard', 1, 'hand')]

    Raises:
        TypeError: a part is neither a form nor a `Verb`, `CardVerb`, `CardWord` or
            `NumberVerb` class.
    """
    forms: list[Form] = []
    for part in parts:
        if isinstance(part, Form):
            forms.append(part)
        elif isinstance(part, type) and issubclass(part, CardWord):
            forms.extend(part.forms())
        elif isinstance(part, type) and issubclass(part, NumberVerb):
            forms.append(Form(part.verb, part, args=(IntArg(part.low, part.high, "number"),)))
        elif isinstance(part, type) and issubclass(part, CardVerb):
            forms.append(Form(part.verb, part, 1, source=part.source))
        elif isinstance(part, type) and issubclass(part, Verb):
            forms.append(Form(part.verb, part))
        else:
            raise TypeError(
                f"{part!r} is not a Form, nor a Verb, CardVerb, CardWord or NumberVerb class"
            )
    return Grammar(*forms)
