"""The Tiến lên game: the deal, the state machine of rules spec section 4, views and results.

>>> import cardkit
>>> game = cardkit.load_game("thirteen")
>>> state = game.start(players=4, seed=7)
>>> state.to_act, str(state.legal_actions()[0])
(0, 'play 3S')
>>> state = state.apply("play 3S")
>>> [c.code for c in state.view(1).current]
['3S']
"""

from __future__ import annotations

from typing import ClassVar

from cardkit import Game, Setup
from cardkit.authoring import CardOrder, KeyedActionSpace, MatchPolicy, Players
from cardkit_tienlen.actionspace import ACTION_SPACE
from cardkit_tienlen.beating import Beating, build_beating
from cardkit_tienlen.combos import CARD_ORDER
from cardkit_tienlen.dealing import HAND_SIZE, deal_fields
from cardkit_tienlen.rules import TienLenRules
from cardkit_tienlen.scoring import match_over
from cardkit_tienlen.state import TienLenState
from cardkit_tienlen.views import TienLenView, narrate

__all__ = ["HAND_SIZE", "TienLen", "TienLenState", "TienLenView", "narrate"]


class TienLenMatch(MatchPolicy[TienLenRules]):
    """Tiến lên's matches: played to ``target_points``, won by one player alone."""

    def over(self, rules: TienLenRules, totals: list[int], deals: int) -> bool:
        """Over once a total reaches ``target_points`` and one player leads alone."""
        return match_over(totals, rules.target_points)

    def winners(self, rules: TienLenRules, totals: list[int]) -> list[int]:
        """The player with the highest total (ties at the top play on, so there is one)."""
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]


class TienLen(Game[TienLenRules, TienLenState]):
    """Tiến lên (Vietnamese Thirteen): a climbing game for 2-4 players, 13 cards each."""

    name: ClassVar[str] = "tienlen"
    title: ClassVar[str] = "Tiến lên"
    summary: ClassVar[str] = (
        "Vietnamese Thirteen: beat the last combination or pass; 2s are high, bombs beat them."
    )
    players: ClassVar[Players] = Players(2, 4)
    match: ClassVar[MatchPolicy[TienLenRules]] = TienLenMatch()
    rules_model: ClassVar[type[TienLenRules]] = TienLenRules
    hand_order: ClassVar[CardOrder] = CARD_ORDER

    def beating(self, rules: TienLenRules) -> Beating:
        """What beats what under ``rules``, from the hooks as registered now.

        Resolved from Tiến lên's hooks (`cardkit_tienlen.hookspecs`) by the
        core's hook cache ([`Game.hooks`][cardkit.engine.game.Game.hooks]), once per
        rules until plugins are registered or removed, so a plugin registered
        or removed takes effect at the next deal.
        """
        hooks = self.hooks
        return hooks.resolved(
            ("tienlen.beating", rules),
            lambda: build_beating(
                rules,
                hooks.call("tienlen_beats"),
                hooks.call("tienlen_combination"),
                hooks.call("tienlen_add_combinations"),
            ),
        )

    def action_space(self, rules: TienLenRules, players: int) -> KeyedActionSpace:
        """The abstract action space: 898 ids (see `cardkit_tienlen.actionspace`)."""
        return ACTION_SPACE

    def deal(self, setup: Setup[TienLenRules]) -> TienLenState:
        """Deal 13 cards each, one at a time from the top, starting left of the dealer
        ([`deal_fields`][cardkit_tienlen.dealing.deal_fields])."""
        fields, events = deal_fields(setup, self.beating(setup.rules))
        return TienLenState.first(self, setup, fields, events)
