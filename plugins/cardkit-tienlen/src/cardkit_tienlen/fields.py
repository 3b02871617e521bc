"""The fields of a Tiến lên state (`state.f`) and the deal's constant configuration.

Hands and the pile are game masks (see `cardkit_tienlen.combos`). These sit
below the state and its views: [`TienLenState`][cardkit_tienlen.state.TienLenState]
is built on [`Fields`][cardkit_tienlen.fields.Fields], and `views` and
`scoring` read them (the state itself as a
[`TienLenLike`][cardkit_tienlen.protocols.TienLenLike]).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from cardkit import Event
from cardkit_tienlen.beating import Beating
from cardkit_tienlen.combos import Play
from cardkit_tienlen.rules import InstantWin

__all__ = ["Config", "Fields"]


@dataclass(frozen=True, slots=True)
class Config:
    """The rules of one deal, as plain values for the hot path, and its constant parts."""

    players: int
    pass_lock: bool
    bomb_overrides_pass: bool
    first_out: bool
    beating: Beating
    points: tuple[int, ...]
    undealt: int
    pass_events: tuple[tuple[Event, ...], ...]

    def __reduce__(self) -> tuple[type[Config], tuple[object, ...]]:
        """Copied and pickled by its values (compiled, a frozen class cannot be restored
        attribute by attribute)."""
        values = (self.players, self.pass_lock, self.bomb_overrides_pass, self.first_out)
        return Config, (*values, self.beating, self.points, self.undealt, self.pass_events)


class Fields(NamedTuple):
    """The fields of a Tiến lên state (`state.f`).

    Attributes:
        hands: each seat's cards, as game masks.
        finished: the seats that have finished, in order.
        current: the combination to beat, or None when someone leads.
        last: the seat that played ``current`` (-1 when leading).
        locked: the seats locked this round (bit per seat).
        passed: the seats that passed since the last play (bit per seat).
        to_act: the seat to act, or None when the deal is over.
        pile: the cards played this round (game mask).
        over: why the deal ended, or None.
        instant: ``(seat, hand)`` of an instant win, or None.
        required: on the first lead of a match, the card the lead must hold (game mask), else 0.
        cfg: the deal's constant configuration.
    """

    hands: tuple[int, ...]
    finished: tuple[int, ...]
    current: Play | None
    last: int
    locked: int
    passed: int
    to_act: int | None
    pile: int
    over: str | None
    instant: tuple[int, InstantWin] | None
    required: int
    cfg: Config
