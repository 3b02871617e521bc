"""CardSet: set algebra checked against Python sets, parsing, masks and pydantic fields."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from cardkit import Card, CardSet, InvalidCard, Rank, Suit, parse_cards
from cardkit.cards.card import JOKERS, STANDARD_CARDS
from cardkit.cards.cardset import FULL_DECK_MASK

ALL_CARDS = (*STANDARD_CARDS, *JOKERS)
card_lists = st.lists(st.sampled_from(ALL_CARDS), max_size=30)


def by_index(cards: set[Card]) -> list[Card]:
    """Python set contents in canonical (index) order."""
    return sorted(cards, key=lambda c: c.index)


@given(card_lists, card_lists)
def test_set_algebra_matches_python_sets(a_list: list[Card], b_list: list[Card]) -> None:
    """Union, intersection, difference, symmetric difference, subsets, len, membership."""
    a, b = CardSet(a_list), CardSet(b_list)
    pa, pb = set(a_list), set(b_list)
    assert list(a | b) == by_index(pa | pb)
    assert list(a & b) == by_index(pa & pb)
    assert list(a - b) == by_index(pa - pb)
    assert list(a ^ b) == by_index(pa ^ pb)
    assert (a <= b) == (pa <= pb)
    assert (a < b) == (pa < pb)
    assert (a >= b) == (pa >= pb)
    assert (a > b) == (pa > pb)
    assert (a == b) == (pa == pb)
    assert a.isdisjoint(b) == pa.isdisjoint(pb)
    assert len(a) == len(pa)
    assert bool(a) == bool(pa)
    for card in ALL_CARDS[::7]:
        assert (card in a) == (card in pa)


@given(card_lists)
def test_iteration_is_in_canonical_order(cards: list[Card]) -> None:
    """Iteration, codes and str follow card index order whatever the input order."""
    result = CardSet(cards)
    assert list(result) == by_index(set(cards))
    assert result.codes == [c.code for c in by_index(set(cards))]
    assert str(result) == " ".join(result.codes)
    assert CardSet.from_mask(result.mask) == result
    assert hash(CardSet(reversed(cards))) == hash(result)


@given(card_lists, st.sampled_from(ALL_CARDS))
def test_add_and_remove(cards: list[Card], card: Card) -> None:
    """add() and remove() return new sets; remove() of a missing card is a KeyError."""
    original = CardSet(cards)
    assert set(original.add(card)) == set(cards) | {card}
    if card in original:
        assert set(original.remove(card)) == set(cards) - {card}
    else:
        with pytest.raises(KeyError):
            original.remove(card)
    assert list(original) == by_index(set(cards))


def test_parse_and_text() -> None:
    """Spaces or commas, any accepted spelling; duplicates are refused and named."""
    hand = CardSet.parse("3S 4s, 10h  q♠")
    assert str(hand) == "TH 3S 4S QS"
    assert repr(hand) == "CardSet.parse('TH 3S 4S QS')"
    assert hand.pretty == "10♥ 3♠ 4♠ Q♠"
    assert CardSet.parse(["3S", Card.parse("4S")]) == CardSet.parse("4S 3S")
    assert CardSet.parse("") == CardSet()
    with pytest.raises(InvalidCard, match="card 3S is given twice"):
        CardSet.parse("3S 4S 3s")
    with pytest.raises(InvalidCard, match="'ZZ'"):
        CardSet.parse("3S ZZ")
    assert parse_cards("4S 3S 4S") == [Card.parse("4S"), Card.parse("3S"), Card.parse("4S")]


def test_masks() -> None:
    """Bit card.index is set per card; from_mask refuses bits outside 0-53."""
    assert CardSet.parse("2C").mask == 1
    assert CardSet.parse("AS").mask == 1 << 51
    assert CardSet.standard().mask == FULL_DECK_MASK
    assert len(CardSet.standard()) == 52
    assert CardSet.from_mask((1 << 54) - 1) == CardSet(ALL_CARDS)
    for bad in (-1, 1 << 54):
        with pytest.raises(ValueError, match="bits 0-53"):
            CardSet.from_mask(bad)


def test_by_rank_and_suit() -> None:
    """of_suit, of_rank, rank_counts and suit_ranks."""
    hand = CardSet.parse("2C 2H 5H KH AH QS RJ")
    assert hand.of_suit(Suit.HEARTS) == CardSet.parse("2H 5H KH AH")
    assert hand.of_suit(Suit.DIAMONDS) == CardSet()
    assert hand.of_rank(Rank.TWO) == CardSet.parse("2C 2H")
    assert hand.rank_counts() == {
        Rank.TWO: 2,
        Rank.FIVE: 1,
        Rank.KING: 1,
        Rank.ACE: 1,
        Rank.QUEEN: 1,
    }
    assert hand.suit_ranks(Suit.HEARTS) == (1 << 0) | (1 << 3) | (1 << 11) | (1 << 12)


def test_immutable_and_picklable() -> None:
    """Sets cannot be changed in place; they pickle by mask."""
    hand = CardSet.parse("3S 4S")
    with pytest.raises(AttributeError):
        hand.mask = 0
    assert pickle.loads(pickle.dumps(hand)) == hand


class Holder(BaseModel):
    """A model with a card-set field."""

    hand: CardSet


def test_pydantic_fields_read_lists_or_text_and_dump_lists() -> None:
    """A CardSet field reads a list of codes or a string, and dumps a list of codes."""
    assert Holder(hand=["qs", "3S"]).model_dump() == {"hand": ["3S", "QS"]}
    assert Holder.model_validate_json('{"hand": "10h 2c"}').hand == CardSet.parse("2C TH")
    assert Holder(hand=CardSet.parse("AS")).model_dump_json() == '{"hand":["AS"]}'
    for bad in (["QS", "QS"], ["ZZ"], [1, 2], 42, None):
        with pytest.raises(ValidationError, match="hand"):
            Holder(hand=bad)


def test_json_schema_is_an_array_of_card_patterns() -> None:
    """The schema lists unique card codes."""
    schema = Holder.model_json_schema()["properties"]["hand"]
    assert schema["type"] == "array"
    assert schema["uniqueItems"] is True
    assert "pattern" in schema["items"]


# -- mask helpers -------------------------------------------------------------------------


@given(st.integers(min_value=0, max_value=(1 << 52) - 1))
def test_cards_of_mask_lists_the_cards_in_index_order(mask: int) -> None:
    from cardkit.cards.maskdecoder import cards_of_mask

    assert cards_of_mask(mask) == tuple(CardSet.from_mask(mask))
    assert cards_of_mask(mask) == cards_of_mask(mask)  # cached lanes give the same answer


def test_a_mask_decoder_maps_cards_to_items() -> None:
    from cardkit.cards.card import STANDARD_CARDS
    from cardkit.cards.maskdecoder import MaskDecoder

    codes = MaskDecoder([card.code for card in STANDARD_CARDS])
    assert codes(CardSet.parse("AS 2C TD").mask) == ("2C", "TD", "AS")
    assert codes(0) == ()
    with pytest.raises(ValueError, match="one item per standard card"):
        MaskDecoder(["x"])


@given(st.integers(min_value=0, max_value=(1 << 52) - 1))
def test_rank_masks_and_ranks_present(mask: int) -> None:
    from cardkit.cards.cardset import rank_mask, ranks_present

    held = CardSet.from_mask(mask)
    expected = sum(1 << (r - 2) for r in Rank if held.of_rank(r))
    assert ranks_present(mask) == expected
    for rank in Rank:
        assert CardSet.from_mask(rank_mask(rank)) == CardSet.standard().of_rank(rank)


def test_rank_and_suit_masks_refuse_what_is_not_a_rank_or_suit() -> None:
    from cardkit.cards.cardset import rank_mask, suit_mask

    assert rank_mask(None) == 0  # a joker's rank: no standard card
    for suit in Suit:
        assert CardSet.from_mask(suit_mask(suit)) == CardSet.standard().of_suit(suit)
    for not_a_rank in (0, 1, 15, True):
        with pytest.raises(ValueError, match="is not a rank"):
            rank_mask(not_a_rank)
    for not_a_suit in (-1, 4):
        with pytest.raises(ValueError, match="is not a suit"):
            suit_mask(not_a_suit)
