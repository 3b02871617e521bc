"""The hook specifications of cardkit's plugin system.

A plugin is a module (or object) with functions marked ``@cardkit.hookimpl``
and named after these specifications. Each ``register`` hook hands the plugin
a callback, so a plugin *adds* games, house rules, variants and bots instead
of patching behaviour. Every hook here runs once, when the plugin registry is loaded or
a plugin is registered at run time; none runs per move.

Installed packages expose their plugin module through the ``cardkit`` entry
point group:

```toml
[project.entry-points.cardkit]
tienlen = "cardkit_tienlen.plugin"
```
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import pluggy

from cardkit.engine.bots import BotFactory
from cardkit.engine.game import Game
from cardkit.words.wording import PhraseLike

__all__ = [
    "RegisterBot",
    "RegisterCommonBot",
    "RegisterGame",
    "RegisterHouseRule",
    "RegisterPhrases",
    "RegisterVariant",
    "hookimpl",
    "hookspec",
]

#: Marks a hook specification of cardkit (or of a game publishing its own).
hookspec = pluggy.HookspecMarker("cardkit")
#: Marks a plugin's implementation of a cardkit hook.
hookimpl = pluggy.HookimplMarker("cardkit")


class RegisterGame(Protocol):
    """The callback of `cardkit_register_games`: `register(game, aliases=())`."""

    def __call__(self, game: Game[Any, Any], aliases: Sequence[str] = ()) -> None:
        """Add `game` under its name, its own aliases and `aliases`."""


class RegisterHouseRule(Protocol):
    """The callback of `cardkit_register_house_rules`."""

    def __call__(self, game: str, name: str, description: str = "") -> None:
        """Declare the house rule `name` of the game `game`."""


class RegisterVariant(Protocol):
    """The callback of `cardkit_register_variants`."""

    def __call__(
        self, game: str, name: str, options: dict[str, Any], description: str = ""
    ) -> None:
        """Add the preset `name` of the game `game`, with these rules options."""


class RegisterBot(Protocol):
    """The callback of `cardkit_register_bots`."""

    def __call__(self, game: str, name: str, factory: BotFactory) -> None:
        """Add the bot `name` of the game `game`; `factory(rng)` makes one."""


class RegisterCommonBot(Protocol):
    """The callback of `cardkit_register_common_bots`."""

    def __call__(self, name: str, factory: BotFactory) -> None:
        """Add the bot `name` to every game; `factory(rng)` makes one."""


class RegisterPhrases(Protocol):
    """The callback of `cardkit_register_phrases`."""

    def __call__(self, game: str, phrases: Mapping[str, PhraseLike]) -> None:
        """Word event kinds of the game `game`: event kind → phrase."""


@hookspec
def cardkit_register_games(register: RegisterGame) -> None:
    """Register games.

    Call ``register(game, aliases=(...))`` once per game, where ``game`` is
    an instance of a [`cardkit.Game`][cardkit.engine.game.Game] subclass. Aliases add to the
    game's own ``aliases``. A name or alias already taken by another plugin
    is reported as a plugin problem and the game is skipped.

    Runs once per plugin when the registry loads. Since cardkit 0.1.
    """


@hookspec
def cardkit_register_house_rules(register: RegisterHouseRule) -> None:
    """Declare house rules: named rules a plugin adds to a game beyond its options.

    Call ``register(game_name, rule_name, description="")`` once per house
    rule. The name may then appear in the game's ``rules.house_rules``
    (``game.rules(house_rules=["eight-skips"])``, ``--rules
    house_rules=eight-skips``, or a preset's options); ``game.rules()``
    refuses names no plugin declared, and a saved game that names a house
    rule this installation lacks is refused on loading. ``cardkit rules
    GAME`` and ``cardkit plugins`` list them. A rule name must be letters,
    digits, ``-``, ``_`` or ``.``, unique within its game; an unknown game
    or a taken name is reported as a plugin problem and the rule skipped.

    Declaring a rule does not make it do anything: the same plugin
    implements the game's own hooks (such as ``palace_card_effect``), and
    each implementation returns ``None`` unless its rule is in
    ``rules.house_rules``. Games resolve their hooks when a game starts, so
    that check costs nothing per move.

    Runs once per plugin, after every plugin's games are registered and
    before any preset is. Since cardkit 0.1.
    """


@hookspec
def cardkit_register_variants(register: RegisterVariant) -> None:
    """Register named presets of any game's options.

    Call ``register(game_name, variant_name, options, description="")``;
    ``options`` is a dict of the game's rules options, and may switch house
    rules on (``{"house_rules": ["eight-skips"]}``). The preset is then
    available as ``game.rules(variant=variant_name)`` and in ``cardkit
    rules``. The options are validated against the game's rules model (and
    its declared house rules) at registration; a bad preset is reported and
    skipped.

    Runs once per plugin, after every plugin's games and house rules are
    registered. Since cardkit 0.1.
    """


@hookspec
def cardkit_register_bots(register: RegisterBot) -> None:
    """Register bots.

    Call ``register(game_name, bot_name, factory)`` where ``factory(rng)``
    returns a [`cardkit.Bot`][cardkit.engine.bots.Bot]. Give the factory a ``description``
    attribute (one line) to have it shown by ``cardkit rules``.

    Runs once per plugin, after every plugin's games are registered. Since
    cardkit 0.1.
    """


@hookspec
def cardkit_register_common_bots(register: RegisterCommonBot) -> None:
    """Register bots that play every game, through the game contract alone.

    Call ``register(bot_name, factory)``; every game's
    [`Game.bots`][cardkit.engine.game.Game.bots] then lists the bot, games
    registered later included. The core's own ISMCTS search bot comes this
    way, from the plugin [`cardkit.eval.plugin`][cardkit.eval.plugin]. A name
    that another plugin already registered for every game is reported as a
    plugin problem and skipped.

    Runs once per plugin, before any game's own bots are registered. Since
    cardkit 0.1.
    """


@hookspec
def cardkit_register_phrases(register: RegisterPhrases) -> None:
    """Word a game's own event kinds, for seats and for spectators.

    Call ``register(game_name, phrases)`` where ``phrases`` maps an event
    kind to its phrase: the predicate after the seat in the third person
    (``{"ask": "asks {target:seat} for {rank:ranks}"}``), a
    [`Phrase`][cardkit.words.wording.Phrase] with its second-person form, or a
    function of the event returning either (see [cardkit.words.wording][] for the
    fields a phrase may name). Every narration then says it: the views'
    ``recent``, [`Event.describe`][cardkit.engine.events.Event.describe] given
    ``game.wording``, the command line and the server's tables; said to the
    seat itself it reads ``"You ask seat 2 for 7s"`` (people read seats from
    1; ``target`` is the index 1). A game's own plugin words its kinds; a
    house-rule plugin words the kinds its rule adds. A kind worded twice, or
    a malformed phrase, is reported as a plugin problem and skipped.

    Runs once per plugin, after every plugin's games are registered. Since
    cardkit 0.1.
    """


@hookspec
def cardkit_add_hookspecs(pluginmanager: pluggy.PluginManager) -> None:
    """Publish a game's own hook specifications for its variation points.

    Call ``pluginmanager.add_hookspecs(module_or_class)``. Other plugins may
    then implement those hooks (for example a house rule for a game). Games
    read the implementations once, never dispatching them per move, through
    [`Game.hooks`][cardkit.engine.game.Game.hooks] (its fast callers are cached
    until plugins change; see [`cardkit.engine.gamehooks`][cardkit.engine.gamehooks]) or
    [`cardkit.plugins.registry.Registry.hook_functions`][cardkit.plugins.registry.Registry.hook_functions].

    Runs once per plugin, before any ``cardkit_register_*`` hook. Since
    cardkit 0.1.
    """
