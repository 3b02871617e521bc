"""Scoring: instant-win hands, placement points and the match target (rules spec, section 6).

>>> from cardkit_tienlen.combos import game_mask
>>> from cardkit import parse_cards
>>> hand = game_mask(parse_cards("3D 4S 5H 6C 7D 8S 9H TC JD QS KH AC 5C"))
>>> instant_win_hand(hand, frozenset(InstantWin))
<InstantWin.DRAGON: 'dragon'>
>>> placement_points((3, 2, 1), players=4, finished=(0, 2, 1))
[3, 1, 2, 0]
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from cardkit.authoring import GameResult
from cardkit_tienlen.fields import Fields
from cardkit_tienlen.rules import InstantWin, PlayUntil

__all__ = [
    "INSTANT_WIN_ORDER",
    "deal_points",
    "finishing_order",
    "instant_win_hand",
    "match_over",
    "placement_points",
    "result_for",
]

#: The order in which a hand is checked for instant wins (the first match is reported).
INSTANT_WIN_ORDER: Final = (
    InstantWin.FOUR_TWOS,
    InstantWin.DRAGON,
    InstantWin.SIX_PAIRS,
    InstantWin.FIVE_CONSECUTIVE_PAIRS,
)

# The hands as constants: compiled code reads a class attribute of an enum (as
# `InstantWin.DRAGON`) through the enum's metaclass, a Python-level lookup.
_FOUR_TWOS: Final = InstantWin.FOUR_TWOS
_DRAGON: Final = InstantWin.DRAGON
_SIX_PAIRS: Final = InstantWin.SIX_PAIRS
_ALL_PLACED: Final = PlayUntil.ALL_PLACED.value

#: What people call each instant-win hand.
INSTANT_WIN_LABELS: Final = {
    InstantWin.FOUR_TWOS: "four 2s",
    InstantWin.DRAGON: "dragon: 3 to A",
    InstantWin.SIX_PAIRS: "six pairs",
    InstantWin.FIVE_CONSECUTIVE_PAIRS: "five consecutive pairs",
}


#: The number of cards in each nibble (one rank's four suits): a table, as compiled code
#: calls `int.bit_count` as a Python method.
_NIBBLE_CARDS: Final = tuple(nibble.bit_count() for nibble in range(16))


def _nibbles(hand: int) -> list[int]:
    return [_NIBBLE_CARDS[(hand >> (4 * pos)) & 15] for pos in range(13)]


def instant_win_hand(hand: int, enabled: Collection[InstantWin]) -> InstantWin | None:
    """The first enabled instant-win hand that ``hand`` (a game mask) holds, if any.

    ``four_twos``: all four 2s. ``dragon``: a card of each rank 3 … A.
    ``six_pairs``: six disjoint pairs (a four of a kind is two pairs, a triple
    one). ``five_consecutive_pairs``: two cards of each of five consecutive
    ranks inside 3 … A.
    """
    if not enabled:
        return None
    counts = _nibbles(hand)
    for kind in INSTANT_WIN_ORDER:
        if kind not in enabled:
            continue
        if kind is _FOUR_TWOS:
            ok = counts[12] == 4
        elif kind is _DRAGON:
            ok = all(counts[pos] for pos in range(12))
        elif kind is _SIX_PAIRS:
            ok = sum(n // 2 for n in counts) >= 6
        else:
            run = best = 0
            for pos in range(12):
                run = run + 1 if counts[pos] >= 2 else 0
                best = max(best, run)
            ok = best >= 5
        if ok:
            return kind
    return None


def placement_points(points: Sequence[int], players: int, finished: Sequence[int]) -> list[int]:
    """Each seat's points: the ``i``-th player to finish scores ``points[i]``, others 0."""
    out = [0] * players
    for place, seat in enumerate(finished):
        if place < len(points):
            out[seat] = points[place]
    return out


def match_over(totals: Sequence[int], target: int) -> bool:
    """Whether a match is over: a total has reached ``target`` and one player leads alone."""
    if not totals:
        return False
    top = max(totals)
    return top >= target and list(totals).count(top) == 1


def deal_points(f: Fields) -> list[int]:
    """This deal's points by seat so far (the placements decided, or the instant win)."""
    cfg = f.cfg
    if f.instant is not None:
        return placement_points(cfg.points, cfg.players, [f.instant[0]])
    return placement_points(cfg.points, cfg.players, f.finished)


def finishing_order(f: Fields) -> list[int]:
    """The finishing order of a finished deal: the seats placed, then (all placed) those left
    in seat order; after an instant win, its winner alone."""
    order = list(f.finished)
    if f.over == _ALL_PLACED:
        order += [p for p in range(f.cfg.players) if f.hands[p]]
    elif f.instant is not None:
        order = [f.instant[0]]
    return order


def result_for(f: Fields, actions: int) -> GameResult:
    """The result of a finished deal with fields `f`, after `actions` actions."""
    assert f.over is not None
    order = finishing_order(f)
    details: dict[str, object] = {"cards_left": [h.bit_count() for h in f.hands]}
    if f.instant is not None:
        details["instant_win"] = {"seat": f.instant[0], "hand": str(f.instant[1])}
    return GameResult(
        reason=f.over,
        players=f.cfg.players,
        order=order,
        winners=order[:1],
        losers=order[-1:] if f.over == _ALL_PLACED else [],
        points=deal_points(f),
        actions=actions,
        details=details,
    )
