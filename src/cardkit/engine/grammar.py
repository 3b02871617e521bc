"""The action grammar: a verb, typed arguments, card arguments and an optional word.

Every game writes its actions the same way (`play 5D`, `play 8H clubs`,
`draw`, `meld 3S 4S 5S`, `ask 2 7`, `flip 3`); a game built on
[`GenericState`][cardkit.engine.generic.GenericState] lists its
[`Form`][cardkit.engine.grammar.Form]s in a [`Grammar`][cardkit.engine.grammar.Grammar]
and the core parses text for it. Arguments that are not cards (a seat, a
rank, a bounded number) are [`Arg`][cardkit.engine.arguments.Arg]s a form declares.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, product
from typing import cast

from mypy_extensions import mypyc_attr

from cardkit.cards.card import Card
from cardkit.engine._together import listed_together
from cardkit.engine.actions import Action, parse_card_args, split_action_text
from cardkit.engine.arguments import Arg
from cardkit.errors import IllegalAction, Refused, quote

__all__ = ["Form", "Grammar"]


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Form:
    """One action form: `verb`, then typed arguments, card arguments, an optional word.

    The action is built as `make(*values, *cards)`, or `make(*values, *cards, word)`
    when the form has `words` (`word` is `None` when the text gives none): `values`
    are what the `args` read, in order; with `cards=-1` the cards are passed as one
    tuple. `Form("ask", Ask, args=(SeatArg(), RankArg()))` reads `ask 2 7` as
    `Ask(2, Rank.SEVEN)`. A form with `build` calls
    it with those arguments instead of `make` (a factory of interned
    actions, or one that refuses arguments the class cannot hold); `make`
    still names the action class.

    Attributes:
        verb: the first word (matched in any case).
        make: the action class.
        cards: how many card arguments; `-1` for one or more.
        words: the trailing words the form accepts, each with its value
            (`{"clubs": Suit.CLUBS, ...}`).
        usage: how the form is written, for error messages (`"play <card>"`);
            by default the verb and the names of its `args` (`"ask <seat> <rank>"`).
        build: builds the action instead of `make` (it may raise
            [`IllegalAction`][cardkit.errors.IllegalAction] with code `"unparsable"`).
        args: the typed arguments before the cards ([`SeatArg`][cardkit.engine.arguments.SeatArg],
            [`RankArg`][cardkit.engine.arguments.RankArg],
            [`IntArg`][cardkit.engine.arguments.IntArg]...).
        fillers: words (lower case) the text may add anywhere after the verb,
            which are skipped (`{"seat", "for"}` reads `ask seat 2 for sevens`).
        source: the zone the card arguments come from, for the reference listing
            of the legal actions (`"hand"`: a per-seat zone means the seat to
            act's); `None`: any card of the deck. A form passing 3 of 13 cards
            held then has C(13, 3) = 286 candidates, not C(52, 3) = 22,100.
            It changes what is listed only if the check refuses every card
            from elsewhere (a play of a card not held), which the contract
            suite proves ([`check_sources`][cardkit.engine.grammar.Grammar.check_sources]
            is asked when the state class is made).
        any_cards: whether an action of this form is legal or not whatever cards
            of its `source` it names (passing 3 of your 13 cards, a discard to a
            crib): the default listing checks one combination and lists them all
            lazily ([`cardkit.engine.listing`][cardkit.engine.listing]), so 286
            candidates cost what 28 do. It needs a `source`, a fixed card count
            and `Form`'s own `candidates`; the contract suite, which checks every
            candidate, catches a wrong declaration.
        only_cards: which cards of the deck (or `source`) the form's candidates
            name (`None`: all): `play <8> <suit>` names only eights. Like
            `source`, it narrows what is listed and tried, not what is read:
            the check must still refuse the other cards.
        word_required: whether the text must end in one of the `words` (the
            form reads no action without one, and its candidates all have one):
            with a form of the same verb before it for the plain action,
            `play 8H clubs` is this form's and `play 8H` the other's.
    """

    verb: str
    make: type[Action]
    cards: int = 0
    words: Mapping[str, object] | None = None
    usage: tuple[str, ...] = field(default=())
    build: Callable[..., Action] | None = None
    args: tuple[Arg, ...] = ()
    fillers: frozenset[str] = frozenset()
    source: str | None = None
    any_cards: bool = False
    only_cards: Callable[[Card], bool] | None = None
    word_required: bool = False

    def __post_init__(self) -> None:
        """Refuse `any_cards` without a `source`, a fixed card count or the own candidates,
        and `word_required` without `words`.

        Raises:
            TypeError: `any_cards` or `word_required` is declared on a form it cannot describe.
        """
        if self.word_required and self.words is None:
            raise TypeError(f"the form {self.verb!r} requires a word but has no words")
        if self.any_cards and (
            self.source is None or self.cards < 1 or type(self).candidates is not Form.candidates
        ):
            raise TypeError(
                f"the form {self.verb!r} declares any_cards: it needs a source zone, "
                "one or more cards and Form's own candidates"
            )

    @property
    def kind(self) -> str:
        """The action kind: the suffix of the state's `check_<kind>` and `do_<kind>` methods.

        It is the verb (`play`), with `-` read as `_` (`call-tonk` gives `call_tonk`).
        """
        return self.verb.replace("-", "_")

    def _build(self, *args: object) -> Action:
        if self.build is not None:
            return self.build(*args)
        # Action's own __init__ takes nothing; the game's classes take the arguments.
        return cast("Callable[..., Action]", self.make)(*args)  # a string: not built per call

    @property
    def written(self) -> tuple[str, ...]:
        """How the form is written: `usage`, else the verb and its `args`' names."""
        if self.usage:
            return self.usage
        return (" ".join((self.verb, *(f"<{arg.name}>" for arg in self.args))),)

    def read(self, text: str, args: list[str]) -> Action | None:
        """The action `args` spell in this form, or `None` if they do not fit it.

        Raises:
            IllegalAction: a typed argument is not what it must be, or an
                argument meant as a card is not one (code `"unparsable"`).
        """
        if self.args or self.fillers:
            return self._read_typed(text, args)
        return self._read_cards(text, args, ())

    def _read_typed(self, text: str, args: list[str]) -> Action | None:
        if self.fillers:
            args = [a for a in args if a.lower() not in self.fillers]
        typed = self.args
        rest = len(args) - len(typed)
        cards = self.cards
        if rest < 0 or not (
            rest >= 1
            if cards < 0
            else rest == cards or (self.words is not None and rest == cards + 1)
        ):
            return None
        values: list[object] = []
        for arg, word in zip(typed, args, strict=False):
            value = arg.read(word)
            if value is None:
                raise IllegalAction(
                    Refused.UNPARSABLE,
                    f"cannot read {quote(text)}: <{arg.name}> must be {arg.expected}, "
                    f"not {quote(word)}; "
                    f"write {' or '.join(repr(u) for u in self.written)}",
                    action=text,
                )
            values.append(value)
        if not cards and self.words is None:
            return self._build(*values)  # nothing follows: the length is checked above
        return self._read_cards(text, args[len(typed) :], values)

    def _read_cards(self, text: str, args: list[str], values: Sequence[object]) -> Action | None:
        extra: list[object] = []
        if self.words is not None:
            word = None
            if args and (self.cards < 0 or len(args) == self.cards + 1):
                word = self.words.get(args[-1].lower())
                if word is not None:
                    args = args[:-1]
            if word is None and self.word_required:
                return None
            extra.append(word)
        if self.cards < 0:
            if not args:
                return None
            return self._build(*values, tuple(parse_card_args(text, args)), *extra)
        if len(args) != self.cards:
            return None
        return self._build(*values, *parse_card_args(text, args), *extra)

    def candidates(self, deck: Sequence[Card], *, players: int | None = None) -> Iterator[Action]:
        """Every action of this form with cards from `deck` (fixed card counts only).

        Args:
            deck: the game's cards.
            players: the number of players, which a [`SeatArg`][cardkit.engine.arguments.SeatArg]
                needs to list the seats.

        Raises:
            ValueError: an argument needs `players` and it is not given.
        """
        if self.cards < 0:
            return
        words = self.word_values
        built = self.built
        if self.cards == 0:  # no card to name: the deck is not looked at (`bid 4`, `draw`)
            for values in self.arg_values(players):
                for word in words:
                    key: tuple[object, ...] = (values, 0, word)  # `candidate`'s key, no cards
                    action = built.get(key)
                    if action is None:
                        action = self.built_action(key, values, (), word)
                    yield action
            return
        if self.only_cards is not None:
            deck = [card for card in deck if self.only_cards(card)]
        bits = [card.bit for card in deck]
        # A combination's key: its cards' bits added up (unless a card is twice in the deck).
        unique = len(set(bits)) == len(bits)
        for values in self.arg_values(players):
            keys = map(sum, combinations(bits, self.cards)) if unique else None
            for cards in combinations(deck, self.cards):
                mask = cards if keys is None else next(keys)
                for word in words:
                    key = (values, mask, word)
                    action = built.get(key)
                    if action is None:
                        action = self.built_action(key, values, cards, word)
                    yield action

    @property
    def word_values(self) -> tuple[object, ...]:
        """The trailing words' values a candidate may take, in listing order (`None`: no word)."""
        if self.words is None:
            return (None,)
        named = tuple(dict.fromkeys(self.words.values()))
        return named if self.word_required else (None, *named)

    def arg_values(self, players: int | None) -> Iterator[tuple[object, ...]]:
        """Every combination of the typed arguments' values, in listing order.

        Raises:
            ValueError: an argument needs `players` and it is not given.
        """
        return product(*(arg.values(players) for arg in self.args))

    @property
    def built(self) -> dict[tuple[object, ...], Action]:
        """The candidates built so far (each once: actions are immutable; bounded), by
        `(values, cards key, word)`: the key is the cards' bits added up, or the cards."""
        return _BUILT.setdefault(id(self), (self, {}))[1]

    def candidate(
        self, values: tuple[object, ...], cards: tuple[Card, ...], word: object
    ) -> Action:
        """The candidate naming these values, `cards` and `word`, built once (see `built`)."""
        bits = [card.bit for card in cards]
        key = (values, sum(bits) if len(set(bits)) == len(bits) else cards, word)
        found = self.built.get(key)
        return found if found is not None else self.built_action(key, values, cards, word)

    def card_candidate(self, card: Card | None, word: object) -> Action:
        """The candidate naming one card (or none) and `word`, and no values: as
        `candidate` builds it, found without building a tuple of the cards (the core's
        listings of one-card plays ask it once per play)."""
        found = self.built.get(((), 0 if card is None else card.bit, word))
        if found is not None:
            return found
        return self.candidate((), () if card is None else (card,), word)

    def built_action(
        self,
        key: tuple[object, ...],
        values: tuple[object, ...],
        cards: tuple[Card, ...],
        word: object,
    ) -> Action:
        """The candidate of these arguments, built and kept under `key` (see `built`)."""
        extra = () if self.words is None else (word,)
        action = self._build(*values, *cards, *extra)
        built = self.built
        if len(built) < _KEEP:
            built[key] = action
        return action


class Grammar:
    """A game's action forms, by verb."""

    def __init__(self, *forms: Form) -> None:
        """A grammar of `forms` (several may share a verb; the first that fits wins)."""
        self.forms = forms
        self.any_cards = any(form.any_cards for form in forms)
        """Whether a form declares [`any_cards`][cardkit.engine.grammar.Form]."""
        self._by_verb: dict[str, list[Form]] = {}
        # Actions are immutable: the same text reads as the same action (bounded).
        self._parsed: dict[str, Action] = {}
        for form in forms:
            self._by_verb.setdefault(form.verb, []).append(form)

    @property
    def usage(self) -> list[str]:
        """How every form is written."""
        return [u for form in self.forms for u in form.written]

    @property
    def action_types(self) -> list[type[Action]]:
        """The action classes of the forms, each once."""
        return list(dict.fromkeys(form.make for form in self.forms))

    def candidates(
        self,
        deck: Sequence[Card],
        *,
        players: int | None = None,
        sources: Callable[[str], Sequence[Card]] | None = None,
    ) -> list[Action]:
        """Every form's [`candidates`][cardkit.engine.grammar.Form.candidates] (a verb's together).

        Args:
            deck: the game's cards.
            players: the number of players (for seat arguments).
            sources: the cards of a zone by name (the seat to act's for a
                per-seat zone), for the forms with a `source`; without it
                every form takes its cards from `deck`.

        A `Form` subclass whose `candidates` predates `players` (it takes only
        the deck) is still asked, without it.
        """
        return listed_together(
            self.forms, deck, players, sources, self.candidates_of, Form.candidates
        )

    @staticmethod
    def candidates_of(
        form: Form, cards: Sequence[Card], *, players: int | None = None
    ) -> Iterator[Action]:
        """One form's [`candidates`][cardkit.engine.grammar.Form.candidates] from `cards`
        (asked without `players` when the form's class predates it)."""
        if _takes_players(type(form).candidates):
            return form.candidates(cards, players=players)
        return form.candidates(cards)

    def check_sources(self, zones: Sequence[str]) -> None:
        """Check that every form's `source` names one of `zones`.

        Raises:
            TypeError: a form's source is not a zone of the state class.
        """
        for form in self.forms:
            if form.source is not None and form.source not in zones:
                raise TypeError(
                    f"the form {form.verb!r} takes its cards from {form.source!r}, "
                    f"which is not a zone: {', '.join(zones) or 'no zones declared'}"
                )

    def parse(self, text: str, title: str, allowed: Sequence[str] = ()) -> Action:
        """Read `text` as an action of the game called `title`.

        Raises:
            IllegalAction: the text fits no form (code `"unparsable"`), with the
                forms expected and the `allowed` actions.
        """
        found = self._parsed.get(text) if type(text) is str else None
        if found is not None:
            return found
        verb, args = split_action_text(text)
        for form in self._by_verb.get(verb, ()):
            action = form.read(text, args)
            if action is not None:
                if len(self._parsed) < 4096:
                    self._parsed[text] = action
                return action
        raise IllegalAction(
            Refused.UNPARSABLE,
            f"cannot read {text!r} as a {title} action; expected one of "
            + ", ".join(repr(u) for u in self.usage),
            action=text,
            allowed=allowed,
        )


@cache
def _takes_players(candidates: Callable[..., Iterator[Action]]) -> bool:
    """Whether a form class's `candidates` takes `players` (one written before it did not)."""
    return "players" in inspect.signature(candidates).parameters


#: The candidate actions built so far, by form (kept with it) and arguments.
_BUILT: dict[int, tuple[Form, dict[tuple[object, ...], Action]]] = {}
#: How many candidates a form keeps (C(52, 3) = 22,100 fit).
_KEEP = 50_000
