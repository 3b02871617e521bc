"""Cards: parsing every accepted form, errors, interning, pydantic fields and JSON schema."""

from __future__ import annotations

import copy
import pickle
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from cardkit import Card, InvalidCard, Rank, Suit
from cardkit.cards.card import CARD_PATTERN, JOKERS, STANDARD_CARDS

RANK_FORMS = {
    Rank.TWO: ["2"],
    Rank.NINE: ["9"],
    Rank.TEN: ["T", "t", "10"],
    Rank.JACK: ["J", "j"],
    Rank.QUEEN: ["Q", "q"],
    Rank.KING: ["K", "k"],
    Rank.ACE: ["A", "a"],
}
SUIT_FORMS = {
    Suit.CLUBS: ["C", "c", "♣", "♧"],
    Suit.DIAMONDS: ["D", "d", "♦", "♢"],
    Suit.HEARTS: ["H", "h", "♥", "♡"],
    Suit.SPADES: ["S", "s", "♠", "♤"],
}


@pytest.mark.parametrize(
    ("rank", "rank_text", "suit", "suit_text"),
    [
        (rank, rank_text, suit, suit_text)
        for rank, rank_forms in RANK_FORMS.items()
        for rank_text in rank_forms
        for suit, suit_forms in SUIT_FORMS.items()
        for suit_text in suit_forms
    ],
)
def test_every_rank_and_suit_form_parses(
    rank: Rank, rank_text: str, suit: Suit, suit_text: str
) -> None:
    """Codes, lower case, 10 or T, suit letters and both kinds of suit symbols."""
    card = Card.parse(rank_text + suit_text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("QS", "QS"),
        ("qs", "QS"),
        ("Qs", "QS"),
        ("Q♠", "QS"),
        (" 10h ", "TH"),
        ("\t10♥\n", "TH"),
        ("TH", "TH"),
        ("th", "TH"),
        ("10H", "TH"),
        ("ac", "AC"),
        ("2d", "2D"),
        ("BJ", "BJ"),
        ("rj", "RJ"),
    ],
)
def test_what_people_type(text: str, code: str) -> None:
    """The examples of the design: 'QS', 'qs', 'Q♠', '10h', 'TH', 'th', '10♥'."""
    assert Card.parse(text).code == code


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "Q",
        "S",
        "QQ",
        "1S",
        "11S",
        "0H",
        "10",
        "ZS",
        "QX",
        "Q S",
        "QS4",
        "QSS",
        "10 H",
        "♠Q",
        "jo",
        "JK",
        "RJJ",
        "QS,",
        "q♠♠",
    ],
)
def test_bad_strings_raise_invalid_card_quoting_the_text(text: str) -> None:
    """The error is an InvalidCard (a ValueError) that quotes the text and says what is expected."""
    with pytest.raises(InvalidCard) as info:
        Card.parse(text)
    assert info.value.text == text
    assert repr(text) in str(info.value)
    assert "expected a rank" in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [None, 12, 3.5, b"QS", ["QS"], ("QS",), {"QS"}])
def test_non_text_is_an_invalid_card_too(value: object) -> None:
    """Anything that is not text is refused with InvalidCard, never a TypeError."""
    with pytest.raises(InvalidCard):
        Card.parse(value)  # type: ignore[arg-type]


def test_rank_and_suit_parsers() -> None:
    """Rank.parse and Suit.parse read one part, and name the bad part."""
    assert Rank.parse("10") is Rank.TEN
    assert Rank.parse(" t ") is Rank.TEN
    assert Suit.parse("♡") is Suit.HEARTS
    with pytest.raises(InvalidCard, match="unknown rank"):
        Rank.parse("1")
    with pytest.raises(InvalidCard, match="unknown suit"):
        Suit.parse("X")


def test_cards_are_interned() -> None:
    """Building or parsing a card twice gives the very same object."""
    queen = Card(Rank.QUEEN, Suit.SPADES)
    assert queen is Card.parse("qs") is Card.parse("Q♠") is Card.from_index(queen.index)
    assert Card(12, 3) is queen
    assert copy.copy(queen) is queen
    assert copy.deepcopy(queen) is queen
    assert pickle.loads(pickle.dumps(queen)) is queen
    assert Card.joker() is Card.parse("BJ")
    assert Card.joker(red=True) is Card.parse("RJ")


