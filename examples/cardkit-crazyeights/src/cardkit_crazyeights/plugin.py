"""The hook implementations of cardkit-crazyeights; nothing else.

cardkit finds this module through the entry point declared in
``pyproject.toml``::

    [project.entry-points.cardkit]
    crazyeights = "cardkit_crazyeights.plugin"
"""

from __future__ import annotations

from cardkit import hookimpl
from cardkit.authoring import Register
from cardkit_crazyeights.bots import HeuristicBot
from cardkit_crazyeights.game import CrazyEights
from cardkit_crazyeights.narration import PHRASES

#: The cardkit plugin API this plugin is built for.
CARDKIT_API_VERSION = "1.0"


@hookimpl
def cardkit_register(register: Register) -> None:
    """Register Crazy Eights (also known as ``eights`` and ``crazy-eights``), its heuristic
    bot, and the words of its own event kinds (an eight naming a suit, a reshuffle)."""
    register.add_game(CrazyEights(), aliases=("eights", "crazy-eights"))
    register.add_bot("crazyeights", "heuristic", HeuristicBot)
    register.add_phrases("crazyeights", PHRASES)
