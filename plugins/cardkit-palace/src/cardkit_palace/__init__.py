"""cardkit_palace: Palace (Shithead, Karma) as a cardkit game plugin.

>>> import cardkit
>>> game = cardkit.load_game("shithead")
>>> state = game.start(players=3, seed=1)
>>> state.phase, state.to_act
('exchange', 0)
"""

from cardkit_palace.actions import (
    DECLINE,
    PICKUP,
    READY,
    Add,
    Complete,
    Decline,
    Flip,
    PalaceAction,
    Pickup,
    Play,
    Ready,
    Swap,
)
from cardkit_palace.bots import PalaceBot
from cardkit_palace.effects import RANKING, CardEffect, PalaceTables
from cardkit_palace.game import PalaceGame, PalaceState, PalaceView
from cardkit_palace.rules import (
    BurnRule,
    EndCondition,
    FirstPlayerRule,
    NextDealer,
    PalaceRules,
    SevenRule,
    TwoRule,
)

__all__ = [
    "DECLINE",
    "PICKUP",
    "RANKING",
    "READY",
    "Add",
    "BurnRule",
    "CardEffect",
    "Complete",
    "Decline",
    "EndCondition",
    "FirstPlayerRule",
    "Flip",
    "NextDealer",
    "PalaceAction",
    "PalaceBot",
    "PalaceGame",
    "PalaceRules",
    "PalaceState",
    "PalaceTables",
    "PalaceView",
    "Pickup",
    "Play",
    "Ready",
    "SevenRule",
    "Swap",
    "TwoRule",
]
