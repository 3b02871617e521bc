"""Ranks as words: `Rank.word`, `Rank.plural` and the fields `{rank:rank}`, `{rank:ranks}`."""

from __future__ import annotations

import pytest

from cardkit import Event, Rank
from cardkit.errors import PluginError
from cardkit.words.wording import Wording

WORDS = {
    Rank.TWO: ("two", "twos"),
    Rank.SIX: ("six", "sixes"),
    Rank.SEVEN: ("seven", "sevens"),
    Rank.TEN: ("ten", "tens"),
    Rank.JACK: ("jack", "jacks"),
    Rank.QUEEN: ("queen", "queens"),
    Rank.ACE: ("ace", "aces"),
}


@pytest.mark.parametrize(("rank", "words"), WORDS.items())
def test_a_rank_reads_as_a_word_singular_and_plural(rank: Rank, words: tuple[str, str]) -> None:
    assert (rank.word, rank.plural) == words


def test_every_plural_is_the_word_and_an_ending() -> None:
    for rank in Rank:
        ending = "es" if rank.word.endswith(("s", "x")) else "s"
        assert rank.plural == rank.word + ending


ASK = Wording({"ask": "asks {target:seat} for {rank:ranks}", "book": "shows a {rank:rank}"})


@pytest.mark.parametrize(
    ("value", "plural", "singular"),
    [
        ("T", "tens", "ten"),
        ("10", "tens", "ten"),
        (10, "tens", "ten"),
        ("6", "sixes", "six"),
        ("a", "aces", "ace"),
        (14, "aces", "ace"),
        ("7", "sevens", "seven"),
    ],
)
def test_a_phrase_words_a_rank_code_or_number(value: object, plural: str, singular: str) -> None:
    ask = Event("ask", 0, data={"target": 1, "rank": value})
    assert ASK.line(ask) == f"Seat 1 asks seat 2 for {plural}"
    assert ASK.line(ask, viewer=0) == f"You ask seat 2 for {plural}"
    assert ASK.line(ask, viewer=1) == f"Seat 1 asks you for {plural}"
    assert ASK.line(Event("book", 2, data={"rank": value})) == f"Seat 3 shows a {singular}"


def test_an_unknown_reading_lists_the_rank_ones() -> None:
    with pytest.raises(PluginError, match="rank, ranks"):
        Wording({"ask": "asks for {rank:rankz}"})
