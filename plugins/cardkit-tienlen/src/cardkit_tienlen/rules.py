"""The rules of Tiến lên: every variant option, typed, with its default.

Defaults are the traditional rules. The number of players
is not an option: it is the ``players=`` argument of ``game.start``.

>>> rules = TienLenRules()
>>> rules.pass_lock, rules.target_points, sorted(str(w) for w in rules.instant_wins)
(True, 21, ['dragon', 'four_twos'])
>>> TienLenRules(instant_wins="dragon, six_pairs").instant_wins == {"dragon", "six_pairs"}
True
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from pydantic import Field, field_serializer, field_validator

from cardkit import InvalidRules, Preset, Rules

__all__ = ["InstantWin", "PlayUntil", "TienLenRefused", "TienLenRules"]


class InstantWin(StrEnum):
    """A hand that wins a deal at once, before any play."""

    FOUR_TWOS = "four_twos"
    """``2S 2C 2D 2H`` in one hand (traditional)."""
    DRAGON = "dragon"
    """One card of each of the 12 ranks 3 … A (traditional: "a sequence from 3 to ace")."""
    SIX_PAIRS = "six_pairs"
    """Any six pairs (a variation); a four of a kind counts as two pairs."""
    FIVE_CONSECUTIVE_PAIRS = "five_consecutive_pairs"
    """A double sequence of five pairs inside the hand (a variation)."""


class PlayUntil(StrEnum):
    """When a deal ends."""

    ALL_PLACED = "all_placed"
    """Play on until only one player holds cards (needed for 3/2/1 scoring)."""
    FIRST_OUT = "first_out"
    """Stop as soon as the first player has played their last card."""


class TienLenRefused(StrEnum):
    """Tiến lên refusal codes, besides the shared [`Refused`][cardkit.errors.Refused]."""

    NOT_A_COMBINATION = "not_a_combination"
    """The cards form no combination (or one a house rule removed)."""
    MUST_INCLUDE = "must_include"
    """The first lead of a match must hold the lowest dealt card."""
    LOCKED = "locked"
    """The player passed this round: only a bomb on 2s (when allowed), or a pass."""
    DOES_NOT_BEAT = "does_not_beat"
    """The play does not beat the combination to beat."""
    CANNOT_PASS = "cannot_pass"
    """The leader of a round must play."""


_DEFAULT_POINTS = (3, 2, 1)


def _default_instant_wins() -> frozenset[InstantWin]:
    return frozenset({InstantWin.FOUR_TWOS, InstantWin.DRAGON})


class TienLenRules(Rules):
    """The variant options of Tiến lên; the defaults are the traditional rules."""

    class Pagat(Preset):
        """pagat.com / BGA: a player who passed may still bomb 2s."""

        bomb_overrides_pass = True

    class Southern(Preset):
        """Southern house rules: bombs after passing, fours beat pairs of 2s, the bomb ladder,
        and all four instant wins."""

        bomb_overrides_pass = True
        quad_beats_pair_of_twos = True
        bomb_ladder = True
        instant_wins = tuple(w.value for w in InstantWin)

    class Quick(Preset):
        """One winner per deal: the deal ends when the first player goes out."""

        play_until = "first_out"

    max_actions: int = Field(5_000, ge=1)
    """The action cap (the core's option): the game is over, capped, after this many
    actions. Real play ends within about 100 actions (random play: at most 104 with 4
    players)."""

    first_lead_requires_3s: bool = True
    """The first lead of a match must contain 3S (or, with 2-3 players, the lowest dealt
    card). False: the holder of that card leads with any combination."""

    pass_lock: bool = True
    """A pass locks you out until the pile is cleared (traditional). False (a variation): a pass
    skips you only until the next play."""

    bomb_overrides_pass: bool = False
    """(A variation; pagat, BGA.) While the combination to beat is made of 2s, locked
    players get a turn too, and may play a bomb that beats it (or pass)."""

    quad_beats_pair_of_twos: bool = False
    """(A variation; a common Southern house rule.) A four of a kind may also beat a pair
    of 2s."""

    bomb_ladder: bool = False
    """(A variation; Southern "chặt chồng".) When the combination to beat is a bomb, any
    bomb of a higher class beats it. Classes, low to high: 3-pair double sequence < four of
    a kind < 4-pair double sequence < 5-pair < 6-pair."""

    instant_wins: frozenset[InstantWin] = Field(default_factory=_default_instant_wins)
    """The hands that win a deal at once: any of four_twos, dragon, six_pairs,
    five_consecutive_pairs (the last two are variations), each named once. Empty: no
    instant wins."""

    play_until: PlayUntil = PlayUntil.ALL_PLACED
    """all_placed: play on to decide every place; first_out: the deal ends when the first
    player finishes."""

    placement_points: Annotated[
        tuple[Annotated[int, Field(ge=0)], ...], Field(min_length=1, max_length=3)
    ] = (3, 2, 1)
    """Points for the 1st, 2nd, 3rd… player to finish; the player left holding cards scores
    0. At most players − 1 entries. `[3, 2, 1]` is the default whether it is given or not,
    and is cut to fit 2-3 players (3/2/0, 3/0); any other list must fit."""

    target_points: int = Field(default=21, ge=1)
    """A match ends after the deal in which a total reaches this; the highest total wins,
    and a tie at the top plays on (the traditional "agreed amount"; 21 is a proposal)."""

    @field_validator("instant_wins", mode="before")
    @classmethod
    def _split_instant_wins(cls, value: Any) -> Any:
        """Accept ``"dragon, four_twos"`` (for command lines) as well as a list or set.

        A list or text that names a hand twice is refused (a set cannot).
        """
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if isinstance(value, list | tuple):
            seen: set[object] = set()
            for item in value:
                try:
                    repeated = item in seen
                    seen.add(item)
                except TypeError:  # unhashable: the field's own validation refuses it
                    return value
                if repeated:
                    raise ValueError(f"instant_wins names {item!r} twice; list each hand once")
            return frozenset(value)
        return value

    @field_serializer("instant_wins")
    def _dump_instant_wins(self, value: frozenset[InstantWin]) -> list[str]:
        """Dump the set sorted, so that saved rules are byte-for-byte stable."""
        return sorted(str(v) for v in value)

    def points_for(self, players: int) -> tuple[int, ...]:
        """The placement points used with ``players`` seats (the default is cut to fit)."""
        return self.placement_points[: players - 1]

    def check_players(self, players: int) -> None:
        """``placement_points`` may not be longer than ``players - 1``.

        The default ``[3, 2, 1]`` is cut to fit 2 or 3 players (3/2/0 and
        3/0); a list that is set to anything else must fit.

        Raises:
            InvalidRules: it is longer.
        """
        if self.placement_points == _DEFAULT_POINTS:
            return
        if len(self.placement_points) > players - 1:
            raise InvalidRules(
                f"placement_points {list(self.placement_points)} has "
                f"{len(self.placement_points)} entries, but with {players} players only "
                f"{players - 1} can finish (the last player scores 0); give at most "
                f"{players - 1} entries"
            )
