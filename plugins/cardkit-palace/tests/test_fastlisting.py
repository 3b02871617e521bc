"""Palace's fast listing (`list_legal`) equals the reference listing built from its checks."""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_palace import PalaceState

import cardkit
from cardkit.testing.fastlisting import check_fast_listing, check_fast_listings

GAME = cardkit.load_game("palace")


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, {}),
        (2, {}),
        (3, {"variant": "shithead"}),
        (4, {"variant": "bga"}),
        (5, {"variant": "quick"}),
        (3, {"allow_mixed_source_play": True, "allow_voluntary_pickup": True, "zone_size": 4}),
        (3, {"four_of_a_kind_across_plays": False, "burn_rule": "next_player"}),
        (4, {"first_player_rule": "lowest_face_up", "add_drawn_match": False}),
    ],
)
def test_fast_listing_equals_the_checks(players: int, options: dict[str, Any]) -> None:
    """Every state of random games lists exactly what the checks accept, once each."""
    rules = GAME.rules(**options)
    assert check_fast_listings(GAME, players, range(2), rules=rules, max_actions=400) > 100


def test_the_windows_are_listed_as_the_checks_see_them(begin: Any) -> None:
    """The add and completion windows (rare in random games) list what their checks accept."""
    hands = {0: "9S 3C 4C", 1: "9H 9D 5C", 2: "9C 6C 7C", 3: "5D 6D 7D"}
    window: PalaceState = begin(4, rules={"first_player_rule": "left_of_dealer"}, hands=hands)
    window = window.apply("play 9S").apply("play 9H 9D")
    assert window.phase == "complete"
    check_fast_listing(window)
    add = begin(
        2,
        dealer=0,
        rules={"first_player_rule": "left_of_dealer"},
        hands={0: "7S KD KH", 1: "5D 3C 4C"},
        stock="3H 7C",
    )
    add = add.apply("play 5D").apply("play 7S")
    assert add.phase == "add"
    check_fast_listing(add)
