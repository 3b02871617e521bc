"""The main part of a turn (spec sections 4.3-4.5): spread, hit, extra discards and the
discard that ends the turn; and the ways a turn ends the hand (tonk out, run out)."""

from __future__ import annotations

from cardkit import Action, Card, CardSet
from cardkit.authoring import Refusal, Refused
from cardkit_tonk import moves
from cardkit_tonk.actions import Bonus, Discard, Hit, Spread
from cardkit_tonk.fields import MAIN, START
from cardkit_tonk.rules import TonkRefused as Code
from cardkit_tonk.spreads import BOOK, usable
from cardkit_tonk.turn import TurnStart

__all__ = ["MainTurn"]


class MainTurn(TurnStart):
    """Spread, hit, bonus and discard: what a seat does after drawing."""

    __slots__ = ()

    # -- legality ----------------------------------------------------------------------

    def must_use_first(self) -> Card | None:
        """The card taken this turn while it must still be used (`take_discard_must_use`)."""
        f = self.f
        taken = f.turn.taken
        if taken is not None and f.c.must_use and f.hands[f.seat] & taken.bit:
            return taken
        return None

    def _in_turn(self, action: Action) -> Refusal | None:
        """Refuse a spread, hit, bonus or discard outside the turn, or one that wastes the
        taken card while it must be used."""
        phase = self.f.phase
        if phase == START:
            return self.refuse(Code.MUST_DRAW, "draw or take a card first (or drop)")
        if phase != MAIN:
            return self.not_allowed(action)
        taken = self.must_use_first()
        if taken is not None and not self.keeps_usable(action, taken):
            return self.refuse(Code.MUST_USE, f"spread or hit the taken {taken.code} first")
        return None

    def _not_held(self, mask: int, verb: str = "is not") -> Refusal | None:
        missing = mask & ~self.f.hands[self.f.seat]
        if not missing:
            return None
        why = f"{CardSet.from_mask(missing)} {verb} in seat {self.f.seat + 1}'s hand"
        return self.refuse(Refused.NOT_IN_HAND, why)

    def check_spread(self, action: Spread) -> Refusal | None:
        """Lay a book or a run of cards you hold, during your turn."""
        mask = action.cards.mask
        missing = self._not_held(mask, "not")
        if missing is not None:
            return missing
        run = self.f.c.run
        if not (BOOK.is_valid_mask(mask) or run.is_valid_mask(mask)):
            text = repr(str(action))
            if mask.bit_count() < 3:
                return self.refuse(Code.INVALID_SPREAD, f"{text}: a spread needs at least 3 cards")
            book, seq = BOOK.validate(action.cards), run.validate(action.cards)
            why = f"{text} is neither a book ({book.reason}) nor a run ({seq.reason})"
            return self.refuse(Code.INVALID_SPREAD, why)
        return self._in_turn(action)

    def check_hit(self, action: Hit) -> Refusal | None:
        """Add a card you hold to a spread it extends, within the turn's hit limit."""
        f = self.f
        card = action.card
        missing = self._not_held(card.bit)
        if missing is not None:
            return missing
        spread = next((s for s in f.table.spreads if s.id == action.spread), None)
        if spread is None:
            ids = ", ".join(str(s.id) for s in f.table.spreads) or "none"
            why = f"there is no spread #{action.spread} (on the table: {ids})"
            return self.refuse(Code.NO_SUCH_SPREAD, why)
        if spread.book and f.c.runs_only:
            return self.refuse(Code.INVALID_HIT, "hits go on runs only (hit_runs_only)")
        if not spread.accepts & card.bit:
            why = f"{card.code} does not extend #{spread.id} ({CardSet.from_mask(spread.mask)})"
            return self.refuse(Code.INVALID_HIT, why)
        if f.turn.hits >= f.c.max_hits:
            return self.refuse(Code.HIT_LIMIT, f"at most {f.c.max_hits} hit(s) per turn")
        return self._in_turn(action)

    def check_discard(self, action: Discard) -> Refusal | None:
        """Discard a card you hold to end the turn (not the card taken, if that is forbidden)."""
        f = self.f
        card = action.card
        missing = self._not_held(card.bit)
        if missing is not None:
            return missing
        refusal = self._in_turn(action)
        if refusal is not None:
            return refusal
        if f.c.forbid_taken and f.turn.taken is card and f.hands[f.seat] != card.bit:
            return self.refuse(Code.TAKEN_CARD, "you may not discard the card you took this turn")
        return None

    def check_bonus(self, action: Bonus) -> Refusal | None:
        """An extra discard, while one earned by a hit is left (`hit_bonus_discard=per_hit`)."""
        f = self.f
        card = action.card
        missing = self._not_held(card.bit)
        if missing is not None:
            return missing
        if f.phase != MAIN or self.must_use_first() is not None:
            refusal = self._in_turn(action)
            if refusal is not None and (f.phase == MAIN or f.turn.bonus):
                return refusal
        if not f.turn.bonus:
            return self.refuse(Code.NO_BONUS, "no extra discard earned this turn")
        if f.c.forbid_taken and f.turn.taken is card:
            return self.refuse(Code.TAKEN_CARD, "you may not discard the card you took this turn")
        return None

    def keeps_usable(self, action: Action, taken: Card) -> bool:
        """Under ``take_discard_must_use``: the action uses the taken card or keeps it usable."""
        f = self.f
        c = f.c
        bit = taken.bit
        hand = f.hands[f.seat]
        hits_left = c.max_hits - f.turn.hits
        table = [(s.book, s.mask) for s in f.table.spreads]
        if isinstance(action, Spread):
            mask = action.cards.mask
            if mask & bit:
                return True
            hand &= ~mask
            if not (BOOK.is_valid_mask(mask) and mask.bit_count() == 4):
                table.append((BOOK.is_valid_mask(mask), mask))
        elif isinstance(action, Hit):
            if action.card is taken:
                return True
            hand &= ~action.card.bit
            hits_left -= 1
            table = [
                (book, mask | action.card.bit if s.id == action.spread else mask)
                for s, (book, mask) in zip(f.table.spreads, table, strict=True)
            ]
        elif isinstance(action, Bonus):
            hand &= ~action.card.bit
        else:
            return False
        return usable(bit, hand, table, c.run, hits_left, c.runs_only)

    # -- transitions: what each move does, in `cardkit_tonk.moves` (compiled) ----------

    do_spread = moves.spread  # a four-card book leaves the table at once
    do_hit = moves.hit  # on another's spread: a lock, and a bonus discard
    do_bonus = moves.bonus  # an extra discard: the turn goes on
    do_discard = moves.discard  # the turn passes on, or the hand ends
