"""Meld kinds: validators, finders and extensions against plain reference code."""

from __future__ import annotations

import copy
import itertools
import pickle
from collections.abc import Callable, Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import ACE_HIGH, Card, CardSet, Rank, RankOrder, Suit
from cardkit.cards.card import STANDARD_CARDS
from cardkit.cards.melds import (
    DoubleSequence,
    MeldCheck,
    MeldKind,
    NOfAKind,
    Run,
    Sequence,
)

THIRTEEN = RankOrder.parse("3 4 5 6 7 8 9 T J Q K A 2")
NO_TWOS = frozenset({Rank.TWO})
PALACE = RankOrder.parse("3 4 5 6 7 8 9 J Q K A")  # 2 and 10 unranked


# -- plain reference validity ----------------------------------------------------------


def ref_n_of_a_kind(cards: list[Card], lo: int, hi: int) -> bool:
    return lo <= len(cards) <= hi and len({c.rank for c in cards}) == 1


def ref_run(cards: list[Card], lo: int, ace: str, wrap: bool, hi: int | None) -> bool:
    if not cards or len({c.suit for c in cards}) != 1:
        return False
    n = len(cards)
    if n < lo or (hi is not None and n > hi):
        return False
    ranks = {int(c.rank or 0) for c in cards}
    if wrap:
        cycle = {r % 13 for r in ranks}  # ace (14) is 1, as is the low ace
        return any({(s + i) % 13 for i in range(n)} == cycle for s in range(13))
    orders = []
    if ace in ("low", "either"):
        orders.append(sorted(1 if r == 14 else r for r in ranks))
    if ace in ("high", "either"):
        orders.append(sorted(ranks))
    return any(o == list(range(o[0], o[0] + n)) for o in orders)


def positions(order: RankOrder, ranks: Iterable[Rank | None]) -> list[int] | None:
    """The sorted positions of some ranks in an order, or None if one is unranked."""
    out = []
    for r in ranks:
        p = order.position(r) if r is not None else None
        if p is None:
            return None
        out.append(p)
    return sorted(out)


def ref_sequence(
    cards: list[Card], order: RankOrder, lo: int, excluded: frozenset[Rank], hi: int | None
) -> bool:
    ranks = [c.rank for c in cards]
    if not cards or len(set(ranks)) != len(ranks):
        return False
    pos = positions(order, ranks)
    if pos is None or any(r in excluded for r in ranks):
        return False
    n = len(pos)
    return pos == list(range(pos[0], pos[0] + n)) and lo <= n and (hi is None or n <= hi)


def ref_double(
    cards: list[Card], order: RankOrder, lo: int, excluded: frozenset[Rank], hi: int | None
) -> bool:
    if not cards:
        return False
    counts: dict[Rank | None, int] = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    if any(v != 2 for v in counts.values()):
        return False
    pos = positions(order, counts)
    if pos is None or any(r in excluded for r in counts):
        return False
    k = len(pos)
    return pos == list(range(pos[0], pos[0] + k)) and lo <= k and (hi is None or k <= hi)


