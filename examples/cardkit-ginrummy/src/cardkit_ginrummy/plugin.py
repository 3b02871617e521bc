"""The hook of cardkit-ginrummy, made by the core in one call; nothing else.

cardkit finds this module through the entry point declared in
``pyproject.toml``::

    [project.entry-points.cardkit]
    ginrummy = "cardkit_ginrummy.plugin"
"""

from cardkit.authoring import game_plugin
from cardkit_ginrummy.bots import HeuristicBot
from cardkit_ginrummy.game import GinRummy

#: The cardkit plugin API this plugin is built for.
CARDKIT_API_VERSION = "1.0"

#: The hook registering Gin Rummy, its heuristic bot.
cardkit_register = game_plugin(GinRummy, bots=[HeuristicBot])
