"""Actions that are words: [`CardVerb`][cardkit.engine.cardverb.CardVerb] (a verb and one
card), and [`grammar_of`][cardkit.engine.cardverb.grammar_of], the grammar the core
derives from such classes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardkit.cards.card import Card
from cardkit.engine.actions import Action
from cardkit.engine.grammar import Form, Grammar, Verb

__all__ = ["CardVerb", "grammar_of"]


@dataclass(frozen=True, slots=True)
class CardVerb(Action):
    """An action that is its verb and one card (`discard 9C`, `play QS`): set `verb`.

    `Form("discard", Discard, 1)` reads `discard 9C` as `Discard(Card.parse("9C"))`.
    Two such actions are equal when they are of one class and name one card.

    Attributes:
        card: the card.
        source: the zone its card comes from, for the reference listing (the form
            [`grammar_of`][cardkit.engine.cardverb.grammar_of] makes): `"hand"` by
            default; `None`, any card of the deck.
    """

    card: Card
    verb: ClassVar[str]
    source: ClassVar[str | None] = "hand"

    def __str__(self) -> str:
        return f"{self.verb} {self.card.code}"


def grammar_of(*parts: Form | type[Verb] | type[CardVerb]) -> Grammar:
    """The grammar of action classes and forms, in order.

    A [`Verb`][cardkit.engine.grammar.Verb] class is read as its verb alone
    (`Form("draw", Draw)`), a [`CardVerb`][cardkit.engine.cardverb.CardVerb] class as
    its verb and one card from its `source` (`Form("discard", Discard, 1,
    source="hand")`); a [`Form`][cardkit.engine.grammar.Form] is kept as it is, for
    what a class cannot say (typed arguments, trailing words).

    >>> from cardkit.engine.grammar import Verb
    >>> class Draw(Verb):
    ...     verb = "draw"
    >>> class Discard(CardVerb):
    ...     verb = "discard"
    >>> [(f.verb, f.make.__name__, f.cards, f.source) for f in grammar_of(Draw, Discard).forms]
    [('draw', 'Draw', 0, None), ('discard', 'Discard', 1, 'hand')]

    Raises:
        TypeError: a part is neither a form nor a `Verb` or `CardVerb` class.
    """
    forms = []
    for part in parts:
        if isinstance(part, Form):
            forms.append(part)
        elif isinstance(part, type) and issubclass(part, CardVerb):
            forms.append(Form(part.verb, part, 1, source=part.source))
        elif isinstance(part, type) and issubclass(part, Verb):
            forms.append(Form(part.verb, part))
        else:
            raise TypeError(f"{part!r} is not a Form, a Verb class or a CardVerb class")
    return Grammar(*forms)
