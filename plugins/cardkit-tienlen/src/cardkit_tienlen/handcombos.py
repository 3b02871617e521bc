"""Every combination inside a hand, listed with the core's finders and cached per hand.

The enumeration is the core's: each meld kind lists its melds of one size in the key space
of `CARD_ORDER` (that is, on game masks), ascending, so sorted by key. This module only wraps
them into `Play` objects, groups them by type and length so that "what beats the current
combination" is one bisection, and caches them per hand.

>>> from cardkit_tienlen.combos import game_mask
>>> from cardkit import parse_cards
>>> [str(p) for p in hand_combos(game_mask(parse_cards("3S 3H 4D"))).all()]
['play 3S', 'play 3H', 'play 3S 3H', 'play 4D']
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from cardkit.authoring import NOfAKind
from cardkit_tienlen.combos import (
    _DOUBLE_SEQUENCE,
    _SEQUENCE,
    _TWOS_SHIFT,
    SPACE,
    BeatRules,
    Kind,
    Play,
    _make,
    _tuple_new,
    bomb_class,
)

__all__ = ["SINGLES", "HandCombos", "hand_combos", "hand_combos_after"]

_FIND_OF_A_KIND: Final = NOfAKind(1, 4).keyed_function(SPACE)
_FIND_SEQUENCES: Final = _SEQUENCE.keyed_function(SPACE)
_FIND_DOUBLE_SEQUENCES: Final = _DOUBLE_SEQUENCE.keyed_function(SPACE)
_ALL_OF_A_KIND: Final = NOfAKind(1, 4).keyed_all_function(SPACE)
_ALL_CHAINS: Final = (
    (Kind.SEQUENCE, _SEQUENCE.keyed_all_function(SPACE)),
    (Kind.DOUBLE_SEQUENCE, _DOUBLE_SEQUENCE.keyed_all_function(SPACE)),
)
_ALL_CARDS: Final = (1 << 52) - 1

#: The single, pair, triple or four of every set of cards of one rank (shared play objects).
_OF_A_KIND: Final[dict[int, Play]] = {
    m: _make(m, size, size, m.bit_length() - 1)
    for size in (1, 2, 3, 4)
    for m in _FIND_OF_A_KIND(_ALL_CARDS, size, -1)
}
_OF_A_KIND_GET: Final = _OF_A_KIND.__getitem__
#: The single of each game key (shared play objects).
SINGLES: Final[tuple[Play, ...]] = tuple(_OF_A_KIND[1 << k] for k in range(52))

_Group = list[Play]
_EMPTY: Final[_Group] = []
_BY_KEY: Final = itemgetter(3)


class HandCombos:
    """Every combination inside one hand, grouped by (type, length) and sorted by key.

    The combinations come from the core's finders ([`cardkit.cards.melds`][cardkit.cards.melds],
    in the key space of `CARD_ORDER`). Build it with `hand_combos`
    (cached per hand). Groups are listed lazily, the first time they are
    needed: a player following a single never pays for listing their
    sequences.

    Attributes:
        bits: the hand, as a game mask.
    """

    __slots__ = ("_all", "_groups", "_parent", "bits")

    def __init__(self, bits: int, parent: HandCombos | None = None) -> None:
        """Prepare to list the combinations inside the hand ``bits`` (a game mask).

        With ``parent``, the combinations of a hand holding every card of
        ``bits``, those already listed there are filtered instead of found
        again: a combination of a hand is one of a larger hand that uses
        none of the other cards, and filtering keeps the order.
        """
        self.bits = bits
        self._groups: dict[int, _Group] = {}
        self._all: tuple[Play, ...] | None = None
        self._parent = parent

    def _listed(self, gid: int) -> tuple[int, Sequence[Play]] | None:
        """The nearest larger hand's group ``gid`` (0: every combination), and its cards."""
        parent = self._parent
        while parent is not None:
            found = parent._groups.get(gid) if gid else parent._all
            if found is not None:
                return parent.bits, found
            parent = parent._parent
        return None

    def group(self, kind: int, size: int) -> _Group:
        """The combinations of one type and length, lowest key first."""
        gid = kind << 5 | size
        found = self._groups.get(gid)
        if found is None:
            bits = self.bits
            listed = self._listed(gid) if self._parent is not None else None
            if listed is not None:
                gone = listed[0] & ~bits
                found = [p for p in listed[1] if not p[0] & gone]
            elif kind <= Kind.QUAD:
                found = (
                    list(map(_OF_A_KIND_GET, _FIND_OF_A_KIND(bits, size, -1)))
                    if kind == size
                    else _EMPTY
                )
            elif kind == Kind.SEQUENCE or kind == Kind.DOUBLE_SEQUENCE:
                find = _FIND_SEQUENCES if kind == Kind.SEQUENCE else _FIND_DOUBLE_SEQUENCES
                new = _tuple_new
                found = [
                    new(Play, (m, kind, size, m.bit_length() - 1)) for m in find(bits, size, -1)
                ]
            else:
                found = _EMPTY
            self._groups[gid] = found
        return found

    def all(self) -> tuple[Play, ...]:
        """Every combination: rank by rank from the lowest, its singles, pairs, triples and
        four; then sequences and double sequences by length, lowest key first."""
        found = self._all
        if found is not None:
            return found
        bits = self.bits
        listed = self._listed(0) if self._parent is not None else None
        if listed is not None:
            gone = listed[0] & ~bits
            found = self._all = tuple([p for p in listed[1] if not p[0] & gone])
            return found
        out = list(map(_OF_A_KIND_GET, _ALL_OF_A_KIND(bits)))
        new = _tuple_new
        for kind, find in _ALL_CHAINS:
            masks = find(bits)
            if masks:
                out += [new(Play, (m, kind, m.bit_count(), m.bit_length() - 1)) for m in masks]
        found = self._all = tuple(out)
        return found

    def bombs(self, *, min_pairs: int, quads: bool) -> list[Play]:
        """The fours of a kind (if ``quads``) and the double sequences of ``min_pairs``+ pairs."""
        out: list[Play] = list(self.group(Kind.QUAD, 4)) if quads else []
        for pairs in range(min_pairs, 13):
            plays = self.group(Kind.DOUBLE_SEQUENCE, 2 * pairs)
            if not plays:
                break
            out.extend(plays)
        return out

    def beating(self, current: Play, rules: BeatRules, *, bombs_only: bool = False) -> list[Play]:
        """Every combination of this hand that beats ``current``, lowest first within a type.

        With ``bombs_only`` (a locked player offered a turn on 2s), only the
        bombs among them.
        """
        ck = current.kind
        out: list[Play]
        if bombs_only and not current.is_bomb:
            out = []
        elif ck == Kind.SINGLE:
            single = SINGLES
            out = []
            m = self.bits & -(2 << current.key)
            while m:
                low = m & -m
                out.append(single[low.bit_length() - 1])
                m ^= low
        else:
            plays = self.group(ck, current.size)
            out = plays[bisect_right(plays, current.key, key=_BY_KEY) :] if plays else []
        if ck <= Kind.TRIPLE and current.key >= _TWOS_SHIFT:
            if ck == Kind.SINGLE:
                out.extend(self.bombs(min_pairs=3, quads=True))
            elif ck == Kind.PAIR:
                out.extend(self.bombs(min_pairs=4, quads=rules.quad_beats_pair_of_twos))
            else:
                out.extend(self.bombs(min_pairs=5, quads=False))
        elif rules.bomb_ladder and (ck == Kind.QUAD or ck == Kind.DOUBLE_SEQUENCE):
            theirs = bomb_class(current)
            # classes: 3 pairs 0, four of a kind 1, 4 pairs 2, 5 pairs 3, 6 pairs 4
            out.extend(self.bombs(min_pairs=max(4, theirs + 3), quads=theirs == 0))
        return out


_CACHE: dict[int, HandCombos] = {}
_CACHE_LIMIT: Final = 128


def hand_combos_after(before: int, after: int) -> None:
    """Note that the hand ``after`` is the hand ``before`` less a play: when the
    combinations of ``before`` are cached, those of ``after`` are filtered from them."""
    parent = _CACHE.get(before)
    if parent is not None and after and after not in _CACHE:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[after] = HandCombos(after, parent)


def hand_combos(bits: int) -> HandCombos:
    """The combinations of the hand ``bits`` (a game mask), cached per hand."""
    found = _CACHE.get(bits)
    if found is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        found = _CACHE[bits] = HandCombos(bits)
    return found
