"""Gin Rummy: its actions, its state and their transitions (rules: `docs/games/ginrummy.md`)."""

from typing import Any, Literal, Self

from cardkit.authoring import (
    Action,
    Card,
    CardSet,
    CardVerb,
    Event,
    GameResult,
    GenericState,
    Phase,
    Refusal,
    Refused,
    RummyFields,
    RummyView,
    Shown,
    Verb,
    discard_refusal,
    draw_zones,
    knock_legal,
    knocker_revealed,
    lay_off,
    solver_for,
)
from cardkit_ginrummy.rules import KINDS, VALUES, GinRules, deadwood


# --8<-- [start:actions]
class Take(Verb):
    """Take the top card of the discard pile (or the upcard when it is offered): ``take``."""


class Pass(Verb):
    """Refuse the upcard: ``pass``."""


class Draw(Verb):
    """Draw the top card of the stock: ``draw``."""


class Done(Verb):
    """End your lay-offs; the hands are counted: ``done``."""


class Discard(CardVerb):
    """Discard a card, ending your turn: ``discard 9C``."""


class Knock(CardVerb):
    """Discard a card and knock, with 10 or less deadwood left (none is gin): ``knock 9C``."""


class LayOff(CardVerb):
    """Lay a card off on one of the knocker's melds: ``layoff 5S``."""


# --8<-- [end:actions]
# --8<-- [start:phases]
#: What the seat to act may do: take or pass the upcard; draw from the stock after both
#: passed it; draw or take the top discard; discard or knock; lay off on the knocker's melds.
OFFER = Phase(Take, Pass, name="offer")
STOCK = Phase(Draw, name="stock")
DRAW = Phase(Draw, Take, name="draw")
DISCARD = Phase(Discard, Knock, name="discard")
LAYOFF = Phase(LayOff, Done, name="layoff")


# --8<-- [end:phases]
# --8<-- [start:view-model]
class GinView(RummyView):
    """What one seat (or a spectator) may know of a deal of Gin Rummy: the zones' entries
    (``hand``, ``hand_counts``, ``hand_revealed``: the knocker's hand once they knock, both
    once the deal is over; ``stock_count``, ``discard_count``, ``top``) and the
    ``dealer``, which the core derives, those of a knock rummy game (``deadwood``: the
    seat's own, melded at best; ``knocker``; ``melds``: the knocker's, with the cards laid
    off on them) and this.

    Attributes:
        phase: what the seat to act does: take or pass the upcard (``offer``), draw
            from the stock after both passed it (``stock``), draw or take (``draw``),
            discard or knock (``discard``), lay off (``layoff``).
    """

    phase: Literal["offer", "stock", "draw", "discard", "layoff"]


