"""The hook implementations of cardkit-house-rules; nothing else.

cardkit finds this module through the entry point in ``pyproject.toml``::

    [project.entry-points.cardkit]
    house-rules = "cardkit_house_rules.plugin"
"""

from __future__ import annotations

import pluggy

from cardkit import hookimpl
from cardkit.hookspecs import RegisterVariant
from cardkit_house_rules import PRESETS, switch_on_from_environment

#: The cardkit plugin API this plugin is built for.
CARDKIT_API_VERSION = "1.0"


@hookimpl
def cardkit_register_variants(register: RegisterVariant) -> None:
    """Add the presets: Palace ``table`` and Tonk ``ten-or-less``."""
    for game, variant in PRESETS:
        register(game, variant.name, variant.options, variant.description)


@hookimpl
def cardkit_add_hookspecs(pluginmanager: pluggy.PluginManager) -> None:
    """Switch on the house rules named in ``CARDKIT_HOUSE_RULES`` (this plugin has no hookspecs).

    This is the one hook that runs once per registry load with the plugin
    manager in hand, before any game starts.
    """
    switch_on_from_environment(pluginmanager)
