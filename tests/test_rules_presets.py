"""A rules class declares its presets as nested `Preset` classes: name, words, options."""

from __future__ import annotations

import pytest

from cardkit.authoring import Preset, Rules, Variant


class StockRules(Rules):
    """Some rules."""

    wild: bool = True
    """Wild cards."""

    hand_size: int = 7
    """Cards each."""

    class DrawOne(Preset):
        """Deal five cards
        and no wilds."""

        wild = False
        hand_size = 5

    class Quick(Preset):
        """Deal three cards."""

        hand_size = 3


def test_a_nested_preset_is_a_variant_named_by_its_class_and_worded_by_its_docstring() -> None:
    assert StockRules.presets == (
        Variant(
            name="draw-one",
            description="Deal five cards and no wilds.",
            options={"wild": False, "hand_size": 5},
        ),
        Variant(name="quick", description="Deal three cards.", options={"hand_size": 3}),
    )
    assert set(StockRules.model_fields) == {"house_rules", "max_actions", "wild", "hand_size"}


def test_a_subclass_keeps_its_bases_presets_and_adds_its_own() -> None:
    class MoreRules(StockRules):
        class NoWilds(Preset):
            """No wilds."""

            wild = False

    assert [v.name for v in MoreRules.presets] == ["draw-one", "quick", "no-wilds"]
    assert [v.name for v in StockRules.presets] == ["draw-one", "quick"]


def test_a_preset_without_words_or_setting_no_option_is_refused() -> None:
    with pytest.raises(TypeError, match="Silent has no docstring"):

        class Mute(Rules):
            class Silent(Preset):
                max_actions = 5

    with pytest.raises(TypeError, match="sets wilds: not options of Typo"):

        class Typo(Rules):
            wild: bool = True

            class NoWilds(Preset):
                """No wilds."""

                wilds = False
