"""The main part of a turn (spec sections 4.3-4.5): spread, hit, extra discards and the
discard that ends the turn; and the ways a turn ends the hand (tonk out, run out)."""

from __future__ import annotations

from typing import Self

from cardkit import Action, Card, CardSet, Event
from cardkit.authoring import Refusal, Refused
from cardkit_tonk.actions import Bonus, Discard, Hit, Spread, spread_cards
from cardkit_tonk.events import card_events, over, retire, turns
from cardkit_tonk.fields import (
    MAIN,
    NO_TURN,
    OVER,
    RESPONSE,
    START,
    Fields,
    Table,
    Turn,
    new_tuple,
)
from cardkit_tonk.payouts import Ending
from cardkit_tonk.rules import TonkRefused as Code
from cardkit_tonk.showdowns import showdown
from cardkit_tonk.spreads import BOOK, accepts_mask, usable
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

    # -- transitions -------------------------------------------------------------------

    def do_discard(self, action: Discard) -> Self:
        """Discard: the turn passes on, or the hand ends (run out, stock out)."""
        _, seat, hands, stock, pile, table, locks, _, x, _, c = self.f
        card = action.card
        held = list(hands)  # cheaper than joining slices around the new hand
        hand = held[seat] = hands[seat] ^ card.bit
        new_hands = tuple(held)
        pile = (*pile, card)
        events = c.discards[seat][card.index]
        if not hand:
            end = Ending("run_out", self.setup.players, (seat,))
            return self.evolve(
                action,
                (*events, over("runs out", seat)),
                phase=OVER,
                hands=new_hands,
                pile=pile,
                end=end,
            )
        if locks[seat]:
            locks = (*locks[:seat], locks[seat] - 1, *locks[seat + 1 :])
        if stock >= 52 and not c.when_needed:  # Tonk plays the 52 cards
            end, more = showdown(new_hands, c, None)
            return self.evolve(
                action,
                (*events, *more),
                phase=OVER,
                hands=new_hands,
                pile=pile,
                locks=locks,
                end=end,
            )
        nxt = seat + 1
        if nxt == len(hands):
            nxt = 0
        if x.pending49:
            phase, nseat, end2, more2 = self.enter_turn(nxt, x)
            changes = {"hands": new_hands, "pile": pile, "locks": locks, "turn": NO_TURN}
            return self.evolve(
                action, (*events, *more2), phase=phase, seat=nseat, end=end2, **changes
            )
        fields = (START, nxt, new_hands, stock, pile, table, locks, NO_TURN, x, None, c)
        return self.successor(action, events, new_tuple(Fields, fields))

    def do_bonus(self, action: Bonus) -> Self:
        """An extra discard: the turn goes on (or the hand ends in a run out)."""
        f = self.f
        seat, card = f.seat, action.card
        hand = f.hands[seat] ^ card.bit
        new_hands = (*f.hands[:seat], hand, *f.hands[seat + 1 :])
        turn = f.turn._replace(bonus=f.turn.bonus - 1)
        events = card_events("bonus", seat, card)
        if hand:
            return self.evolve(action, events, hands=new_hands, pile=(*f.pile, card), turn=turn)
        end = Ending("run_out", self.setup.players, (seat,))
        return self.evolve(
            action,
            (*events, over("runs out", seat)),
            phase=OVER,
            hands=new_hands,
            pile=(*f.pile, card),
            turn=turn,
            end=end,
        )

    def do_spread(self, action: Spread) -> Self:
        """Lay the spread (a four-card book leaves the table at once)."""
        f = self.f
        seat, mask, table = f.seat, action.cards.mask, f.table
        sid = table.next_id
        spread = f.c.new_spread(sid, seat, mask)
        events: list[Event] = [
            Event(
                "spread",
                seat,
                tuple(spread_cards(mask)),
                note=f"({spread.kind} #{sid})",
                data={"spread": sid, "kind": spread.kind},
            )
        ]
        if spread.book and mask.bit_count() == 4:
            table = Table(table.spreads, (*table.retired, spread), sid + 1)
            events.append(retire(sid, seat))
        else:
            table = Table((*table.spreads, spread), table.retired, sid + 1)
        t = f.turn
        turn = new_tuple(
            Turn, (t.used + mask.bit_count(), t.hits, t.bonus, t.taken, (*t.touched, sid))
        )
        return self._after_meld(action, f.hands[seat] & ~mask, table, f.locks, turn, events)

    def do_hit(self, action: Hit) -> Self:
        """Hit the spread: a hit on another's spread may lock them and earn a bonus discard."""
        f = self.f
        c, seat, card, table = f.c, f.seat, action.card, f.table
        spreads = list(table.spreads)
        i = next(k for k, s in enumerate(spreads) if s.id == action.spread)
        old = spreads[i]
        mask = old.mask | card.bit
        events: list[Event] = [
            Event(
                "hit",
                seat,
                (card,),
                note=f"on #{old.id} of seat {old.owner + 1}",
                data={"spread": old.id, "owner": old.owner},
            )
        ]
        locks, bonus = f.locks, f.turn.bonus
        if old.owner != seat:
            if c.lock:
                owner = old.owner
                locks = (*locks[:owner], locks[owner] + c.lock, *locks[owner + 1 :])
                note = f"may not drop for {turns(locks[owner])}"
                events.append(Event("lock", owner, note=note, data={"lock": locks[owner]}))
            if c.per_hit:
                bonus += 1
        if old.book and mask.bit_count() == 4:
            del spreads[i]
            retired = (*table.retired, old._replace(mask=mask, accepts=0))
            events.append(retire(old.id, old.owner))
            table = Table(tuple(spreads), retired, table.next_id)
        else:
            kind = BOOK if old.book else c.run
            spreads[i] = old._replace(mask=mask, accepts=accepts_mask(kind, mask, old.book))
            table = Table(tuple(spreads), table.retired, table.next_id)
        t = f.turn
        turn = new_tuple(Turn, (t.used + 1, t.hits + 1, bonus, t.taken, (*t.touched, old.id)))
        return self._after_meld(action, f.hands[seat] ^ card.bit, table, locks, turn, events)

    def _after_meld(
        self,
        action: Action,
        hand: int,
        table: Table,
        locks: tuple[int, ...],
        turn: Turn,
        events: list[Event],
    ) -> Self:
        """The state after a spread or hit: the turn goes on, or the seat has tonked out."""
        f = self.f
        seat = f.seat
        hands = (*f.hands[:seat], hand, *f.hands[seat + 1 :])
        changes = {"hands": hands, "table": table, "locks": locks, "turn": turn}
        if hand:
            return self.evolve(action, events, **changes)
        c, n = f.c, self.setup.players
        full = turn.used >= c.dealt + 1
        end = Ending("tonk_out", n, (seat,), tonker=seat, full_tonk=full)
        phrase = "tonks out" if full or not c.rules.six_card_tonk else "goes out with zero"
        events.append(Event("tonk_out", seat, note=phrase + "!"))
        if c.rules.double_double != "off" and n == 2:
            return self.evolve(action, events, phase=RESPONSE, seat=1 - seat, end=end, **changes)
        events.append(over(phrase, seat))
        return self.evolve(action, events, phase=OVER, end=end, **changes)
