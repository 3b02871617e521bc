"""The hook implementations of cardkit-ginrummy; nothing else.

cardkit finds this module through the entry point declared in
``pyproject.toml``::

    [project.entry-points.cardkit]
    ginrummy = "cardkit_ginrummy.plugin"
"""

from cardkit import hookimpl
from cardkit.authoring import Register
from cardkit_ginrummy.bots import HeuristicBot
from cardkit_ginrummy.game import GinRummy

#: The cardkit plugin API this plugin is built for.
CARDKIT_API_VERSION = "1.0"


@hookimpl
def cardkit_register(register: Register) -> None:
    """Register Gin Rummy and its heuristic bot."""
    register.add_game(GinRummy())
    register.add_bot("ginrummy", "heuristic", HeuristicBot)
