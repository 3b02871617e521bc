"""Spades passes the cardkit game contract, exactly as every other game does."""

from __future__ import annotations

from cardkit.testing.contract import GameContract


class TestSpadesContract(GameContract):
    """The whole contract suite, for 4 players, with the standard rules and each preset."""

    game_name = "spades"
    rule_sets = ({}, {"variant": "blind-nil"}, {"variant": "no-nil"}, {"variant": "no-bags"})
