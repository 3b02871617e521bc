"""`Verb`, `CardVerb`, `CardWord` and `grammar_of`: the core's verb actions and the grammar
derived from them."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from cardkit import Card
from cardkit.authoring import (
    SUIT_WORDS,
    CardVerb,
    CardWord,
    Form,
    IllegalAction,
    IntArg,
    NumberVerb,
    Rank,
    Suit,
    Verb,
    grammar_of,
)


class Draw(Verb):
    verb = "draw"


class Discard(CardVerb):
    verb = "discard"


class Play(CardVerb):
    verb = "play"
    source = None


def test_a_card_verb_reads_and_writes_its_verb_and_card() -> None:
    grammar = grammar_of(Discard)
    action = grammar.parse("discard 9c", "Test")
    assert action == Discard(Card.parse("9C"))
    assert str(action) == "discard 9C"
    other: object = Play(Card.parse("9C"))
    assert action != other  # of another class


def test_grammar_of_derives_each_form_from_its_class_in_order() -> None:
    bid = Form("bid", Discard, args=(IntArg(0, 13, "tricks"),))
    forms = grammar_of(Draw, bid, Discard, Play).forms
    assert [(f.verb, f.make, f.cards, f.source) for f in forms] == [
        ("draw", Draw, 0, None),
        ("bid", Discard, 0, None),
        ("discard", Discard, 1, "hand"),  # a card verb's card comes from the hand by default
        ("play", Play, 1, None),  # ... or from where its class says
    ]
    assert forms[1] is bid
    assert grammar_of(Draw).parse("DRAW", "Test") == Draw()


def test_grammar_of_refuses_what_is_not_an_action_form() -> None:
    with pytest.raises(TypeError, match="is not a Form"):
        grammar_of(Card)  # type: ignore[arg-type]


class LayOff(CardVerb):
    """Named by its class: ``layoff 5S``."""


class Done(Verb):
    """Named by its class: ``done``."""


class CallTonk(Verb):
    verb = "call-tonk"


def test_a_verb_is_named_by_its_class_unless_it_sets_one() -> None:
    assert (Done.verb, LayOff.verb, CallTonk.verb, Draw.verb) == (
        "done",
        "layoff",
        "call-tonk",
        "draw",
    )
    assert str(Done()) == "done"
    assert str(LayOff(Card.parse("5S"))) == "layoff 5S"
    assert grammar_of(Done, LayOff).parse("LAYOFF 5s", "Test") == LayOff(Card.parse("5S"))


class Pitch(CardWord[Suit]):
    """A card and, for an eight, a suit: ``pitch 5D``, ``pitch 8H clubs``."""

    word_rank = Rank.EIGHT


def test_a_card_word_reads_and_writes_a_card_and_an_optional_word() -> None:
    grammar = grammar_of(Pitch)
    plain, named = grammar.parse("pitch 5d", "Test"), grammar.parse("Pitch 8H club", "Test")
    assert plain == Pitch(Card.parse("5D"))
    assert str(plain) == "pitch 5D"
    assert named == Pitch(Card.parse("8H"), Suit.CLUBS)
    assert str(named) == "pitch 8H clubs"
    assert grammar.parse("pitch 5D ♣", "Test") == Pitch(Card.parse("5D"), Suit.CLUBS)  # read
    forms = grammar.forms
    assert [f.written for f in forms] == [("pitch <card>",), ("pitch <8> <suit>",)]
    assert [(f.source, f.word_required) for f in forms] == [("hand", False), ("hand", True)]
    only = forms[1].only_cards
    assert only is not None
    assert only(Card.parse("8S"))
    assert not only(Card.parse("9S"))


def test_a_card_word_of_suits_takes_the_suit_words_unless_it_sets_its_own() -> None:
    """Issue 37: `CardWord[Suit]` needs no `words = SUIT_WORDS`; words it sets are its own."""

    class Call(CardWord[Suit]):
        """``call 5D hearts``."""

    class Colour(CardWord[str]):
        """``colour 5D red``."""

        words = MappingProxyType({"red": "red", "black": "black"})

    class Named(Call):
        """``named 5D red``."""

        words = Colour.words

    assert Call.words is SUIT_WORDS
    assert grammar_of(Call).parse("call 5D hearts", "Test") == Call(Card.parse("5D"), Suit.HEARTS)
    assert Colour.words == Named.words == {"red": "red", "black": "black"}
    assert not hasattr(CardWord, "words")


class Bid(NumberVerb):
    """A number of tricks: ``bid 4``."""

    high = 13


def test_a_number_verb_reads_and_writes_its_verb_and_number() -> None:
    grammar = grammar_of(Bid)
    assert grammar.parse("BID 4", "Test") == Bid(4)
    assert str(Bid(0)) == "bid 0"
    (form,) = grammar.forms
    assert form.written == ("bid <number>",)
    assert [str(a) for a in form.candidates([])] == [f"bid {n}" for n in range(14)]
    with pytest.raises(IllegalAction, match=r"must be|expected"):
        grammar.parse("bid 14", "Test")
