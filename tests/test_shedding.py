"""The core's shedding part (`cardkit.engine.shedding`) apart from Crazy Eights' own tests:
the playable mask, the refusals of a play whose class has no wild rank, the listing
against the checks' reference listing in every variant, the reshuffle's order, and the
fields the transitions need."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest
from cardkit_crazyeights.state import CrazyEightsState

import cardkit
from cardkit.authoring import (
    Card,
    CardSet,
    CardWord,
    Rank,
    Suit,
    match_refusal,
    playable_mask,
)


def test_the_playable_mask_is_the_suit_to_follow_the_top_rank_and_the_wild_rank() -> None:
    hand = CardSet.parse("5D 9H 8C KS 2S")
    top = Card.parse("9C")
    assert CardSet.from_mask(playable_mask(hand.mask, top, Suit.DIAMONDS)) == CardSet.parse("5D 9H")
    with_eights = playable_mask(hand.mask, top, Suit.DIAMONDS, Rank.EIGHT)
    assert CardSet.from_mask(with_eights) == CardSet.parse("5D 9H 8C")
    assert playable_mask(0, top, Suit.SPADES, Rank.EIGHT) == 0


class Lay(CardWord[Suit]):
    """A play whose class names no rank that takes a word."""


def test_a_suit_named_without_a_wild_rank_is_refused_in_plain_words() -> None:
    """With no rank taking a word, a suit named is refused without naming a rank."""
    game = cardkit.load_game("crazyeights")
    starts = (game.start(players=2, seed=seed) for seed in range(20))
    state, card = next(
        (state, card)
        for state in starts
        for card in state.f.hands[state.f.seat]
        if playable_mask(card.bit, state.f.discard[-1], state.f.suit)
    )
    refusal = match_refusal(state, Lay(card, Suit.CLUBS))
    assert refusal is not None
    assert (refusal.code, refusal.message) == (
        "no_suit_to_name",
        f"only a wild names a suit, not {card.code}",
    )
    assert match_refusal(state, Lay(card)) is None


@pytest.mark.parametrize("variant", [None, "draw-one", "no-wilds"])
def test_the_listing_is_the_reference_listing(variant: str | None) -> None:
    """`matching_legal` lists what the checks accept, in their order, game after game."""
    game = cardkit.load_game("crazyeights")
    rules = game.rules(variant) if variant else game.rules()
    for seed in range(6):
        state: CrazyEightsState = game.start(players=2 + seed % 4, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.list_legal()
            assert legal == state.reference_legal()
            state = state.apply(rng.choice(legal))


def test_a_hidden_shuffle_is_random_s_shuffle_seeded_by_its_text() -> None:
    """`hidden_shuffle` puts the cards in the order of `random.Random(text).shuffle`, the text
    naming the game, the deal's deck order and the salt (as it did before it was compiled)."""
    state = cardkit.load_game("crazyeights").start(players=4, seed=11)
    deck = tuple(state.setup.deck)
    for size, salt in [(0, 0), (1, 3), (2, 1), (17, 0), (31, 2), (52, 7)]:
        expected = list(deck[:size])
        text = f"cardkit-{state.game.name}:{state.setup.deck}:{salt}"
        random.Random(text).shuffle(expected)
        assert state.hidden_shuffle(deck[:size], salt) == tuple(expected)


class _Hands(NamedTuple):
    """Fields with hands and nothing else a shedding turn needs."""

    hands: tuple[CardSet, ...]
    seat: int


def test_a_transition_on_fields_lacking_one_names_it() -> None:
    """The shedding transitions and checks read and write their fields by index: a fields
    class lacking one gets an `AttributeError` naming it and the fields expected."""
    first: Any = cardkit.load_game("crazyeights").start(players=2, seed=3)
    state = CrazyEightsState.first(first.game, first.setup, _Hands(first.f.hands, 0), ())
    with pytest.raises(AttributeError, match=r"_Hands has no field 'stock': expected the fields"):
        state.list_legal()
