"""Orders and values: the Tiến lên, Palace and Tonk orders are expressible with the core."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import (
    ACE_HIGH,
    ACE_LOW,
    Card,
    CardOrder,
    CardSet,
    CardValues,
    Deck,
    Rank,
    RankOrder,
    SuitOrder,
)
from cardkit.cards.card import JOKERS, STANDARD_CARDS

cards = Card.parse

#: Tiến lên: 3 lowest, 2 highest; suits spades < clubs < diamonds < hearts.
TIENLEN = CardOrder(RankOrder.parse("3 4 5 6 7 8 9 T J Q K A 2"), SuitOrder.parse("S C D H"))
#: Palace: 3 … 9 < J < Q < K < A; 2 and 10 are special, outside the order.
PALACE = RankOrder.parse("3 4 5 6 7 8 9 J Q K A")
#: Tonk: ace 1, pictures 10, others their pips.
TONK = CardValues.pips(ace=1, pictures=10)


def test_tienlen_order() -> None:
    """3♠ is the lowest card, 2♥ the highest; suits break ties in S C D H order."""
    ordered = TIENLEN.sorted(STANDARD_CARDS)
    assert ordered[0] is cards("3S")
    assert ordered[-1] is cards("2H")
    assert [c.code for c in ordered[:4]] == ["3S", "3C", "3D", "3H"]
    assert TIENLEN.key(cards("2S")) > TIENLEN.key(cards("AH"))
    assert TIENLEN.ranks.higher(Rank.TWO, Rank.ACE)
    assert not TIENLEN.ranks.higher(Rank.THREE, Rank.FOUR)
    assert TIENLEN.highest(cards(c) for c in ("KD", "2S", "AH")) is cards("2S")
    assert TIENLEN.sorted([cards("3H"), cards("3S")], reverse=True)[0] is cards("3H")
    assert sorted(TIENLEN.keys[:52]) == list(range(52))


def test_palace_order_leaves_two_and_ten_unranked() -> None:
    """2 and 10 have no position; jokers neither."""
    assert PALACE.position(Rank.THREE) == 0
    assert PALACE.position(Rank.ACE) == len(PALACE) - 1
    assert PALACE.position(Rank.TWO) is None
    assert PALACE.position(Rank.TEN) is None
    assert Rank.TEN not in PALACE
    assert Rank.JACK in PALACE
    assert PALACE.higher(Rank.JACK, Rank.NINE)
    assert PALACE.card_position(cards("TS")) == -1
    assert PALACE.card_position(JOKERS[0]) == -1
    assert PALACE.card_position(cards("JS")) == PALACE.position(Rank.JACK)
    order = CardOrder(PALACE, SuitOrder.parse("C D H S"))
    assert order.key(cards("2H")) == -1
    assert order.key(cards("AS")) == (len(PALACE) - 1) * 4 + 3


def test_tonk_values() -> None:
    """Ace 1, pictures 10, others their pips; totals of hands."""
    assert [TONK.of(cards(c)) for c in ("AS", "2C", "9D", "TH", "JS", "QC", "KD")] == [
        1,
        2,
        9,
        10,
        10,
        10,
        10,
    ]
    assert TONK.total(cards(c) for c in ("AS", "KD", "5H")) == 16
    assert TONK.of(JOKERS[0]) == 0
    assert CardValues({Rank.ACE: 15}, joker=50).of(JOKERS[1]) == 50
    assert CardValues.pips() == TONK
    assert len(TONK.table) == 54


def test_ace_low_and_high() -> None:
    """The two conventional rank orders."""
    assert ACE_LOW.ranks[0] is Rank.ACE
    assert ACE_LOW.ranks[-1] is Rank.KING
    assert ACE_HIGH.ranks[-1] is Rank.ACE
    assert len(ACE_LOW) == len(ACE_HIGH) == 13


def test_orders_refuse_repeats_and_incomplete_suits() -> None:
    """A rank order lists each rank at most once; a suit order lists all four exactly once."""
    with pytest.raises(ValueError, match="each rank once"):
        RankOrder.parse("3 4 3")
    with pytest.raises(ValueError, match="four suits exactly once"):
        SuitOrder.parse("S C D")
    with pytest.raises(ValueError, match="four suits exactly once"):
        SuitOrder.parse("S C D D")


def test_orders_compare_and_print_by_value() -> None:
    """Equal orders are equal and hash alike; str and repr round-trip."""
    again = CardOrder(RankOrder.parse("3,4,5,6,7,8,9,10,J,Q,K,A,2"), SuitOrder.parse("S C D H"))
    assert again == TIENLEN
    assert hash(again) == hash(TIENLEN)
    assert str(TIENLEN.ranks) == "3 4 5 6 7 8 9 T J Q K A 2"
    assert eval(repr(TIENLEN.ranks)) == TIENLEN.ranks
    assert eval(repr(TIENLEN.suits)) == TIENLEN.suits
    assert [TIENLEN.suits.position(s) for s in TIENLEN.suits.suits] == [0, 1, 2, 3]
    assert str(TIENLEN.suits) == "S C D H"


@settings(deadline=None)  # the first call builds the order's key space
@given(st.sets(st.sampled_from(list(Deck.standard(jokers=2).cards))), st.booleans())
def test_a_card_set_sorts_through_its_mask_as_by_comparisons(
    cards: set[Card], reverse: bool
) -> None:
    """`sorted` of a `CardSet` (the mask path; jokers fall back) equals sorting by `key`."""
    for order in (
        CardOrder(ACE_HIGH, SuitOrder.parse("C D H S")),
        CardOrder(ACE_LOW, SuitOrder.parse("S H D C")),
    ):
        got = order.sorted(CardSet(cards), reverse=reverse)
        assert got == sorted(CardSet(cards), key=order.key, reverse=reverse)
