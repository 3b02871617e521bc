"""A seeded deal's shuffle: ``random.Random(seed).shuffle``'s order, as a plain loop that
mypyc compiles.

[`Deck.seeded`][cardkit.cards.deck.Deck.seeded] shuffles through it, and so every seeded
deal of every game: a seed's deck order is the one ``random.shuffle`` gives with a fresh
``random.Random(seed)``, on both builds.
"""

from __future__ import annotations

import _random

from cardkit.cards.card import Card

__all__ = ["seeded_order"]

#: Per deck size, the (index, bound, bits) of each step (the pure build's loop reads them).
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def seeded_order(cards: tuple[Card, ...], seed: int) -> tuple[Card, ...]:
    """`cards` in the order that ``random.Random(seed).shuffle`` puts them in."""
    # The C generator under random.Random: seeded by an int, in the state random.Random(seed)
    # has, without the Python frames of Random.__init__ and Random.seed.
    getrandbits = _random.Random(seed).getrandbits
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
