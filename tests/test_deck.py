"""Deck: order, seeded shuffles, dealing from the seat left of the dealer, errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from cardkit import Card, CardSet, Deck, InvalidCard, InvalidDeck
from cardkit.cards.card import JOKERS, STANDARD_CARDS


def test_standard_decks() -> None:
    """52 cards in canonical order, jokers at the bottom when asked."""
    deck = Deck.standard()
    assert len(deck) == 52
    assert deck[0] is Card.parse("2C")
    assert deck[-1] is Card.parse("AS")
    assert list(deck) == list(STANDARD_CARDS)
    assert list(Deck.standard(jokers=2))[-2:] == list(JOKERS)
    assert len(Deck.standard(jokers=1)) == 53
    with pytest.raises(ValueError, match="0, 1 or 2 jokers"):
        Deck.standard(jokers=3)


def test_parse_keeps_the_order_top_first() -> None:
    """The first card of the text is the top card."""
    deck = Deck.parse("QS, 10h 2c")
    assert deck.codes == ["QS", "TH", "2C"]
    assert str(deck) == "QS TH 2C"
    assert Deck.parse(str(deck)) == deck
    assert repr(deck) == "Deck.parse('QS TH 2C')"
    assert deck.to_set() == CardSet.parse("2C TH QS")
    assert isinstance(deck[1:], Deck)
    assert deck[1:].codes == ["TH", "2C"]


def test_a_card_twice_is_refused() -> None:
    """A deck holds distinct cards; the error names the card."""
    with pytest.raises(InvalidCard, match="card QS is in the deck twice"):
        Deck.parse("QS 2C qs")
    with pytest.raises(InvalidCard, match="'XX'"):
        Deck.parse("QS XX")


@given(st.integers(min_value=0, max_value=2**64))
def test_shuffle_is_determined_by_the_seeded_generator(seed: int) -> None:
    """The same seed gives the same order; the deck itself is unchanged; all cards stay."""
    deck = Deck.standard()
    one = deck.shuffled(random.Random(seed))
    two = deck.shuffled(random.Random(seed))
    assert one == two
    assert hash(one) == hash(two)
    assert deck == Deck.standard()
    assert one.to_set() == deck.to_set()
    assert len(one) == 52


@given(
    st.integers(min_value=-(2**256), max_value=2**256),
    st.sampled_from([Deck.standard(), Deck.standard(jokers=2), Deck(STANDARD_CARDS[:32])]),
)
def test_a_seeded_deck_is_the_shuffle_of_a_fresh_seeded_generator(seed: int, deck: Deck) -> None:
    """`Deck.seeded(seed)` deals exactly what `shuffled(random.Random(seed))` does."""
    assert deck.seeded(seed) == deck.shuffled(random.Random(seed))
    assert deck.seeded(seed).to_set() == deck.to_set()


@given(st.integers(min_value=-(2**256), max_value=2**256), st.integers(0, 54))
def test_a_seeded_deck_is_the_order_of_random_shuffle(seed: int, size: int) -> None:
    """The replay contract: a seed's deck order is `random.Random(seed).shuffle`'s, whatever
    the deck's size (Python's own shuffle, not the compiled loop `shuffled` shares)."""
    cards = list(STANDARD_CARDS + JOKERS)[:size]
    deck = Deck(cards)
    random.Random(seed).shuffle(cards)
    assert list(deck.seeded(seed)) == cards
    assert list(deck.shuffled(random.Random(seed))) == cards


def test_a_deck_is_seeded_by_an_int() -> None:
    """Another seed is refused, before anything is drawn."""
    with pytest.raises(TypeError, match="seeded by an int, not str"):
        Deck.standard().seeded("7")  # type: ignore[arg-type]  # the wrong type is the test


def test_shuffle_never_uses_the_global_generator() -> None:
    """Reseeding or drawing from the global random module changes nothing."""
    random.seed(1)
    one = Deck.standard().shuffled(random.Random(5))
    random.seed(2)
    random.random()
    assert Deck.standard().shuffled(random.Random(5)) == one
    assert Deck.standard().shuffled(random.Random(6)) != one


def test_deal_one_card_at_a_time_from_the_first_seat() -> None:
    """Card i goes to seat (first_seat + i) % players; the rest stays in order."""
    deck = Deck.parse("2C 3C 4C 5C 6C 7C 8C 9C TC")
    hands, rest = deck.deal(players=3, cards_each=2, first_seat=1)
    assert [[c.code for c in h] for h in hands] == [["4C", "7C"], ["2C", "5C"], ["3C", "6C"]]
    assert rest.codes == ["8C", "9C", "TC"]
    sets, rest_too = deck.deal_sets(players=3, cards_each=2, first_seat=1)
    assert sets == [CardSet(h) for h in hands]
    assert rest_too == rest


@given(
    st.integers(min_value=1, max_value=6),
    st.integers(min_value=0, max_value=8),
    st.data(),
)
def test_deal_properties(players: int, cards_each: int, data: st.DataObject) -> None:
    """Every seat gets cards_each cards, nothing is lost, seat order follows first_seat."""
    first = data.draw(st.integers(min_value=0, max_value=players - 1))
    deck = Deck.standard().shuffled(random.Random(players * 100 + cards_each))
    hands, rest = deck.deal(players, cards_each, first_seat=first)
    assert [len(h) for h in hands] == [cards_each] * players
    dealt = [c for h in hands for c in h]
    assert CardSet(dealt) | rest.to_set() == deck.to_set()
    assert len(dealt) + len(rest) == 52
    if cards_each:
        assert hands[first][0] is deck[0]
    if cards_each and players > 1:
        assert hands[(first + 1) % players][0] is deck[1]
        assert hands[first - 1][-1] is deck[players * cards_each - 1]


@pytest.mark.parametrize(
    ("players", "cards_each", "first_seat", "message"),
    [
        (0, 5, 0, "players must be at least 1"),
        (4, -1, 0, "cards_each non-negative"),
        (4, 14, 0, "cannot deal 14 cards to 4 players from a deck of 52"),
        (4, 5, 4, "first_seat"),
        (4, 5, -1, "first_seat"),
    ],
)
def test_deal_errors(players: int, cards_each: int, first_seat: int, message: str) -> None:
    """Impossible deals are refused with a message that says why."""
    with pytest.raises(ValueError, match=message):
        Deck.standard().deal(players, cards_each, first_seat=first_seat)
    with pytest.raises(ValueError, match=message):
        Deck.standard().deal_sets(players, cards_each, first_seat=first_seat)


def test_draw() -> None:
    """draw() takes cards from the top; too many is refused."""
    cards, rest = Deck.parse("QS TH 2C").draw(2)
    assert [c.code for c in cards] == ["QS", "TH"]
    assert rest.codes == ["2C"]
    assert Deck.parse("QS").draw(0)[1] == Deck.parse("QS")
    for bad in (-1, 4):
        with pytest.raises(ValueError, match="cannot draw"):
            Deck.parse("QS TH 2C").draw(bad)


def test_immutable() -> None:
    """A deck cannot be changed in place."""
    deck = Deck.standard()
    with pytest.raises(AttributeError):
        deck.cards = ()


class Holder(BaseModel):
    """A model with a deck field."""

    deck: Deck


def test_pydantic_fields() -> None:
    """A Deck field reads a list of codes or a string and dumps a list; duplicates are refused."""
    assert Holder(deck=["qs", "2c"]).model_dump() == {"deck": ["QS", "2C"]}
    assert Holder.model_validate_json('{"deck": "2C QS"}').deck.codes == ["2C", "QS"]
    for bad in (["QS", "QS"], [1], 3):
        with pytest.raises(ValidationError, match="deck"):
            Holder(deck=bad)


# -- stacked decks ----------------------------------------------------------------------------


def test_stacked_deals_the_chosen_cards_to_the_chosen_seats() -> None:
    """Seat 0 is left of the default dealer (the last seat) and gets the first card."""
    deck = Deck.stacked(3, {0: "3S 4D", 1: "AS"}, size=2, then="9D KC")
    hands, rest = deck.deal(3, 2, first_seat=0)
    assert [c.code for c in hands[0][:2]] == ["3S", "4D"]
    assert hands[1][0].code == "AS"
    assert rest.codes[:2] == ["9D", "KC"]
    assert deck.to_set() == Deck.standard().to_set()
    # seat 2 gets filler: the standard order, skipping the placed cards
    assert deck.codes[:3] == ["3S", "AS", "2C"]


def test_stacked_zones_follow_each_other_and_the_dealer() -> None:
    """Zones are dealt in turn, each in ``size`` rounds from the dealer's left."""
    deck = Deck.stacked(2, ["2S 3S", "4S 5S"], ["6S 7S"], size=2, dealer=0)
    assert deck.codes[:8] == ["4S", "2S", "5S", "3S", "2C", "6S", "3C", "7S"]


