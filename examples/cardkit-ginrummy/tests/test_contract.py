"""Gin Rummy passes the cardkit game contract, exactly as every other game does."""

from cardkit.testing.contract import GameContract


class TestGinRummyContract(GameContract):
    """The whole contract suite, with the standard rules and big gin."""

    game_name = "ginrummy"
    rule_sets = ({}, {"variant": "big-gin"})
