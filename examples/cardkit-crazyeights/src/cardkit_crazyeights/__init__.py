"""cardkit_crazyeights: Crazy Eights, the example game plugin of the cardkit tutorial.

>>> import cardkit
>>> game = cardkit.load_game("eights")
>>> state = game.start(players=2, seed=1)
>>> len(state.view(0).hand)
7
"""

from cardkit_crazyeights.bots import HeuristicBot
from cardkit_crazyeights.game import CrazyEights
from cardkit_crazyeights.rules import CrazyEightsRules, card_points
from cardkit_crazyeights.state import CrazyEightsState, Draw, Pass, Play
from cardkit_crazyeights.views import CrazyEightsView

__all__ = [
    "CrazyEights",
    "CrazyEightsRules",
    "CrazyEightsState",
    "CrazyEightsView",
    "Draw",
    "HeuristicBot",
    "Pass",
    "Play",
    "card_points",
]
