"""The hook of cardkit-spades, made by the core in one call; nothing else.

cardkit finds this module through the entry point declared in
``pyproject.toml``::

    [project.entry-points.cardkit]
    spades = "cardkit_spades.plugin"
"""

from cardkit.authoring import game_plugin
from cardkit_spades.bots import HeuristicBot
from cardkit_spades.game import Spades

#: The cardkit plugin API this plugin is built for.
CARDKIT_API_VERSION = "1.0"

#: The hook registering Spades, its heuristic bot.
cardkit_register = game_plugin(Spades, bots=[HeuristicBot])
