"""The hook implementations of cardkit-house-rules; nothing else.

cardkit finds this module through the entry point in ``pyproject.toml``::

    [project.entry-points.cardkit]
    house-rules = "cardkit_house_rules.plugin"
"""

from __future__ import annotations

from cardkit import hookimpl
from cardkit.authoring import Register
from cardkit_house_rules import HOUSE_RULES, PRESETS

# The games' hooks: pluggy finds them in this module. Each one returns None
# unless its house rule is in rules.house_rules.
from cardkit_house_rules.palace import palace_card_effect
from cardkit_house_rules.tienlen import tienlen_add_combinations, tienlen_beats
from cardkit_house_rules.tonk import tonk_payout

__all__ = [
    "CARDKIT_API_VERSION",
    "cardkit_register",
    "palace_card_effect",
    "tienlen_add_combinations",
    "tienlen_beats",
    "tonk_payout",
]

#: The cardkit plugin API this plugin is built for.
CARDKIT_API_VERSION = "1.0"


@hookimpl
def cardkit_register(register: Register) -> None:
    """Declare ``eight-skips`` and ``nine-reverses`` (Palace), ``low-drop-double`` (Tonk),
    ``threes-beat-a-two`` and ``wrapping-runs`` (Tiến lên); add the presets: Palace table
    and eight-skips, Tonk ten-or-less and low-drop-double, Tiến lên threes-beat-a-two."""
    for rule in HOUSE_RULES:
        register.add_house_rule(rule.game, rule.name, rule.description)
    for game, variant in PRESETS:
        register.add_variant(game, variant.name, variant.options, variant.description)
