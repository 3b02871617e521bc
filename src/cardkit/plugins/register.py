"""The register object a plugin's ``cardkit_register`` hook fills.

A plugin adds its games, house rules, presets, bots and phrases through the
``add_*`` methods of one [`Register`][cardkit.plugins.register.Register]
(tox's ``ToxEnvRegister`` is the model). Each call's arguments are checked at
once: a wrong type, or the same name registered twice by one plugin, raises
[`PluginError`][cardkit.errors.PluginError] saying what was wrong and what was
expected. The registry then adds what every plugin registered in a fixed
order, games first (see [`STAGES`][cardkit.plugins.register.STAGES]), so a
plugin may add a preset of a game or a house rule another plugin registers;
what clashes with another plugin (a taken name, an unknown game) is reported
as that plugin's problem and skipped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardkit.engine.bots import BotFactory
from cardkit.engine.game import Game
from cardkit.errors import PluginError
from cardkit.words.wording import PhraseLike

__all__ = ["STAGES", "Register"]

STAGES = ("games", "house_rules", "variants", "common_bots", "bots", "phrases")
"""The order in which the registry adds what plugins registered (each kind for every plugin
before the next kind)."""


def _text(value: object, what: str, method: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise PluginError(f"{method}() needs {what} as a non-empty string, not {value!r}")
    return value


def _texts(value: object, what: str, method: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise PluginError(f"{method}() needs {what} as a list of strings, not {value!r}")
    return tuple(_text(item, f"each of {what}", method) for item in value)


class Register:
    """What one plugin registers: handed to its `cardkit_register` hook, filled by `add_*`.

    Attributes:
        plugin: the registering plugin's name.
    """

    def __init__(self, plugin: str) -> None:
        """An empty register for the plugin `plugin`."""
        self.plugin = plugin
        self._entries: dict[str, list[tuple[Any, ...]]] = {stage: [] for stage in STAGES}
        self._keys: set[tuple[str, ...]] = set()

    def _add(self, stage: str, key: tuple[str, ...], what: str, args: tuple[Any, ...]) -> None:
        if key in self._keys:
            raise PluginError(f"{self.plugin} registers {what} twice; register each name once")
        self._keys.add(key)
        self._entries[stage].append(args)

    def entries(self, stage: str) -> list[tuple[Any, ...]]:
        """The arguments of each registration of one kind (one of `STAGES`), in call order."""
        return list(self._entries[stage])

    def add_game(
        self,
        game: Game[Any, Any],
        aliases: Sequence[str] = (),
        *,
        bots: Sequence[BotFactory] = (),
        phrases: Mapping[str, PhraseLike] | None = None,
    ) -> None:
        """Add `game` (an instance of a [`Game`][cardkit.engine.game.Game] subclass) under its
        name and `aliases`, with its `bots` (each under its factory's `name`, the
        strongest first: as `add_bot` does) and the `phrases` of its own event kinds
        (as `add_phrases` does): a game's registration in one call.

        Raises:
            PluginError: `game` is not a game, an alias is not a string, or a bot's
                factory is not callable or has no `name`.
        """
        if not isinstance(game, Game):
            raise PluginError(
                f"add_game() needs a cardkit.Game instance (an object of a Game subclass), "
                f"not {game!r}"
            )
        names = _texts(aliases, "aliases", "add_game")
        self._add("games", ("game", game.name), f"the game {game.name!r}", (game, names))
        for factory in bots:
            name = getattr(factory, "name", None)
            what = "each bot as a factory with a name (a bot class with `name = ...`)"
            self.add_bot(game.name, _text(name, what, "add_game"), factory)
        if phrases is not None:
            self.add_phrases(game.name, phrases)

    def add_house_rule(self, game: str, name: str, description: str = "") -> None:
        """Declare the house rule `name` of the game `game` (see ``rules.house_rules``).

        Raises:
            PluginError: a name or the description is not a string.
        """
        _text(game, "the game's name", "add_house_rule")
        _text(name, "the house rule's name", "add_house_rule")
        if not isinstance(description, str):
            raise PluginError(f"add_house_rule() needs a string description, not {description!r}")
        what = f"the house rule {name!r} of {game}"
        self._add("house_rules", ("house_rule", game, name), what, (game, name, description))

    def add_variant(
        self, game: str, name: str, options: Mapping[str, Any], description: str = ""
    ) -> None:
        """Add the preset `name` of the game `game`: these rules options.

        Raises:
            PluginError: a name or the description is not a string, or
                `options` is not a mapping of option names.
        """
        _text(game, "the game's name", "add_variant")
        _text(name, "the variant's name", "add_variant")
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise PluginError(
                f"add_variant() needs options as a dict of option name to value, not {options!r}"
            )
        if not isinstance(description, str):
            raise PluginError(f"add_variant() needs a string description, not {description!r}")
        args = (game, name, dict(options), description)
        self._add("variants", ("variant", game, name), f"the variant {name!r} of {game}", args)

    def add_bot(self, game: str, name: str, factory: BotFactory) -> None:
        """Add the bot `name` of the game `game`; `factory(rng)` makes one.

        Raises:
            PluginError: a name is not a string, or `factory` is not callable.
        """
        _text(game, "the game's name", "add_bot")
        _text(name, "the bot's name", "add_bot")
        _check_factory(factory, "add_bot")
        self._add("bots", ("bot", game, name), f"the bot {name!r} of {game}", (game, name, factory))

    def add_common_bot(self, name: str, factory: BotFactory) -> None:
        """Add the bot `name` to every game; `factory(rng)` makes one.

        Raises:
            PluginError: the name is not a string, or `factory` is not callable.
        """
        _text(name, "the bot's name", "add_common_bot")
        _check_factory(factory, "add_common_bot")
        self._add("common_bots", ("common_bot", name), f"the bot {name!r}", (name, factory))

    def add_phrases(self, game: str, phrases: Mapping[str, PhraseLike]) -> None:
        """Word event kinds of the game `game`: event kind → phrase.

        Raises:
            PluginError: the game's name is not a string, or `phrases` is not a mapping.
        """
        _text(game, "the game's name", "add_phrases")
        if not isinstance(phrases, Mapping):
            raise PluginError(
                f"add_phrases() needs phrases as a dict of event kind to phrase, not {phrases!r}"
            )
        self._entries["phrases"].append((game, dict(phrases)))


def _check_factory(factory: object, method: str) -> None:
    if not callable(factory):
        raise PluginError(
            f"{method}() needs a bot factory (a callable taking a random.Random), not {factory!r}"
        )
