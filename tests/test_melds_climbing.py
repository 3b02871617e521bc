"""Key-space listings of the meld kinds (cardkit.cards.keyspace), checked against brute
force."""

from __future__ import annotations

import pickle
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import ACE_HIGH, ACE_LOW, Card, CardOrder, CardSet, Rank, RankOrder, SuitOrder
from cardkit.cards.card import STANDARD_CARDS
from cardkit.cards.melds import (
    DoubleSequence,
    KeySpace,
    MeldKind,
    NOfAKind,
    Run,
    Sequence,
)

THIRTEEN = RankOrder.parse("3 4 5 6 7 8 9 T J Q K A 2")
SHORT = RankOrder.parse("7 8 9 T J Q K A")  # a 32-card order: 2-6 have no key
ORDERS = [
    CardOrder(THIRTEEN, SuitOrder.parse("S C D H")),
    CardOrder(ACE_HIGH, SuitOrder.parse("C D H S")),
    CardOrder(ACE_LOW, SuitOrder.parse("H S D C")),
    CardOrder(SHORT, SuitOrder.parse("D C H S")),
]
NO_TWOS = frozenset({Rank.TWO})


def kinds_for(order: CardOrder) -> list[MeldKind]:
    """Kinds with fast key-space walks (their order is the card order's) and others."""
    ranks = order.ranks
    return [
        NOfAKind(1, 4),
        NOfAKind(2, 2),
        NOfAKind(3, 4),
        Sequence(ranks, 3, excluded=NO_TWOS),
        Sequence(ranks, 1, max_length=4),
        DoubleSequence(ranks, 3, excluded=NO_TWOS),
        DoubleSequence(ranks, 1, max_pairs=3),
        Sequence(THIRTEEN if ranks != THIRTEEN else ACE_HIGH, 3),  # another order: the default
        Run(3, ace="either"),
    ]


def brute(kind: MeldKind, space: KeySpace, hand: CardSet, size: int, above: int) -> list[int]:
    """Every subset of ``size`` cards that the kind validates, keyed, sorted."""
    if size > 8:  # keep the brute force small; long melds are checked through find()
        return sorted(
            space.mask(m)
            for m in kind.find(hand)
            if len(m) == size and max(space.key(c) for c in m) > above
        )
    return sorted(
        space.mask(combo)
        for combo in combinations(hand, size)
        if kind.is_valid(combo) and max(space.key(c) for c in combo) > above
    )


def keyed_cards(order: CardOrder) -> list[Card]:
    return [c for c in STANDARD_CARDS if order.key(c) >= 0]


@st.composite
def order_and_hand(draw: st.DrawFn, max_size: int = 14) -> tuple[CardOrder, CardSet]:
    order = draw(st.sampled_from(ORDERS))
    cards = draw(st.lists(st.sampled_from(keyed_cards(order)), max_size=max_size, unique=True))
    return order, CardSet(cards)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(order_and_hand(), st.integers(-1, 51))
def test_find_keyed_matches_brute_force(case: tuple[CardOrder, CardSet], above: int) -> None:
    order, hand = case
    space = KeySpace(order)
    keyed = space.mask(hand)
    for kind in kinds_for(order):
        fast = kind.keyed_function(space)
        slow = MeldKind.keyed_function(kind, space)
        every = kind.keyed_all_function(space)(keyed)
        assert len(every) == len(set(every))
        assert sorted(every) == sorted(space.mask(m) for m in kind.find(hand))
        for size in range(len(hand) + 2):
            want = brute(kind, space, hand, size, above) if size <= len(hand) else []
            assert fast(keyed, size, above) == want, (kind, size, above)
            assert slow(keyed, size, above) == want
            assert kind.find_keyed(keyed, space, size, above) == want
        limit = (2 << above) - 1 if above >= 0 else 0
        assert kind.find_keyed(keyed, space, None, above) == [m for m in every if m > limit]


@settings(max_examples=60, deadline=None)
@given(order_and_hand(max_size=20))
def test_keyed_all_orders_are_documented_ones(case: tuple[CardOrder, CardSet]) -> None:
    order, hand = case
    space = KeySpace(order)
    keyed = space.mask(hand)
    noak = NOfAKind(1, 4).keyed_all_function(space)(keyed)
    # rank by rank, then size, then ascending
    assert noak == sorted(noak, key=lambda m: ((m.bit_length() - 1) // 4, m.bit_count(), m))
    for kind in kinds_for(order)[3:7]:
        found = kind.keyed_all_function(space)(keyed)
        assert found == sorted(found, key=lambda m: (m.bit_count(), m))  # by size, ascending


def test_key_space_conversions() -> None:
    for order in ORDERS:
        space = KeySpace(order)
        cards = keyed_cards(order)
        assert len(space.by_key) == 4 * space.positions == len(cards)
        for card in cards:
            assert space.card(space.key(card)) == card
            assert space.mask([card]) == 1 << order.key(card)
        full = CardSet(cards)
        keyed = space.mask(full)
        assert keyed == (1 << len(cards)) - 1
        assert space.natural(keyed) == full.mask
        assert space.cardset(keyed) == full
        assert list(space.cards(keyed)) == order.sorted(cards)
    assert KeySpace(ORDERS[0]) == KeySpace(ORDERS[0])
    assert hash(KeySpace(ORDERS[0])) == hash(KeySpace(ORDERS[0]))
    assert KeySpace(ORDERS[0]) != KeySpace(ORDERS[1])


def test_cards_without_a_key_are_refused() -> None:
    space = KeySpace(ORDERS[3])  # 7 … A only
    with pytest.raises(ValueError, match="5H"):
        space.mask(CardSet.parse("5H 7H"))
    with pytest.raises(ValueError, match="no place"):
        KeySpace(ORDERS[0]).keyed(Card.joker(red=True).bit)
    with pytest.raises(TypeError):
        KeySpace(THIRTEEN)  # type: ignore[arg-type]


def test_a_hand_full_of_sequences() -> None:
    """Two cards of each rank 3…9: 456 sequences, listed by length and ascending."""
    space = KeySpace(ORDERS[0])
    hand = space.mask(CardSet.parse("3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H"))
    seq = Sequence(THIRTEEN, 3, excluded=NO_TWOS)
    found = seq.keyed_all_function(space)(hand)
    assert len(found) == sum((7 - n + 1) * 2**n for n in range(3, 8)) == 456
    five = seq.find_keyed(hand, space, 5, above=space.key(Card.parse("8C")))
    assert len(five) == 16 + 32  # 4-8 topped by 8H, and every 5-9
    assert all(
        space.card(m.bit_length() - 1) in (Card.parse("8H"), *CardSet.parse("9S 9H")) for m in five
    )
    doubles = DoubleSequence(THIRTEEN, 3, excluded=NO_TWOS).keyed_all_function(space)(hand)
    assert len(doubles) == 5 + 4 + 3 + 2 + 1


def test_key_spaces_and_kinds_still_pickle() -> None:
    space = KeySpace(ORDERS[0])
    kind = Sequence(THIRTEEN, 3, excluded=NO_TWOS)
    hand = space.mask(CardSet.parse("3S 4H 5D 6C"))
    again = pickle.loads(pickle.dumps(kind))
    assert again.find_keyed(hand, space, 3) == kind.find_keyed(hand, space, 3)
