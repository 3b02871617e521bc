"""The Palace rules model: every variant option, typed, with its default.

The defaults are the traditional rules. Options marked "a variation" are widely
played rules from the references (see ``docs/games/palace.md``).

>>> rules = PalaceRules(seven_rule="lower_or_equal")
>>> rules.seven_rule
<SevenRule.LOWER_OR_EQUAL: 'lower_or_equal'>
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from pydantic import Field, model_validator

from cardkit import InvalidRules, Preset, Rules

__all__ = [
    "BurnRule",
    "EndCondition",
    "FirstPlayerRule",
    "NextDealer",
    "PalaceRefused",
    "PalaceRules",
    "SevenRule",
    "TwoRule",
]


class TwoRule(StrEnum):
    """What happens after a 2 is played."""

    #: Traditional: the player of the 2 plays again, on the reset pile.
    PLAYER_CONTINUES = "player_continues"
    #: Pagat and most house rules: the turn passes; the next player may play any rank.
    NEXT_PLAYER_ANY = "next_player_any"


class BurnRule(StrEnum):
    """Who starts the new pile after a burn (a 10 or a four of a kind)."""

    #: Traditional: the player who burned the pile.
    PLAYER_CONTINUES = "player_continues"
    #: A variation: the next player clockwise.
    NEXT_PLAYER = "next_player"


class FirstPlayerRule(StrEnum):
    """Who starts the first pile, after the exchange."""

    #: Traditional: the lowest ranked card in hand (2s and 10s do not count).
    LOWEST_IN_HAND = "lowest_in_hand"
    #: Pagat's family: the lowest ranked face-up card.
    LOWEST_FACE_UP = "lowest_face_up"
    #: The player to the dealer's left.
    LEFT_OF_DEALER = "left_of_dealer"


class SevenRule(StrEnum):
    """Whether a 7 on top asks for a lower card."""

    #: Traditional: a 7 is an ordinary rank.
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

    #: Traditional: play on until one player is left holding cards; that player loses.
    LAST_PLAYER_LOSES = "last_player_loses"
    #: Stop as soon as the first player goes out; that player wins.
    FIRST_OUT_WINS = "first_out_wins"


class PalaceRefused(StrEnum):
    """Palace refusal codes, besides the shared [`Refused`][cardkit.errors.Refused]."""

    WRONG_PHASE = "wrong_phase"
    """The action belongs to another phase (a swap during play, a play in a window)."""
    NOT_YOUR_TURN = "not_your_turn"
    """The seat may not act now, or the cards are another seat's face-up cards."""
    MUST_FLIP = "must_flip"
    """Only face-down cards are left: the player flips one."""
    FACE_UP_NOT_ACTIVE = "face_up_not_active"
    """Face-up cards are played only once the hand is empty."""
    NOT_HELD = "not_held"
    """The cards are not in the player's active source."""
    MIXED_RANKS = "mixed_ranks"
    """A play is cards of one rank."""
    TOO_LOW = "too_low"
    """The rank may not be played on the pile's top card."""
    MUST_INCLUDE_LOWEST = "must_include_lowest"
    """The starter's first play must include the rank that made them the starter."""
    EMPTY_PILE = "empty_pile"
    """There is no pile to pick up."""
    CAN_PLAY = "can_play"
    """The pile is picked up only when no play is possible (without voluntary pick-up)."""
    NOT_FACE_DOWN_STAGE = "not_face_down_stage"
    """Face-down cards are flipped only when the hand and face-up cards are gone."""
    NO_SUCH_CARD = "no_such_card"
    """There is no face-down card at that position."""
    NOT_ADDABLE = "not_addable"
    """Only cards drawn in the last refill, of the rank just played, may be added."""
    NOT_COMPLETING = "not_completing"
    """A completion is exactly the cards missing from the four of a kind."""
    NOT_SWAPPABLE = "not_swappable"
    """A swap is a hand card, then a face-up card, of the seat exchanging."""
    ALREADY_SWAPPED = "already_swapped"
    """A card moved by an earlier swap is not swapped again in the exchange."""


