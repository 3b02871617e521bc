"""The deal (rules spec section 3): 13 cards each, the first leader and instant wins.

[`TienLen.deal`][cardkit_tienlen.game.TienLen.deal] resolves the deal's
`Beating` from the hooks and starts the state on what `deal_fields` gives:
plain functions over the shuffled deck, so that the compiled build compiles
them (a deal is one in every 80 or so decisions of a random playout).
"""

from __future__ import annotations

from typing import Final

from cardkit import Card, Event, Setup
from cardkit_tienlen.beating import Beating
from cardkit_tienlen.combos import BIT_BY_INDEX, cards_of
from cardkit_tienlen.events import game_over_event
from cardkit_tienlen.fields import Config, Fields
from cardkit_tienlen.rules import InstantWin, PlayUntil, TienLenRules
from cardkit_tienlen.scoring import (
    INSTANT_WIN_LABELS,
    deal_points,
    finishing_order,
    instant_win_hand,
)

__all__ = ["HAND_SIZE", "deal_fields", "first_leader", "instant_win"]

#: Cards dealt to each player.
HAND_SIZE: Final = 13


def deal_fields(setup: Setup[TienLenRules], beating: Beating) -> tuple[Fields, list[Event]]:
    """The first fields and events of a deal: 13 cards each, one at a time from the top,
    starting left of the dealer; then the lead, or an instant win that ends the deal."""
    rules, n = setup.rules, setup.players
    cards: tuple[Card, ...] = setup.deck.cards
    bit = BIT_BY_INDEX
    hands = [0] * n
    first = setup.left_of_dealer
    dealt = HAND_SIZE * n
    for k in range(n):  # the k-th player from the dealer's left gets every n-th card
        hand = 0
        for i in range(k, dealt, n):
            hand |= bit[cards[i].index]
        hands[(first + k) % n] = hand
    undealt = 0
    for i in range(dealt, len(cards)):
        undealt |= bit[cards[i].index]
    pass_note = "(locked out until the pile is cleared)" if rules.pass_lock else ""
    cfg = Config(
        players=n,
        pass_lock=rules.pass_lock,
        bomb_overrides_pass=rules.bomb_overrides_pass,
        first_out=rules.play_until is PlayUntil.FIRST_OUT,
        beating=beating,
        points=rules.points_for(n),
        undealt=undealt,
        pass_events=tuple([(Event("pass", seat, note=pass_note),) for seat in range(n)]),
    )
    leader, required = first_leader(setup, hands)
    events = [Event("deal", setup.dealer, count=HAND_SIZE, note="to each player")]
    instant = instant_win(rules, hands, leader)
    hands_t = tuple(hands)
    if instant is not None:
        seat, kind = instant
        fields = Fields(hands_t, (), None, -1, 0, 0, None, 0, "instant_win", instant, 0, cfg)
        note = f"wins at once with {INSTANT_WIN_LABELS[kind]}:"
        data = {"hand": kind.value}
        events.append(Event("instant_win", seat, cards_of(hands[seat]), note=note, data=data))
        order, points = finishing_order(fields), deal_points(fields)
        events.append(game_over_event("instant_win", order, points))
    else:
        fields = Fields(hands_t, (), None, -1, 0, 0, leader, 0, None, None, required, cfg)
        if required:
            note = "(the first play of the match must include the lowest card)"
        elif setup.previous is not None:
            note = "(won the last deal)"
        else:
            note = ""
        events.append(Event("lead", leader, note=note))
    return fields, events


def first_leader(setup: Setup[TienLenRules], hands: list[int]) -> tuple[int, int]:
    """Who leads the deal, and the card (game mask) the first lead must hold, else 0.

    The first deal of a match: the holder of the lowest dealt card (3S with 4
    players), who must lead it when ``first_lead_requires_3s``; later deals:
    the winner of the previous one.
    """
    dealt = 0
    for h in hands:
        dealt |= h
    lowest = dealt & -dealt
    lowest_holder = 0
    for p in range(setup.players):
        if hands[p] & lowest:
            lowest_holder = p
            break
    previous = setup.previous
    if previous is None:
        return lowest_holder, lowest if setup.rules.first_lead_requires_3s else 0
    if previous.winners:
        return previous.winners[0], 0
    if previous.order:
        return previous.order[0], 0
    return lowest_holder, 0


def instant_win(
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
