"""The deadwood optimiser: the 1,000 shared gin cases, and properties against brute force."""

from __future__ import annotations

import copy
import json
import pickle
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import ACE_HIGH, Card, CardSet, CardValues, Rank, Suit
from cardkit.cards.card import STANDARD_CARDS
from cardkit.cards.melds import (
    DoubleSequence,
    MeldKind,
    MeldSolver,
    MeldSplit,
    NOfAKind,
    Run,
    Sequence,
    best_melds,
)
from cardkit.cards.melds import deadwood as deadwood_module

CASES = Path(__file__).parent / "data" / "deadwood_cases.json"
GIN = (NOfAKind(3, 4), Run(3, ace="low"))
PIPS = CardValues.pips()


def test_all_shared_gin_cases() -> None:
    """Every case of the shared file: A = 1, pictures 10, books of 3-4, runs of 3+ ace low."""
    data = json.loads(CASES.read_text())
    assert len(data["cases"]) == data["count"] == 1000
    solver = MeldSolver(GIN, PIPS, cache_size=0)
    wrong = []
    for case in data["cases"]:
        hand = CardSet.parse(case["hand"])
        split = solver.best(hand)
        check_split(hand, split, GIN, PIPS)
        if split.deadwood_value != case["deadwood"]:
            wrong.append((case["hand"], case["deadwood"], split.deadwood_value))
        assert best_melds(hand, GIN, PIPS) == split
        assert solver.deadwood_value(hand) == case["deadwood"]
    assert not wrong, f"{len(wrong)} wrong, first: {wrong[:3]}"


def check_split(
    hand: CardSet, split: MeldSplit, kinds: tuple[MeldKind, ...], values: CardValues
) -> None:
    """The split is made of the hand's cards: disjoint valid melds plus the deadwood."""
    assert isinstance(split, MeldSplit)
    seen = 0
    for meld in split.melds:
        assert meld <= hand
        assert not meld.mask & seen, "melds overlap"
        assert any(k.is_valid(meld) for k in kinds), f"{meld} is no meld"
        seen |= meld.mask
    assert split.melded.mask == seen
    assert split.deadwood == hand - split.melded
    assert split.deadwood_value == values.total(split.deadwood)


# -- brute force, written plainly ----------------------------------------------------------


def brute_force(hand: list[Card], kinds: tuple[MeldKind, ...], values: CardValues) -> int:
    """The least deadwood value: the first card is deadwood or in some meld with later cards."""
    cards = tuple(sorted(hand, key=lambda c: c.index))

    @cache
    def least(rest: tuple[Card, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = values.of(first) + least(others)
        n = len(others)
        for pick in range(1 << n):
            group = [first] + [others[i] for i in range(n) if pick >> i & 1]
            if any(k.validate(group).ok for k in kinds):
                left = tuple(c for i, c in enumerate(others) if not pick >> i & 1)
                best = min(best, least(left))
        return best

    return least(cards)


THIRTEEN_ORDER = ACE_HIGH
SETTINGS: list[tuple[str, tuple[MeldKind, ...], CardValues]] = [
    ("gin", GIN, PIPS),
    ("tonk", (NOfAKind(3, 4), Run(3, ace="either")), PIPS),
    ("ace high", (NOfAKind(3, 4), Run(3, ace="high")), CardValues.pips(ace=11)),
    ("wrap", (Run(3, ace="low", wrap=True),), PIPS),
    ("pairs", (NOfAKind(2, 2),), PIPS),
    ("short runs", (NOfAKind(3, 3), Run(3, ace="low", max_length=4)), PIPS),
    ("two run kinds", (Run(3, ace="low"), Run(4, ace="high"), NOfAKind(3, 4)), PIPS),
    (
        "sequences",
        (Sequence(THIRTEEN_ORDER, 3), DoubleSequence(THIRTEEN_ORDER, 2), NOfAKind(3, 4)),
        PIPS,
    ),
    (
        "negative values",
        (NOfAKind(3, 4), Run(3, ace="either")),
        CardValues({Rank.ACE: -5, Rank.KING: 0, Rank.SEVEN: 7, Rank.TWO: -1, Rank.NINE: 3}),
    ),
    ("zero values", (NOfAKind(3, 4), Run(3)), CardValues({Rank.KING: 10})),
]


@st.composite
def hands(draw: st.DrawFn) -> list[Card]:
    """Random 5-11 card hands, half of them from a narrow window of ranks (meld-rich)."""
    size = draw(st.integers(5, 11))
    if draw(st.booleans()):
        return draw(
            st.lists(st.sampled_from(STANDARD_CARDS), min_size=size, max_size=size, unique=True)
        )
    width = draw(st.integers(3, 6))
    low = draw(st.integers(2, 15 - width))
    pool = [Card(Rank(r), s) for r in range(low, low + width) for s in Suit]
    if low <= 3:
        pool += [Card(Rank.ACE, s) for s in Suit if Card(Rank.ACE, s) not in pool]
    size = min(size, len(pool))
    return draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "kinds", "values"), SETTINGS, ids=[s[0] for s in SETTINGS])
