"""The Tonk state on the core's [`GenericState`][cardkit.engine.generic.GenericState].

One `TonkState` is one hand; its fields are `state.f`
([`Fields`][cardkit_tonk.fields.Fields]). The action families are mixins:
the deal-time steps (`cardkit_tonk.deal`), the start of a turn
(`cardkit_tonk.turn`), the main turn (`cardkit_tonk.play`) and the
double-double response (`cardkit_tonk.response`); each `check_<kind>` is
the one home of that action's legality, and `list_legal` is the fast
listing (`cardkit_tonk.listing`) the contract suite proves equal to them.

>>> import cardkit
>>> game = cardkit.load_game("tonk")
>>> state = game.start(players=2, seed=1)
>>> [str(a) for a in state.legal_actions()]
['drop', 'draw', 'take']
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Self

from cardkit import Action, CardSet, GameResult, Payment
from cardkit.authoring import Refusal, split_action_text
from cardkit_tonk.actions import (
    DRAW,
    DROP,
    GRAMMAR,
    JOIN,
    PASS,
    TAKE,
    Pass,
    bonus_action,
    discard_action,
    hit_action,
    spread_action,
)
from cardkit_tonk.fields import RESPONSE, SPADES, WINDOW
from cardkit_tonk.listing import legal_of
from cardkit_tonk.payouts import default_payout, spades_payments
from cardkit_tonk.record import snapshot_of, tonk_result
from cardkit_tonk.response import Responses
from cardkit_tonk.tablezones import SCALAR_NAMES, view_scalars
from cardkit_tonk.views import (
    TABLE_HINT,
    VIEW_WORDS,
    ZONES,
    TonkView,
    view_extra,
)

__all__ = ["TonkState"]


class TonkState(Responses):
    """One hand of Tonk (immutable): `apply` returns the next state; its fields are `state.f`.

    Besides the game contract (``to_act``, ``legal_actions()``, ``apply``,
    ``view``, ``result``…) it offers `count` for a seat's hand count, and
    read-only accessors of the table used by tests and bots.
    """

    __slots__ = ()
    grammar = GRAMMAR
    view_model = TonkView
    zone_specs = ZONES
    table_hint = TABLE_HINT
    view_words = VIEW_WORDS

    # -- reading actions ---------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        """Read an action's text (see `cardkit_tonk.actions` for the forms).

        Raises:
            IllegalAction: the text is not a Tonk action (code ``"unparsable"``).
        """
        if isinstance(text, Action):
            return text
        if split_action_text(text)[0] == "respond":
            return self.parse_respond(text)
        return super().parse_action(text)

    # -- pass: a word of three phases ----------------------------------------------------

    def check_pass(self, action: Pass) -> Refusal | None:
        """Decline the side pot, the drop window or the double-double; never in a turn."""
        if self.f.phase in (SPADES, WINDOW, RESPONSE):
            return None
        return self.not_allowed(action)

    def do_pass(self, action: Pass) -> Self:
        """Pass on the offer of this phase."""
        phase = self.f.phase
        if phase == SPADES:
            return self.answer_spades(action, False)
        if phase == WINDOW:
            return self.pass_window(action)
        return self.pass_response(action)

    # -- the fast listing ----------------------------------------------------------------

    #: Exactly the legal actions, listed fast ([`legal_of`][cardkit_tonk.listing.legal_of]: the
    #: contract suite compares it with the checks): a compiled function of the state in the
    #: compiled build, which the core calls with it.
    list_legal = legal_of

    def candidate_actions(self) -> list[Action]:
        """What the reference listing tries: every verb, and every spread, hit, bonus and
        discard of the cards held onto the spreads on the table, and the response plans."""
        f = self.f
        cards = [c.index for c in CardSet.from_mask(f.hands[f.seat])]
        out: list[Action] = [DRAW, TAKE, DROP, PASS, JOIN]
        for size in range(3, len(cards) + 1):
            for combo in combinations(cards, size):
                out.append(spread_action(sum(1 << i for i in combo)))
        ids = [s.id for s in f.table.spreads]
        for i in cards:
            out.extend(hit_action(i, sid) for sid in ids)
            out.extend((bonus_action(i), discard_action(i)))
        if f.phase == RESPONSE:
            out.extend(self.response_candidates())
        return out

    # -- results, views, zones ---------------------------------------------------------

    def main_payments(self) -> list[Payment]:
        """The transfers of the main hand (no side pot); empty until the hand is over."""
        end = self.ending
        if end is None:
            return []
        # firstresult: the one answer (a list), or None when none answers. The fast caller
        # (resolved once until plugins change), not pluggy's: a hand is ~5 decisions.
        payout = self.game.hooks.call("tonk_payout")
        found: list[Payment] | None = payout.first(None, ending=end, rules=self.rules)
        return default_payout(end, self.rules) if found is None else list(found)

    def spades_payments(self) -> list[Payment]:
        """The Spades side-pot transfers (empty when it is not played or refunded)."""
        x = self.f.extra
        if not x.spades_settled:
            return []
        return spades_payments(x.spades_joined, x.spades_winner, self.rules.side_stake)

    def final_result(self) -> GameResult:
        """How the hand ended: reason, winners, transfers (side pot included) and details.

        Raises:
            InvalidState: the hand is not over.
        """
        return tonk_result(self)

    def view_extra(self, seat: int | None) -> dict[str, Any]:
        """What a view shows besides the zones: phase, table, turn and ending."""
        return view_extra(self, seat)

    # The scalar entries of `view_extra` alone, the same values (what learning code reads), as
    # a tuple of values named by `view_scalar_names`; a compiled function, which
    # `GenericState` makes a method (`state.view_scalars(seat)`).
    view_scalars = view_scalars
    view_scalar_names = SCALAR_NAMES

    def snapshot(self) -> dict[str, Any]:
        """The full state (hidden cards included) as JSON-ready data: Tonk's save format."""
        return snapshot_of(self)
