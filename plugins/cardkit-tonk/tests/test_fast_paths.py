"""The hot path's shortcuts agree with the slow, obvious computation."""

from __future__ import annotations

from cardkit_tonk.payouts import ENDING_REASONS, Ending, ending
from cardkit_tonk.spreads import BOOK, RUN_EITHER, RUN_LOW, may_spread
from hypothesis import given
from hypothesis import strategies as st

from cardkit import Card, CardSet
from cardkit.authoring import cards_of_mask as _cards_of

hands = st.sets(st.integers(min_value=0, max_value=51), max_size=13).map(
    lambda cards: sum(1 << i for i in cards)
)


@given(hands)
def test_may_spread_is_exactly_whether_a_book_or_run_exists(hand: int) -> None:
    """False only when no book and no run (aces either way) is in the hand."""
    found = bool(BOOK.find_masks(hand) or RUN_EITHER.find_masks(hand))
    assert may_spread(hand) == found
    if RUN_LOW.find_masks(hand):
        assert may_spread(hand)


def test_may_spread_sees_runs_at_both_ends_and_no_wrap() -> None:
    """A-2-3 and Q-K-A are runs; K-A-2 is not; a book of three is a book."""
    for text, expected in [
        ("AH 2H 3H", True),
        ("QS KS AS", True),
        ("KD AD 2D", False),
        ("7C 7D 7S", True),
        ("7C 8D 9C 7H", False),
        ("", False),
    ]:
        assert may_spread(CardSet.parse(text).mask) is expected, text


@given(hands)
def test_cards_of_lists_the_cards_of_a_mask_in_card_order(mask: int) -> None:
    """The per-suit cached tuples give the same cards as a plain bit loop."""
    assert _cards_of(mask) == tuple(c for c in Card._by_index[:52] if mask & c.bit)


@given(
    st.sampled_from(ENDING_REASONS),
    st.integers(2, 4),
    st.tuples(st.integers(0, 3)) | st.just(()),
    st.none() | st.tuples(st.integers(0, 90), st.integers(0, 90)),
    st.none() | st.integers(0, 3),
    st.none() | st.integers(0, 3),
    st.none() | st.sampled_from(["deal_50", "deal_49"]),
    st.booleans(),
)
def test_ending_is_the_named_tuple_of_its_fields(
    reason: str,
    players: int,
    winners: tuple[int, ...],
    counts: tuple[int, ...] | None,
    dropper: int | None,
    tonker: int | None,
    claim: str | None,
    full_tonk: bool,
) -> None:
    """`ending` (the transitions' one-call build) is `Ending` of the same fields."""
    made = ending(
        reason, players, winners, counts, dropper, tonker=tonker, claim=claim, full_tonk=full_tonk
    )
    named = Ending(
        reason, players, winners, counts, dropper, tonker=tonker, claim=claim, full_tonk=full_tonk
    )
    assert type(made) is Ending
    assert made == named
    assert made._asdict() == named._asdict()
