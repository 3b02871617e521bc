"""Game: the object a plugin registers, which makes rules and starts games.

A game plugin subclasses [`Game`][cardkit.engine.game.Game], names its rules model and
state class, and implements [`Game.deal`][cardkit.engine.game.Game.deal]. Everything else
(options and presets, seeds and explicit decks, dealers, saves) is here; what plugins
register for a game (presets, house rules, bots, phrases) is its
[`Catalog`][cardkit.engine.catalog.Catalog], kept by the registry
([`catalog`][cardkit.engine.catalog.catalog]), and its match rules are its
[`MatchPolicy`][cardkit.engine.matchpolicy.MatchPolicy].
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar, get_args, get_origin

from pydantic import ValidationError

from cardkit.cards.deck import Deck
from cardkit.cards.orders import ACE_HIGH, CardOrder, SuitOrder
from cardkit.engine._game_checks import Starts, options_error
from cardkit.engine._native import own_abc_caches
from cardkit.engine._registry_link import GameRegistry, default_registry
from cardkit.engine.actionspace import ActionSpace
from cardkit.engine.catalog import Catalog
from cardkit.engine.gamehooks import GameHooks
from cardkit.engine.grammarspace import grammar_space
from cardkit.engine.matchpolicy import MatchPolicy, Players
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.engine.saves import SavedGame
from cardkit.engine.setup import Setup
from cardkit.engine.state import GameState
from cardkit.errors import InvalidRules, quote
from cardkit.words.wording import Wording

__all__ = ["Game"]

R = TypeVar("R", bound=Rules)
S = TypeVar("S", bound=GameState)

#: Where a class's name (``GinRummy``) breaks into words: before a capital after a small letter.
_CAMEL_WORDS = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


class Game(ABC, Generic[R, S]):
    """A card game: its metadata, its rules model and how a deal starts.

    Class attributes a game sets:
        name: the registered name (``"tienlen"``); by default the class's name in
            lower case (``class GinRummy`` is ``"ginrummy"``).
        title: the display name (``"Tiến lên"``); by default the class's name in
            words (``class GinRummy`` is ``"Gin Rummy"``).
        summary: one line for ``cardkit games``; by default the first paragraph of the
            class's docstring.
        players: the seat counts ([`Players`][cardkit.engine.matchpolicy.Players]).
        rules_model: the [`Rules`][cardkit.engine.rules.Rules] subclass (its
            ``presets`` and ``version`` are the game's); by default the one the class
            names in its base, ``Game[MyRules, MyState]``.
        hand_order: how a hand is sorted, low to high (default: ace high, clubs first).
        match: how deals make a match ([`MatchPolicy`][cardkit.engine.matchpolicy.MatchPolicy]).

    Aliases are given when the game is registered (``register.add_game(game,
    aliases=...)``). House rules, presets of other plugins, bots and phrases
    are registered by plugins too (see
    [`cardkit_register`][cardkit.plugins.hookspecs.cardkit_register]); they are
    the game's [`catalog`][cardkit.engine.catalog.catalog], and a game is played
    by the house rules named in its rules' ``house_rules``.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    players: ClassVar[Players] = Players(2, 4)
    rules_model: ClassVar[type[Rules]]
    hand_order: ClassVar[CardOrder] = CardOrder(ACE_HIGH, SuitOrder.parse("C D H S"))
    match: ClassVar[MatchPolicy[Any]] = MatchPolicy()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Name the class by its own name and summarise it by its docstring where neither
        it nor a base says otherwise; take `rules_model` from the base
        ``Game[MyRules, MyState]`` when the class sets none; give a class compiled by mypyc
        the isinstance caches of its own that ``ABCMeta`` gives a Python class."""
        super().__init_subclass__(**kwargs)
        own_abc_caches(cls)
        if not hasattr(cls, "name"):
            cls.name = cls.__name__.lower()
        if not hasattr(cls, "title"):
            cls.title = _CAMEL_WORDS.sub(" ", cls.__name__)
        if not cls.summary and "__doc__" in vars(cls) and cls.__doc__:
            cls.summary = " ".join(cls.__doc__.strip().split("\n\n", 1)[0].split())
        if "rules_model" in vars(cls):
            return
        for base in vars(cls).get("__orig_bases__", ()):
            named = get_args(base)[:1] if get_origin(base) is Game else ()
            if named and isinstance(named[0], type) and issubclass(named[0], Rules):
                cls.rules_model = named[0]

    def __init__(self) -> None:
        """Create the game; what plugins register for it is added when it is registered."""
        # The Registry that registered it: Any, as games read more than GameRegistry has.
        self._registry: Any = None
        self._catalog = Catalog(self, self._found_registry)
        # What `start` keeps between starts: `self.rules()`, made once (rules are frozen,
        # and a start without rules, a bench's or a bot's loop of short deals, paid a
        # pydantic validation every deal), and the rules and seats it last checked.
        self._starts = Starts(self._catalog)

    @property
    def hooks(self) -> GameHooks:
        """This game's hook callers: `self.hooks.<name>(...)` is pluggy's own caller.

        `self.hooks.answer("<name>", default, rules=rules)` gives `default`
        when no plugin answers; `self.hooks.call("<name>")` is a fast caller
        (see [`cardkit.engine.gamehooks`][cardkit.engine.gamehooks]). They are the registry's own
        (of the one that registered this game, or the process-wide one).
        """
        return self._found_registry().hooks

    def _found_registry(self) -> GameRegistry:
        """The registry that registered this game, or the process-wide one."""
        found: GameRegistry = self._registry if self._registry is not None else default_registry()
        return found

    @property
    def wording(self) -> Wording:
        """How this game's events read: the phrases its plugins registered, on the defaults.

        Give it to [`Event.describe`][cardkit.engine.events.Event.describe]; views,
        the command line and the server use it.
        """
        return self._catalog.wording

    # -- rules ----------------------------------------------------------------

    def rules(self, variant: str | None = None, **options: Any) -> R:
        """The rules model with ``options`` set, on top of a named ``variant``.

        ``house_rules`` is an option like the others (a list of names or a
        comma-separated string); each name must be one of the game's
        [`Catalog.house_rules`][cardkit.engine.catalog.Catalog.house_rules].

        Raises:
            InvalidRules: an unknown variant, option or house rule, or a bad
                value; the message names it and says what is expected.
        """
        merged: dict[str, Any] = {}
        if variant is not None:
            variants = self._catalog.variants
            if not isinstance(variant, str):
                raise InvalidRules(
                    f"variant must be the name of a preset (a string), not {quote(variant)}; "
                    f"variants of {self.name}: {', '.join(sorted(variants)) or 'none'}"
                )
            if variant not in variants:
                known = ", ".join(sorted(variants)) or "none"
                raise InvalidRules(f"{self.name} has no variant {variant!r}; variants: {known}")
            merged.update(variants[variant].options)
        merged.update(options)
        try:
            rules = self.rules_model.model_validate(merged)
        except ValidationError as exc:
            raise InvalidRules(f"invalid {self.name} rules: {options_error(exc)}") from None
        if rules.house_rules:
            self._catalog.check_house_rules(rules.house_rules)
        return rules  # type: ignore[return-value]

    # -- starting a game ---------------------------------------------------------

    def new_deck(self, rules: R) -> Deck:
        """The cards this game is played with, in canonical order (default: 52)."""
        return Deck.standard()

    def start(
        self,
        players: int | None = None,
        rules: R | None = None,
        *,
        seed: int | None = None,
        deck: Deck | str | None = None,
        dealer: int | None = None,
        previous: GameResult | None = None,
    ) -> S:
        """Deal a new game (the checks of the rules and players are kept for the next start).

        Args:
            players: the number of seats (default: ``players.default``).
            rules: the rules (default: ``self.rules()``).
            seed: shuffle the game's deck with ``random.Random(seed)``. A seed is an
                integer (an ``int``, or any integer type with ``__index__``, such as a
                NumPy integer) of at most [MAX_SEED_BITS][cardkit.cards.seeds.MAX_SEED_BITS]
                bits, of either sign; ``None`` draws a fresh one. Booleans, floats,
                strings and other values are refused, so that a seed saves to JSON and
                replays the same game everywhere.
            deck: or play this exact deck order, top first.
            dealer: the dealer's seat (default: the last seat, so seat 0
                receives the first card).
            previous: in a match, the previous deal's result.

        Raises:
            InvalidRules: bad seat count, rules that do not fit it, a house
                rule this game does not know, a seed that is not an
                integer, or a deck that is not this game's cards.
            InvalidCard: the deck text or list does not parse.
        """
        setup = self._starts.setup(self, players, rules, seed, deck, dealer, previous)
        return self.deal(setup)

    @abstractmethod
    def deal(self, setup: Setup[R]) -> S:
        """Deal the game described by ``setup`` (already validated) and return its first state."""

    def load_state(self, text: str | bytes) -> S:
        """Load a saved state (from ``state.to_json()``), validating it completely.

        Raises:
            InvalidState: the save is not valid JSON of this game, was made
                under another rules version, or does not replay to its
                snapshot; nothing is half-loaded.
        """
        return SavedGame.parse(text).restore(self)  # type: ignore[return-value]

    def action_space(self, rules: R, players: int) -> ActionSpace | None:
        """The fixed action space ([cardkit.engine.actionspace][]); by default the one derived
        from the state class's grammar and the deck ([cardkit.engine.grammarspace][]): exact
        when the grammar writes at most 32,768 moves, else abstract; `None` only for a state
        class without a grammar."""
        return grammar_space(self, rules, players)

    def __repr__(self) -> str:
        return f"<Game {self.name}>"

    # A game is the registry's one object of its name: it pickles by name and
    # copies as itself, so that states (which refer to it) pickle and copy.
    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_game, (self.name,))

    def __copy__(self) -> Game[R, S]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Game[R, S]:
        return self


def _load_game(name: str) -> object:
    return default_registry().game(name)
