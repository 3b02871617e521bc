"""Lazy legal listings: every combination of a zone's cards, without building them all.

A [`Form`][cardkit.engine.grammar.Form] declared with `any_cards=True` says
that whether one of its actions is legal does not depend on which cards of
its `source` zone it names (passing 3 of your 13 cards, a discard to a crib).
[`GenericState`][cardkit.engine.generic.GenericState]'s default listing then
asks the form's check about one combination only (per typed-argument value and
word), and lists the form's actions as a
[`CardCombinations`][cardkit.engine.listing.CardCombinations]: an exact,
immutable `Sequence` in the order the eager listing has, whose `len` is
C(n, k), whose `[i]` builds the i-th combination alone (combinatorial
unranking) and whose `in` asks the check. So `rng.choice(legal)` costs a
few steps whether the seat chooses 3 of 13 cards (286 actions) or 2 of 8 (28).
A [`Listing`][cardkit.engine.listing.Listing] lays such parts and the other
forms' actions end to end.

The listing's contract is the reference listing's (every candidate its check
accepts, in order): the contract suite compares the two, checking every
candidate, so a form declared `any_cards` wrongly fails it.
"""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any, overload

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.engine._native import own_abc_caches
from cardkit.engine.actions import Action
from cardkit.engine.grammar import Form, Grammar
from cardkit.engine.zones import Zone, zone_value
from cardkit.errors import Refusal

if TYPE_CHECKING:
    from cardkit.engine.game import Game
    from cardkit.engine.rules import Rules

__all__ = [
    "CardCombinations",
    "Listing",
    "any_cards_listing",
    "deck_cards",
    "lists",
    "unrank_combination",
    "zone_cards_of",
]

_Check = Callable[[Any, Any], Refusal | None]


def unrank_combination(n: int, k: int, rank: int) -> tuple[int, ...]:
    """The positions of the `rank`-th `k`-combination of `n` items, in the order
    `itertools.combinations(range(n), k)` gives them (O(n) steps).

    >>> unrank_combination(4, 2, 3), list(__import__("itertools").combinations(range(4), 2))[3]
    ((1, 2), (1, 2))

    Raises:
        IndexError: `rank` is not below C(n, k).
    """
    if not 0 <= rank < comb(n, k):
        raise IndexError(f"combination {rank} of C({n}, {k})")
    out: list[int] = []
    item = 0
    while k:
        starting_here = comb(n - item - 1, k - 1)  # the combinations whose next item is `item`
        if rank < starting_here:
            out.append(item)
            k -= 1
        else:
            rank -= starting_here
        item += 1
    return tuple(out)


def _index(index: int, size: int) -> int:
    """`index` as a position below `size` (negative ones count from the end)."""
    index = operator.index(index)
    if index < 0:
        index += size
    if not 0 <= index < size:
        raise IndexError("legal listing index out of range")
    return index


class CardCombinations(Sequence[Action]):
    """Every action of `form` naming `form.cards` distinct cards of `cards`, lazily.

    The order is the eager listing's: the combinations as `itertools.combinations`
    gives them and, within one, the accepted trailing `words` in order; the
    typed-argument `values` are fixed. `len` is C(n, k) times the words, `[i]`
    builds that action alone (each action is built once and kept by its form),
    iteration builds them in order, and `action in` asks `accepts` (the check):
    the form's declaration says it accepts every combination alike.
    """

    __slots__ = ("_accepts", "_cards", "_count", "_form", "_values", "_words")

    def __init__(
        self,
        form: Form,
        values: tuple[object, ...],
        cards: Sequence[Card],
        words: Sequence[object],
        accepts: Callable[[Action], bool],
    ) -> None:
        """The combinations of `cards` for `form`, with `values` and each of `words`."""
        self._form = form
        self._values = values
        self._cards = tuple(cards)
        self._words = tuple(words)
        self._accepts = accepts
        self._count = comb(len(self._cards), form.cards)

    def __len__(self) -> int:
        """C(n, k) times the number of words."""
        return self._count * len(self._words)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        """The action at `index` (unranked: the others are not built), or a slice's actions."""
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        rank, which = divmod(_index(index, len(self)), len(self._words))
        positions = unrank_combination(len(self._cards), self._form.cards, rank)
        cards = tuple(self._cards[i] for i in positions)
        return self._form.candidate(self._values, cards, self._words[which])

    def __iter__(self) -> Iterator[Action]:
        """The actions in order."""
        form, values, words = self._form, self._values, self._words
        for cards in combinations(self._cards, form.cards):
            for word in words:
                yield form.candidate(values, cards, word)

    def __contains__(self, action: object) -> bool:
        """Whether `action` is of the form's class and its check accepts it."""
        return type(action) is self._form.make and self._accepts(action)

    def __repr__(self) -> str:
        """The form, the number of cards and of actions."""
        return f"<CardCombinations {self._form.verb!r}: {len(self)} of {len(self._cards)} cards>"


