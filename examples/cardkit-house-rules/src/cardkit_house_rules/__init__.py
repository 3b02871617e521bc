"""cardkit_house_rules: presets and house rules for Palace and Tonk, in a package of their own.

The presets are always there once the package is installed: ``cardkit play
palace --variant table``, ``game.rules(variant="ten-or-less")``.

A house rule is off until you switch it on, because it changes a game beyond
its options. Switching one on means registering its small plugin object (see
:mod:`cardkit_house_rules.palace` and :mod:`cardkit_house_rules.tonk`); games
started afterwards play by it:

    >>> import cardkit, cardkit_house_rules
    >>> with cardkit_house_rules.enabled("eight-skips"):
    ...     state = cardkit.load_game("palace").start(players=3, seed=1)
    >>> state.tables.effects[cardkit.Rank.EIGHT].skip
    1

From the command line (or for any program), name them in the environment:
``CARDKIT_HOUSE_RULES=eight-skips,low-drop-double cardkit demo palace``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import ClassVar, Protocol

import pluggy

import cardkit
from cardkit import CardkitError, Variant
from cardkit.plugins import Registry
from cardkit_house_rules.palace import EightSkips
from cardkit_house_rules.tonk import LowDropDouble

__all__ = [
    "ENV_VAR",
    "HOUSE_RULES",
    "PRESETS",
    "EightSkips",
    "HouseRule",
    "LowDropDouble",
    "UnknownHouseRule",
    "active",
    "disable",
    "enable",
    "enabled",
    "plugin_name",
    "switch_on_from_environment",
]

#: The environment variable that names the house rules to switch on, comma-separated.
ENV_VAR = "CARDKIT_HOUSE_RULES"


class HouseRule(Protocol):
    """A house rule: a plugin object implementing one or more of a game's own hooks."""

    name: ClassVar[str]
    game: ClassVar[str]
    description: ClassVar[str]


#: Every house rule of this package, by name.
HOUSE_RULES: dict[str, type[HouseRule]] = {rule.name: rule for rule in (EightSkips, LowDropDouble)}

# --8<-- [start:presets]
#: The presets this package adds, as ``(game, variant)``: plain options of each game.
PRESETS: tuple[tuple[str, Variant], ...] = (
    (
        "palace",
        Variant(
            name="table",
            description="The player left of the dealer starts; after a burn, the next player.",
            options={"first_player_rule": "left_of_dealer", "burn_rule": "next_player"},
        ),
    ),
    (
        "tonk",
        Variant(
            name="ten-or-less",
            description="Drop only with a count of 10 or less.",
            options={"drop_max_count": 10},
        ),
    ),
)
# --8<-- [end:presets]


class UnknownHouseRule(CardkitError, KeyError):
    """No house rule has this name."""

    def __init__(self, name: str) -> None:
        """Name the unknown rule and list the known ones."""
        super().__init__(f"no house rule named {name!r}; house rules: {', '.join(HOUSE_RULES)}")

    def __str__(self) -> str:
        return str(self.args[0])


# --8<-- [start:switches]
def plugin_name(rule: str) -> str:
    """The name a house rule is registered under: ``house-rules.<rule>``."""
    return f"house-rules.{rule}"


def _rule(name: str) -> type[HouseRule]:
    try:
        return HOUSE_RULES[name.strip()]
    except KeyError:
        raise UnknownHouseRule(name) from None


def enable(*names: str, registry: Registry | None = None) -> None:
    """Switch house rules on: games started from now on play by them.

    Raises:
        UnknownHouseRule: a name is not a house rule of this package.
    """
    reg = registry or cardkit.registry()
    for rule in [_rule(name) for name in names]:
        if reg.pm.get_plugin(plugin_name(rule.name)) is None:
            reg.register(rule(), plugin_name(rule.name))


def disable(*names: str, registry: Registry | None = None) -> None:
    """Switch house rules off (games already started keep the rules they were dealt with)."""
    reg = registry or cardkit.registry()
    for rule in [_rule(name) for name in names]:
        key = plugin_name(rule.name)
        if key in reg.plugins:
            reg.unregister(key)
        elif reg.pm.get_plugin(key) is not None:
            reg.pm.unregister(name=key)


# --8<-- [end:switches]


def active(registry: Registry | None = None) -> list[str]:
    """The names of the house rules that are on."""
    pm = (registry or cardkit.registry()).pm
    return [name for name in HOUSE_RULES if pm.get_plugin(plugin_name(name)) is not None]


@contextmanager
def enabled(*names: str, registry: Registry | None = None) -> Iterator[None]:
    """Switch house rules on for a ``with`` block, then off again (those that were off)."""
    was_on = set(active(registry))
    enable(*names, registry=registry)
    try:
        yield
    finally:
        disable(*[n for n in names if _rule(n).name not in was_on], registry=registry)


# --8<-- [start:environment]
def switch_on_from_environment(pluginmanager: pluggy.PluginManager) -> None:
    """Register the house rules named in ``CARDKIT_HOUSE_RULES`` with ``pluginmanager``.

    Raises:
        UnknownHouseRule: after switching on the known ones, for the first
            unknown name (the registry reports it as a plugin problem).
    """
    names = [n.strip() for n in os.environ.get(ENV_VAR, "").split(",") if n.strip()]
    for name in names:
        rule = HOUSE_RULES.get(name)
        if rule is not None and pluginmanager.get_plugin(plugin_name(name)) is None:
            pluginmanager.register(rule(), name=plugin_name(name))
    unknown = [n for n in names if n not in HOUSE_RULES]
    if unknown:
        raise UnknownHouseRule(unknown[0])


# --8<-- [end:environment]
