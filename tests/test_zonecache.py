"""Zone values kept by their field object (`cardkit.engine.zonecache`)."""

from __future__ import annotations

import cardkit
from cardkit.engine import zonecache
from cardkit.engine.zonecache import deck_from, kept, kept_by


def test_the_same_source_object_gives_the_same_result_object() -> None:
    calls: list[object] = []

    def compute(source: tuple[int, ...]) -> list[int]:
        calls.append(source)
        return list(source)

    source = (1, 2, 3)
    first = kept(source, compute)
    assert kept(source, compute) is first
    assert len(calls) == 1


def test_an_equal_but_distinct_source_is_computed_again() -> None:
    first = kept(tuple(range(4, 6)), lambda s: [*s])  # not a shared constant
    other = tuple(range(4, 6))
    again = kept(other, lambda s: [*s, 6])
    assert again == [4, 5, 6]
    assert again is not first


def test_two_functions_of_one_source_keep_a_result_each() -> None:
    """Palace computes its face-down cards and their bits from the same field."""
    source = tuple(range(7, 10))

    def as_list(s: tuple[int, ...]) -> list[int]:
        return list(s)

    def total(s: tuple[int, ...]) -> int:
        return sum(s)

    cards = kept(source, as_list)
    assert kept(source, total) == 24
    assert kept(source, as_list) is cards
    assert kept(source, total) == 24


def test_the_memo_starts_over_at_its_limit() -> None:
    sources = [(i,) for i in range(zonecache.KEPT_LIMIT + 3)]
    for source in sources:
        kept(source, lambda s: s[0])
    assert len(zonecache._KEPT) <= zonecache.KEPT_LIMIT
    assert all(kept(s, lambda s: s[0]) == s[0] for s in sources)


def test_deck_from_slices_once_per_deck_and_position() -> None:
    deck = tuple(cardkit.Card.from_index(i) for i in range(52))
    rest = deck_from(deck, 10)
    assert rest == deck[10:]
    assert deck_from(deck, 10) is rest
    assert deck_from(deck, 11) == deck[11:]


def test_kept_by_gives_kept_result_and_tells_sources_apart() -> None:
    """`kept_by`'s last-source shortcut never gives one source another's result."""
    calls: list[object] = []

    def compute(source: tuple[int, ...]) -> list[int]:
        calls.append(source)
        return list(source)

    read = kept_by(compute)
    one, two = tuple(range(11, 13)), tuple(range(11, 13))  # equal, distinct objects
    first = read(one)
    assert read(one) is first
    assert kept(one, compute) is first  # the core memo's own result
    assert read(two) == [11, 12]
    assert read(two) is not first
    assert read(one) is first
    assert len(calls) == 2
