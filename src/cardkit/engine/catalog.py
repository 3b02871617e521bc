"""What plugins registered for one game: its presets, house rules, bots and phrases.

Each game has one [`Catalog`][cardkit.engine.catalog.Catalog]
([`catalog`][cardkit.engine.catalog.catalog] gives it). The
registry fills it from the plugins' ``cardkit_register`` hooks (through the
``add_*`` methods here) and empties what a plugin added when the plugin is
unregistered; the game reads it to check rules and word its events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from cardkit.engine._game_checks import options_error
from cardkit.engine._registry_link import GameRegistry
from cardkit.engine.rules import HOUSE_RULE_NAME, HouseRule, Variant
from cardkit.errors import InvalidRules
from cardkit.words.wording import PhraseLike, Wording

if TYPE_CHECKING:
    from cardkit.engine.bots import BotFactory
    from cardkit.engine.game import Game

__all__ = ["Catalog", "catalog"]


class Catalog:
    """One game's presets, house rules, bots and phrases, from its rules model and its plugins.

    Attributes:
        aliases: the other names the game was registered under.
        wording: how the game's events read: the phrases its plugins
            registered, on the defaults.
    """

    __slots__ = ("_bots", "_game", "_house_rules", "_registry", "_variants", "aliases", "wording")

    def __init__(self, game: Game[Any, Any], registry: Callable[[], GameRegistry]) -> None:
        """The catalog of `game`, starting with its rules model's presets.

        Args:
            game: the game.
            registry: gives the registry that registered the game (or the
                process-wide one): the source of the bots of every game.
        """
        self._game = game
        self._registry = registry
        model = getattr(type(game), "rules_model", None)
        presets: tuple[Variant, ...] = () if model is None else model.presets
        self._variants: dict[str, Variant] = {v.name: v for v in presets}
        self._bots: dict[str, BotFactory] = {}
        self._house_rules: dict[str, HouseRule] = {}
        self.aliases: tuple[str, ...] = ()
        self.wording = Wording()

    @property
    def variants(self) -> Mapping[str, Variant]:
        """Every named preset: the rules model's own and those plugins registered."""
        return dict(self._variants)

    @property
    def house_rules(self) -> Mapping[str, HouseRule]:
        """The house rules plugins declared for the game, by name.

        ``rules.house_rules`` may name only these; each is implemented by
        its plugin on the game's own hooks.
        """
        return dict(self._house_rules)

    @property
    def bots(self) -> Mapping[str, BotFactory]:
        """The bots that play the game, by name.

        The bots of every game (``"random"``, then the core's search bot
        ``"ismcts"``, from [cardkit.eval.plugin][], and those of other plugins),
        then its own.
        """
        return {**self._registry().common_bots, **self._bots}

    @property
    def best_bot(self) -> str:
        """The name of the game's strongest everyday bot: what simulations default to.

        The first bot the game's plugins registered (a plugin registers its
        strongest first), else ``"random"``. The core's ``"ismcts"`` search
        bot is not a candidate: it spends tens of milliseconds a move, too
        slow a default for simulations of thousands of games.
        """
        return next(iter(self._bots), "random")

    def check_house_rules(self, names: Iterable[str]) -> None:
        """Refuse house rule names the game does not know.

        Raises:
            InvalidRules: names the unknown rules, lists the known ones and
                says where a missing one could come from.
        """
        unknown = sorted(set(names) - self._house_rules.keys())
        if not unknown:
            return
        name = self._game.name
        known = ", ".join(
            f"{rule} (from {declared.source})" if declared.source else rule
            for rule, declared in sorted(self._house_rules.items())
        )
        listed = ", ".join(repr(n) for n in unknown)
        registry = self._game._registry
        hints = "" if registry is None else registry.house_rule_hints(unknown)
        raise InvalidRules(
            f"{name} has no house rule {listed}; its house rules: {known or 'none'}. "
            "House rules come from plugins: install or load the one that provides "
            f"{'it' if len(unknown) == 1 else 'them'}{hints}; "
            "'cardkit plugins' lists the house rules of each plugin"
        )

    # -- what the registry adds and removes --------------------------------------------

    def add_variant(self, variant: Variant) -> None:
        """Add a preset (the registry calls this).

        Raises:
            InvalidRules: the name is taken, or its options are not valid.
        """
        name = self._game.name
        if variant.name in self._variants:
            raise InvalidRules(f"{name} already has a variant named {variant.name!r}")
        try:
            preset = self._game.rules_model.model_validate(variant.options)
        except ValidationError as exc:
            problem = options_error(exc)
            raise InvalidRules(f"variant {variant.name!r} of {name}: {problem}") from None
        if preset.house_rules:
            try:
                self.check_house_rules(preset.house_rules)
            except InvalidRules as exc:
                raise InvalidRules(f"variant {variant.name!r} of {name}: {exc}") from None
        self._variants[variant.name] = variant

    def add_house_rule(self, rule: HouseRule) -> None:
        """Declare a house rule of the game (the registry calls this).

        Raises:
            InvalidRules: the rule is another game's, its name is not a
                house rule name, or the name is taken.
        """
        name = self._game.name
        if rule.game != name:
            raise InvalidRules(f"the house rule {rule.name!r} is for {rule.game!r}, not {name}")
        if not HOUSE_RULE_NAME.fullmatch(rule.name):
            raise InvalidRules(
                f"{rule.name!r} is not a house rule name: use letters, digits, '-', '_' and '.'"
            )
        taken = self._house_rules.get(rule.name)
        if taken is not None:
            raise InvalidRules(
                f"{name} already has a house rule named {rule.name!r} "
                f"(from {taken.source or 'another plugin'!r})"
            )
        self._house_rules[rule.name] = rule

    def add_bot(self, name: str, factory: BotFactory) -> None:
        """Add a bot of the game (the registry calls this).

        Raises:
            InvalidRules: the name is taken.
        """
        if name in self.bots:
            raise InvalidRules(f"{self._game.name} already has a bot named {name!r}")
        self._bots[name] = factory

    def add_phrases(self, phrases: Mapping[str, PhraseLike], source: str = "") -> None:
        """Word event kinds of the game, from the plugin `source` (the registry calls this).

        Raises:
            PluginError: a kind is worded already, or a phrase is malformed.
        """
        self.wording = self.wording.adding(phrases, source, game=self._game.name)

    def forget(self, source: str) -> None:
        """Forget the house rules and phrases the plugin `source` added (it is unregistered)."""
        for name in [n for n, rule in self._house_rules.items() if rule.source == source]:
            del self._house_rules[name]
        self.wording = self.wording.without(source)


def catalog(game: Game[Any, Any]) -> Catalog:
    """What plugins registered for `game`: its presets, house rules, bots and phrases.

    The registry that registered the game fills it; a game no registry
    registered has its rules model's presets, the bots of every game and no
    house rules.
    """
    found: Catalog = game._catalog
    return found
