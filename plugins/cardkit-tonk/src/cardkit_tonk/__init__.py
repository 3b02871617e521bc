"""cardkit_tonk: Tonk (Tunk) for cardkit.

Install it next to cardkit and the game is available as ``tonk`` (alias
``tunk``)::

    import cardkit

    game = cardkit.load_game("tonk")
    state = game.start(players=3, rules=game.rules(variant="texas"), seed=7)
    state = state.apply("draw")

The rules are in `cardkit_tonk.rules`, the actions and their text forms
in `cardkit_tonk.actions`, the game's own hooks (hand count, payouts) in
`cardkit_tonk.hookspecs`. The state (`cardkit_tonk.state`) is built on the
core's `GenericState`: its fields (`cardkit_tonk.fields`), the deal-time
steps (`deal`), the start of a turn (`turn`), the main turn (`play`), the
double-double response (`response`), views (`views`) and payouts
(`payouts`).
"""

from cardkit_tonk.actions import Bonus, Discard, Draw, Drop, Hit, Join, Pass, Respond, Spread, Take
from cardkit_tonk.bots import HeuristicBot
from cardkit_tonk.config import default_card_values
from cardkit_tonk.fields import PHASES, Fields
from cardkit_tonk.game import TonkGame
from cardkit_tonk.payouts import Ending, default_payout
from cardkit_tonk.rules import PRESETS, TEXAS, TonkRefused, TonkRules
from cardkit_tonk.spreads import TableSpread
from cardkit_tonk.state import TonkState
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
    "Fields",
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
    "TonkRefused",
    "TonkRules",
    "TonkState",
    "TonkView",
    "default_card_values",
    "default_payout",
]
