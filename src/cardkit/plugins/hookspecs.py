"""The hook specifications of cardkit's plugin system.

A plugin is a module (or object) with functions marked ``@cardkit.hookimpl``
and named after these specifications. ``cardkit_register`` hands the plugin a
typed [`Register`][cardkit.plugins.register.Register], so a plugin *adds*
games, house rules, presets, bots and phrases instead of patching behaviour.
Every hook here runs once, when the plugin registry is loaded or a plugin is
registered at run time; none runs per move.

Installed packages expose their plugin module through the ``cardkit`` entry
point group:

```toml
[project.entry-points.cardkit]
tienlen = "cardkit_tienlen.plugin"
```
"""

from __future__ import annotations

import pluggy

from cardkit.plugins.register import Register

__all__ = ["hookimpl", "hookspec"]

#: Marks a hook specification of cardkit (or of a game publishing its own).
hookspec = pluggy.HookspecMarker("cardkit")
#: Marks a plugin's implementation of a cardkit hook.
hookimpl = pluggy.HookimplMarker("cardkit")


@hookspec
def cardkit_register(register: Register) -> None:
    """Register games, house rules, presets, bots and phrases, through `register`'s methods.

    - ``register.add_game(game, aliases=())``: ``game`` is an instance of a
      [`cardkit.Game`][cardkit.engine.game.Game] subclass, registered under its
      name and these aliases; its rules model's ``presets`` come with it.
    - ``register.add_house_rule(game_name, rule_name, description="")``: a
      named rule beyond the game's options. The name may then appear in the
      game's ``rules.house_rules`` (``game.rules(house_rules=["eight-skips"])``,
      ``--rules house_rules=eight-skips``, or a preset's options);
      ``game.rules()`` refuses names no plugin declared, and a saved game that
      names a house rule this installation lacks is refused on loading. A rule
      name is letters, digits, ``-``, ``_`` or ``.``, unique within its game.
      Declaring a rule does not make it do anything: the same plugin
      implements the game's own hooks (such as ``palace_card_effect``), each
      returning ``None`` unless its rule is in ``rules.house_rules``.
    - ``register.add_variant(game_name, variant_name, options, description="")``:
      a named preset of the game's options (``game.rules(variant=...)``), which
      may switch house rules on (``{"house_rules": ["eight-skips"]}``); it is
      validated against the game's rules model and declared house rules.
    - ``register.add_common_bot(bot_name, factory)``: a bot that plays every
      game through the game contract alone (the core's ISMCTS comes this way,
      from [`cardkit.eval.plugin`][cardkit.eval.plugin]).
    - ``register.add_bot(game_name, bot_name, factory)``: ``factory(rng)``
      returns a [`cardkit.Bot`][cardkit.engine.bots.Bot]; give the factory a
      ``description`` attribute (one line) to have it shown by ``cardkit
      rules``. A game's first bot is its best (what simulations default to).
    - ``register.add_phrases(game_name, phrases)``: word a game's own event
      kinds: ``phrases`` maps an event kind to its phrase, the predicate after
      the seat in the third person (``{"ask": "asks {target:seat} for
      {rank:ranks}"}``), a [`Phrase`][cardkit.words.wording.Phrase] with its
      second-person form, or a function of the event returning either (see
      [cardkit.words.wording][] for the fields a phrase may name).

    A call with arguments of the wrong kind, or a name one plugin registers
    twice, raises [`PluginError`][cardkit.errors.PluginError] at once. The
    registry adds what every plugin registered in the order of
    [`STAGES`][cardkit.plugins.register.STAGES]: every plugin's games, then
    house rules, presets, common bots, bots and phrases, so a plugin may add
    to a game another plugin registers. A name another plugin took, or an
    unknown game, is reported as a plugin problem and that registration skipped.

    Runs once per plugin, after every plugin's ``cardkit_add_hookspecs``.
    Since cardkit 0.1.
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

    Runs once per plugin, before any ``cardkit_register`` hook. Since
    cardkit 0.1.
    """