def test_cards_are_immutable_and_hash_by_index() -> None:
    """No attribute can be set; hashing is the index; equality is identity."""
    card = Card.parse("7D")
    with pytest.raises(AttributeError):
        card.code = "8D"
    with pytest.raises(AttributeError):
        del card.rank
    assert hash(card) == card.index
    assert card == Card.parse("7d")
    assert card != Card.parse("7H")
    assert card != "7D"


def test_indexes_codes_and_pretty_forms() -> None:
    """index = suit * 13 + rank - 2, bit = 1 << index; canonical codes; pretty 10♥."""
    assert len(STANDARD_CARDS) == 52
    assert [c.index for c in STANDARD_CARDS] == list(range(52))
    for card in STANDARD_CARDS:
        assert card.rank is not None
        assert card.suit is not None
        assert card.index == card.suit * 13 + card.rank - 2
        assert card.bit == 1 << card.index
        assert Card.parse(card.code) is card
        assert Card.parse(card.pretty) is card
        assert str(card) == card.code
        assert repr(card) == f"Card({card.code!r})"
    assert Card.parse("TH").pretty == "10♥"
    assert Card.parse("AC").code == "AC"
    assert [j.code for j in JOKERS] == ["BJ", "RJ"]
    assert [j.index for j in JOKERS] == [52, 53]
    assert all(j.is_joker and j.rank is None and j.suit is None for j in JOKERS)
    assert not Card.parse("2C").is_joker
    assert Rank.TEN.code == "T"
    assert Suit.SPADES.symbol == "♠"


@pytest.mark.parametrize(("rank", "suit"), [(1, 0), (15, 0), (2, 4), (2, -1), ("Q", "S")])
def test_bad_rank_or_suit_values(rank: object, suit: object) -> None:
    """Card(rank, suit) refuses values out of range."""
    with pytest.raises(InvalidCard, match="rank must be 2-14"):
        Card(rank, suit)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [-1, 54, 100])
def test_bad_index(index: int) -> None:
    """from_index refuses indexes out of 0-53."""
    with pytest.raises(InvalidCard, match="0-53"):
        Card.from_index(index)


# -- pydantic ------------------------------------------------------------------------------


class Holder(BaseModel):
    """A model with a card field."""

    card: Card
    maybe: Card | None = None


def test_pydantic_fields_accept_codes_and_cards_and_dump_codes() -> None:
    """A Card field reads any accepted text or a Card, and dumps the canonical code."""
    model = Holder(card="10h", maybe=Card.parse("QS"))
    assert model.card is Card.parse("TH")
    assert model.model_dump() == {"card": "TH", "maybe": "QS"}
    assert model.model_dump_json() == '{"card":"TH","maybe":"QS"}'
    assert Holder.model_validate_json('{"card": "q♠"}').card is Card.parse("QS")


@pytest.mark.parametrize("value", ["ZZ", 12, None, ["QS"]])
def test_pydantic_fields_refuse_bad_values(value: object) -> None:
    """A bad value is a validation error that names the field."""
    with pytest.raises(ValidationError, match="card"):
        Holder(card=value)


def test_json_schema_of_a_card_has_a_pattern() -> None:
    """The schema is a string with CARD_PATTERN and examples."""
    schema = Holder.model_json_schema()
    card = schema["properties"]["card"]
    assert card["type"] == "string"
    assert card["pattern"] == CARD_PATTERN
    assert "QS" in card["examples"]


@given(st.from_regex(CARD_PATTERN, fullmatch=True))
def test_everything_the_pattern_matches_parses(text: str) -> None:
    """The JSON Schema pattern accepts nothing that Card.parse refuses."""
    assert isinstance(Card.parse(text), Card)


@given(
    st.sampled_from(STANDARD_CARDS),
    st.sampled_from(["", " ", "  ", "\t"]),
    st.sampled_from(["", " ", "\n"]),
    st.booleans(),
    st.booleans(),
)
def test_every_card_round_trips_through_any_spelling(
    card: Card, before: str, after: str, lower: bool, symbol: bool
) -> None:
    """Any spelling of a card parses back to it, and matches the pattern."""
    assert card.rank is not None
    assert card.suit is not None
    rank = "10" if card.rank == Rank.TEN and symbol else card.rank.code
    suit = card.suit.symbol if symbol else card.suit.code
    text = before + (rank + suit).lower() if lower else before + rank + suit
    text += after
    assert Card.parse(text) is card
    assert re.match(CARD_PATTERN, text)
