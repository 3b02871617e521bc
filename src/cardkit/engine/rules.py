"""Rules: the frozen pydantic model of a game's variant options, and presets."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, ClassVar, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_serializer,
    field_validator,
    model_serializer,
)

from cardkit.errors import InvalidRules

__all__ = ["HOUSE_RULE_NAME", "HouseRule", "Preset", "Rules", "Variant"]

#: What a house rule's name looks like: letters, digits, ``-``, ``_`` and ``.``,
#: starting with a letter or digit (so a comma-separated list reads back).
HOUSE_RULE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


class Rules(BaseModel):
    """The base of every game's rules model.

    A game subclasses it with one field per variant option, each typed and
    with its default (the seed text's rule) and a description. Unknown options
    are refused (``extra="forbid"``), and the model is frozen.

    Every game's rules also have [`house_rules`][cardkit.engine.rules.Rules.house_rules]: the
    house rules that plugins declared for the game (``register.add_house_rule``)
    and that are in force, named like options, saved with the rules.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    version: ClassVar[str] = "1"
    """The version of the game's rules: bumped when a rule change makes old saves replay
    differently (a save made under another version is refused)."""

    presets: ClassVar[tuple[Variant, ...]] = ()
    """The game's own named presets of these options (``game.rules(variant=...)``), made
    from the [`Preset`][cardkit.engine.rules.Preset] classes declared in the rules class
    (and its bases'); other plugins add theirs with ``register.add_variant``."""

    house_rules: frozenset[str] = frozenset()
    """House rules in force, by name: rules that plugins add to the game beyond its options.

    Each name must be a house rule registered for this game (``cardkit
    rules GAME`` lists them); ``game.rules()`` refuses any other. Accepts a
    list or a comma-separated string (``"eight-skips,low-drop-double"``);
    written to JSON as a sorted list. Empty by default: no house rule.
    """

    max_actions: int = Field(default=10_000, ge=1)
    """The action cap: a game that reaches this many actions is over, and its result
    is ``capped`` (no winner, no loser, no payment).

    The rules of some games allow endless loops (Tonk's ``take``/``discard``
    of the same card, Palace's pick-ups); the cap makes every game finite, as
    OpenSpiel's ``max_game_length`` does. Each game sets a default far above
    real play (its page names it); simulation, ``--max-actions``, the server
    and the RL environments use it. Written to saves and dumps only when it
    is not the game's default, so that older saves read the same.
    """

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """Add the presets declared in the class body (nested `Preset` classes) to `presets`.

        Raises:
            TypeError: a preset has no docstring, or sets something that is not an option.
        """
        super().__pydantic_init_subclass__(**kwargs)
        own = [v for v in vars(cls).values() if isinstance(v, type) and issubclass(v, Preset)]
        if own:
            cls.presets = (*cls.presets, *(_variant(preset, cls) for preset in own))

    @field_validator("house_rules", mode="before")
    @classmethod
    def _split_house_rules(cls, value: Any) -> Any:
        """Accept ``"a,b"`` as well as a list or set of names; strip spaces, drop empties."""
        if isinstance(value, str):
            value = value.split(",")
        if isinstance(value, Iterable) and not isinstance(value, bytes | dict):
            items = list(value)
            if all(isinstance(item, str) for item in items):
                names = [item.strip() for item in items if item.strip()]
                bad = [n for n in names if not HOUSE_RULE_NAME.fullmatch(n)]
                if bad:
                    raise ValueError(
                        f"{bad[0]!r} is not a house rule name (letters, digits, '-', '_', '.')"
                    )
                return frozenset(names)
        return value

    @field_serializer("house_rules")
    def _sorted_house_rules(self, value: frozenset[str]) -> list[str]:
        """A sorted list, so that the same rules always give the same JSON."""
        return sorted(value)

    @model_serializer(mode="wrap")
    def _cap_only_when_set(self, handler: SerializerFunctionWrapHandler) -> Any:
        """The dump, without ``max_actions`` when it is the game's default."""
        data = handler(self)
        if isinstance(data, dict):
            default = type(self).model_fields["max_actions"].default
            if data.get("max_actions") == default:
                del data["max_actions"]
        return data

    def with_max_actions(self, max_actions: int | None) -> Self:
        """These rules with the action cap ``max_actions`` (``None``: these rules as they are).

        Raises:
            InvalidRules: ``max_actions`` is not a whole number of at least 1.
        """
        if max_actions is None or max_actions == self.max_actions:
            return self
        if type(max_actions) is not int or max_actions < 1:
            raise InvalidRules(f"max_actions must be at least 1, not {max_actions!r}")
        return self.model_copy(update={"max_actions": max_actions})

    def check_players(self, players: int) -> None:
        """Refuse options that cannot be played with this many players.

        Games override this for cross-checks such as "``double_double`` needs
        exactly 2 players"; the default accepts every count.

        Raises:
            InvalidRules: the options do not fit ``players``.
        """


class Preset:
    """A named preset of a game's options, declared in its rules class as a nested class:
    its name is the class name in lower case with hyphens (``DrawOne``: ``draw-one``),
    its description its docstring, its options its class attributes.

    ```python
    class CrazyEightsRules(Rules):
        eights_wild: bool = True
        '''8s may be played on any card, and their player names the suit to follow.'''

        class NoWilds(Preset):
            '''8s are ordinary cards: every play follows suit or rank.'''

            eights_wild = False
    ```

    The rules class lists it in [`presets`][cardkit.engine.rules.Rules.presets] as a
    [`Variant`][cardkit.engine.rules.Variant] (``game.rules(variant="no-wilds")``).
    """


def _variant(preset: type[Preset], rules: type[Rules]) -> Variant:
    """`preset` as a `Variant` of the options of `rules`.

    Raises:
        TypeError: `preset` has no docstring, or sets something that is not an option of
            `rules`.
    """
    where = f"the preset {preset.__qualname__}"
    if not preset.__doc__:
        raise TypeError(f"{where} has no docstring: say in one what it changes")
    options = {k: v for k, v in vars(preset).items() if not k.startswith("_")}
    unknown = sorted(set(options) - set(rules.model_fields))
    if unknown:
        raise TypeError(f"{where} sets {', '.join(unknown)}: not options of {rules.__name__}")
    name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", preset.__name__).lower()
    return Variant(name=name, description=" ".join(preset.__doc__.split()), options=options)


class Variant(BaseModel):
    """A named preset of rules options, such as Texas Tonk.

    Attributes:
        name: the preset's name, used as ``game.rules(variant=name)``.
        description: one line for people.
        options: the options it sets; options given explicitly override them.
        source: who registered it (the game itself or a plugin's name).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    description: str = ""
    options: dict[str, Any] = Field(default_factory=dict)
    source: str = ""


class HouseRule(BaseModel):
    """A house rule a plugin declared for a game (``register.add_house_rule``).

    A house rule changes a game beyond its options, through the game's own
    hooks. It is off unless its name is in ``rules.house_rules``; the
    plugin's hook implementations check that.

    Attributes:
        name: the name used in ``house_rules`` (``"eight-skips"``).
        game: the game it belongs to.
        description: one line for people.
        source: the plugin that registered it (and implements it).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    game: str
    description: str = ""
    source: str = ""
