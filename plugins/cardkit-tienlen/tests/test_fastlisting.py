"""Tiến lên's fast listing (`list_legal`) equals the reference listing built from its checks."""

from __future__ import annotations

import random

from cardkit_tienlen.handcombos import HandCombos
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.testing.fastlisting import check_fast_listings


def test_fast_listing_equals_the_checks_default_rules() -> None:
    """Every state of a random 4-player deal lists exactly what the checks accept."""
    game = cardkit.load_game("tienlen")
    assert check_fast_listings(game, 4, range(1)) > 30


def test_fast_listing_equals_the_checks_southern() -> None:
    """The southern preset (bomb ladder, bombs after passing) too."""
    game = cardkit.load_game("tienlen")
    rules = game.rules(variant="southern")
    assert check_fast_listings(game, 3, range(1), rules=rules) > 10


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 13), st.integers(1, 5))
def test_combinations_filtered_from_a_larger_hand_are_those_found_again(
    seed: int, size: int, plays: int
) -> None:
    """A hand's combinations filtered from a larger hand's (`hand_combos_after`) are the
    ones the finders give for that hand, in the same order: every group and `all()`."""
    rng = random.Random(seed)
    low = rng.randrange(13)
    pool = [k for k in range(52) if low <= k // 4 < low + rng.randint(3, 8)]
    hand = 0
    for key in rng.sample(pool, min(size + plays, len(pool))):
        hand |= 1 << key
    parent = HandCombos(hand)
    gids = [(k, n) for k in range(1, 7) for n in range(1, 14)]
    for kind, n in rng.sample(gids, rng.randrange(len(gids))):
        parent.group(kind, n)
    if rng.random() < 0.7:
        parent.all()
    chain = parent
    for _ in range(plays):
        cards = [k for k in range(52) if chain.bits >> k & 1]
        if not cards:
            break
        gone = sum(1 << k for k in rng.sample(cards, rng.randint(1, max(1, len(cards) // 3))))
        chain = HandCombos(chain.bits & ~gone, chain)
        fresh = HandCombos(chain.bits)
        for kind, n in gids:
            assert chain.group(kind, n) == fresh.group(kind, n), (kind, n)
        assert chain.all() == fresh.all()
