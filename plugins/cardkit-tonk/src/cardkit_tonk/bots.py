"""A heuristic Tonk bot: spread and hit greedily, discard the highest deadwood, drop low.

It sees only its view and the legal actions. Its melds come from the core's
deadwood optimiser ([`cardkit.cards.melds.best_melds`][cardkit.cards.melds.deadwood.best_melds]),
counted with the usual values (A 1, pictures 10).
"""

from __future__ import annotations

import random
from typing import ClassVar, Final

from cardkit import Action, CardSet, CardValues, Turn
from cardkit.authoring import MeldSolver
from cardkit_tonk.actions import DRAW, DROP, JOIN, PASS, TAKE, Bonus, Discard, Hit, Respond, Spread
from cardkit_tonk.spreads import BOOK, RUN_EITHER, accepts_mask
from cardkit_tonk.views import TonkView

__all__ = ["HeuristicBot"]

_SOLVER: Final = MeldSolver((BOOK, RUN_EITHER), CardValues.pips())


class HeuristicBot:
    """Spreads and hits greedily, discards its highest deadwood, drops when its count is low.

    * Spades side pot: joins with a queen of spades or better.
    * Turn start: drops when its count is at most ``drop_at`` (and it may);
      takes the top discard when that card melds with its hand or extends a
      spread on the table; otherwise draws.
    * During its turn: lays the melds of its best split (fewest deadwood
      points), hits every card it can, then discards its highest-value
      deadwood card (ties: the card with the fewest neighbours in hand).
    * Double-double: responds whenever it can.

    Attributes:
        drop_at: the highest count it drops with.
    """

    name: ClassVar[str] = "heuristic"
    description: ClassVar[str] = (
        "Spreads and hits greedily, discards its highest deadwood, drops with a low count."
    )

    def __init__(self, rng: random.Random | None = None, *, drop_at: int = 10) -> None:
        """A heuristic bot; ``rng`` breaks no ties (it plays deterministically)."""
        self.drop_at = drop_at

    def choose(self, turn: Turn) -> Action:
        """Pick one of ``turn.legal``."""
        legal = turn.legal
        if len(legal) == 1:
            return legal[0]
        view = turn.view
        assert isinstance(view, TonkView)
        hand = view.hand.mask if view.hand is not None else 0
        phase = view.phase
        if phase == "spades":
            high = hand >> 39
            return JOIN if high >> 10 else PASS  # Q, K or A of spades
        if phase == "response":
            for action in legal:
                if isinstance(action, Respond):
                    return action
            return PASS
        count = view.count or 0
        if DROP in legal and count <= self.drop_at:
            return DROP
        if phase == "drop_window":
            return PASS
        if phase == "turn_start":
            top = view.discard_top
            if TAKE in legal and top is not None and self._wants(hand, top.bit, view):
                return TAKE
            return DRAW if DRAW in legal else legal[0]
        return self._play(hand, legal)

    @staticmethod
    def _wants(hand: int, bit: int, view: TonkView) -> bool:
        """Whether the top discard melds with the hand or extends a spread on the table."""
        melds, _ = _SOLVER.solve_mask(hand | bit)
        if any(m & bit for m in melds):
            return True
        for spread in view.spreads:
            mask = CardSet(spread.cards).mask
            book = spread.kind == "book"
            if accepts_mask(BOOK if book else RUN_EITHER, mask, book) & bit:
                return True
        return False

    @staticmethod
    def _play(hand: int, legal: tuple[Action, ...] | list[Action] | object) -> Action:
        assert isinstance(legal, tuple | list)
        melds, dead = _SOLVER.solve_mask(hand)
        wanted = set(melds)
        spreads = [a for a in legal if isinstance(a, Spread)]
        for spread in spreads:
            if spread.cards.mask in wanted:
                return spread
        hits = [a for a in legal if isinstance(a, Hit)]
        for hit in hits:
            if hit.card.bit & dead or not melds:
                return hit
        if hits and not dead:
            return hits[0]
        discards = [a for a in legal if isinstance(a, Discard | Bonus)]
        if not discards:
            if spreads:
                return spreads[0]
            first: Action = legal[0]
            return first
        values = _SOLVER.values.table

        def badness(action: Discard | Bonus) -> tuple[int, int, int]:
            card = action.card
            in_dead = 1 if card.bit & dead else 0
            rank_mates = (BOOK.meldable_mask(hand) & card.bit) != 0
            return (in_dead, values[card.index], -int(rank_mates))

        return max(discards, key=badness)
