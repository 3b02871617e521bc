"""Game: the object a plugin registers, which makes rules and starts games.

A game plugin subclasses [`Game`][cardkit.engine.game.Game], names its rules model and
state class, and implements [`Game.deal`][cardkit.engine.game.Game.deal]. Everything else
(options and presets, seeds and explicit decks, dealers, saves, match scoring) is here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import ValidationError

from cardkit.cards.deck import Deck
from cardkit.cards.orders import ACE_HIGH, CardOrder, SuitOrder
from cardkit.engine._game_checks import (
    checked_dealer,
    checked_players,
    checked_previous,
    checked_rules,
    deck_order,
    new_setup,
    options_error,
)
from cardkit.engine._registry_link import GameRegistry, default_registry
from cardkit.engine.actionspace import ActionSpace
from cardkit.engine.bots import BotFactory, RandomBot
from cardkit.engine.gamehooks import GameHooks
from cardkit.engine.grammarspace import grammar_space
from cardkit.engine.matchpolicy import MatchPolicy, Players
from cardkit.engine.results import GameResult
from cardkit.engine.rules import HOUSE_RULE_NAME, HouseRule, Rules, Variant
from cardkit.engine.saves import SavedGame
from cardkit.engine.state import GameState, Setup
from cardkit.errors import InvalidRules, quote
from cardkit.words.wording import PhraseLike, Wording

__all__ = ["Game"]

R = TypeVar("R", bound=Rules)
S = TypeVar("S", bound=GameState)


class Game(ABC, Generic[R, S]):
    """A card game: its metadata, its rules model and how a deal starts.

    Class attributes a game sets:
        name: the registered name (``"tienlen"``).
        title: the display name (``"Tiến lên"``).
        summary: one line for ``cardkit games``.
        aliases: other names it answers to.
        players: the seat counts ([`Players`][cardkit.engine.matchpolicy.Players]).
        rules_model: the [`Rules`][cardkit.engine.rules.Rules] subclass.
        rules_version: bumped when a rule change makes old saves replay differently.
        presets: the game's own named variants.
        hand_order: how a hand is sorted, low to high (default: ace high, clubs first).
        match: how deals make a match ([`MatchPolicy`][cardkit.engine.matchpolicy.MatchPolicy]).

    House rules are not class attributes: plugins declare them with the hook
    ``cardkit_register_house_rules`` (see [`house_rules`][cardkit.engine.game.Game.house_rules]),
    and a game is played by those named in its rules' ``house_rules``.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    players: ClassVar[Players] = Players(2, 4)
    rules_model: ClassVar[type[Rules]]
    rules_version: ClassVar[str] = "1"
    presets: ClassVar[tuple[Variant, ...]] = ()
    hand_order: ClassVar[CardOrder] = CardOrder(ACE_HIGH, SuitOrder.parse("C D H S"))
    match: ClassVar[MatchPolicy[Any]] = MatchPolicy()

    def __init__(self) -> None:
        """Create the game; presets registered by other plugins are added later."""
        self._variants: dict[str, Variant] = {v.name: v for v in self.presets}
        self._bots: dict[str, BotFactory] = {}
        self._house_rules: dict[str, HouseRule] = {}
        self._wording = Wording()
        # The Registry that registered it: Any, as games read more than GameRegistry has.
        self._registry: Any = None
        self._accepted: tuple[Rules | None, int] = (None, 0)  # of a start: frozen, checked

    @property
    def hooks(self) -> GameHooks:
        """This game's hook callers: `self.hooks.<name>(...)` is pluggy's own caller.

        `self.hooks.answer("<name>", default, rules=rules)` gives `default`
        when no plugin answers; `self.hooks.call("<name>")` is a fast caller
        (see [`cardkit.engine.gamehooks`][cardkit.engine.gamehooks]). They are the registry's own
        (of the one that registered this game, or the process-wide one).
        """
        return self._found_registry().hooks

    def hook_functions(self, hook_name: str) -> list[Callable[..., Any]]:
        """The implementations of one of this game's own hooks, in call order.

        Resolve them once when a game starts (in [`deal`][cardkit.engine.game.Game.deal]) and keep
        the
        plain functions; never dispatch hooks per move. Uses the registry
        that registered this game, or the process-wide one.
        """
        return self._found_registry().hook_functions(hook_name)

    def _found_registry(self) -> GameRegistry:
        """The registry that registered this game, or the process-wide one."""
        found: GameRegistry = self._registry if self._registry is not None else default_registry()
        return found

    # -- wording ----------------------------------------------------------------

    @property
    def wording(self) -> Wording:
        """How this game's events read: the phrases its plugins registered, on the defaults.

        Give it to [`Event.describe`][cardkit.engine.events.Event.describe]; views,
        the command line and the server use it.
        """
        return self._wording

    def add_phrases(self, phrases: Mapping[str, PhraseLike], source: str = "") -> None:
        """Word event kinds of this game, from the plugin `source` (the plugin system calls this).

        Raises:
            PluginError: a kind is worded already, or a phrase is malformed.
        """
        self._wording = self._wording.adding(phrases, source, game=self.name)

    def remove_phrases(self, source: str) -> list[str]:
        """Forget the phrases a plugin registered (when it is unregistered); their kinds."""
        gone = [kind for kind, by in self._wording.sources.items() if by == source]
        self._wording = self._wording.without(source)
        return gone

    # -- rules ----------------------------------------------------------------

    @property
    def variants(self) -> Mapping[str, Variant]:
        """Every named preset: the game's own and those plugins registered."""
        return dict(self._variants)

    def add_variant(self, variant: Variant) -> None:
        """Register a preset (the plugin system calls this).

        Raises:
            InvalidRules: the name is taken, or its options are not valid.
        """
        if variant.name in self._variants:
            raise InvalidRules(f"{self.name} already has a variant named {variant.name!r}")
        try:
            preset = self.rules_model.model_validate(variant.options)
        except ValidationError as exc:
            raise InvalidRules(
                f"variant {variant.name!r} of {self.name}: {options_error(exc)}"
            ) from None
        if preset.house_rules:
            try:
                self.check_house_rules(preset.house_rules)
            except InvalidRules as exc:
                raise InvalidRules(f"variant {variant.name!r} of {self.name}: {exc}") from None
        self._variants[variant.name] = variant

    @property
    def house_rules(self) -> Mapping[str, HouseRule]:
        """The house rules plugins declared for this game, by name.

        ``rules.house_rules`` may name only these; each is implemented by
        its plugin on the game's own hooks.
        """
        return dict(self._house_rules)

    def add_house_rule(self, rule: HouseRule) -> None:
        """Declare a house rule of this game (the plugin system calls this).

        Raises:
            InvalidRules: the rule is another game's, its name is not a
                house rule name, or the name is taken.
        """
        if rule.game != self.name:
            raise InvalidRules(
                f"the house rule {rule.name!r} is for {rule.game!r}, not {self.name}"
            )
        if not HOUSE_RULE_NAME.fullmatch(rule.name):
            raise InvalidRules(
                f"{rule.name!r} is not a house rule name: use letters, digits, '-', '_' and '.'"
            )
        taken = self._house_rules.get(rule.name)
        if taken is not None:
            raise InvalidRules(
                f"{self.name} already has a house rule named {rule.name!r} "
                f"(from {taken.source or 'another plugin'!r})"
            )
        self._house_rules[rule.name] = rule

    def remove_house_rules(self, source: str) -> list[str]:
        """Forget the house rules a plugin declared (when it is unregistered); their names."""
        gone = [name for name, rule in self._house_rules.items() if rule.source == source]
        for name in gone:
            del self._house_rules[name]
        return gone

    def check_house_rules(self, names: Iterable[str]) -> None:
        """Refuse house rule names this game does not know.

        Raises:
            InvalidRules: names the unknown rules, lists the known ones and
                says where a missing one could come from.
        """
        unknown = sorted(set(names) - self._house_rules.keys())
        if not unknown:
            return
        known = ", ".join(
            f"{name} (from {rule.source})" if rule.source else name
            for name, rule in sorted(self._house_rules.items())
        )
        listed = ", ".join(repr(n) for n in unknown)
        hints = "" if self._registry is None else self._registry.house_rule_hints(unknown)
        raise InvalidRules(
            f"{self.name} has no house rule {listed}; its house rules: {known or 'none'}. "
            "House rules come from plugins: install or load the one that provides "
            f"{'it' if len(unknown) == 1 else 'them'}{hints}; "
            "'cardkit plugins' lists the house rules of each plugin"
        )

    def rules(self, variant: str | None = None, **options: Any) -> R:
        """The rules model with ``options`` set, on top of a named ``variant``.

        ``house_rules`` is an option like the others (a list of names or a
        comma-separated string); each name must be one of
        [`house_rules`][cardkit.engine.game.Game.house_rules].

        Raises:
            InvalidRules: an unknown variant, option or house rule, or a bad
                value; the message names it and says what is expected.
        """
        merged: dict[str, Any] = {}
        if variant is not None:
            if not isinstance(variant, str):
                raise InvalidRules(
                    f"variant must be the name of a preset (a string), not {quote(variant)}; "
                    f"variants of {self.name}: {', '.join(sorted(self._variants)) or 'none'}"
                )
            if variant not in self._variants:
                known = ", ".join(sorted(self._variants)) or "none"
                raise InvalidRules(f"{self.name} has no variant {variant!r}; variants: {known}")
            merged.update(self._variants[variant].options)
        merged.update(options)
        try:
            rules = self.rules_model.model_validate(merged)
        except ValidationError as exc:
            raise InvalidRules(f"invalid {self.name} rules: {options_error(exc)}") from None
        if rules.house_rules:
            self.check_house_rules(rules.house_rules)
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
        players = self.players.default if players is None else players
        rules = self.rules() if rules is None else rules
        if type(players) is not int or (rules, players) != self._accepted:  # else checked
            players = checked_players(self.name, players, self.players.min, self.players.max)
            rules = checked_rules(self.name, self.rules_model, rules)
            rules.check_players(players)
            self._accepted = (rules, players)
        if rules.house_rules:
            self.check_house_rules(rules.house_rules)
        dealer = players - 1 if dealer is None else checked_dealer(dealer, players)
        order, seed = deck_order(self.name, self.new_deck(rules), deck, seed)
        previous = None if previous is None else checked_previous(previous, players)
        return self.deal(new_setup(Setup, (players, rules, order, dealer, seed, previous)))

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

    # -- bots -----------------------------------------------------------------------

    @property
    def bots(self) -> Mapping[str, BotFactory]:
        """The bots that play this game, by name.

        ``"random"``, the bots of every game (the core's search bot
        ``"ismcts"`` among them, from [cardkit.eval.plugin][]), then its own.
        """
        common = self._found_registry().common_bots
        return {"random": RandomBot, **common, **self._bots}

    @property
    def best_bot(self) -> str:
        """The name of this game's strongest everyday bot: what simulations default to.

        The first bot the game's plugins registered (a plugin registers its
        strongest first), else ``"random"``. The core's ``"ismcts"`` search
        bot is not a candidate: it spends tens of milliseconds a move, too
        slow a default for simulations of thousands of games.
        """
        return next(iter(self._bots), "random")

    def add_bot(self, name: str, factory: BotFactory) -> None:
        """Register a bot (the plugin system calls this)."""
        if name in self.bots:
            raise InvalidRules(f"{self.name} already has a bot named {name!r}")
        self._bots[name] = factory

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
