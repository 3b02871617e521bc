"""A knock rummy game's discard: its check, the deadwood each discard leaves, from one
solve of the hand, and the listing of a discard phase built on them.

In a knock rummy game (Gin Rummy, Oklahoma Gin, Knock Rummy) a seat ends its turn by
discarding a card, and may knock with the discard instead when the cards it keeps leave
little deadwood (10 or less in Gin Rummy). A listing that asks the knock's check of each
card of an 11-card hand solves the hand's melds once per card:

- [`discard_refusal`][cardkit.engine.rummy.discard_refusal] is the discard's check (a
  card of the hand, but not the one just taken from the discard pile: the field `taken`);
- [`deadwood_after_discards`][cardkit.engine.rummy.deadwood_after_discards] finds the
  deadwood every discard leaves from one solve, and a solve per melded card whose discard
  might leave little enough;
- [`knock_legal`][cardkit.engine.rummy.knock_legal] lists a state's legal actions with
  them: the discards from the hand's card mask, and a knock's check asked only of the
  cards whose discard leaves little enough deadwood.

Why one solve is enough for most cards: discarding a card in no meld of the hand's best
split leaves exactly the hand's deadwood less that card's value (that split, without the
card, is a split of what is left; and any split of what is left, with the card as
deadwood, is a split of the hand, so none leaves less); and no discard, melded or not,
leaves less than that. Compiled in the compiled build: the game's knock check is asked
once a knock (rarely, in play), where the reference listing asked it, and the discard's
check, once per card.

>>> from cardkit.cards.melds import NOfAKind, Run
>>> from cardkit.cards.orders import CardValues
>>> GIN, PIPS = (NOfAKind(3, 4), Run(3, ace="low")), CardValues.pips(ace=1, pictures=10)
>>> hand = CardSet.parse("2C 3C 4C 7D 7H 7S 9S TS JS 5H KD")  # 15 deadwood: 5H KD
>>> after = deadwood_after_discards(hand, GIN, PIPS)
>>> after[Card.parse("KD")], after[Card.parse("2C")]  # KD is in no meld; 2C is solved again
(5, 22)
>>> [card.code for card in deadwood_after_discards(hand, GIN, PIPS, limit=10)]
['KD', '5H']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.cards.melds.base import MeldKind
from cardkit.cards.melds.deadwood import solver_for
from cardkit.cards.orders import CardValues
from cardkit.engine.actions import Action
from cardkit.engine.generic import GenericState
from cardkit.errors import InvalidState, Refusal, Refused

__all__ = ["deadwood_after_discards", "discard_refusal", "knock_legal"]


def deadwood_after_discards(
    hand: CardSet, kinds: Sequence[MeldKind], values: CardValues, *, limit: int | None = None
) -> dict[Card, int]:
    """The least deadwood (cards in no meld of `kinds`, counted with `values`) left by
    discarding each card of `hand`, by card in the hand's order; with a `limit`, only the
    cards whose discard leaves `limit` or less (the knocks a rule of 10 or less allows).

    One solve of the hand finds the deadwood every card in no meld leaves (the hand's less
    that card's value) and bounds the others' (none leaves less); a melded card whose
    bound is within the `limit` is solved without it.
    """
    solver = solver_for(kinds, values)
    mask = hand.mask
    dead = solver.solve_mask(mask)[1]
    whole = solver.value_mask(dead)
    out: dict[Card, int] = {}
    for card in hand:
        bit = card.bit
        left = whole - solver.value_mask(bit)  # exact for a card in no meld, else a bound
        if limit is not None and left > limit:
            continue
        if not dead & bit:
            left = solver.value_mask(solver.solve_mask(mask & ~bit)[1])
            if limit is not None and left > limit:
                continue
        out[card] = left
    return out


def discard_refusal(state: GenericState[Any, Any, Any], action: Any) -> Refusal | None:
    """Why the seat to act of `state` may not discard `action`'s card (a
    [`CardVerb`][cardkit.engine.cardverb.CardVerb]'s), or `None` when it may: a card of
    its hand, but not the card it has just taken from the discard pile (the field `taken`,
    `None` when it drew from the stock), which it keeps this turn.

    The refusals: `not_in_hand` ("QS is not in your hand") and `just_taken` ("you just
    took QS: discard another card").

    ```python
    def check_discard(self, action: Discard) -> Refusal | None:
        return discard_refusal(self, action)
    ```

    Raises:
        InvalidState: no seat is to act (the game is over).
    """
    f, card = state.f, action.card
    if not f.hands[_seat(state)].mask & card.bit:
        return Refusal(Refused.NOT_IN_HAND, f"{card} is not in your hand")
    if card == f.taken:
        return Refusal("just_taken", f"you just took {card}: discard another card")
    return None


def knock_legal(
    state: GenericState[Any, Any, Any],
    discard: type[Action],
    knock: type[Action],
    kinds: Sequence[MeldKind],
    values: CardValues,
    *,
    limit: int,
) -> list[Action]:
    """The legal actions of the seat to act of `state`, in its reference listing's order
    (every candidate of the current phase that its check accepts). In a phase of
    discards (of the action class `discard`, whose check is `discard_refusal`) and knocks
    (of `knock`, a discard that must leave `limit` or less deadwood, melded with `kinds`
    and counted with `values`), the discards are read off the hand's card mask, and a
    knock's check is asked only where `deadwood_after_discards` finds that its discard
    leaves `limit` or less: one solve of the hand for every knock, where the knock's check
    solves the hand again for each card. Every other form lists the candidates its check
    accepts; in a phase without discards or knocks, this is the reference listing. The
    contract suite compares this listing with the reference one.

    ```python
    def list_legal(self) -> list[Action]:
        return knock_legal(self, Discard, Knock, KINDS, VALUES, limit=self.rules.knock_limit)
    ```

    Raises:
        InvalidState: no seat is to act (the game is over).
    """
    seat = _seat(state)
    phase = state._in_phase() if state._phased else None
    grammar = state.grammar if phase is None else phase.grammar
    moves = state._moves if phase is None else phase.moves
    forms = grammar.forms
    if not any(form.make is discard or form.make is knock for form in forms):
        return state.reference_legal()
    f = state.f
    hand: CardSet = f.hands[seat]
    taken: Card | None = f.taken
    discards = hand.mask & ~(0 if taken is None else taken.bit)
    out: list[Action] = []
    for form in forms:
        make = form.make
        if make is discard or make is knock:
            cards = discards
            if make is knock:
                cards &= _knocks_mask(hand, kinds, values, limit)
            check = moves[make][0]
            for card in hand:
                if cards & card.bit:
                    for word in form.word_values:
                        action = form.card_candidate(card, word)
                        if make is discard or check(state, action) is None:
                            out.append(action)
            continue
        found = state.deck_cards() if form.source is None else state.source_cards(form.source)
        move = moves.get(make)
        for action in grammar.candidates_of(form, found, players=state.players):
            if move is not None and move[0](state, action) is None:
                out.append(action)
    return out


def _knocks_mask(hand: CardSet, kinds: Sequence[MeldKind], values: CardValues, limit: int) -> int:
    """The cards of `hand` whose discard leaves `limit` or less deadwood, as a card mask."""
    mask = 0
    for card in deadwood_after_discards(hand, kinds, values, limit=limit):
        mask |= card.bit
    return mask


def _seat(state: GenericState[Any, Any, Any]) -> int:
    seat = state.to_act
    if seat is None:
        raise InvalidState("no seat is to act: the game is over")
    return seat