def test_stacked_filler_comes_from_rest_first_and_cards_may_be_any_deck() -> None:
    """``rest`` orders the filler; ``cards`` gives the deck (jokers here)."""
    deck = Deck.stacked(2, {}, size=1, rest="KH QH", cards=Deck.standard(jokers=2))
    assert deck.codes[:2] == ["KH", "QH"]
    assert len(deck) == 54
    assert deck.codes[-2:] == ["BJ", "RJ"]


@pytest.mark.parametrize(
    ("zones", "kwargs", "message"),
    [
        (({2: "3S"},), {}, "zone 1 names seat 2, but seats are 0-1"),
        (({0: "3S 4S 5S"},), {}, "zone 1 gives seat 0 3 cards; at most 2"),
        (({0: "3S"}, {1: "3S"}), {}, "card 3S is placed twice"),
        (({0: "3S"},), {"then": "3S"}, "card 3S is placed twice"),
        (({0: "BJ"},), {}, "not in this deck"),
        (({},), {"rest": "4H 4H"}, "card 4H is in rest twice"),
        (({},), {"cards": Deck.parse("2C 3C")}, "too few"),
        (({},), {"dealer": 2}, "dealer must be a seat 0-1"),
    ],
)
def test_stacked_refuses_what_cannot_be_dealt(
    zones: tuple[dict[int, str], ...], kwargs: dict[str, object], message: str
) -> None:
    """Each mistake is an InvalidDeck (a ValueError) that says what is wrong."""
    with pytest.raises(InvalidDeck, match=message):
        Deck.stacked(2, *zones, size=2, **kwargs)  # type: ignore[arg-type]  # kwargs vary
    with pytest.raises(InvalidCard):
        Deck.stacked(2, {0: "3X"}, size=2)


@given(st.integers(2, 6), st.integers(1, 4), st.randoms(use_true_random=False))
def test_stacked_then_dealt_gives_back_every_chosen_card(
    players: int, size: int, rng: random.Random
) -> None:
    """Dealing a stacked deck puts each chosen card in its seat, at its place."""
    cards = list(STANDARD_CARDS)
    rng.shuffle(cards)
    chosen = {s: cards[s * size : s * size + rng.randint(0, size)] for s in range(players)}
    dealer = rng.randrange(players)
    deck = Deck.stacked(players, chosen, size=size, dealer=dealer)
    hands, _ = deck.deal(players, size, first_seat=(dealer + 1) % players)
    for seat, mine in chosen.items():
        assert hands[seat][: len(mine)] == mine
    assert sorted(deck, key=lambda c: c.index) == sorted(STANDARD_CARDS, key=lambda c: c.index)
