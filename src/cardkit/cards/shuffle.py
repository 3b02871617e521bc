"""The Fisher-Yates shuffle of `random.shuffle`, as a plain loop that mypyc compiles.

[`Deck.shuffled`][cardkit.cards.deck.Deck.shuffled] and
[`Deck.seeded`][cardkit.cards.deck.Deck.seeded] shuffle through it: the same order as
``random.shuffle`` with the same generator, for every deal of every game.
"""

from __future__ import annotations

from collections.abc import Callable

from cardkit.cards.card import Card

__all__ = ["fisher_yates"]

#: Per deck size, the (index, bound, bits) of each step (the pure build's loop reads them).
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def fisher_yates(cards: tuple[Card, ...], getrandbits: Callable[[int], int]) -> tuple[Card, ...]:
    """`cards` in the order ``random.shuffle`` gives with this generator's ``getrandbits``."""
    shuffled = list(cards)
    steps = _STEPS.get(len(shuffled))
    if steps is None:
        steps = _STEPS[len(shuffled)] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in range(len(shuffled) - 1, 0, -1)
        )
    for i, n, k in steps:  # random.shuffle's loop, with random._randbelow inlined
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    return tuple(shuffled)
