"""Zone values computed once per field object, so fast readers can tell a zone did not change.

A state shares the fields its move did not change with the state before. A
zone whose cards are computed from a field (`Zone(cards=...)`: Palace's
face-down rows from its deck positions, a stock sliced from the deck) gives a
new object on every call unless its computation is kept by that field
object; with [kept][cardkit.engine.zonecache.kept] it gives the same object
again, and a reader that keeps what it worked out from a zone's last value
(the RL observation, [cardkit.rl][]) finds it again with one identity check.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from cardkit.cards.card import Card

__all__ = ["deck_from", "kept", "kept_by"]

_T = TypeVar("_T")

#: At most this many field objects keep their computed value (then the memo starts over).
KEPT_LIMIT = 512

#: (id(source), id(compute)) -> (source, compute, compute(source)): the source and the
#: function are held, so their ids are never reused.
_KEPT: dict[tuple[int, int], tuple[Any, Any, Any]] = {}


def kept(source: Any, compute: Callable[[Any], _T]) -> _T:
    """`compute(source)`, and the same result object again for the same `source` object
    and the same `compute` function (two functions of one field keep a result each).

    `source` must be immutable (a field of a state), and `compute` a pure
    function of it: the result is reused, never recomputed, while the memo
    holds it.
    """
    key = (id(source), id(compute))
    found = _KEPT.get(key)
    if found is None or found[0] is not source or found[1] is not compute:
        if len(_KEPT) >= KEPT_LIMIT:
            _KEPT.clear()
        found = _KEPT[key] = (source, compute, compute(source))
    result: _T = found[2]
    return result


def kept_by(compute: Callable[[Any], _T]) -> Callable[[Any], _T]:
    """`lambda source: kept(source, compute)` that also holds its last source and result:
    a field read again and again (the successors of a state share it) is found by one
    identity check, without the memo's key."""
    last: list[tuple[Any, Any]] = [(_NOTHING, None)]

    def read(source: Any) -> _T:
        found = last[0]
        if found[0] is source:
            same: _T = found[1]
            return same
        result = kept(source, compute)
        last[0] = (source, result)  # one tuple, replaced whole: its source and result match
        return result

    return read


#: What no source is (the first read of a `kept_by` function misses).
_NOTHING = object()


def _slices(cards: Any) -> dict[int, tuple[Card, ...]]:
    return {}


def deck_from(deck: tuple[Card, ...], at: int) -> tuple[Card, ...]:
    """The cards of `deck` from position `at` on: one tuple per deck object and position
    (a stock kept as a position in the dealt deck)."""
    slices = kept(deck, _slices)
    found = slices.get(at)
    if found is None:
        found = slices[at] = deck[at:]
    return found
