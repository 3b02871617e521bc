"""A heuristic Palace bot.

It decides from the legal actions alone (they name every card it may play or
swap), and looks at its view only to choose between a 2 and a 10:

- **exchange:** swap its strongest visible cards face up (10, 2, A, K, ...),
  then ``ready``;
- **turn:** play the lowest legal ordinary rank, all its copies at once;
  keep 2s and 10s until nothing else is legal, then a 10 on a big pile and
  a 2 otherwise, one at a time; pick up only when it must; flip the first
  face-down card;
- **windows:** always add the drawn matches and always complete a four of a
  kind (both burn or shed cards for free);
- **no cycles:** with probability 1/32 (from the turn's seeded generator) it
  plays a random legal play instead. Deterministic bots can lock into a
  cycle under some options (with ``seven_rule``, a 7 led on an empty pile,
  picked up, led again...); the small random choice breaks every such
  cycle, so games between heuristic bots always end.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from cardkit import Action, Turn
from cardkit_palace.actions import (
    DECLINE,
    PICKUP,
    READY,
    Add,
    Complete,
    Flip,
    Play,
    Swap,
)

__all__ = ["PalaceBot", "card_strength"]

#: A pile at least this big is burned with a 10 rather than reset with a 2.
BIG_PILE = 5
#: The probability of a random legal play instead of the heuristic one.
EXPLORE = 1 / 32


def card_strength(rank: int) -> int:
    """How much a card of ``rank`` is worth keeping for later: 10 > 2 > A > K > ... > 3."""
    if rank == 10:
        return 16
    if rank == 2:
        return 15
    return rank


class PalaceBot:
    """Plays the lowest legal rank, keeps 2s and 10s, puts strong cards face up."""

    name: ClassVar[str] = "heuristic"
    description: ClassVar[str] = (
        "Plays its lowest legal rank (all copies), keeps 2s and 10s for when nothing "
        "else is legal, puts its strongest cards face up."
    )

    def __init__(self, rng: random.Random | None = None) -> None:
        """A heuristic bot; its rare random plays draw from each turn's ``rng``."""

    def choose(self, turn: Turn) -> Action:
        """Pick one of ``turn.legal``."""
        legal = turn.legal
        first = legal[0]
        if isinstance(first, Swap) or first is READY:
            return self._exchange(legal)
        if isinstance(first, Add):
            return max(legal, key=lambda a: len(a.cards) if isinstance(a, Add) else 0)
        if isinstance(first, Complete):
            return first
        if isinstance(first, Flip):
            return first
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            if PICKUP in legal:
                return PICKUP
            return DECLINE if DECLINE in legal else first
        if turn.rng.random() < EXPLORE:
            return plays[turn.rng.randrange(len(plays))]
        ordinary = [a for a in plays if a.rank not in (2, 10)]
        if ordinary:
            low = min(a.rank for a in ordinary)
            return max((a for a in ordinary if a.rank == low), key=lambda a: len(a.cards))
        tens = [a for a in plays if a.rank == 10]
        twos = [a for a in plays if a.rank == 2]
        if tens and twos:
            pile = getattr(turn.view, "pile", [])
            chosen = tens if len(pile) >= BIG_PILE else twos
        else:
            chosen = tens or twos
        return min(chosen, key=lambda a: len(a.cards))

    @staticmethod
    def _exchange(legal: Sequence[Action]) -> Action:
        swaps = [a for a in legal if isinstance(a, Swap)]
        if not swaps:
            return READY
        weakest_up = min(
            {a.up_card for a in swaps}, key=lambda c: (card_strength(c.rank or 0), c.index)
        )
        strongest_hand = max(
            {a.hand_card for a in swaps}, key=lambda c: (card_strength(c.rank or 0), -c.index)
        )
        if card_strength(strongest_hand.rank or 0) > card_strength(weakest_up.rank or 0):
            return Swap.of(strongest_hand, weakest_up)
        return READY
