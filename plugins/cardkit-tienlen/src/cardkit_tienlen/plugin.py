"""The hook implementations of cardkit-tienlen (its game, bots and hookspecs); nothing else.

cardkit finds this module through the entry point declared in
``pyproject.toml``::

    [project.entry-points.cardkit]
    tienlen = "cardkit_tienlen.plugin"
"""

from __future__ import annotations

import pluggy

from cardkit import hookimpl
from cardkit.authoring import Register
from cardkit_tienlen import hookspecs
from cardkit_tienlen.bots import GreedyBot, HeuristicBot
from cardkit_tienlen.game import TienLen
from cardkit_tienlen.narration import PHRASES

#: The cardkit plugin API this plugin is built for.
CARDKIT_API_VERSION = "1.0"


@hookimpl
def cardkit_add_hookspecs(pluginmanager: pluggy.PluginManager) -> None:
    """Publish Tiến lên's own hooks: ``tienlen_beats`` and ``tienlen_combination``."""
    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def cardkit_register(register: Register) -> None:
    """Register Tiến lên (also known as ``thirteen`` and ``tien-len``), its heuristic and
    greedy bots, and the words of its own event kinds."""
    register.add_game(TienLen(), aliases=("thirteen", "tien-len"))
    register.add_bot("tienlen", "heuristic", HeuristicBot)
    register.add_bot("tienlen", "greedy", GreedyBot)
    register.add_phrases("tienlen", PHRASES)
