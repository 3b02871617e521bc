"""Hook implementations of cardkit_tonk: the game, its preset, its bot and its own hooks.

Only hook implementations live here. The ``tonk_card_values`` and
``tonk_payout`` implementations are the game's built-in behaviour, marked
``trylast`` so that any house-rule plugin is asked first.
"""

from __future__ import annotations

import pluggy

from cardkit import CardValues, Payment, hookimpl
from cardkit.authoring import Register
from cardkit_tonk import hookspecs
from cardkit_tonk.bots import HeuristicBot
from cardkit_tonk.config import default_card_values
from cardkit_tonk.game import TonkGame
from cardkit_tonk.narration import PHRASES
from cardkit_tonk.payouts import Ending, default_payout
from cardkit_tonk.rules import TonkRules

#: The cardkit plugin API this plugin is built for.
CARDKIT_API_VERSION = "1.0"


@hookimpl
def cardkit_add_hookspecs(pluginmanager: pluggy.PluginManager) -> None:
    """Publish Tonk's own hooks (hand count, payouts)."""
    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def cardkit_register(register: Register) -> None:
    """Register Tonk (also known as ``tunk``), its heuristic bot, and the words of its own
    event kinds."""
    register.add_game(TonkGame(), aliases=("tunk",))
    register.add_bot("tonk", "heuristic", HeuristicBot)
    register.add_phrases("tonk", PHRASES)


@hookimpl(trylast=True)
def tonk_card_values(rules: TonkRules) -> CardValues:
    """The built-in card values (A 1, 2-10 face value, pictures 10 or 11-13)."""
    return default_card_values(rules)


@hookimpl(trylast=True)
def tonk_payout(ending: Ending, rules: TonkRules) -> list[Payment]:
    """The built-in payout of every ending (spec section 6)."""
    return default_payout(ending, rules)
