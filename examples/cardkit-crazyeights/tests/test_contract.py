"""Crazy Eights passes the cardkit game contract, exactly as every other game does."""

from __future__ import annotations

from cardkit.testing.contract import GameContract


class TestCrazyEightsContract(GameContract):
    """The whole contract suite, for 2 to 5 players, with the standard rules and each preset."""

    game_name = "crazyeights"
    rule_sets = ({}, {"variant": "draw-one"}, {"variant": "no-wilds"})
