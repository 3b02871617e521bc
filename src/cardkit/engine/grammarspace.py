"""An action space for every game with a grammar, derived from its forms and its deck.

A game that declares no space of its own gets one from
[`Game.action_space`][cardkit.engine.game.Game.action_space], with stable ids: the
grammar's forms in order, each a block named by its verb.

- **Exact**, when the forms list at most `GRAMMAR_SPACE_LIMIT` actions in all:
  every action the grammar can write (its forms' candidates over the whole deck,
  in the grammar's own order) is one id. Spades' 68 (every `play <card>`,
  `bid 0` … `bid 13`, `blind`, `look`), Crazy Eights' 70, a scaffolded game's,
  a Hearts pass's 22,100 (3 of 52 cards).
- **Abstract** otherwise (a [`KeyedActionSpace`][cardkit.engine.actionspace.KeyedActionSpace]):
  a form with at most `FORM_EXACT_LIMIT` candidates keeps one id per candidate;
  a form with more (passing 4 of 52 cards: 270,725) or of any number of cards
  (`cards=-1`: a meld) has one id per value of its typed arguments and word and
  per card of the deck: the action's *lowest* card in deck order
  (`"pass 2C+"`: a pass whose lowest card is the 2♣). Among the legal actions
  sharing an id, `decode` picks the one with the fewest cards, then the lowest
  cards in deck order.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb, prod
from typing import Any, Final

from cardkit.cards.card import Card
from cardkit.engine.actions import Action, parse_card_args, split_action_text
from cardkit.engine.actionspace import (
    ActionBlock,
    ActionSpace,
    EnumeratedActionSpace,
    KeyedActionSpace,
)
from cardkit.engine.grammar import Form, Grammar
from cardkit.errors import IllegalAction

__all__ = ["FORM_EXACT_LIMIT", "GRAMMAR_SPACE_LIMIT", "grammar_space"]

#: The most actions a grammar may list to become an exact action space (C(52, 3) = 22,100 fit).
GRAMMAR_SPACE_LIMIT: Final = 1 << 15
#: The most candidates a form may have to keep one id each in an abstract space.
FORM_EXACT_LIMIT: Final = 4096

_SPACES: dict[tuple[str, Any, int], ActionSpace | None] = {}


def grammar_space(game: Any, rules: Any, players: int) -> ActionSpace | None:
    """The space derived from `game`'s grammar (see this module), or `None` when its state
    class has no grammar. Built once per game, rules and player count, from a sample deal.
    """
    key = (game.name, rules, players)
    if key not in _SPACES:
        _SPACES[key] = _build(game, rules, players)
    return _SPACES[key]


def _count(form: Form, deck: Sequence[Card], players: int) -> int | None:
    """How many candidates `form` has over `deck` (`None`: any number of cards)."""
    if form.cards < 0:
        return None
    cards = deck if form.only_cards is None else [c for c in deck if form.only_cards(c)]
    values = prod(len(list(arg.values(players))) for arg in form.args)
    return values * comb(len(cards), form.cards) * len(form.word_values)


def _build(game: Any, rules: Any, players: int) -> ActionSpace | None:
    grammar: Grammar | None = getattr(type(game.start(players, rules, seed=0)), "grammar", None)
    if grammar is None:
        return None
    deck = list(dict.fromkeys(game.new_deck(rules)))
    counts = [_count(form, deck, players) for form in grammar.forms]
    if all(n is not None for n in counts) and sum(n or 0 for n in counts) <= GRAMMAR_SPACE_LIMIT:
        return _exact(grammar, deck, players)
    return _AbstractGrammarSpace(grammar, deck, players, counts)


def _exact(grammar: Grammar, deck: Sequence[Card], players: int) -> EnumeratedActionSpace | None:
    actions: list[Action] = []
    blocks: list[ActionBlock] = []
    for form in grammar.forms:
        listed = list(dict.fromkeys(form.candidates(deck, players=players)))
        if listed:
            text = ", ".join(form.usage) or form.verb
            blocks.append(ActionBlock(form.verb, len(actions), len(listed), text))
            actions.extend(listed)
    return EnumeratedActionSpace(actions, blocks) if actions else None


class _AbstractGrammarSpace(KeyedActionSpace):
    """The abstract space of a grammar whose forms list too many actions (see the module)."""

    def __init__(
        self, grammar: Grammar, deck: Sequence[Card], players: int, counts: list[int | None]
    ) -> None:
        self._deck = {card: i for i, card in enumerate(deck)}
        self._cards = tuple(deck)
        self._exact_ids: dict[Action, int] = {}
        # Per abstract form: its first id and the index of each (typed values, word).
        self._abstract: list[tuple[Form, int, dict[tuple[Any, ...], int]]] = []
        self._names: list[tuple[int, str]] = []  # (first id of a run, how its ids read)
        blocks: list[ActionBlock] = []
        at = 0
        for form, count in zip(grammar.forms, counts, strict=True):
            text = ", ".join(form.usage) or form.verb
            if count is not None and count <= FORM_EXACT_LIMIT:
                listed = list(dict.fromkeys(form.candidates(deck, players=players)))
                listed = [a for a in listed if a not in self._exact_ids]
                if listed:
                    self._exact_ids.update((a, at + i) for i, a in enumerate(listed))
                    self._names.append((at, ""))
                    blocks.append(ActionBlock(form.verb, at, len(listed), text))
                    at += len(listed)
                continue
            combos = {
                (values, word): i
                for i, (values, word) in enumerate(
                    (v, w) for v in form.arg_values(players) for w in form.word_values
                )
            }
            size = len(combos) * len(deck)
            self._abstract.append((form, at, combos))
            self._names.append((at, form.verb))
            blocks.append(ActionBlock(form.verb, at, size, f"{text}, by its lowest card"))
            at += size
        self._combos = {start: list(combos) for _, start, combos in self._abstract}
        self._exact_names = {i: str(a) for a, i in self._exact_ids.items()}
        super().__init__(blocks, self._key, self._name, self._canonical_key, stateless=True)

    def _parts(self, action: Action) -> tuple[int, tuple[int, ...]] | None:
        """The id of an action of an abstract form and its cards' deck indices, or `None`."""
        text = str(action)
        try:
            verb, args = split_action_text(text)
        except IllegalAction:
            return None
        for form, start, combos in self._abstract:
            if form.verb != verb:
                continue
            found = _read_parts(form, text, args)
            if found is None:
                continue
            values, cards, word = found
            combo = combos.get((values, word))
            indices = [self._deck.get(card) for card in cards]
            if combo is None or not indices or None in indices:
                continue
            held = tuple(sorted(i for i in indices if i is not None))
            return start + combo * len(self._cards) + held[0], held
        return None

    def _key(self, action: Action, state: Any = None) -> int:
        found = self._exact_ids.get(action)
        if found is not None:
            return found
        parts = self._parts(action)
        return -1 if parts is None else parts[0]

    def _canonical_key(self, action: Action) -> tuple[int, tuple[int, ...]]:
        parts = self._parts(action)
        held = () if parts is None else parts[1]
        return len(held), held

    def _name(self, action_id: int) -> str:
        exact = self._exact_names.get(action_id)
        if exact is not None:
            return exact
        start, verb = max((s, v) for s, v in self._names if s <= action_id)
        combo, card = divmod(action_id - start, len(self._cards))
        values, word = self._combos[start][combo]
        said = [verb, *(str(v) for v in values), f"{self._cards[card].code}+"]
        return " ".join(said + ([] if word is None else [str(word)]))


def _read_parts(
    form: Form, text: str, args: list[str]
) -> tuple[tuple[Any, ...], tuple[Card, ...], Any] | None:
    """The typed values, cards and word `args` spell in `form` (as `Form.read` reads them),
    or `None` when they do not fit it."""
    if form.fillers:
        args = [a for a in args if a.lower() not in form.fillers]
    if len(args) < len(form.args):
        return None
    values = []
    for arg, word in zip(form.args, args, strict=False):
        value = arg.read(word)
        if value is None:
            return None
        values.append(value)
    rest = args[len(form.args) :]
    chosen = None
    if form.words is not None and rest and (form.cards < 0 or len(rest) == form.cards + 1):
        chosen = form.words.get(rest[-1].lower())
        if chosen is not None:
            rest = rest[:-1]
    if chosen is None and form.word_required:
        return None
    try:
        cards = tuple(parse_card_args(text, rest))
    except IllegalAction:
        return None
    if not cards or (form.cards >= 0 and len(cards) != form.cards):
        return None
    return tuple(values), cards, chosen
