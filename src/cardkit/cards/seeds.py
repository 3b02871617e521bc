"""Seeds: the integers a game is shuffled and replayed from.

A seed is an integer: an ``int`` of either sign, or any integer type with
``__index__`` (NumPy integers), of at most
[MAX_SEED_BITS][cardkit.cards.seeds.MAX_SEED_BITS] bits. An integer saves to JSON
exactly and seeds ``random.Random`` the same way on every machine, so a game
replays from its seed everywhere. Booleans, floats, strings and every other
value are refused.
"""

from __future__ import annotations

import operator

from cardkit.errors import InvalidRules, quote

__all__ = ["MAX_SEED_BITS", "check_seed"]

MAX_SEED_BITS = 256
"""The largest seed accepted, in bits (of its absolute value)."""


def check_seed(seed: object) -> int:
    """The seed as a plain ``int``, or a refusal saying what a seed is.

    Accepts ``int`` and integer types with ``__index__`` (NumPy integers),
    of at most [MAX_SEED_BITS][cardkit.cards.seeds.MAX_SEED_BITS] bits; refuses
    ``bool``, ``float``, ``str``, ``None`` and everything else.

    Raises:
        InvalidRules: the seed is not such an integer.
    """
    if not isinstance(seed, bool):
        try:
            value = operator.index(seed)  # type: ignore[arg-type]  # any object is checked here
        except TypeError:
            pass
        else:
            if value.bit_length() <= MAX_SEED_BITS:
                return value
            raise InvalidRules(
                f"a seed has at most {MAX_SEED_BITS} bits, got one of {value.bit_length()} bits"
            )
    raise InvalidRules(
        f"a seed must be an integer (such as 7), not {type(seed).__name__} {quote(seed)}"
    )