class PalaceRules(Rules):
    """Every Palace variant option; the defaults are the traditional rules.

    Validation beyond each field's type: zone_size must fit the deck for the
    number of players (3 × zone_size × players ≤ 52, checked when a game
    starts); next_dealer = loser cannot be combined with end_condition =
    first_out_wins; four_of_a_kind_across_plays = false turns the
    out-of-turn completion window off (out_of_turn_completion), and refuses
    it set to true explicitly alongside it. The add window of a drawn match
    (add_drawn_match) is unaffected.
    """

    version: ClassVar[str] = "2"

    class Shithead(Preset):
        """Common Shithead house rules: 2 passes the turn, 7 or lower after a 7, voluntary
        pick-up."""

        two_rule = "next_player_any"
        seven_rule = "lower_or_equal"
        allow_voluntary_pickup = True

    class Bga(Preset):
        """Board Game Arena's table: the starter must play their lowest card; voluntary
        pick-up."""

        first_play_must_include_lowest = True
        allow_voluntary_pickup = True

    class Quick(Preset):
        """Stop when the first player goes out; that player wins."""

        end_condition = "first_out_wins"

    max_actions: int = Field(100_000, ge=1)
    """The action cap (the core's option): the game is over, capped, after this many
    actions. Random play picks up often: 40 random games ran to 26,442 actions at most
    (mean about 2,600); the heuristic bot ends within 142."""

    two_rule: TwoRule = TwoRule.PLAYER_CONTINUES
    """After a 2: `player_continues` (traditional: the player of the 2 plays again on it) or
    `next_player_any` (the turn passes and the next player may play any rank)."""

    burn_rule: BurnRule = BurnRule.PLAYER_CONTINUES
    """Who starts the new pile after a 10 or a four-of-a-kind burn: the burner
    (`player_continues`, traditional) or the next player (`next_player`, a
    variation)."""

    four_of_a_kind_across_plays: bool = True
    """Four cards of one rank on top burn even when they came in several plays
    (traditional). `false`: only four cards played together burn, and there is no
    out-of-turn completion (`out_of_turn_completion` is forced off). Adding a
    drawn match (`add_drawn_match`) is unaffected."""

    out_of_turn_completion: bool = True
    """The traditional out-of-turn completion of a four of a kind by the one player
    holding the missing cards, in the window after a play."""

    add_drawn_match: bool = True
    """The traditional rule that a card drawn in the refill, of the rank just played,
    may be added to the pile before the next player acts."""

    first_player_rule: FirstPlayerRule = FirstPlayerRule.LOWEST_IN_HAND
    """Who starts: `lowest_in_hand` (traditional), `lowest_face_up` or `left_of_dealer`
    (a variation). Ties go to the first clockwise from the dealer's left."""

    first_play_must_include_lowest: bool = False
    """A variation (BGA): the starter's first play must include a card of the
    rank that made them the starter. Applies only under `lowest_in_hand`: with
    `lowest_face_up` or `left_of_dealer` no rank made the starter, and it has no effect."""

    allow_voluntary_pickup: bool = False
    """A variation (BGA, pagat): a player may pick up the pile even when a play
    exists."""

    seven_rule: SevenRule = SevenRule.OFF
    """A variation: with `lower_or_equal`, after a 7 only ranks 3 to 7, a 2 or a
    10 may be played."""

    zone_size: int = Field(default=3, ge=3, le=6)
    """A variation (BGA): cards per player face down, face up and in the first
    hand (3 to 6); refills go up to this number. 3 × zone_size × players ≤ 52."""

    allow_mixed_source_play: bool = False
    """A variation: when a turn play empties the hand and the stock is empty,
    face-up cards of the same rank may join the same play."""

    next_dealer: NextDealer = NextDealer.ROTATE_LEFT
    """A variation: who deals the next game of a match, `rotate_left` or the
    previous game's `loser`."""

    end_condition: EndCondition = EndCondition.LAST_PLAYER_LOSES
    """A variation: `last_player_loses` (play down to the loser) or
    `first_out_wins` (stop when the first player goes out)."""

    @model_validator(mode="after")
    def _consistent(self) -> PalaceRules:
        if not self.four_of_a_kind_across_plays:
            if "out_of_turn_completion" in self.model_fields_set and self.out_of_turn_completion:
                raise ValueError(
                    "out_of_turn_completion = true needs four_of_a_kind_across_plays = true "
                    "(with only four cards played together burning, no four of a kind can be "
                    "completed out of turn); leave it out or set it to false"
                )
            # A frozen model: set the forced value once, while validating.
            object.__setattr__(self, "out_of_turn_completion", False)
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
