"""The Tonk rules model: every variant option, and the presets.

The defaults are the traditional rules. Options marked "a variation" are
house rules found in the references. ``TonkRules`` refuses unknown options and
options that do not fit together (see `TonkRules.check_players` for the
checks that depend on the number of players).

>>> rules = TonkRules(caught_rule="pagat")
>>> rules.stake, rules.hand_size
(1, 5)
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from cardkit import InvalidRules, Preset, Rules, Variant

__all__ = ["PRESETS", "TEXAS", "TonkRefused", "TonkRules", "cards_dealt"]


class TonkRefused(StrEnum):
    """Tonk's refusal codes, besides the shared [`Refused`][cardkit.errors.Refused]."""

    NOT_ALLOWED = "not_allowed"
    """This phase does not offer the action (a `join` with no side pot, a `pass` in a turn)."""
    INVALID_SPREAD = "invalid_spread"
    """The cards are neither a book nor a run."""
    NO_SUCH_SPREAD = "no_such_spread"
    """No spread on the table has the id hit."""
    INVALID_HIT = "invalid_hit"
    """The card does not extend that spread (or books take no hits: `hit_runs_only`)."""
    HIT_LIMIT = "hit_limit"
    """This turn's hits are used up (`max_hits_per_turn`)."""
    DROP_TIMING = "drop_timing"
    """A drop after drawing, where drops come only before the draw."""
    DROP_LOCKED = "drop_locked"
    """The seat was hit and may not drop yet."""
    DROP_COUNT = "drop_count"
    """The count is above `drop_max_count`."""
    MUST_USE = "must_use"
    """The card taken from the pile must be spread or hit first (`take_discard_must_use`)."""
    EMPTY_PILE = "empty_pile"
    """There is no discard to take."""
    ALREADY_DREW = "already_drew"
    """The seat has drawn or taken this turn."""
    TAKEN_CARD = "taken_card"
    """The card taken this turn may not be discarded (`forbid_discard_of_taken_card`)."""
    NO_BONUS = "no_bonus"
    """No extra discard was earned this turn."""
    MUST_DRAW = "must_draw"
    """Draw or take first (or drop)."""


HandSize = Literal[5, 7, 9, "by_player_count"]


def cards_dealt(hand_size: HandSize, players: int) -> int:
    """The number of cards each player is dealt.

    ``by_player_count`` is cardkit's own proposal (no source gives
    one): 2 players 9 cards, 3 players 7, 4 or more 5.
    """
    if hand_size == "by_player_count":
        return 9 if players <= 2 else 7 if players == 3 else 5
    return hand_size


#: The largest number of cards dealt in all: ``players × hand_size ≤ 45`` leaves
#: at least 6 cards in the stock after the upcard.
MAX_DEALT = 45


