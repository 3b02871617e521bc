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

from typing import ClassVar, Final

from cardkit import Event, Game, Setup
from cardkit.authoring import CardOrder, KeyedActionSpace, MatchPolicy, Players
from cardkit_tienlen.actionspace import ACTION_SPACE
from cardkit_tienlen.beating import Beating, build_beating
from cardkit_tienlen.combos import BIT_BY_INDEX, CARD_ORDER, cards_of
from cardkit_tienlen.fields import Config, Fields
from cardkit_tienlen.rules import InstantWin, PlayUntil, TienLenRules
from cardkit_tienlen.scoring import (
    INSTANT_WIN_LABELS,
    instant_win_hand,
    match_over,
    result_for,
)
from cardkit_tienlen.state import TienLenState
from cardkit_tienlen.views import TienLenView, game_over_event, narrate

__all__ = ["HAND_SIZE", "TienLen", "TienLenState", "TienLenView", "narrate"]

#: Cards dealt to each player.
HAND_SIZE: Final = 13


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
        """Deal 13 cards each, one at a time from the top, starting left of the dealer."""
        rules, n = setup.rules, setup.players
        cards = setup.deck.cards
        bit = BIT_BY_INDEX
        hands = [0] * n
        first = (setup.dealer + 1) % n
        for i in range(HAND_SIZE * n):
            hands[(first + i) % n] |= bit[cards[i].index]
        undealt = 0
        for card in cards[HAND_SIZE * n :]:
            undealt |= bit[card.index]
        pass_note = "(locked out until the pile is cleared)" if rules.pass_lock else ""
        cfg = Config(
            players=n,
            pass_lock=rules.pass_lock,
            bomb_overrides_pass=rules.bomb_overrides_pass,
            first_out=rules.play_until is PlayUntil.FIRST_OUT,
            beating=self.beating(rules),
            points=rules.points_for(n),
            undealt=undealt,
            pass_events=tuple((Event("pass", seat, note=pass_note),) for seat in range(n)),
        )
        leader, required = _first_leader(setup, hands)
        events = [Event("deal", setup.dealer, count=HAND_SIZE, note="to each player")]
        instant = _instant_win(rules, hands, leader)
        hands_t = tuple(hands)
        if instant is not None:
            seat, kind = instant
            fields = Fields(hands_t, (), None, -1, 0, 0, None, 0, "instant_win", instant, 0, cfg)
            note = f"wins at once with {INSTANT_WIN_LABELS[kind]}:"
            data = {"hand": kind.value}
            events.append(Event("instant_win", seat, cards_of(hands[seat]), note=note, data=data))
            events.append(game_over_event(result_for(fields, 0)))
        else:
            fields = Fields(hands_t, (), None, -1, 0, 0, leader, 0, None, None, required, cfg)
            if required:
                note = "(the first play of the match must include the lowest card)"
            elif setup.previous is not None:
                note = "(won the last deal)"
            else:
                note = ""
            events.append(Event("lead", leader, note=note))
        return TienLenState.first(self, setup, fields, events)


def _first_leader(setup: Setup[TienLenRules], hands: list[int]) -> tuple[int, int]:
    """Who leads the deal, and the card (game mask) the first lead must hold, else 0.

    The first deal of a match: the holder of the lowest dealt card (3S with 4
    players), who must lead it when ``first_lead_requires_3s``; later deals:
    the winner of the previous one.
    """
    dealt = 0
    for h in hands:
        dealt |= h
    lowest = dealt & -dealt
    lowest_holder = next(p for p in range(setup.players) if hands[p] & lowest)
    previous = setup.previous
    if previous is None:
        return lowest_holder, lowest if setup.rules.first_lead_requires_3s else 0
    if previous.winners:
        return previous.winners[0], 0
    if previous.order:
        return previous.order[0], 0
    return lowest_holder, 0


def _instant_win(
    rules: TienLenRules, hands: list[int], leader: int
) -> tuple[int, InstantWin] | None:
    """The first seat from the leader on holding an enabled instant-win hand, and the hand."""
    if not rules.instant_wins:
        return None
    n = len(hands)
    for i in range(n):
        p = (leader + i) % n
        kind = instant_win_hand(hands[p], rules.instant_wins)
        if kind is not None:
            return p, kind
    return None
