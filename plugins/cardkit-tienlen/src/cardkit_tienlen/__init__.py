"""cardkit-tienlen: Tiến lên (Vietnamese Thirteen) as a cardkit game plugin.

>>> import cardkit
>>> game = cardkit.load_game("tienlen")
>>> state = game.start(players=4, seed=1)
>>> len(state.view(0).hand)
13
"""

from __future__ import annotations

from cardkit_tienlen.beating import AddedCombination, Beating, BeatsRule
from cardkit_tienlen.bots import GreedyBot, HeuristicBot
from cardkit_tienlen.combos import (
    CARD_ORDER,
    PASS,
    RANK_ORDER,
    SUIT_ORDER,
    BeatRules,
    Kind,
    Pass,
    Play,
    beats,
)
from cardkit_tienlen.game import TienLen, TienLenState, TienLenView
from cardkit_tienlen.rules import InstantWin, PlayUntil, TienLenRefused, TienLenRules

__all__ = [
    "CARD_ORDER",
    "PASS",
    "RANK_ORDER",
    "SUIT_ORDER",
    "AddedCombination",
    "BeatRules",
    "Beating",
    "BeatsRule",
    "GreedyBot",
    "HeuristicBot",
    "InstantWin",
    "Kind",
    "Pass",
    "Play",
    "PlayUntil",
    "TienLen",
    "TienLenRefused",
    "TienLenRules",
    "TienLenState",
    "TienLenView",
    "beats",
]
