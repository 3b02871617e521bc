"""cardkit_tonk: Tonk (Tunk) for cardkit.

Install it next to cardkit and the game is available as ``tonk`` (alias
``tunk``)::

    import cardkit

    game = cardkit.load_game("tonk")
    state = game.start(players=3, rules=game.rules(variant="texas"), seed=7)
    state = state.apply("draw")

The rules are in `cardkit_tonk.rules`, the actions and their text forms
in `cardkit_tonk.actions`, the game's own hooks (hand count, payouts) in
`cardkit_tonk.hookspecs`.
"""

from cardkit_tonk.actions import Bonus, Discard, Draw, Drop, Hit, Join, Pass, Respond, Spread, Take
from cardkit_tonk.bots import HeuristicBot
from cardkit_tonk.game import PHASES, TonkGame, TonkState, default_card_values
from cardkit_tonk.payouts import Ending, default_payout
from cardkit_tonk.rules import PRESETS, TEXAS, TonkRules
from cardkit_tonk.spreads import TableSpread
from cardkit_tonk.views import SpadesView, SpreadView, TonkView

__all__ = [
    "PHASES",
    "PRESETS",
    "TEXAS",
    "Bonus",
    "Discard",
    "Draw",
    "Drop",
    "Ending",
    "HeuristicBot",
    "Hit",
    "Join",
    "Pass",
    "Respond",
    "SpadesView",
    "Spread",
    "SpreadView",
    "TableSpread",
    "Take",
    "TonkGame",
    "TonkRules",
    "TonkState",
    "TonkView",
    "default_card_values",
    "default_payout",
]
