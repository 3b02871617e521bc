"""The hook of cardkit-crazyeights, made by the core in one call; nothing else.

cardkit finds this module through the entry point declared in
``pyproject.toml``::

    [project.entry-points.cardkit]
    crazyeights = "cardkit_crazyeights.plugin"
"""

from cardkit.authoring import game_plugin
from cardkit_crazyeights.bots import HeuristicBot
from cardkit_crazyeights.game import CrazyEights

#: The cardkit plugin API this plugin is built for.
CARDKIT_API_VERSION = "1.0"

#: The hook registering Crazy Eights (also known as ``eights`` and ``crazy-eights``), its
#: heuristic bot and the words of the one event kind the core's defaults do not say
#: (``play``, ``draw``, ``pass``, ``out``, ``reshuffle`` and ``blocked`` read by them).
cardkit_register = game_plugin(
    CrazyEights,
    aliases=("eights", "crazy-eights"),
    bots=[HeuristicBot],
    phrases={"bury": "The starter {cards} is an eight: it is buried in the stock"},
)
