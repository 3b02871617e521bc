"""Hook implementations of cardkit_palace: the game, its bots, its hookspecs and its built-in rules.

Nothing else lives here. The built-in card effects and follow rule are
implemented on Palace's own hooks (`cardkit_palace.hookspecs`), marked
``trylast`` so that house-rule plugins answer first.
"""

from __future__ import annotations

from collections.abc import Iterable

import pluggy

from cardkit import Rank, hookimpl
from cardkit.authoring import Register
from cardkit_palace import hookspecs
from cardkit_palace.bots import PalaceBot
from cardkit_palace.effects import CardEffect, default_card_effect, default_follow_ranks
from cardkit_palace.game import PalaceGame
from cardkit_palace.narration import PHRASES
from cardkit_palace.rules import PalaceRules

#: The cardkit plugin API this plugin is built for.
CARDKIT_API_VERSION = "1.0"


@hookimpl
def cardkit_add_hookspecs(pluginmanager: pluggy.PluginManager) -> None:
    """Publish Palace's own hooks: ``palace_card_effect`` and ``palace_follow_ranks``."""
    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def cardkit_register(register: Register) -> None:
    """Register Palace (also known as ``shithead`` and ``karma``), its heuristic bot, and the
    words of its own event kinds."""
    register.add_game(PalaceGame(), aliases=("shithead", "karma"))
    register.add_bot("palace", "heuristic", PalaceBot)
    register.add_phrases("palace", PHRASES)


@hookimpl(trylast=True)
def palace_card_effect(rules: PalaceRules, rank: Rank) -> CardEffect | None:
    """The built-in effects: 10 burns; 2 plays again under ``two_rule = player_continues``."""
    return default_card_effect(rules, rank)


@hookimpl(trylast=True)
def palace_follow_ranks(rules: PalaceRules, top: Rank) -> Iterable[Rank] | None:
    """The built-in rank rule, with ``seven_rule``."""
    return default_follow_ranks(rules, top)
