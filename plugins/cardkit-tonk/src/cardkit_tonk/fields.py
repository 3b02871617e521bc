"""The fields of a Tonk state (`state.f`).

The fields keep hands as integer card masks (bit `card.index`), the stock
as the index of its top card in the deck, and the turn's bookkeeping in a
small tuple, so that a move builds one tuple of references. The action
families (`cardkit_tonk.deal`, `cardkit_tonk.turn`, `cardkit_tonk.play`,
`cardkit_tonk.response`) are mixins of [`TonkBase`][cardkit_tonk.base.TonkBase];
[`TonkState`][cardkit_tonk.state.TonkState] joins them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from cardkit import Card
from cardkit_tonk.config import Config
from cardkit_tonk.payouts import Ending
from cardkit_tonk.spreads import TableSpread

__all__ = [
    "EMPTY_TABLE",
    "MAIN",
    "NO_EXTRA",
    "NO_TURN",
    "OVER",
    "PHASES",
    "RESPONSE",
    "SPADES",
    "START",
    "TAKEN_TURNS",
    "WINDOW",
    "Extra",
    "Fields",
    "Table",
    "Turn",
]

#: The phases of a hand, as named in views and saved states.
PHASES: Final = ("spades", "drop_window", "turn_start", "turn", "response", "over")
#: The phases by number, their index in `PHASES` (constants, which the compiled build inlines).
SPADES: Final = 0
WINDOW: Final = 1
START: Final = 2
MAIN: Final = 3
RESPONSE: Final = 4
OVER: Final = 5

#: A new tuple of a tuple type without its ``__new__`` (the fields of a move).
new_tuple: Final = tuple.__new__


class Table(NamedTuple):
    """The spreads on the table, the retired books and the next spread id."""

    spreads: tuple[TableSpread, ...]
    retired: tuple[TableSpread, ...]
    next_id: int


class Turn(NamedTuple):
    """This turn's bookkeeping (reset when a turn starts).

    Attributes:
        used: cards spread or hit this turn.
        hits: hits made this turn.
        bonus: extra discards earned and not yet made (``per_hit``).
        taken: the card taken from the discard pile this turn, if any.
        touched: the ids of the spreads laid or hit this turn.
    """

    used: int
    hits: int
    bonus: int
    taken: Card | None
    touched: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Extra:
    """The rarely changing parts of a hand: deal claims and the Spades side pot."""

    pending49: int = 0
    dealt_counts: tuple[int, ...] | None = None
    shown: int = 0
    spades_answered: tuple[int, ...] = ()
    spades_joined: tuple[int, ...] = ()
    spades_shown: tuple[tuple[int, Card | None], ...] = ()
    spades_winner: int | None = None
    spades_settled: bool = False


EMPTY_TABLE: Final = Table((), (), 1)
NO_TURN: Final = Turn(0, 0, 0, None, ())
#: The turn just after taking each card (by card index): shared, as a take is common.
TAKEN_TURNS: Final = tuple(Turn(0, 0, 0, card, ()) for card in Card._by_index[:52])
NO_EXTRA: Final = Extra()


class Fields(NamedTuple):
    """The fields of a Tonk state (`state.f`).

    Attributes:
        phase: the phase, an index of `PHASES`.
        seat: the seat to act.
        hands: every seat's cards, as masks.
        stock: the deck index of the stock's top card (52: the stock is out).
        pile: the discard pile, top last.
        table: the spreads on the table and the retired books.
        locks: every seat's drop lock, in turns.
        turn: this turn's bookkeeping.
        extra: deal claims and the Spades side pot.
        end: how the hand ends (set with the phase `over`, or during a
            double-double response).
        c: the hand's constants.
    """

    phase: int
    seat: int
    hands: tuple[int, ...]
    stock: int
    pile: tuple[Card, ...]
    table: Table
    locks: tuple[int, ...]
    turn: Turn
    extra: Extra
    end: Ending | None
    c: Config
