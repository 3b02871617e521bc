"""Crazy Eights' fast legal listing equals the one its checks give, on random states."""

from __future__ import annotations

import pytest
from cardkit_crazyeights import CrazyEights

from cardkit.testing.fastlisting import check_fast_listings

GAME = CrazyEights()


@pytest.mark.parametrize("variant", [None, "draw-one", "no-wilds"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_fast_listing_equals_the_checks(variant: str | None, players: int) -> None:
    """Every state of a few random games: listed actions pass their checks, and no other does."""
    rules = GAME.rules(variant) if variant else GAME.rules()
    assert check_fast_listings(GAME, players, range(3), rules=rules) > 30
