"""The fast legal listing of a Tonk hand: plain functions over its fields.

The checks (each `check_<kind>` of the action families) are the one home of
legality; this listing is their fast equivalent, and the contract suite proves
the two equal on random states
([`check_fast_listings`][cardkit.testing.fastlisting.check_fast_listings]).
Listings are tuples of interned actions.
"""

from __future__ import annotations

from typing import Final, Protocol

from cardkit import Action, Card
from cardkit.authoring import MaskDecoder
from cardkit_tonk.actions import (
    _DISCARDS,
    DRAW,
    DROP,
    JOIN,
    PASS,
    TAKE,
    Respond,
    bonus_action,
    hit_action,
    spread_action,
)
from cardkit_tonk.config import Config
from cardkit_tonk.fields import MAIN, OVER, SPADES, START, WINDOW, Fields, Turn
from cardkit_tonk.spreads import BOOK, TableSpread, may_spread

__all__ = ["Listed", "legal_of"]

#: The legal actions at the start of a turn, by (may drop, may draw, may take) bits.
_START_LEGAL: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(a for bit, a in ((4, DROP), (2, DRAW), (1, TAKE)) if key & bit) for key in range(8)
)
#: The discard of every card of a mask, in card order (see cardkit.authoring.MaskDecoder).
_discards_of: Final = MaskDecoder(_DISCARDS)


class Listed(Protocol):
    """What the listing asks of a hand besides its fields (`TonkState` is one)."""

    @property
    def f(self) -> Fields:
        """The fields of the hand."""
        ...

    def may_drop(self, seat: int, hand: int) -> bool:
        """Whether `seat` holding `hand` may drop as far as its lock and count go."""
        ...

    def take_usable(self, card: Card) -> bool:
        """Whether the seat to act could spread or hit `card` this turn if it took it."""
        ...

    def keeps_usable(self, action: Action, taken: Card) -> bool:
        """Whether the action uses the taken card or keeps it usable."""
        ...

    def response_actions(self) -> list[Respond]:
        """Every response plan of the seat to act."""
        ...


def legal_of(state: Listed) -> tuple[Action, ...]:
    """Exactly the legal actions of `state` (its hand not over or over)."""
    phase, seat, hands, stock, pile, table, locks, turn, _, _, c = state.f
    if phase == MAIN:
        return _main_legal(state, seat, hands[seat], table.spreads, turn, c)
    if phase == START:
        drop = not locks[seat] and (c.drop_max is None or c.count(hands[seat]) <= c.drop_max)
        draw = stock < 52 or c.when_needed
        take = bool(pile) and (not c.must_use or state.take_usable(pile[-1]))
        return _START_LEGAL[drop << 2 | draw << 1 | take]
    if phase == SPADES:
        return (JOIN, PASS)
    if phase == WINDOW:
        return (DROP, PASS) if state.may_drop(seat, hands[seat]) else (PASS,)
    if phase == OVER:
        return ()
    return (PASS, *state.response_actions())


def _main_legal(
    state: Listed, seat: int, hand: int, spreads: tuple[TableSpread, ...], turn: Turn, c: Config
) -> tuple[Action, ...]:
    """The legal actions of the main part of `seat`'s turn, holding `hand`."""
    taken = turn.taken
    if (
        not (spreads or turn.bonus or c.anytime)
        and (taken is None or not c.taken_rules)
        and not may_spread(hand)
    ):
        return _discards_of(hand)  # the usual case: nothing to lay, nothing to hit
    out: list[Action] = [spread_action(m) for m in BOOK.find_masks(hand)]
    out.extend(spread_action(m) for m in c.run.find_masks(hand))
    if spreads and turn.hits < c.max_hits:
        for sp in spreads:
            fits = hand & sp.accepts
            while fits:
                low = fits & -fits
                out.append(hit_action(low.bit_length() - 1, sp.id))
                fits ^= low
    keep = taken.bit if taken is not None and c.forbid_taken else 0
    if turn.bonus:
        rest = hand & ~keep
        while rest:
            low = rest & -rest
            out.append(bonus_action(low.bit_length() - 1))
            rest ^= low
    if c.must_use and taken is not None and hand & taken.bit:
        return tuple(a for a in out if state.keeps_usable(a, taken))
    if c.anytime and state.may_drop(seat, hand):
        out.append(DROP)
    if keep and hand == keep:
        keep = 0  # the taken card is the only one left: it may be discarded
    return (*out, *_discards_of(hand & ~keep))
