"""Choosing the best disjoint melds among overlapping candidates (private).

The last step of [`MeldSolver`][cardkit.cards.melds.deadwood.MeldSolver]: a few contested
candidates are settled by trying every packing, many by a memoised search over the
cards left. A candidate's weight is its value times 64 plus its number of cards, so the
melded value counts first, then the number of melded cards.
"""

from __future__ import annotations

from collections.abc import Callable


def enumerate_best(candidates: list[int], value: Callable[[int], int]) -> set[int]:
    """The best disjoint choice among a few ``candidates``, by trying every packing.

    Each packing is visited once; the first best one found is kept. ``value`` is the
    value of a mask of cards.
    """
    # maximise the melded value first, then the number of melded cards
    weights = [value(m) * 64 + m.bit_count() for m in candidates]
    n = len(candidates)
    if n == 2 and candidates[0] & candidates[1]:  # one or the other
        pick = 0 if weights[0] >= weights[1] else 1
        return {candidates[pick]} if weights[pick] > 0 else set()
    a, b, c = candidates if n == 3 else (0, 0, 0)
    if a & b or a & c or b & c:  # three, two of which overlap: at most two are taken
        wa, wb, wc = weights
        options: list[tuple[int, tuple[int, ...]]] = [(wa, (a,)), (wb, (b,)), (wc, (c,))]
        if not a & b:
            options.append((wa + wb, (a, b)))
        if not a & c:
            options.append((wa + wc, (a, c)))
        if not b & c:
            options.append((wb + wc, (b, c)))
        top, picked = options[0]
        for w, ms in options[1:]:
            if w > top:
                top, picked = w, ms
        return set(picked) if top > 0 else set()
    best = 0
    best_set = 0
    stack = [(0, 0, 0, 0)]
    pop = stack.pop
    push = stack.append
    while stack:
        k, used, total, chosen = pop()
        if total > best:
            best = total
            best_set = chosen
        for j in range(k, n):
            m = candidates[j]
            if not m & used:
                push((j + 1, used | m, total + weights[j], chosen | (1 << j)))
    return {candidates[j] for j in range(n) if best_set >> j & 1}


def search_best(candidates: list[int], value: Callable[[int], int], bounded: bool) -> set[int]:
    """The best disjoint choice among ``candidates``, for many candidates.

    A memoised search: the lowest card left is either in one of the
    candidates whose lowest card it is (heaviest first) or deadwood; a
    subproblem is the mask of the cards left. With non-negative values (``bounded``) a
    branch stops as soon as it melds every card left, and the deadwood
    branch is skipped when it cannot do better.

    Exact, but exponential in the worst case: hands of 20 or more cards
    with thousands of overlapping candidates (say, sequences in any suits
    over a few neighbouring ranks) can take seconds.
    """
    # cards left -> (next cards left, meld taken or 0), along the best choice
    choice: dict[int, tuple[int, int]] = {}
    best = _best_function(_by_lowest_card(candidates, value), value, bounded, choice)
    cards = 0
    for m in candidates:
        cards |= m
    best(cards)
    chosen: set[int] = set()
    step = choice.get(cards)
    while step is not None:
        rem, meld = step
        if meld:
            chosen.add(meld)
        step = choice.get(rem)
    return chosen


def _by_lowest_card(
    candidates: list[int], value: Callable[[int], int]
) -> dict[int, list[tuple[int, int]]]:
    """The candidates and their weights by their lowest card, heaviest first."""
    by_low: dict[int, list[tuple[int, int]]] = {}
    for m in candidates:
        # maximise the melded value first, then the number of melded cards
        by_low.setdefault(m & -m, []).append((m, value(m) * 64 + m.bit_count()))
    for options in by_low.values():  # heavy melds first: good scores early
        options.sort(key=lambda o: -o[1])
    return by_low


def _best_function(
    by_low: dict[int, list[tuple[int, int]]],
    value: Callable[[int], int],
    bounded: bool,
    choice: dict[int, tuple[int, int]],
) -> Callable[[int], int]:
    """The memoised ``best(cards left) -> best weight``; it records in ``choice``, for each
    subproblem, the next subproblem and the meld taken (or 0) along the best choice.

    With ``bounded`` (non-negative values), no split of some cards beats melding them all.
    """
    memo: dict[int, int] = {}
    get = by_low.get

    def best(rem: int) -> int:
        found = memo.get(rem)
        if found is not None:
            return found
        key = rem
        while True:  # skip the cards that start no meld that fits
            low = rem & -rem
            options = get(low)
            if options is not None:
                fits = [o for o in options if o[0] & rem == o[0]]
                if fits:
                    break
            rem ^= low
            if not rem:
                memo[key] = 0
                return 0
        ceiling = value(rem) * 64 + rem.bit_count() if bounded else None
        score = nxt = taken = 0
        first = True
        for m, w in fits:
            after = rem ^ m
            s = w + best(after) if after else w
            if first or s > score:
                score, nxt, taken, first = s, after, m, False
                if s == ceiling:
                    break
        if ceiling is None or score < ceiling - value(low) * 64 - 1:
            after = rem ^ low  # the lowest card is deadwood
            s = best(after) if after else 0
            if s > score or score <= 0:  # (a split worth nothing records no choice)
                score, nxt, taken = s, after, 0
        memo[key] = score
        if score > 0:
            choice[key] = (nxt, taken)
        return score

    return best
