"""Meld kinds' refusals: every reason a validator gives, in words a player reads."""

from __future__ import annotations

import pytest

from cardkit import Card, CardSet, Rank, RankOrder
from cardkit.cards.melds import (
    DoubleSequence,
    MeldKind,
    NOfAKind,
    Run,
    Sequence,
)

THIRTEEN = RankOrder.parse("3 4 5 6 7 8 9 T J Q K A 2")
NO_TWOS = frozenset({Rank.TWO})
PALACE = RankOrder.parse("3 4 5 6 7 8 9 J Q K A")  # 2 and 10 unranked


# -- messages ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "cards", "reason"),
    [
        (Run(), "7H 5S 6S", "a run is one suit; 7H is hearts but 5S is spades"),
        (Run(), "7H 8H", "too short: 2 cards, a run needs at least 3"),
        (Run(), "4H 6H 7H", "gap between 4 and 6"),
        (Run(max_length=4), "2H 3H 4H 5H 6H", "too long: 5 cards, a run has at most 4"),
        (
            Run(ace="low"),
            "QH KH AH",
            "Q K A: the ace is low in these runs (A 2 3), not above the king",
        ),
        (
            Run(ace="high"),
            "AH 2H 3H",
            "A 2 3: the ace is high in these runs (Q K A), not below the 2",
        ),
        (
            Run(ace="either"),
            "KH AH 2H",
            "K A 2 turns the corner: the ace is low (A 2 3) or high (Q K A), not both",
        ),
        (Run(ace="either"), "AH 2H 4H", "gap between 2 and 4"),
        (Run(wrap=True), "KH AH 3H", "gap between A and 3"),
        (Run(), "TH JH KH", "gap between J and K"),
        (Run(), "9H TH 2H", "gap between 2 and 9"),
        (Run(), "", "no cards: a run needs cards"),
        (Run(), "5H 6H RJ", "RJ: jokers are not wild in a run"),
        (NOfAKind(3, 4), "7S 7H", "too few: 2 cards, a set of one rank needs at least 3"),
        (NOfAKind(2, 2), "7S 7H 7C", "too many: 3 cards, a pair has at most 2"),
        (NOfAKind(2, 2), "7S 8S", "a pair is all one rank; 7S is a 7 but 8S is an 8"),
        (NOfAKind(3, 3), "TS TH", "too few: 2 cards, a triple needs at least 3"),
        (Sequence(THIRTEEN, excluded=NO_TWOS), "KS AH 2D", "2 is excluded from sequences"),
        (Sequence(THIRTEEN, excluded=NO_TWOS), "4S 6H 7D", "gap between 4 and 6"),
        (
            Sequence(THIRTEEN, excluded=NO_TWOS),
            "4S 5H",
            "too short: 2 cards, a sequence needs at least 3",
        ),
        (
            Sequence(THIRTEEN),
            "4S 4H 5D 6C",
            "rank 4 has 2 cards (4H 4S); a sequence has one card of each rank",
        ),
        (
            Sequence(THIRTEEN, max_length=3),
            "3S 4H 5D 6C",
            "too long: 4 cards, a sequence has at most 3",
        ),
        (
            Sequence(PALACE),
            "9S TH JD",
            "10 has no place in the rank order (3 4 5 6 7 8 9 J Q K A)",
        ),
        (
            DoubleSequence(THIRTEEN, excluded=NO_TWOS),
            "3S 3C 3H 4D 4H 5S 5D",
            "rank 3 has 3 cards; a double sequence needs exactly 2 of each rank",
        ),
        (
            DoubleSequence(THIRTEEN, excluded=NO_TWOS),
            "3S 3C 4D 4H",
            "too short: 2 pairs, a double sequence needs at least 3",
        ),
        (
            DoubleSequence(THIRTEEN, excluded=NO_TWOS),
            "3S 3C 4D 4H 6S 6D",
            "gap between 4 and 6",
        ),
        (
            DoubleSequence(THIRTEEN, excluded=NO_TWOS),
            "KS KC AD AH 2S 2D",
            "2 is excluded from double sequences",
        ),
        (
            DoubleSequence(THIRTEEN, max_pairs=3),
            "3S 3C 4D 4H 5S 5D 6S 6D",
            "too long: 4 pairs, a double sequence has at most 3",
        ),
    ],
)
def test_reasons(kind: MeldKind, cards: str, reason: str) -> None:
    check = kind.validate(CardSet.parse(cards) if cards else CardSet())
    assert not check
    assert check.reason == reason
    assert str(check) == reason


def test_duplicate_cards_are_named() -> None:
    card = Card.parse("5S")
    check = Run().validate([card, Card.parse("6S"), card])
    assert not check
    assert check.reason == "card 5S is given twice"
    assert not Run().is_valid([card, Card.parse("6S"), Card.parse("7S"), card])


def test_valid_check_reads_naturally() -> None:
    check = Run().validate(CardSet.parse("5S 6S 7S"))
    assert check
    assert check.ok
    assert str(check) == "valid"


def test_non_cards_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="expected Card objects"):
        Run().validate(["5S", "6S", "7S"])  # type: ignore[list-item]
