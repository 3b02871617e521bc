"""The fields of a Tonk state (`state.f`) and the base every action family builds on.

The fields keep hands as integer card masks (bit `card.index`), the stock
as the index of its top card in the deck, and the turn's bookkeeping in a
small tuple, so that a move builds one tuple of references. The action
families (`cardkit_tonk.deal`, `cardkit_tonk.turn`, `cardkit_tonk.play`,
`cardkit_tonk.response`) are mixins of [`TonkBase`][cardkit_tonk.fields.TonkBase];
[`TonkState`][cardkit_tonk.state.TonkState] joins them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, NamedTuple

from cardkit import Card, CardSet, Event
from cardkit.cards.cardset import cards_of_mask
from cardkit.engine.generic import GenericState
from cardkit.errors import Refusal
from cardkit_tonk.config import Config
from cardkit_tonk.events import over
from cardkit_tonk.payouts import Ending
from cardkit_tonk.rules import TonkRefused, TonkRules
from cardkit_tonk.spreads import TableSpread

if TYPE_CHECKING:
    # The view model is named in a string: `views` imports this module.
    from cardkit_tonk.views import TonkView  # noqa: F401 (used in TonkBase's base, a string)

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
    "TonkBase",
    "Turn",
]

#: The phases of a hand, as named in views and saved states.
PHASES: Final = ("spades", "drop_window", "turn_start", "turn", "response", "over")
SPADES, WINDOW, START, MAIN, RESPONSE, OVER = range(6)

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


class TonkBase(GenericState[TonkRules, Fields, "TonkView"]):
    """What every Tonk action family shares: the contract's basics and the table accessors."""

    __slots__ = ()

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` once the hand is over."""
        f = self.f
        return None if f.phase == OVER else f.seat

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.f.phase == OVER

    @property
    def phase(self) -> str:
        """The phase: ``spades``, ``drop_window``, ``turn_start``, ``turn``, ``response``
        or ``over``."""
        return PHASES[self.f.phase]

    @property
    def first_seat(self) -> int:
        """The seat left of the dealer, who acts first."""
        return (self.setup.dealer + 1) % self.setup.players

    @property
    def ending(self) -> Ending | None:
        """How the hand ended (``None`` until it is over)."""
        return self.f.end if self.f.phase == OVER else None

    def count(self, seat: int) -> int:
        """The current count of ``seat``'s hand (full-state knowledge)."""
        return self.f.c.count(self.f.hands[seat])

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (full-state knowledge: not for bots)."""
        return CardSet.from_mask(self.f.hands[seat])

    @property
    def spreads(self) -> tuple[TableSpread, ...]:
        """The spreads on the table."""
        return self.f.table.spreads

    @property
    def drop_locks(self) -> tuple[int, ...]:
        """Every player's drop lock."""
        return self.f.locks

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile."""
        pile = self.f.pile
        return pile[-1] if pile else None

    def may_drop(self, seat: int, hand: int) -> bool:
        """Whether `seat` holding `hand` may drop as far as its lock and count go."""
        if self.f.locks[seat]:
            return False
        limit = self.f.c.drop_max
        return limit is None or self.f.c.count(hand) <= limit

    def enter_turn(self, seat: int, x: Extra) -> tuple[int, int, Ending | None, list[Event]]:
        """TURN_START(seat): a pending 49 is claimed now; else the seat acts.

        Returns (phase, seat, ending, events).
        """
        if x.pending49 >> seat & 1:
            end = Ending("deal_win", self.setup.players, (seat,), x.dealt_counts, claim="deal_49")
            claim = Event(
                "deal_claim",
                seat,
                cards_of_mask(self.f.hands[seat]),
                note="claims a dealt 49 at the first turn:",
                data={"claim": "deal_49", "count": 49},
            )
            return OVER, seat, end, [claim, over(f"seat {seat} wins on the dealt 49")]
        return START, seat, None, []

    def not_allowed(self, action: object) -> Refusal:
        """The refusal of an action this phase does not offer."""
        return self.refuse(TonkRefused.NOT_ALLOWED, f"{str(action)!r} is not legal now")

    def refuse(self, code: str, why: str) -> Refusal:
        """A refusal that names the phase, as every Tonk refusal does."""
        return Refusal(code, f"{why} ({PHASES[self.f.phase]})")
