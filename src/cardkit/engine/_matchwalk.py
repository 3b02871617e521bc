"""How [`matching_legal`][cardkit.engine.shedding.matching_legal] walks a grammar: its forms in
order, the plays listed at the play's first form, each play of a card kept by the card's bit
as the play's forms build it, and a verb alone's candidates kept (`draw`, `pass`).

Kept per grammar (a state class's, made once): finding the play's forms and reading each
play from its form's table by a key tuple (`Form.built`) at every listing cost a third of
a compiled Crazy Eights listing (callgrind).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from cardkit.cards.cardset import CardSet
from cardkit.engine.actions import Action
from cardkit.engine.generic import GenericState
from cardkit.engine.grammar import Form, Grammar
from cardkit.errors import InvalidState

__all__ = ["Walk", "list_plays", "walk_of"]

_State = GenericState[Any, Any, Any]


class Step:
    """A form of the grammar other than the play's, as the listing walks it: a verb alone
    (`draw`, `pass`) has its candidates kept, read once from the form's table."""

    def __init__(self, form: Form) -> None:
        self.form = form
        self.kept: list[Action] | None = None
        if form.cards == 0 and not form.args:
            self.kept = [form.card_candidate(None, word) for word in form.word_values]

    def candidates(self, state: _State) -> Iterable[Action]:
        """This form's candidates in `state` (its kept ones, for a verb alone)."""
        if self.kept is not None:
            return self.kept
        form = self.form
        cards = state.deck_cards() if form.source is None else state.source_cards(form.source)
        return state.grammar.candidates_of(form, cards, players=state.players)


class Walk:
    """How `matching_legal` walks a grammar: its steps in the grammar's order (`None` where
    the plays are listed, at the play's first form), and each play of a card, by the
    card's bit, kept as the play's forms build it (a plain one, and a worded one per word)."""

    def __init__(self, grammar: Grammar, play: type[Action]) -> None:
        self.grammar = grammar
        self.play = play
        self.plain: Form | None = None
        self.worded: Form | None = None
        self.steps: list[Step | None] = []
        for form in grammar.forms:
            if form.make is not play:
                self.steps.append(Step(form))
                continue
            if self.plain is None and self.worded is None:
                self.steps.append(None)
            if form.words is None or not form.word_required:
                self.plain = form
            else:
                self.worded = form
        self.plain_plays: dict[int, list[Action]] = {}
        self.worded_plays: dict[int, list[Action]] = {}

    def plays(self, bit: int, worded: bool) -> list[Action]:
        """The plays of the card of `bit`: with each word (`worded`, a wild card's), or plain."""
        table = self.worded_plays if worded else self.plain_plays
        found = table.get(bit)
        if found is None:
            form = self.worded if worded else self.plain
            card = next(iter(CardSet.from_mask(bit)))
            if form is None:
                raise InvalidState(f"the play of {card.code} has no form in the grammar")
            found = table[bit] = [form.card_candidate(card, word) for word in form.word_values]
        return found


#: Each grammar's walk by `matching_legal` (see the module's docstring).
_WALKS: Final[dict[Grammar, Walk]] = {}


def walk_of(grammar: Grammar, play: type[Action]) -> Walk:
    """`grammar`'s walk with the play of the action class `play` (made once per grammar)."""
    walk = _WALKS.get(grammar)
    if walk is None or walk.play is not play:
        walk = _WALKS[grammar] = Walk(grammar, play)
    return walk


def list_plays(out: list[Action], mask: int, wild_bits: int, walk: Walk) -> None:
    """The plays of the cards of `mask`, in the hand's order (lowest bit first), onto `out`:
    a card of `wild_bits` with each word of the worded form, any other with the plain one."""
    while mask:
        low = mask & -mask
        out.extend(walk.plays(low, bool(low & wild_bits)))
        mask ^= low