@settings(max_examples=70, deadline=None)
@given(cards=hands())
def test_matches_brute_force(
    name: str, kinds: tuple[MeldKind, ...], values: CardValues, cards: list[Card]
) -> None:
    hand = CardSet(cards)
    split = MeldSolver(kinds, values, cache_size=0).best(hand)
    check_split(hand, split, kinds, values)
    assert split.deadwood_value == brute_force(cards, kinds, values)


@pytest.mark.slow
@pytest.mark.parametrize("limit", [0, 1000])
@pytest.mark.parametrize(("name", "kinds", "values"), SETTINGS[:3] + SETTINGS[-2:-1])
@settings(max_examples=40, deadline=None)
@given(cards=hands())
def test_both_search_strategies_agree(
    limit: int,
    name: str,
    kinds: tuple[MeldKind, ...],
    values: CardValues,
    cards: list[Card],
) -> None:
    """Enumerating packings and the memoised card search give the same optimum."""
    hand = CardSet(cards)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(deadwood_module, "_ENUMERATE_UP_TO", limit)
        split = MeldSolver(kinds, values, cache_size=0).best(hand)
    check_split(hand, split, kinds, values)
    assert split.deadwood_value == brute_force(cards, kinds, values)


# -- examples and API ----------------------------------------------------------------------


def split_text(split: MeldSplit) -> tuple[list[str], str, int]:
    return [str(m) for m in split.melds], str(split.deadwood), split.deadwood_value


def test_book_or_run_conflict_is_resolved_optimally() -> None:
    # 7H fits the book and the run; the run 5H 6H 7H plus 7C 7D 7S leaves nothing
    hand = CardSet.parse("7C 7D 7S 7H 5H 6H KD")
    melds, dead, value = split_text(best_melds(hand, GIN, PIPS))
    assert sorted(melds) == ["5H 6H 7H", "7C 7D 7S"]
    assert (dead, value) == ("KD", 10)


def test_sub_run_frees_a_card_for_a_book() -> None:
    hand = CardSet.parse("3S 4S 5S 6S 6H 6D 9C")
    melds, dead, value = split_text(best_melds(hand, GIN, PIPS))
    assert sorted(melds) == ["3S 4S 5S", "6D 6H 6S"]
    assert (dead, value) == ("9C", 9)


def test_equal_value_prefers_more_melded_cards() -> None:
    # kings are worth 0 here: melding the four kings or three of them leaves the same value
    values = CardValues({Rank.TWO: 2})
    hand = CardSet.parse("KS KH KD KC 2S")
    split = best_melds(hand, (NOfAKind(3, 4),), values)
    assert [str(m) for m in split.melds] == ["KC KD KH KS"]


def test_no_melds_and_empty_hands() -> None:
    split = best_melds(CardSet.parse("2S 5H 9D KC"), GIN, PIPS)
    assert split == MeldSplit((), CardSet.parse("2S 5H 9D KC"), 26)
    assert str(split) == "no melds; deadwood KC 9D 5H 2S (26)"
    empty = best_melds(CardSet(), GIN, PIPS)
    assert empty == MeldSplit((), CardSet(), 0)
    assert str(empty) == "no melds; deadwood none (0)"


def test_jokers_are_always_deadwood() -> None:
    values = CardValues.pips()
    hand = CardSet.parse("3S 4S 5S RJ")
    split = best_melds(hand, GIN, CardValues({r: values.table[r - 2] for r in Rank}, joker=25))
    assert [str(m) for m in split.melds] == ["3S 4S 5S"]
    assert str(split.deadwood) == "RJ"
    assert split.deadwood_value == 25


def test_large_hands_work() -> None:
    hand = CardSet.parse("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH AD AC 2H 2D 3H 3D KH KD")
    kinds = (NOfAKind(3, 4), Run(3, ace="either"))
    split = best_melds(hand, kinds, PIPS)
    check_split(hand, split, kinds, PIPS)
    # books of aces, twos, threes and kings, and the run 4S-QS: nothing left
    assert split.deadwood_value == 0
    assert split.melded == hand


def test_cache_and_solver_api() -> None:
    solver = MeldSolver(GIN, PIPS, cache_size=2)
    hand = CardSet.parse("3S 4S 5S 9H")
    first = solver.best(hand)
    assert solver.best(hand) is first  # remembered
    assert solver.best(hand, cache=False) == first
    assert solver.best(list(hand)) == first
    assert solver.best(hand.mask) == first
    solver.cache_clear()
    assert solver.best(hand) is not first
    melds, dead = solver.solve_mask(hand.mask)
    assert melds == (CardSet.parse("3S 4S 5S").mask,)
    assert dead == CardSet.parse("9H").mask
    assert solver.value_mask(hand.mask) == 21
    assert "MeldSolver" in repr(solver)
    uncached = MeldSolver(GIN, PIPS, cache_size=0)
    assert uncached.best(hand) == first
    uncached.cache_clear()
    assert best_melds(hand, list(GIN), PIPS) == first  # any sequence of kinds
    assert best_melds(hand, GIN, PIPS, cache=False) == first


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="MeldKind"):
        MeldSolver(["run"], PIPS)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="CardValues"):
        MeldSolver(GIN, {"A": 1})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="bits 0-53"):
        MeldSolver(GIN, PIPS).best(-1)