Ref = Callable[[list[Card]], bool]
KINDS: list[tuple[MeldKind, Ref]] = [
    (NOfAKind(2, 4), lambda c: ref_n_of_a_kind(c, 2, 4)),
    (NOfAKind(3, 4), lambda c: ref_n_of_a_kind(c, 3, 4)),
    (NOfAKind(2, 2), lambda c: ref_n_of_a_kind(c, 2, 2)),
    (NOfAKind(1, 3), lambda c: ref_n_of_a_kind(c, 1, 3)),
    (Run(3, ace="low"), lambda c: ref_run(c, 3, "low", False, None)),
    (Run(3, ace="high"), lambda c: ref_run(c, 3, "high", False, None)),
    (Run(3, ace="either"), lambda c: ref_run(c, 3, "either", False, None)),
    (Run(3, ace="either", wrap=True), lambda c: ref_run(c, 3, "either", True, None)),
    (Run(2, ace="low", max_length=4), lambda c: ref_run(c, 2, "low", False, 4)),
    (Run(4, ace="high", wrap=True, max_length=6), lambda c: ref_run(c, 4, "high", True, 6)),
    (Sequence(THIRTEEN, 3, NO_TWOS), lambda c: ref_sequence(c, THIRTEEN, 3, NO_TWOS, None)),
    (Sequence(ACE_HIGH, 2, max_length=4), lambda c: ref_sequence(c, ACE_HIGH, 2, frozenset(), 4)),
    (Sequence(PALACE, 3), lambda c: ref_sequence(c, PALACE, 3, frozenset(), None)),
    (DoubleSequence(THIRTEEN, 3, NO_TWOS), lambda c: ref_double(c, THIRTEEN, 3, NO_TWOS, None)),
    (
        DoubleSequence(ACE_HIGH, 2, max_pairs=3),
        lambda c: ref_double(c, ACE_HIGH, 2, frozenset(), 3),
    ),
]
KIND_IDS = [repr(k) for k, _ in KINDS]


def subsets(cards: list[Card]) -> Iterable[list[Card]]:
    for n in range(1, len(cards) + 1):
        for combo in itertools.combinations(cards, n):
            yield list(combo)


cards_st = st.lists(st.sampled_from(STANDARD_CARDS), min_size=0, max_size=9, unique=True)


def window_hand(size: int) -> st.SearchStrategy[list[Card]]:
    """Hands drawn from a few neighbouring ranks, rich in melds."""

    @st.composite
    def build(draw: st.DrawFn) -> list[Card]:
        width = draw(st.integers(2, 6))
        low = draw(st.integers(2, 15 - width))
        pool = [Card(Rank(r), s) for r in range(low, low + width) for s in Suit]
        pool += [Card(Rank.ACE, s) for s in Suit if low == 2]  # low aces
        pool = list(dict.fromkeys(pool))
        n = draw(st.integers(0, min(size, len(pool))))
        return draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))

    return build()


hands_st = st.one_of(cards_st, window_hand(9))


# -- properties -------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "ref"), KINDS, ids=KIND_IDS)
@settings(max_examples=60, deadline=None)
@given(cards=hands_st)
def test_validate_and_is_valid_agree_with_reference(
    kind: MeldKind, ref: Ref, cards: list[Card]
) -> None:
    expected = ref(cards)
    check = kind.validate(cards)
    assert isinstance(check, MeldCheck)
    assert check.ok is expected
    assert bool(check) is expected
    assert (check.reason == "") is expected
    assert kind.is_valid(cards) is expected
    assert kind.is_valid(CardSet(cards)) is expected
    assert kind.is_valid_mask(CardSet(cards).mask) is expected