class TonkRules(Rules):
    """Every option of a Tonk hand, with the traditional rule as its default."""

    version: ClassVar[str] = "2"

    class Texas(Preset):
        """Texas Tonk: a caught dropper pays the lowest hand double; a dealt 50 pays 2, a 49
        pays 1"""

        caught_rule = "double_to_lowest"
        deal_high_win = "49_or_50"
        deal_50_multiplier = 2
        deal_49_multiplier = 1

    max_actions: int = Field(5_000, ge=1)
    """The action cap (the core's option): the game is over, capped, after this many
    actions. Real play ends within about 60 actions; `take`/`discard` of the same card
    may loop forever without it."""

    stake: int = Field(1, ge=1)
    """The basic stake s; every payment is a whole multiple of it."""

    hand_size: HandSize = 5
    """Cards dealt: 5, 7, 9, or `by_player_count` (2 players 9, 3 players 7, 4+ 5; a proposed
    mapping that no source gives)."""

    dealer_upcard: bool = True
    """The dealer turns up the first undealt card to start the discard pile; false: the pile
    starts with the first player's discard."""

    drop_timing: Literal["before_draw", "anytime"] = "before_draw"
    """`before_draw`: drop only as the first action of your turn. `anytime`: also later in
    your own turn, plus a post-deal drop window for every player."""

    hit_lock_turns: int = Field(1, ge=0)
    """Drop-lock turns added to a spread's owner per card another player hits onto it
    (0: no lock)."""

    hit_bonus_discard: Literal["none", "per_hit"] = "none"
    """`per_hit`: each hit on another player's spread allows one extra discard that turn."""

    hit_runs_only: bool = False
    """The Speno / "Black Company" house rule: hits go on runs only, never on books."""

    ace_in_runs: Literal["low_or_high", "low_only"] = "low_or_high"
    """`low_or_high`: A-2-3 and Q-K-A are runs (never K-A-2). `low_only` (pagat): the ace is
    only next to the 2."""

    six_card_tonk: bool = False
    """A tonk out pays double only when all hand_size + 1 cards were spread or hit in the
    tonking turn; otherwise it pays single ("out with zero"). Named for 5-card hands (6
    cards); with 7- or 9-card hands it is 8 or 10 cards."""

    double_double: Literal["off", "responder_wins", "tonker_wins"] = "off"
    """2 players only: after a tonk out the opponent may tonk out on the tonker's run
    (a double-double, 4 stakes to the responder or to the tonker)."""

    caught_rule: Literal["wikipedia", "pagat", "double_to_lowest"] = "wikipedia"
    """Payments when the dropper is caught (does not hold the strictly lowest count):
    `wikipedia` (its text read literally; `seed`, the old name, is accepted too),
    `pagat` or `double_to_lowest`."""

    deal_high_win: Literal["off", "49_or_50", "50_only", "50_now_49_in_turn"] = "off"
    """Automatic win on a dealt count of 49 or 50 (5-card hands only)."""

    deal_50_multiplier: int = Field(2, ge=1)
    """Stakes each other player pays for a dealt 50."""

    deal_49_multiplier: int = Field(2, ge=1)
    """Stakes each other player pays for a dealt 49 (Texas: 1)."""

    deal_13_or_less_double: bool = False
    """A dealt count of 13 or less wins, paid 2 stakes by each other player (5-card hands)."""

    deal_9_or_less_triple: bool = False
    """A dealt count of 9 or less wins, paid 3 stakes by each other player (5-card hands)."""

    spades_side_pot: bool = False
    """The optional side bet: participants show their highest spade, the highest takes the
    pot."""

    spades_stake: int | None = Field(None, ge=1)
    """Each participant's side-pot stake (default: equal to `stake`); needs
    `spades_side_pot`."""

    spades_ace_high: bool = True
    """Spade order for the side pot: ace high (false: ace low); needs `spades_side_pot`."""

    stock_end: Literal["after_last_draw_turn", "when_draw_needed"] = "after_last_draw_turn"
    """Traditional: the hand stops after the turn that drew the last stock card. Pagat
    (`when_draw_needed`): play goes on until someone must draw from the empty stock."""

    stock_tie: Literal["void", "all_tied_paid"] = "void"
    """(a variation) A tie for lowest at stock out: void hand, or every tied player is
    paid 1 stake by each player not tied."""

    picture_values: Literal["all_ten", "jqk_11_12_13"] = "all_ten"
    """(a variation; pagat) J, Q, K count 10 each, or 11, 12, 13."""

    drop_max_count: int | None = Field(None, ge=0)
    """(a variation) Drop only with a count of at most this number (null: any count)."""

    take_discard_must_use: bool = False
    """(a variation; pagat) Take the top discard only if it can go into a spread or hit
    this turn, and do not end the turn before it has."""

    max_hits_per_turn: int | None = Field(None, ge=0)
    """(a variation; pagat: 1) The most hits one player may make in one turn
    (null: no limit)."""

    forbid_discard_of_taken_card: bool = False
    """(a variation) You may not discard the card you took from the discard pile this
    turn."""

    @field_validator("caught_rule", mode="before")
    @classmethod
    def _caught_rule_alias(cls, value: Any) -> Any:
        # The value was called "seed" before 0.2; old saves and scripts still use it.
        return "wikipedia" if value == "seed" else value

    @field_validator("hand_size", mode="before")
    @classmethod
    def _hand_size_text(cls, value: Any) -> Any:
        if isinstance(value, str) and value.strip().isdigit():
            return int(value)
        return value

    @model_validator(mode="after")
    def _check_options(self) -> TonkRules:
        if self.hand_size != 5 and self.hand_size != "by_player_count":
            wrong = self._five_card_options()
            if wrong:
                raise ValueError(
                    f"{', '.join(wrong)} only make sense for 5-card hands (the dealt 49/50 and "
                    f"13/9 counts assume 5 cards), but hand_size is {self.hand_size}"
                )
        if not self.spades_side_pot:
            wrong = []
            if self.spades_stake is not None:
                wrong.append("spades_stake")
            if not self.spades_ace_high:
                wrong.append("spades_ace_high=false")
            if wrong:
                raise ValueError(
                    f"{' and '.join(wrong)} set the Spades side pot, which is off; "
                    "set spades_side_pot=true as well"
                )
        return self

    def _five_card_options(self) -> list[str]:
        wrong = []
        if self.deal_high_win != "off":
            wrong.append(f"deal_high_win={self.deal_high_win}")
        if self.deal_13_or_less_double:
            wrong.append("deal_13_or_less_double")
        if self.deal_9_or_less_triple:
            wrong.append("deal_9_or_less_triple")
        if self.deal_50_multiplier != 2:
            wrong.append("deal_50_multiplier")
        if self.deal_49_multiplier != 2:
            wrong.append("deal_49_multiplier")
        return wrong

    def cards_dealt(self, players: int) -> int:
        """The number of cards each of ``players`` players is dealt."""
        return cards_dealt(self.hand_size, players)

    @property
    def side_stake(self) -> int:
        """Each participant's Spades side-pot stake (``spades_stake``, else ``stake``)."""
        return self.spades_stake if self.spades_stake is not None else self.stake

    def check_players(self, players: int) -> None:
        """Refuse options that do not fit ``players``.

        Raises:
            InvalidRules: ``double_double`` with other than 2 players; more
                than 45 cards dealt in all; deal-count options when
                ``hand_size = by_player_count`` gives other than 5 cards.
        """
        if self.hand_size == 5 and self.double_double == "off" and players <= 9:
            return  # the usual case, checked fast: at most 45 cards dealt
        if self.double_double != "off" and players != 2:
            raise InvalidRules(
                f"double_double={self.double_double} is a 2-player rule (the opponent "
                f"answers a tonk out), but this game has {players} players"
            )
        dealt = self.cards_dealt(players)
        if players * dealt > MAX_DEALT:
            raise InvalidRules(
                f"{players} players × {dealt} cards = {players * dealt} cards dealt; at most "
                f"{MAX_DEALT} may be dealt, to leave a stock after the upcard "
                f"(use a smaller hand_size or fewer players)"
            )
        if self.hand_size == "by_player_count" and dealt != 5:
            wrong = self._five_card_options()
            if wrong:
                raise InvalidRules(
                    f"{', '.join(wrong)} only make sense for 5-card hands, but "
                    f"hand_size=by_player_count deals {dealt} cards to {players} players"
                )


#: Texas Tonk: a caught dropper pays the lowest hand double, a dealt 50
#: pays double and a dealt 49 single.
TEXAS: Variant = TonkRules.presets[0]

#: The presets the game ships.
PRESETS: tuple[Variant, ...] = TonkRules.presets
