"""The deal-time steps of a hand (spec sections 3 and 4.1) after the deal itself
(`TonkGame.deal`): the Spades side pot, the deal-time claims (49/50, 13 or less, 9 or
less) and the post-deal drop window."""

from __future__ import annotations

from dataclasses import replace
from typing import Final, Self

from cardkit import Card, Event, Suit
from cardkit.authoring import Refusal, cards_of_mask
from cardkit_tonk.actions import Join, Pass
from cardkit_tonk.base import TonkBase
from cardkit_tonk.events import CLAIM_WORDS, over
from cardkit_tonk.fields import (
    OVER,
    SPADES,
    WINDOW,
    Extra,
)
from cardkit_tonk.payouts import Ending

__all__ = ["DealPhases"]

_CARDS: Final = Card._by_index


class DealPhases(TonkBase):
    """What may happen between the deal and the first turn."""

    __slots__ = ()

    def after_spades(self, x: Extra) -> tuple[int, int, Extra, Ending | None, list[Event]]:
        """DEAL_CHECK, then the drop window or the first turn: (phase, seat, extra, end, events)."""
        c = self.f.c
        first = self.first_seat
        events: list[Event] = []
        if c.deal_check:
            x, end, events = self._deal_check(x)
            if end is not None:
                return OVER, first, x, end, events
        if c.anytime:
            return WINDOW, first, x, None, events
        phase, seat, end, more = self.enter_turn(first, x)
        return phase, seat, x, end, events + more

    def _claim(self, count: int) -> str | None:
        """The deal-time claim a dealt count makes now, if any (a pending 49 makes none)."""
        rules = self.rules
        high = rules.deal_high_win
        if high != "off" and count == 50:
            return "deal_50"
        if count == 49 and high == "49_or_50":
            return "deal_49"
        if count == 49 and high == "50_now_49_in_turn":
            return None
        if rules.deal_9_or_less_triple and count <= 9:
            return "deal_9_or_less"
        if rules.deal_13_or_less_double and count <= 13:
            return "deal_13_or_less"
        return None

    def _deal_check(self, x: Extra) -> tuple[Extra, Ending | None, list[Event]]:
        f = self.f
        n = self.setup.players
        counts = tuple(f.c.count(h) for h in f.hands)
        pending49 = self.rules.deal_high_win == "50_now_49_in_turn"
        claims: list[tuple[int, str]] = []
        pending = shown = 0
        for k in range(n):
            seat = (self.first_seat + k) % n
            claim = self._claim(counts[seat])
            if claim is not None:
                claims.append((seat, claim))
                shown |= 1 << seat
            elif pending49 and counts[seat] == 49:
                pending |= 1 << seat
        x = replace(x, pending49=pending, dealt_counts=counts, shown=shown)
        events = [
            Event(
                "deal_claim",
                seat,
                cards_of_mask(f.hands[seat]),
                note=f"claims a dealt {CLAIM_WORDS[claim]} (count {counts[seat]}):",
                data={"claim": claim, "count": counts[seat]},
            )
            for seat, claim in claims
        ]
        if len(claims) == 1:
            seat, claim = claims[0]
            end = Ending("deal_win", n, (seat,), counts, claim=claim)
            return x, end, [*events, over("wins on the deal", seat)]
        if len(claims) > 1:
            end = Ending("void_deal", n, (), counts)
            return x, end, [*events, over("two or more deal claims: a void hand, redeal")]
        return x, None, events

    # -- the Spades side pot -------------------------------------------------------

    def check_join(self, action: Join) -> Refusal | None:
        """Join the Spades side pot: only while it is offered."""
        if self.f.phase != SPADES:
            return self.not_allowed(action)
        return None

    def do_join(self, action: Join) -> Self:
        """Join the side pot; the last answer settles it."""
        return self.answer_spades(action, True)

    def answer_spades(self, action: Join | Pass, joins: bool) -> Self:
        """Answer the side-pot offer; once every seat has answered, show spades and settle."""
        f = self.f
        seat, x = f.seat, f.extra
        joined = x.spades_joined + ((seat,) if joins else ())
        x = replace(x, spades_answered=(*x.spades_answered, seat), spades_joined=joined)
        events: list[Event] = [
            Event("spades_join", seat, note="joins the Spades side pot")
            if joins
            else Event("spades_pass", seat, note="stays out of the Spades side pot")
        ]
        nxt = (seat + 1) % self.setup.players
        if nxt != self.first_seat:
            return self.evolve(action, events, seat=nxt, extra=x)
        winner, shown = self._show_spades(joined, events)
        stake = self.rules.side_stake
        pot = stake * len(joined)
        if winner is None:
            note = "no spade shown: every stake is refunded" if joined else "nobody joined"
        else:
            note = f"seat {winner + 1} takes the side pot of {pot}"
        events.append(Event("spades_pot", None, note=note, data={"pot": pot, "winner": winner}))
        x = replace(x, spades_shown=shown, spades_winner=winner, spades_settled=True)
        phase, seat2, x, end, more = self.after_spades(x)
        return self.evolve(action, (*events, *more), phase=phase, seat=seat2, extra=x, end=end)

    def _show_spades(
        self, joined: tuple[int, ...], events: list[Event]
    ) -> tuple[int | None, tuple[tuple[int, Card | None], ...]]:
        """Every participant shows its highest spade (events): the winner, and what each showed."""
        ace_high = self.rules.spades_ace_high
        best: tuple[int, int] | None = None
        shown: list[tuple[int, Card | None]] = []
        for p in joined:
            spades = self.f.hands[p] >> (13 * Suit.SPADES)
            if not spades:
                shown.append((p, None))
                events.append(Event("spades_show", p, note="has no spade"))
                continue
            # With the ace low, the highest spade is the highest one but the ace,
            # and the ace only when it is the one spade held.
            low = spades & ~(1 << 12) if not ace_high else spades
            if low:
                rank_bit = low.bit_length() - 1
                key = rank_bit + 1
            else:
                rank_bit, key = 12, 0
            card = _CARDS[13 * Suit.SPADES + rank_bit]
            shown.append((p, card))
            events.append(Event("spades_show", p, (card,), note="shows the highest spade:"))
            if best is None or key > best[0]:
                best = (key, p)
        return (None if best is None else best[1]), tuple(shown)

    # -- the drop window -----------------------------------------------------------

    def pass_window(self, action: Pass) -> Self:
        """Decline to drop in the post-deal window; after the dealer, the first turn."""
        f = self.f
        seat = f.seat
        events: list[Event] = [Event("pass", seat)]
        if seat != self.setup.dealer:
            return self.evolve(action, events, seat=(seat + 1) % self.setup.players)
        phase, nseat, end, more = self.enter_turn(self.first_seat, f.extra)
        return self.evolve(action, (*events, *more), phase=phase, seat=nseat, end=end)
