"""`Game.rules_model` defaults to the rules class the game names in its base."""

from __future__ import annotations

from typing import Generic, TypeVar

from cardkit.authoring import Game, GameState, Rules


class MyRules(Rules):
    """Some rules."""


class OtherRules(Rules):
    """Other rules."""


R = TypeVar("R", bound=Rules)


def test_a_game_takes_its_rules_model_from_its_base() -> None:
    class MyGame(Game[MyRules, GameState]):
        name = "mine"

    class Variant(MyGame):
        name = "variant"

    assert MyGame.rules_model is MyRules
    assert Variant.rules_model is MyRules  # inherited


def test_a_rules_model_the_game_sets_is_kept() -> None:
    class MyGame(Game[MyRules, GameState]):
        name = "mine"
        rules_model = OtherRules

    class Variant(MyGame):
        name = "variant"

    assert MyGame.rules_model is OtherRules
    assert Variant.rules_model is OtherRules  # not the base's base's MyRules


def test_a_generic_base_names_no_rules_model() -> None:
    class Family(Game[R, GameState], Generic[R]):
        name = "family"

    assert "rules_model" not in vars(Family)
