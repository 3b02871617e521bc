"""A knock rummy game's discard (`cardkit.engine.rummy`): the deadwood each discard leaves,
from one solve of the hand, is what solving the hand without that card gives, and Gin
Rummy's listing built on it equals the listing its checks make, knocks included."""

from __future__ import annotations

import random
from types import SimpleNamespace

from cardkit_ginrummy.bots import HeuristicBot
from cardkit_ginrummy.rules import KINDS, VALUES, deadwood
from cardkit_ginrummy.state import Discard, GinState, Knock
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.authoring import (
    Card,
    CardSet,
    Turn,
    deadwood_after_discards,
    discard_refusal,
    knocker_revealed,
)
from cardkit.cards.deck import Deck

DECK = tuple(Deck.standard())
#: Hands of 11 cards, and some rich in melds (from 26 cards: the low half of the ranks).
HANDS = st.one_of(
    st.lists(st.sampled_from(DECK), min_size=11, max_size=11, unique=True),
    st.lists(
        st.sampled_from([c for c in DECK if c.code[0] in "A234567"]),
        min_size=11,
        max_size=11,
        unique=True,
    ),
)


@settings(max_examples=300, deadline=None)
@given(HANDS, st.integers(0, 30))
def test_deadwood_after_each_discard_is_the_hand_solved_without_it(
    cards: list[Card], limit: int
) -> None:
    hand = CardSet(cards)
    solved = {card: deadwood(hand.remove(card)) for card in hand}
    assert deadwood_after_discards(hand, KINDS, VALUES) == solved
    assert list(deadwood_after_discards(hand, KINDS, VALUES)) == list(hand)
    within = {card: left for card, left in solved.items() if left <= limit}
    assert deadwood_after_discards(hand, KINDS, VALUES, limit=limit) == within


def test_a_melded_card_is_solved_again() -> None:
    """2C is in a run: its discard leaves 7D, 7H and 7S melded... and 3C 4C dead (22)."""
    hand = CardSet.parse("2C 3C 4C 7D 7H 7S 9S TS JS 5H KD")
    after = deadwood_after_discards(hand, KINDS, VALUES)
    assert after[Card.parse("2C")] == 22
    assert after[Card.parse("KD")] == 5


def _knock_states(seed: int, rule_set: dict[str, object]) -> list[GinState]:
    """The states of heuristic bots' deals (they knock as soon as they may) where a seat
    discards."""
    game = cardkit.load_game("ginrummy")
    bot = HeuristicBot()
    state = game.start(2, game.rules_model.model_validate(rule_set), seed=seed)
    rng = random.Random(seed)
    found: list[GinState] = []
    while not state.is_over:
        assert isinstance(state, GinState)
        if state.f.phase == "discard":
            found.append(state)
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        turn = Turn(state, seat, legal, rng)
        state = state.apply(bot.choose(turn) if rng.random() < 0.8 else rng.choice(legal))
    return found


def test_the_listing_equals_the_checks_knocks_included() -> None:
    knocks = 0
    rule_sets: tuple[dict[str, object], ...] = ({}, {"knock_limit": 0}, {"big_gin": True})
    for seed in range(30):
        for rule_set in rule_sets:
            for state in _knock_states(seed, rule_set):
                listed = list(state.list_legal())
                assert listed == state.reference_legal(), (seed, rule_set, state.f)
                knocks += sum(type(a) is Knock for a in listed)
    assert knocks > 50  # the knocks were listed, not only refused


def test_the_knockers_hand_is_revealed_then_every_hand() -> None:
    def table(knocker: int | None, over: bool) -> SimpleNamespace:
        return SimpleNamespace(f=SimpleNamespace(knocker=knocker), players=3, is_over=over)

    assert knocker_revealed(table(None, False)) == 0
    assert knocker_revealed(table(1, False)) == 0b010
    assert knocker_revealed(table(1, True)) == 0b111


def test_a_discard_is_of_the_hand_and_not_the_card_just_taken() -> None:
    state = cardkit.load_game("ginrummy").start(players=2, seed=1).apply("take")
    assert isinstance(state, GinState)
    taken = state.f.taken
    assert taken is not None
    refusal = discard_refusal(state, Discard(taken))
    assert refusal is not None
    assert refusal.code == "just_taken"
    assert refusal.message == f"you just took {taken}: discard another card"
    other = next(card for card in DECK if card not in state.hand)
    refusal = discard_refusal(state, Discard(other))
    assert refusal is not None
    assert refusal.code == "not_in_hand"
    assert [discard_refusal(state, Discard(c)) for c in state.hand.remove(taken)] == [None] * 10