class Listing(Sequence[Action]):
    """Legal actions in listing order: parts (tuples, lazy parts) laid end to end.

    `len` adds the parts' up, `[i]` finds its part by bisection, `in` asks each
    part; nothing is built but what is asked for.
    """

    __slots__ = ("_ends", "_parts")

    def __init__(self, parts: Sequence[Sequence[Action]]) -> None:
        """The actions of `parts`, in order (empty parts are dropped)."""
        self._parts = tuple(part for part in parts if len(part))
        ends: list[int] = []
        total = 0
        for part in self._parts:
            total += len(part)
            ends.append(total)
        self._ends = ends

    def __len__(self) -> int:
        """How many actions the parts hold."""
        return self._ends[-1] if self._ends else 0

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        """The action at `index`, or a slice's actions."""
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        index = _index(index, len(self))
        part = bisect_right(self._ends, index)
        start = self._ends[part - 1] if part else 0
        return self._parts[part][index - start]

    def __iter__(self) -> Iterator[Action]:
        """The actions in order."""
        for part in self._parts:
            yield from part

    def __contains__(self, action: object) -> bool:
        """Whether a part holds `action`."""
        return any(action in part for part in self._parts)

    def __repr__(self) -> str:
        """The number of actions and of parts."""
        return f"<Listing: {len(self)} actions in {len(self._parts)} parts>"


def any_cards_listing(
    state: object,
    grammar: Grammar,
    moves: Mapping[type[Action], tuple[_Check, object]],
    deck: Sequence[Card],
    players: int,
    sources: Callable[[str], Sequence[Card]],
) -> Sequence[Action]:
    """The reference listing's actions, each form's declaring `any_cards` checked once.

    Every form lists, in order, the candidates its check (`moves[form.make][0]`:
    the state class's checks and transitions by action class) accepts; a form
    with `any_cards` lists every combination of its source's cards when the
    check accepts the first one (per typed-argument value and word), lazily.
    A tuple when no lazy part is left, else a [`Listing`][cardkit.engine.listing.Listing].
    """
    parts: list[Sequence[Action]] = []
    eager: list[Action] = []
    for form in grammar.forms:
        move = moves.get(form.make)
        if move is None:
            continue
        check = move[0]
        if not form.any_cards:
            cards = deck if form.source is None else sources(form.source)
            candidates = grammar.candidates_of(form, cards, players=players)
            eager.extend(a for a in candidates if check(state, a) is None)
            continue
        assert form.source is not None  # Form refuses any_cards without a source
        cards = tuple(sources(form.source))
        if form.only_cards is not None:
            cards = tuple(card for card in cards if form.only_cards(card))
        if len(cards) < form.cards:
            continue
        first = cards[: form.cards]

        def accepts(action: Action, check: _Check = check) -> bool:
            return check(state, action) is None

        for values in form.arg_values(players):
            words = [w for w in form.word_values if accepts(form.candidate(values, first, w))]
            if words:
                parts.extend((tuple(eager), CardCombinations(form, values, cards, words, accepts)))
                eager = []
    if not parts:
        return tuple(eager)
    parts.append(tuple(eager))
    return Listing(parts)


def lists(legal: Sequence[Action], action: Action) -> bool:
    """Whether the listing `legal` holds `action`: in a tuple, the very object first (a
    game's `__eq__` is slower), then an equal one; in a lazy listing, by its `in`."""
    if type(legal) is tuple:
        for candidate in legal:
            if candidate is action:
                return True
    return action in legal


def deck_cards(game: Game[Any, Any], rules: Rules) -> tuple[Card, ...]:
    """`game.new_deck(rules)`'s cards in order, made once per game and rules object (the
    reference listing's candidates are drawn from them on every call)."""
    found = _DECKS.get((id(game), id(rules)))
    if found is None or found[0] is not rules or found[1] is not game:
        if len(_DECKS) >= 256:
            _DECKS.clear()
        found = _DECKS[id(game), id(rules)] = (rules, game, tuple(game.new_deck(rules)))
    return found[2]


def zone_cards_of(
    specs: Sequence[Zone], state: object, name: str, seat: int | None
) -> Sequence[Card] | None:
    """The cards of the zone called `name` in `state` (a per-seat zone's: `seat`'s, none for
    no seat; a split-top zone's: all but the top), working out that zone alone; `None` for
    a keyed zone or no zone of that name."""
    for spec in specs:
        if spec.name == name and not spec.keyed:
            if spec.per_seat and seat is None:
                return ()
            value = zone_value(spec, state)
            if spec.per_seat:
                value = value[seat]
            elif spec.split_top:
                value = value[:-1]
            return tuple(CardSet.from_mask(value) if spec.masks else value)
    return None


#: A new deck's cards by (game, rules) ids, with the rules and the game kept (bounded).
_DECKS: dict[tuple[int, int], tuple[Rules, Game[Any, Any], tuple[Card, ...]]] = {}


own_abc_caches(CardCombinations)
own_abc_caches(Listing)
