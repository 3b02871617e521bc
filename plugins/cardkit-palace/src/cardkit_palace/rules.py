"""The Palace rules model: every variant option of the spec, typed, with its default.

The defaults are the seed's rules. Options marked "not in the seed" are widely
played rules from the references (see ``docs/games/palace.md``).

>>> rules = PalaceRules(seven_rule="lower_or_equal")
>>> rules.seven_rule
<SevenRule.LOWER_OR_EQUAL: 'lower_or_equal'>
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, model_validator

from cardkit import InvalidRules, Rules

__all__ = [
    "BurnRule",
    "EndCondition",
    "FirstPlayerRule",
    "NextDealer",
    "PalaceRules",
    "SevenRule",
    "TwoRule",
]


class TwoRule(StrEnum):
    """What happens after a 2 is played."""

    #: The seed: the player of the 2 plays again, on the reset pile.
    PLAYER_CONTINUES = "player_continues"
    #: Pagat and most house rules: the turn passes; the next player may play any rank.
    NEXT_PLAYER_ANY = "next_player_any"


class BurnRule(StrEnum):
    """Who starts the new pile after a burn (a 10 or a four of a kind)."""

    #: The seed: the player who burned the pile.
    PLAYER_CONTINUES = "player_continues"
    #: Not in the seed: the next player clockwise.
    NEXT_PLAYER = "next_player"


class FirstPlayerRule(StrEnum):
    """Who starts the first pile, after the exchange."""

    #: The seed: the lowest ranked card in hand (2s and 10s do not count).
    LOWEST_IN_HAND = "lowest_in_hand"
    #: Pagat's family: the lowest ranked face-up card.
    LOWEST_FACE_UP = "lowest_face_up"
    #: The player to the dealer's left.
    LEFT_OF_DEALER = "left_of_dealer"


class SevenRule(StrEnum):
    """Whether a 7 on top asks for a lower card."""

    #: The seed: a 7 is an ordinary rank.
    OFF = "off"
    #: House rule: after a 7, only 3 to 7 (or a 2 or a 10) may follow.
    LOWER_OR_EQUAL = "lower_or_equal"


class NextDealer(StrEnum):
    """Who deals the next game of a match."""

    #: The deal passes one seat to the left (pagat).
    ROTATE_LEFT = "rotate_left"
    #: The previous game's loser deals.
    LOSER = "loser"


class EndCondition(StrEnum):
    """When a game ends."""

    #: The seed: play on until one player is left holding cards; that player loses.
    LAST_PLAYER_LOSES = "last_player_loses"
    #: Stop as soon as the first player goes out; that player wins.
    FIRST_OUT_WINS = "first_out_wins"


class PalaceRules(Rules):
    """Every Palace variant option; the defaults are the seed's rules.

    Validation beyond each field's type: zone_size must fit the deck for the
    number of players (3 × zone_size × players ≤ 52, checked when a game
    starts); next_dealer = loser cannot be combined with end_condition =
    first_out_wins; four_of_a_kind_across_plays = false turns both windows
    off (out_of_turn_completion and add_drawn_match), and refuses either of
    them set to true explicitly alongside it.
    """

    two_rule: TwoRule = TwoRule.PLAYER_CONTINUES
    """After a 2: `player_continues` (seed: the player of the 2 plays again on it) or
    `next_player_any` (the turn passes and the next player may play any rank)."""

    burn_rule: BurnRule = BurnRule.PLAYER_CONTINUES
    """Who starts the new pile after a 10 or a four-of-a-kind burn: the burner
    (`player_continues`, seed) or the next player (`next_player`, not in the seed)."""

    four_of_a_kind_across_plays: bool = True
    """Four cards of one rank on top burn even when they came in several plays
    (seed). `false`: only four cards played together burn, and there are no windows
    (no out-of-turn completion and no adding a drawn match)."""

    out_of_turn_completion: bool = True
    """The seed's out-of-turn completion of a four of a kind by the one player
    holding the missing cards, in the window after a play."""

    add_drawn_match: bool = True
    """The seed's rule that a card drawn in the refill, of the rank just played,
    may be added to the pile before the next player acts."""

    first_player_rule: FirstPlayerRule = FirstPlayerRule.LOWEST_IN_HAND
    """Who starts: `lowest_in_hand` (seed), `lowest_face_up` or `left_of_dealer`
    (not in the seed). Ties go to the first clockwise from the dealer's left."""

    first_play_must_include_lowest: bool = False
    """Not in the seed (BGA): the starter's first play must include a card of the
    rank that made them the starter. Applies only under `lowest_in_hand`: with
    `lowest_face_up` or `left_of_dealer` no rank made the starter, and it has no effect."""

    allow_voluntary_pickup: bool = False
    """Not in the seed (BGA, pagat): a player may pick up the pile even when a play
    exists."""

    seven_rule: SevenRule = SevenRule.OFF
    """Not in the seed: with `lower_or_equal`, after a 7 only ranks 3 to 7, a 2 or a
    10 may be played."""

    zone_size: int = Field(default=3, ge=3, le=6)
    """Not in the seed (BGA): cards per player face down, face up and in the first
    hand (3 to 6); refills go up to this number. 3 × zone_size × players ≤ 52."""

    allow_mixed_source_play: bool = False
    """Not in the seed: when a turn play empties the hand and the stock is empty,
    face-up cards of the same rank may join the same play."""

    next_dealer: NextDealer = NextDealer.ROTATE_LEFT
    """Not in the seed: who deals the next game of a match, `rotate_left` or the
    previous game's `loser`."""

    end_condition: EndCondition = EndCondition.LAST_PLAYER_LOSES
    """Not in the seed: `last_player_loses` (play down to the loser) or
    `first_out_wins` (stop when the first player goes out)."""

    @model_validator(mode="after")
    def _consistent(self) -> PalaceRules:
        if not self.four_of_a_kind_across_plays:
            for name in ("out_of_turn_completion", "add_drawn_match"):
                if name in self.model_fields_set and getattr(self, name):
                    raise ValueError(
                        f"{name} = true needs four_of_a_kind_across_plays = true "
                        "(with only four cards played together burning, there are no windows "
                        "between turns); leave it out or set it to false"
                    )
                # A frozen model: set the forced value once, while validating.
                object.__setattr__(self, name, False)
        if self.next_dealer == NextDealer.LOSER and (
            self.end_condition == EndCondition.FIRST_OUT_WINS
        ):
            raise ValueError(
                "next_dealer = loser cannot be combined with end_condition = first_out_wins "
                "(a game that stops at the first player out has no loser)"
            )
        return self

    def check_players(self, players: int) -> None:
        """Refuse a ``zone_size`` that needs more than 52 cards for ``players``.

        Raises:
            InvalidRules: ``3 × zone_size × players`` exceeds 52.
        """
        need = 3 * self.zone_size * players
        if need > 52:
            fits = max(3, 52 // (3 * players))
            raise InvalidRules(
                f"zone_size = {self.zone_size} needs 3 × {self.zone_size} × {players} = {need} "
                f"cards, but the deck has 52; with {players} players zone_size must be at most "
                f"{fits}" + ("" if 52 // (3 * players) >= 3 else " (no size fits)")
            )
