"""Melds and combinations: n of a kind, runs, sequences, double sequences, deadwood.

Every kind is an immutable [`MeldKind`][cardkit.cards.melds.base.MeldKind] with a validator
([`validate`][cardkit.cards.melds.base.MeldKind.validate] says why not,
[`is_valid`][cardkit.cards.melds.base.MeldKind.is_valid] is the fast bool) and a finder
([`find`][cardkit.cards.melds.base.MeldKind.find]: every meld in a hand; for climbing games,
[`find_keyed`][cardkit.cards.melds.base.MeldKind.find_keyed]: the melds of one size ordered by
their highest card under a card order, see `cardkit.cards.keyspace`).
[`best_melds`][cardkit.cards.melds.deadwood.best_melds] splits a hand into melds and the least
deadwood.

Examples:
    >>> from cardkit import CardSet, CardValues
    >>> from cardkit.cards.melds import NOfAKind, Run, best_melds
    >>> hand = CardSet.parse("3S 4S 5S 9H 9D 9C KD")
    >>> Run().is_valid(CardSet.parse("3S 4S 5S"))
    True
    >>> best_melds(hand, [NOfAKind(3, 4), Run()], CardValues.pips()).deadwood_value
    10
"""

from __future__ import annotations

from cardkit.cards.keyspace import KeySpace
from cardkit.cards.melds.base import KeyedFinder, MeldKind, lay_off
from cardkit.cards.melds.check import MeldCheck
from cardkit.cards.melds.deadwood import (
    DEFAULT_CACHE_SIZE,
    MeldSolver,
    MeldSplit,
    best_melds,
    solver_for,
)
from cardkit.cards.melds.kinds import NOfAKind
from cardkit.cards.melds.runs import AceRole, Run
from cardkit.cards.melds.sequences import DoubleSequence, Sequence

__all__ = [
    "DEFAULT_CACHE_SIZE",
    "AceRole",
    "DoubleSequence",
    "KeySpace",
    "KeyedFinder",
    "MeldCheck",
    "MeldKind",
    "MeldSolver",
    "MeldSplit",
    "NOfAKind",
    "Run",
    "Sequence",
    "best_melds",
    "lay_off",
    "solver_for",
]
