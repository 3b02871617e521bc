"""Determinization deals every unseen card uniformly: none stays where it really is.

The swap test of `test_determinize.py` swaps one random pair of hidden cards,
so a determinizer that left one unseen card in its real place would pass it
most of the time. These tests look at every unseen card over many worlds:
each must land in more than one zone, with the frequencies of uniform
sampling (a chi-square per card), and the fairness check must pass for a bot
whose choice is read off its sampled worlds.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter, defaultdict

import pytest

import cardkit
from cardkit.cards.card import Card
from cardkit.engine.actions import Action
from cardkit.engine.bots import Turn
from cardkit.engine.determinize import Determinizer, seen_cards
from cardkit.engine.state import GameState
from cardkit.eval.fairness import check_fair

WORLDS = 300


def _state(game: str, seed: int, steps: int) -> GameState:
    """A state `steps` random actions into a game (fewer if it would end)."""
    state: GameState = cardkit.load_game(game).start(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:  # an instant win at the deal
            break
        nxt = state.apply(rng.choice(list(state.legal_actions())))
        if nxt.is_over:
            break
        state = nxt
    return state


def _landings(state: GameState, seat: int) -> tuple[dict[Card, Counter[str]], int]:
    """Where each card unseen by `seat` lands over `WORLDS` sampled worlds, and how many."""
    seen = seen_cards(state, seat)
    worlds = Determinizer(state, seat).sample(WORLDS, random.Random(0))
    counts: dict[Card, Counter[str]] = defaultdict(Counter)
    for world in worlds:
        for name, cards in world.zones().items():
            for card in cards:
                if card not in seen:
                    counts[card][name] += 1
    return counts, len(worlds)


@pytest.mark.parametrize("game", ["tienlen", "palace", "tonk", "crazyeights"])
def test_every_unseen_card_lands_in_more_than_one_place(game: str) -> None:
    state = _state(game, 3, 4)
    seat = state.to_act
    assert seat is not None
    counts, worlds = _landings(state, seat)
    assert worlds >= WORLDS // 2
    unseen = set(state.setup.deck.cards) - set(seen_cards(state, seat))
    assert set(counts) == unseen
    pinned = sorted(card.code for card, places in counts.items() if len(places) < 2)
    assert not pinned, f"{pinned} stay in one zone in every world of {game}"


@pytest.mark.parametrize("seed", [3, 7, 11])
def test_unseen_cards_spread_as_uniform_sampling_spreads_them(seed: int) -> None:
    """Tiến lên has no stock and rejects no world: each unseen card lands in a
    hidden hand with probability (unseen cards of that hand) / (all unseen)."""
    state = _state("tienlen", seed, 6)
    seat = state.to_act
    assert seat is not None
    seen = seen_cards(state, seat)
    sizes = Counter(
        name for name, cards in state.zones().items() for card in cards if card not in seen
    )
    total = sum(sizes.values())
    counts, worlds = _landings(state, seat)
    assert worlds == WORLDS
    for card, places in counts.items():
        assert set(places) <= set(sizes)
        expected = {name: worlds * size / total for name, size in sizes.items()}
        chi2 = sum((places[name] - e) ** 2 / e for name, e in expected.items())
        # Two or three degrees of freedom: 30 is beyond p = 1e-6. A card left in its
        # real place scores some 400.
        assert chi2 < 30, f"{card} lands {dict(places)}, expected {expected}: chi2 {chi2:.0f}"


class _WorldReader:
    """A fair bot in intent: it chooses from where its sampled worlds put the cards."""

    def __init__(self, rng: random.Random) -> None:
        pass

    def choose(self, turn: Turn) -> Action:
        worlds = turn.sample_worlds(3)
        where = "".join(
            f"{name}{card.code}"
            for world in worlds
            for name, cards in sorted(world.zones().items())
            for card in cards
        )
        return turn.legal[zlib.crc32(where.encode()) % len(turn.legal)]


def test_the_fairness_check_passes_a_bot_that_reads_its_sampled_worlds() -> None:
    """Each check swaps one random pair of hidden cards: many twins per state, so
    that some swap moves any card a faulty determinizer would leave in place."""
    checked = 0
    for seed in range(8):
        state = _state("tienlen", 200 + seed, random.Random(seed).randrange(0, 12))
        if state.is_over or len(state.legal_actions()) < 2:
            continue
        for twin in range(12):
            checked += check_fair(_WorldReader, state, seed=100 * seed + twin)
    assert checked >= 60
