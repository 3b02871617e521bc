"""The constants of a Tonk hand: rule flags as plain values, the card values and the solver.

A [`Config`][cardkit_tonk.config.Config] is built once per rules and number
of players (and cached by the game, see
[`TonkGame.config`][cardkit_tonk.game.TonkGame.config]); every state of a
hand shares it, in its fields.
"""

from __future__ import annotations

from typing import Final

from cardkit import Card, CardValues, Event, Rank
from cardkit.authoring import MeldSolver, Run, solver_for
from cardkit_tonk.events import card_events, deal_events, draw_events
from cardkit_tonk.rules import TonkRules
from cardkit_tonk.spreads import BOOK, TableSpread, accepts_mask, run_kind

__all__ = ["NO_LIMIT", "Config", "default_card_values"]

#: The hit limit when ``max_hits_per_turn`` is not set.
NO_LIMIT: Final = 1 << 30


def default_card_values(rules: TonkRules) -> CardValues:
    """The built-in card values: A = 1, 2-10 face value, J Q K 10 (or 11, 12, 13)."""
    if rules.picture_values == "jqk_11_12_13":
        values = {r: int(r) for r in Rank if r <= Rank.TEN}
        values |= {Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13, Rank.ACE: 1}
        return CardValues(values)
    return CardValues.pips(ace=1, pictures=10)


def _by_card(kind: str, seat: int) -> tuple[tuple[Event, ...], ...]:
    """The events of `seat` moving each card in the open, by card index."""
    return tuple(card_events(kind, seat, card) for card in Card._by_index[:52])


class Config:
    """The constants of one hand: rule flags, the card values and the meld solver.

    Attributes are plain values read on the hot path; see `TonkRules` for
    the options they come from.
    """

    __slots__ = (
        "anytime",
        "deal_check",
        "deals",
        "dealt",
        "discards",
        "draws",
        "drop_max",
        "forbid_taken",
        "lock",
        "max_hits",
        "must_use",
        "no_locks",
        "per_hit",
        "plain_start",
        "players",
        "rules",
        "run",
        "runs_only",
        "solver",
        "taken_rules",
        "takes",
        "upcard",
        "upcard_deals",
        "values",
        "when_needed",
    )

    def __init__(self, rules: TonkRules, players: int, values: CardValues) -> None:
        """The constants of a hand of `players` under `rules`, counting cards by `values`."""
        self.rules = rules
        self.players = players
        self.dealt = rules.cards_dealt(players)
        self.anytime = rules.drop_timing == "anytime"
        self.lock = rules.hit_lock_turns
        self.per_hit = rules.hit_bonus_discard == "per_hit"
        self.runs_only = rules.hit_runs_only
        self.run: Run = run_kind(rules.ace_in_runs)
        self.when_needed = rules.stock_end == "when_draw_needed"
        self.must_use = rules.take_discard_must_use
        self.max_hits = NO_LIMIT if rules.max_hits_per_turn is None else rules.max_hits_per_turn
        self.forbid_taken = rules.forbid_discard_of_taken_card
        self.drop_max = rules.drop_max_count
        self.deal_check = (
            rules.deal_high_win != "off"
            or rules.deal_13_or_less_double
            or rules.deal_9_or_less_triple
        )
        self.values = values
        self.solver: MeldSolver = solver_for((BOOK, self.run), values)
        self.no_locks = (0,) * players
        self.taken_rules = self.must_use or self.forbid_taken
        self.plain_start = not (rules.spades_side_pot or self.deal_check or self.anytime)
        # The events of the deal and of the commonest moves, by seat (and card index): looked
        # up, not built.
        self.upcard = rules.dealer_upcard
        self.deals = tuple(deal_events(seat, self.dealt, None) for seat in range(players))
        self.upcard_deals = tuple(
            tuple(deal_events(seat, self.dealt, card) for card in Card._by_index[:52])
            for seat in range(players)
        )
        self.draws = tuple(draw_events(seat) for seat in range(players))
        self.takes = tuple(_by_card("take", seat) for seat in range(players))
        self.discards = tuple(_by_card("discard", seat) for seat in range(players))

    def count(self, mask: int) -> int:
        """The count of the cards of ``mask``."""
        return self.solver.value_mask(mask)

    def new_spread(self, sid: int, owner: int, mask: int) -> TableSpread:
        """A spread laid from the cards of ``mask`` (a valid book or run)."""
        book = BOOK.is_valid_mask(mask)
        if book and self.runs_only:
            return TableSpread(sid, owner, True, mask, 0)
        return TableSpread(
            sid, owner, book, mask, accepts_mask(BOOK if book else self.run, mask, book)
        )
