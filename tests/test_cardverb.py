"""`CardVerb` and `grammar_of`: the core's verb actions and the grammar derived from them."""

from __future__ import annotations

import pytest

from cardkit import Card
from cardkit.authoring import CardVerb, Form, IntArg, Verb, grammar_of


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
