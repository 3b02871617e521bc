"""Tiến lên's fast listing (`list_legal`) equals the reference listing built from its checks."""

from __future__ import annotations

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