@pytest.mark.parametrize(("kind", "ref"), KINDS, ids=KIND_IDS)
@settings(max_examples=40, deadline=None)
@given(cards=hands_st)
def test_find_lists_every_meld_once(kind: MeldKind, ref: Ref, cards: list[Card]) -> None:
    hand = CardSet(cards)
    found = kind.find(hand)
    masks = [m.mask for m in found]
    assert len(masks) == len(set(masks)), "a meld is listed twice"
    expected = {CardSet(s).mask for s in subsets(sorted(cards, key=lambda c: c.index)) if ref(s)}
    assert set(masks) == expected
    assert kind.find_masks(hand.mask) == masks
    assert kind.find(hand) == found  # deterministic
    meldable = 0
    for m in masks:
        meldable |= m
    assert kind.meldable_mask(hand.mask) == meldable
    assert kind.has_meld(hand) is bool(masks)
    blocks = kind.blocks_mask(meldable)
    if blocks is not None:  # the blocks contract
        union = 0
        for b in blocks:
            assert kind.is_valid_mask(b)
            assert not union & b, "blocks overlap"
            union |= b
        assert union == meldable
        for m in masks:
            assert any(m & ~b == 0 for b in blocks), "a meld outside every block"


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "ref"), KINDS, ids=KIND_IDS)
@settings(max_examples=40, deadline=None)
@given(cards=hands_st, data=st.data())
def test_sub_blocks_match_the_plain_definition(
    kind: MeldKind, ref: Ref, cards: list[Card], data: st.DataObject
) -> None:
    """For each block and shared cards: the blocks left after taking out any of them."""
    meldable = kind.meldable_mask(CardSet(cards).mask)
    blocks = kind.blocks_mask(meldable)
    if not blocks:
        return
    for block in blocks:
        members = [c.bit for c in CardSet.from_mask(block)]
        chosen = data.draw(st.lists(st.sampled_from(members), unique=True))
        shared = sum(chosen)
        expected: set[int] = set()
        for n in range(1, len(chosen) + 1):
            for removed in itertools.combinations(chosen, n):
                rest = kind.meldable_mask(block & ~sum(removed))
                grouped = kind.blocks_mask(rest) if rest else []
                expected |= set(kind.find_masks(rest) if grouped is None else grouped)
        got = kind.sub_blocks_mask(block, shared)
        assert len(got) == len(set(got))
        assert set(got) == expected
        assert set(MeldKind.sub_blocks_mask(kind, block, shared)) == expected


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "ref"), KINDS, ids=KIND_IDS)
@settings(max_examples=40, deadline=None)
@given(cards=hands_st, extra=st.sampled_from(STANDARD_CARDS))
def test_extends_matches_validity(kind: MeldKind, ref: Ref, cards: list[Card], extra: Card) -> None:
    meld = CardSet(cards)
    expected = extra not in meld and ref([*cards, extra])
    assert kind.extends(meld, extra) is expected
    others = CardSet.standard() - meld
    ext = kind.extensions(meld, others)
    assert ext == CardSet(c for c in others if ref([*cards, c]))


# -- ordered ranks -------------------------------------------------------------------------


def test_run_ranks_in_run_order() -> None:
    either = Run(ace="either")
    assert either.ranks(CardSet.parse("3H AH 2H")) == (Rank.ACE, Rank.TWO, Rank.THREE)
    assert either.ranks(CardSet.parse("AH KH QH")) == (Rank.QUEEN, Rank.KING, Rank.ACE)
    wrap = Run(wrap=True)
    assert wrap.ranks(CardSet.parse("KH AH 2H")) == (Rank.KING, Rank.ACE, Rank.TWO)
    assert wrap.ordered(CardSet.parse("2H KH AH")) == tuple(
        Card.parse(c) for c in ["KH", "AH", "2H"]
    )
    with pytest.raises(ValueError, match="not a valid run"):
        either.ranks(CardSet.parse("KH AH 2H"))


def test_sequence_ranks_and_order() -> None:
    seq = Sequence(THIRTEEN)
    assert seq.ranks(CardSet.parse("2S KH AD")) == (Rank.KING, Rank.ACE, Rank.TWO)
    assert [c.code for c in seq.ordered(CardSet.parse("2S KH AD"))] == ["KH", "AD", "2S"]
    pairs = DoubleSequence(THIRTEEN)
    meld = CardSet.parse("3S 3C 4D 4H 5S 5D")
    assert pairs.ranks(meld) == (Rank.THREE, Rank.FOUR, Rank.FIVE)
    assert [c.code for c in pairs.ordered(meld)] == ["3C", "3S", "4D", "4H", "5D", "5S"]
    with pytest.raises(ValueError, match="not a valid sequence"):
        seq.ranks(CardSet.parse("3S 5H 6D"))
    with pytest.raises(ValueError, match="not a valid double sequence"):
        pairs.ranks(CardSet.parse("3S 5H 6D"))


# -- find order, options, misc ---------------------------------------------------------------


