"""The hook implementations of cardkit-spades; nothing else.

cardkit finds this module through the entry point declared in
``pyproject.toml``::

    [project.entry-points.cardkit]
    spades = "cardkit_spades.plugin"
"""

from __future__ import annotations

from cardkit import hookimpl
from cardkit.authoring import Register
from cardkit_spades.bots import HeuristicBot
from cardkit_spades.game import Spades

#: The cardkit plugin API this plugin is built for.
CARDKIT_API_VERSION = "1.0"


@hookimpl
def cardkit_register(register: Register) -> None:
    """Register Spades and its heuristic bot."""
    register.add_game(Spades())
    register.add_bot("spades", "heuristic", HeuristicBot)
