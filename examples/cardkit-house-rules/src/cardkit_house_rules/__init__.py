"""cardkit_house_rules: house rules and presets for Palace, Tonk and Tiến lên, in a package of
their own.

Installed, the package declares five house rules and adds five presets. A house
rule is a rules option like any other, off by default, and recorded in saved
games:

    >>> import cardkit
    >>> palace = cardkit.load_game("palace")
    >>> rules = palace.rules(house_rules="eight-skips")  # or palace.rules(variant="eight-skips")
    >>> palace.start(players=3, rules=rules, seed=1).tables.effects[cardkit.Rank.EIGHT].skip
    1
    >>> palace.start(players=3, seed=1).tables.effects[cardkit.Rank.EIGHT].skip
    0

From the command line: ``cardkit demo palace --rules house_rules=eight-skips``
or ``cardkit demo tonk --variant low-drop-double``.
"""

from __future__ import annotations

from cardkit import HouseRule, Variant
from cardkit_house_rules.palace import EIGHT_SKIPS, NINE_REVERSES
from cardkit_house_rules.tienlen import THREES_BEAT_A_TWO, WRAPPING_RUNS
from cardkit_house_rules.tonk import LOW_DROP_DOUBLE

__all__ = [
    "EIGHT_SKIPS",
    "HOUSE_RULES",
    "LOW_DROP_DOUBLE",
    "NINE_REVERSES",
    "PRESETS",
    "THREES_BEAT_A_TWO",
    "WRAPPING_RUNS",
]

#: The house rules of this package (``source`` is filled in when cardkit registers them).
HOUSE_RULES: tuple[HouseRule, ...] = (
    EIGHT_SKIPS,
    LOW_DROP_DOUBLE,
    THREES_BEAT_A_TWO,
    NINE_REVERSES,
    WRAPPING_RUNS,
)

# --8<-- [start:presets]
#: The presets this package adds, as ``(game, variant)``: plain options, or house rules on.
PRESETS: tuple[tuple[str, Variant], ...] = (
    (
        "palace",
        Variant(
            name="table",
            description="The player left of the dealer starts; after a burn, the next player.",
            options={"first_player_rule": "left_of_dealer", "burn_rule": "next_player"},
        ),
    ),
    (
        "palace",
        Variant(
            name="eight-skips",
            description="House rule: an 8 makes the next player miss their turn.",
            options={"house_rules": [EIGHT_SKIPS.name]},
        ),
    ),
    (
        "tonk",
        Variant(
            name="ten-or-less",
            description="Drop only with a count of 10 or less.",
            options={"drop_max_count": 10},
        ),
    ),
    (
        "tonk",
        Variant(
            name="low-drop-double",
            description="House rule: a winning drop at 10 or less pays 2 stakes.",
            options={"house_rules": [LOW_DROP_DOUBLE.name]},
        ),
    ),
    (
        "tienlen",
        Variant(
            name="threes-beat-a-two",
            description="House rule: a pair of 3s beats a single 2.",
            options={"house_rules": [THREES_BEAT_A_TWO.name]},
        ),
    ),
)
# --8<-- [end:presets]
