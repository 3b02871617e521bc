"""The start of a turn (spec section 4.2): draw, take the discard, or drop (the showdowns of
a drop or of a stock out, section 5, are `cardkit_tonk.showdowns`)."""

from __future__ import annotations

from cardkit import Card
from cardkit.authoring import Refusal
from cardkit_tonk import moves
from cardkit_tonk.actions import Draw, Drop, Take
from cardkit_tonk.deal import DealPhases
from cardkit_tonk.events import turns
from cardkit_tonk.fields import MAIN, START, WINDOW
from cardkit_tonk.rules import TonkRefused as Code
from cardkit_tonk.spreads import usable

__all__ = ["TurnStart"]


class TurnStart(DealPhases):
    """Draw, take or drop: what a seat does at the start of its turn."""

    __slots__ = ()

    # -- legality ----------------------------------------------------------------------

    def check_draw(self, action: Draw) -> Refusal | None:
        """Draw at the start of a turn (from an empty stock only under `when_draw_needed`)."""
        f = self.f
        if f.phase == START and (f.stock < 52 or f.c.when_needed):
            return None
        if f.phase == MAIN:
            return self.refuse(
                Code.ALREADY_DREW, "you have drawn this turn; spread, hit or discard"
            )
        return self.not_allowed(action)

    def check_take(self, action: Take) -> Refusal | None:
        """Take the top discard at the start of a turn (one you can use, if it must be used)."""
        f = self.f
        if not f.pile:
            return self.refuse(Code.EMPTY_PILE, "the discard pile is empty")
        if f.phase == START:
            if f.c.must_use and not self.take_usable(f.pile[-1]):
                return self.refuse(
                    Code.MUST_USE, "take only a card you can spread or hit this turn"
                )
            return None
        if f.phase == MAIN:
            return self.refuse(
                Code.ALREADY_DREW, "you have drawn this turn; spread, hit or discard"
            )
        return self.not_allowed(action)

    def take_usable(self, card: Card) -> bool:
        """Whether the seat to act could spread or hit `card` this turn if it took it."""
        f = self.f
        c = f.c
        table = [(s.book, s.mask) for s in f.table.spreads]
        return usable(card.bit, f.hands[f.seat] | card.bit, table, c.run, c.max_hits, c.runs_only)

    def check_drop(self, action: Drop) -> Refusal | None:
        """Drop before drawing (any time under `anytime`), unless locked or above the limit."""
        f = self.f
        phase, seat, c = f.phase, f.seat, f.c
        if phase not in (START, MAIN, WINDOW):
            return self.not_allowed(action)
        if phase == MAIN and not c.anytime:
            return self.refuse(
                Code.DROP_TIMING, "you may drop only before drawing (drop_timing=before_draw)"
            )
        if f.locks[seat]:
            left = turns(f.locks[seat], "more ")
            why = f"seat {seat + 1} was hit and may not drop for {left}"
            return self.refuse(Code.DROP_LOCKED, why)
        taken = f.turn.taken
        if phase == MAIN and taken is not None and c.must_use and f.hands[seat] & taken.bit:
            return self.refuse(Code.MUST_USE, f"spread or hit the taken {taken.code} first")
        if c.drop_max is not None and c.count(f.hands[seat]) > c.drop_max:
            return self.refuse(Code.DROP_COUNT, f"drop only with a count of {c.drop_max} or less")
        return None

    # -- transitions: what each move does, in `cardkit_tonk.moves` (compiled) ----------

    do_draw = moves.draw  # the top stock card (an empty stock: the showdown)
    do_take = moves.take  # the top discard, which the turn remembers
    do_drop = moves.drop  # every hand is shown: the lowest count wins
