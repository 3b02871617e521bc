"""cardkit_ginrummy: two-player Gin Rummy, the rummy-family example of the cardkit tutorials.

>>> import cardkit
>>> game = cardkit.load_game("ginrummy")
>>> state = game.start(players=2, seed=1)
>>> len(state.view(0).hand), state.view(0).phase, state.legal_actions()
(10, 'offer', (Take(), Pass()))
"""

from cardkit_ginrummy.bots import HeuristicBot
from cardkit_ginrummy.game import GinRummy
from cardkit_ginrummy.rules import GinRefused, GinRules
from cardkit_ginrummy.state import GinState
from cardkit_ginrummy.views import GinView

__all__ = ["GinRefused", "GinRules", "GinRummy", "GinState", "GinView", "HeuristicBot"]
