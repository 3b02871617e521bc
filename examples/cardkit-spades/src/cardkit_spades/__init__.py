"""cardkit_spades: partnership Spades, the trick-taking example plugin of the cardkit tutorials.

>>> import cardkit
>>> game = cardkit.load_game("spades")
>>> state = game.start(players=4, seed=1)
>>> len(state.view(0).hand), state.to_act
(13, 0)
"""

from cardkit_spades.bots import HeuristicBot
from cardkit_spades.game import Bid, Blind, Look, Play, Spades, SpadesState, SpadesView
from cardkit_spades.rules import SpadesRules
from cardkit_spades.scoring import TEAMS, spades_result

__all__ = [
    "TEAMS",
    "Bid",
    "Blind",
    "HeuristicBot",
    "Look",
    "Play",
    "Spades",
    "SpadesRules",
    "SpadesState",
    "SpadesView",
    "spades_result",
]