def test_find_orders_are_documented_ones() -> None:
    pairs = NOfAKind(2, 3)
    hand = CardSet.parse("9S 9H 7S 7H 7C")
    assert [str(m) for m in pairs.find(hand)] == ["7C 7H", "7C 7S", "7H 7S", "7C 7H 7S", "9H 9S"]
    run = Run(3, ace="low")
    hand = CardSet.parse("AS 2S 3S 4S 5D 6D 7D")
    assert [str(m) for m in run.find(hand)] == ["5D 6D 7D", "2S 3S AS", "2S 3S 4S AS", "2S 3S 4S"]
    seq = Sequence(THIRTEEN, excluded=NO_TWOS)
    hand = CardSet.parse("3S 4H 4D 5C")
    assert [[c.code for c in seq.ordered(m)] for m in seq.find(hand)] == [
        ["3S", "4D", "5C"],
        ["3S", "4H", "5C"],
    ]


def test_double_sequences_of_a_full_hand() -> None:
    pairs = DoubleSequence(THIRTEEN, excluded=NO_TWOS)
    hand = CardSet.parse("3S 3C 3D 4S 4C 5H 5D 2S 2C 2D")
    found = pairs.find(hand)
    assert len(found) == 3  # C(3,2) choices of the threes
    assert all(pairs.is_valid(m) for m in found)


def test_many_sequences_in_two_of_every_rank() -> None:
    seq = Sequence(THIRTEEN, excluded=NO_TWOS)
    hand = CardSet.parse("3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H")
    found = seq.find_masks(hand.mask)
    assert len(found) == sum((8 - n) * 2**n for n in range(3, 8))
    assert len(set(found)) == len(found)


@pytest.mark.parametrize(
    "make",
    [
        lambda: NOfAKind(0, 2),
        lambda: NOfAKind(5, 6),
        lambda: NOfAKind(3, 2),
        lambda: Run(0),
        lambda: Run(3, ace="middle"),  # type: ignore[arg-type]
        lambda: Run(4, max_length=3),
        lambda: Sequence(THIRTEEN, 0),
        lambda: Sequence(THIRTEEN, 3, max_length=2),
        lambda: Sequence("3 4 5"),  # type: ignore[arg-type]
        lambda: DoubleSequence(THIRTEEN, 0),
        lambda: DoubleSequence(THIRTEEN, 3, max_pairs=2),
    ],
)
def test_bad_options_are_refused(make: Callable[[], object]) -> None:
    with pytest.raises((ValueError, TypeError)):
        make()


@pytest.mark.parametrize(("kind", "ref"), KINDS, ids=KIND_IDS)
def test_kinds_pickle_and_copy(kind: MeldKind, ref: Ref) -> None:
    hand = CardSet.parse("AS 2S 3S 4S 4H 4D 5D 5C 6C 6H 7H 8H 9H")
    for twin in (pickle.loads(pickle.dumps(kind)), copy.deepcopy(kind), copy.copy(kind)):
        assert twin == kind
        assert type(twin) is type(kind)
        assert twin.find(hand) == kind.find(hand)
        assert twin.meldable_mask(hand.mask) == kind.meldable_mask(hand.mask)


def test_kinds_are_immutable_hashable_values() -> None:
    a = Sequence(THIRTEEN, 3, frozenset({Rank.TWO}))
    b = Sequence(THIRTEEN, 3, frozenset({Rank.TWO}))
    assert a == b
    assert hash(a) == hash(b)
    assert {Run(), Run(3, "low")} == {Run()}
    with pytest.raises(AttributeError):
        a.min_length = 4  # type: ignore[misc]
    assert "sequence" in str(a)
    assert "run" in str(Run())
    assert "of a kind" in str(NOfAKind())
    assert "double sequences" in str(DoubleSequence(THIRTEEN))


def test_inputs_can_be_sets_or_lists() -> None:
    cards = [Card.parse(c) for c in ["5S", "6S", "7S"]]
    assert Run().find(cards) == Run().find(CardSet(cards)) == [CardSet(cards)]
    assert Run().find_masks(CardSet(cards).mask) == [CardSet(cards).mask]