# --8<-- [end:view-model]
# --8<-- [start:state]
class GinState(GenericState[GinRules, RummyFields, GinView]):
    """A deal of Gin Rummy in progress (immutable): its fields, ``state.f``, are those of
    knock rummy (the hands, the stock top first, the discard pile top last, the seat, the
    phase, the card just taken, the knocker and their melds, the outcome)."""

    phases = (OFFER, STOCK, DRAW, DISCARD, LAYOFF)  # the current one: the field `phase`
    zone_specs = draw_zones(revealed=knocker_revealed)  # the knocker's hand, all once over
    shown = ("phase", "knocker", Shown("melds", lambda melds: [list(meld) for meld in melds]))

    @property
    def hand(self) -> CardSet:
        """The hand of the seat to act."""
        return self.f.hands[self.f.seat]

    def list_legal(self) -> list[Action]:
        """The legal actions: the discards from the hand, the knocks from one solve of it."""
        return knock_legal(self, Discard, Knock, KINDS, VALUES, limit=self.rules.knock_limit)

    def view_extra(self, seat: int | None) -> dict[str, Any]:
        """Besides the fields `shown`: the seat's own deadwood, melded at best."""
        return {"deadwood": None if seat is None else deadwood(self.f.hands[seat])}

    def final_result(self) -> GameResult:
        """The deal's points: the deadwood difference, and the gin, big gin or undercut bonus."""
        f, rules, actions = self.f, self.rules, self.action_count
        assert f.outcome is not None  # the core asks only once the deal is over
        if f.knocker is None:
            return GameResult(reason="void", players=2, points=[0, 0], actions=actions)
        dead = [deadwood(hand) for hand in f.hands]
        gap = dead[1 - f.knocker] - dead[f.knocker]  # the defender's deadwood over the knocker's
        bonus = {"gin": rules.gin_bonus, "big_gin": rules.big_gin_bonus}.get(f.outcome, 0)
        won, points, reason = f.knocker, gap + bonus, f.outcome
        if f.outcome == "knock" and gap <= 0:
            won, points, reason = 1 - f.knocker, rules.undercut_bonus - gap, "undercut"
        scores = [points if seat == won else 0 for seat in (0, 1)]
        return GameResult(reason=reason, players=2, winners=[won], points=scores, actions=actions)

    # --8<-- [end:state]
    # --8<-- [start:checks]
    def check_discard(self, action: CardVerb) -> Refusal | None:
        """Discard a card of your hand, but not the card just taken from the discard pile."""
        return discard_refusal(self, action)

    def check_knock(self, action: Knock) -> Refusal | None:
        """Discard as `check_discard` allows, keeping 10 or less deadwood (`knock_limit`)."""
        refusal, limit = self.check_discard(action), self.rules.knock_limit
        left = deadwood(self.hand.remove(action.card)) if refusal is None else 0
        if left > limit:
            why = f"your deadwood would be {left}: knock with {limit} or less"
            return Refusal("too_much_deadwood", why)
        return refusal

    def check_layoff(self, action: LayOff) -> Refusal | None:
        """Lay off a card of your hand that extends one of the knocker's melds."""
        card = action.card
        if card not in self.hand:
            return Refusal(Refused.NOT_IN_HAND, f"{card} is not in your hand")
        if lay_off(self.f.melds, card, KINDS) is None:
            return Refusal("does_not_fit", f"{card} extends none of the knocker's melds")
        return None

    # --8<-- [end:checks]
    # --8<-- [start:moves]
    def do_pass(self, action: Pass) -> Self:
        """The dealer is offered the upcard next; if both pass, the non-dealer draws."""
        phase = "stock" if self.f.seat == self.setup.dealer else "offer"
        return self.evolve(action, [Event("pass", self.f.seat)], seat=1 - self.f.seat, phase=phase)

    def do_take(self, action: Take) -> Self:
        """The top discard goes to the hand, not to be discarded this turn."""
        card = self.f.discard[-1]
        event = Event("take", self.f.seat, (card,))
        return self.drew(action, event, card, taken=card, discard=self.f.discard[:-1])

    def do_draw(self, action: Draw) -> Self:
        """The top card of the stock goes to the hand, unseen by the other seat."""
        card, event = self.f.stock[0], Event("draw", self.f.seat, count=1)
        return self.drew(action, event, card, taken=None, stock=self.f.stock[1:])

    def drew(self, action: Action, event: Event, card: Card, **changes: Any) -> Self:
        """The seat discards next, unless all 11 cards meld: big gin (option `big_gin`)."""
        hand = self.hand.add(card)
        if self.rules.big_gin and deadwood(hand) == 0:
            big_gin = [event, Event("big_gin", self.f.seat, note="goes big gin")]
            return self.show_down(action, big_gin, hand, outcome="big_gin", **changes)
        hands = self.with_seat(self.f.hands, hand)
        return self.evolve(action, [event], hands=hands, phase="discard", **changes)

    def do_discard(self, action: Discard) -> Self:
        """The card goes on the pile; with two cards left in the stock, the deal is drawn."""
        f, card, over = self.f, action.card, len(self.f.stock) <= 2
        events = [Event("discard", f.seat, (card,))]
        events += [Event("drawn_deal", note="two cards are left in the stock")] if over else []
        hands, discard = self.with_seat(self.f.hands, self.hand.remove(card)), (*f.discard, card)
        after = {"outcome": "draw"} if over else {"seat": 1 - f.seat, "phase": "draw"}
        return self.evolve(action, events, hands=hands, discard=discard, **after)

    def do_knock(self, action: Knock) -> Self:
        """Knock: gin ends the deal; otherwise the defender may lay off."""
        f, card, hand = self.f, action.card, self.hand.remove(action.card)
        left, discard = deadwood(hand), (*f.discard, card)
        said = "goes gin" if left == 0 else f"knocks with {left} deadwood"
        events = [Event("discard", f.seat, (card,)), Event("knock", f.seat, note=said)]
        after = {"outcome": "gin"} if left == 0 else {"seat": 1 - f.seat, "phase": "layoff"}
        return self.show_down(action, events, hand, discard=discard, **after)

    def show_down(self, action: Action, events: list[Event], hand: CardSet, **changes: Any) -> Self:
        """The seat to act knocks with ``hand``: its melds, made at best, go on the table."""
        melds = solver_for(KINDS, VALUES).best(hand).melds
        hands, knocker = self.with_seat(self.f.hands, hand), self.f.seat
        return self.evolve(action, events, hands=hands, knocker=knocker, melds=melds, **changes)

    def do_layoff(self, action: LayOff) -> Self:
        """The card joins the first of the knocker's melds it extends."""
        card, melds = action.card, lay_off(self.f.melds, action.card, KINDS)
        event = Event("layoff", self.f.seat, (card,), note="lays off")
        hands = self.with_seat(self.f.hands, self.hand.remove(card))
        return self.evolve(action, [event], hands=hands, melds=melds)

    def do_done(self, action: Done) -> Self:
        """The lay-offs are over: both hands are shown and counted."""
        event = Event("done", self.f.seat, note="lays off no more")
        return self.evolve(action, [event], outcome="knock")


# --8<-- [end:moves]