@pytest.mark.parametrize(
    "values",
    [
        PIPS,
        CardValues(
            {Rank.ACE: 1, Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13}
            | {r: int(r) for r in Rank if r <= Rank.TEN}
        ),
        CardValues({Rank.ACE: -5, Rank.KING: 0, Rank.SEVEN: 7, Rank.TWO: -1, Rank.NINE: 3}),
        CardValues(dict.fromkeys(Rank, 2), joker=25),
        CardValues({}),
    ],
    ids=["pips", "jqk 11-13", "negative", "flat with jokers", "all zero"],
)
@settings(max_examples=60, deadline=None)
@given(mask=st.integers(0, (1 << 54) - 1))
def test_value_mask_is_the_sum_of_the_card_values(values: CardValues, mask: int) -> None:
    solver = MeldSolver(GIN, values, cache_size=0)
    assert solver.value_mask(mask) == sum(v for i, v in enumerate(values.table) if mask >> i & 1)
    assert solver.value_mask(0) == 0


def test_split_is_a_named_tuple() -> None:
    split = best_melds(CardSet.parse("3S 4S 5S 9H"), GIN, PIPS)
    melds, dead, value = split
    assert (melds, dead, value) == (split.melds, split.deadwood, split.deadwood_value)
    with pytest.raises(AttributeError):
        split.deadwood_value = 3  # type: ignore[misc]


def test_negative_values_never_force_a_meld() -> None:
    """Two overlapping melds, both worth less than nothing: meld neither (a regression)."""
    values = CardValues({Rank.TWO: -1, Rank.ACE: -5, Rank.SEVEN: 7})
    kinds = (NOfAKind(3, 4), Run(3, ace="either"))
    cards = list(CardSet.parse("2C 2D 2H 3C 4C"))
    split = best_melds(CardSet(cards), kinds, values)
    assert split.deadwood_value == brute_force(cards, kinds, values) == -3
    assert split.melds == ()


def test_solvers_pickle_and_copy() -> None:
    solver = MeldSolver(GIN, PIPS, cache_size=10)
    hand = CardSet.parse("3S 4S 5S 9H 9D 9C KD")
    for twin in (pickle.loads(pickle.dumps(solver)), copy.deepcopy(solver)):
        assert twin.kinds == solver.kinds
        assert twin.best(hand) == solver.best(hand)


@pytest.mark.parametrize(
    ("kinds", "hand"),
    [
        ((NOfAKind(3, 4), Run(3, ace="either")), "AS 2S 3S QS KS AH AD 2D 3D KH"),
        ((NOfAKind(3, 4), Run(3, ace="either")), "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"),
        ((Run(3, wrap=True), NOfAKind(3, 4)), "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"),
        ((Run(3, wrap=True), NOfAKind(3, 4)), "QS KS AS 2S 3S QH QD KH KD"),
        ((NOfAKind(2, 2), Run(3, max_length=3)), "5S 6S 7S 8S 5H 5D 5C 6H 7D 8C"),
    ],
)
def test_aces_at_both_ends_and_whole_suits(kinds: tuple[MeldKind, ...], hand: str) -> None:
    """Blocks that overlap (a low and a high ace run) or wrap fall back to every meld."""
    cards = list(CardSet.parse(hand))
    split = best_melds(CardSet(cards), kinds, PIPS, cache=False)
    check_split(CardSet(cards), split, kinds, PIPS)
    if len(cards) <= 10:
        assert split.deadwood_value == brute_force(cards, kinds, PIPS)
    else:
        assert split.deadwood_value == 0


@pytest.mark.parametrize(
    ("hand", "worth"),
    [
        ("2C 3C 4C 2D 3D 4D 2H 3H 4H", {Rank.TWO: -3, Rank.THREE: 1, Rank.FOUR: 1}),
        ("2C 3C 4C 2D 3D 4D 2H 3H 4H", {Rank.TWO: 3, Rank.THREE: -1, Rank.FOUR: -1}),
        ("2C 3C 4C 5C 2D 3D 4D 2H 3H 4H", {Rank.TWO: -1, Rank.FIVE: 4, Rank.THREE: 1}),
    ],
)
def test_three_disjoint_melds_with_negative_values(hand: str, worth: dict[Rank, int]) -> None:
    values = CardValues(worth)
    kinds = (Run(3),)
    cards = list(CardSet.parse(hand))
    split = best_melds(CardSet(cards), kinds, values, cache=False)
    check_split(CardSet(cards), split, kinds, values)
    assert split.deadwood_value == brute_force(cards, kinds, values)
