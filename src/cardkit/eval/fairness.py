"""The non-cheating check: a bot's choice must not depend on cards hidden from it.

[twin_state][cardkit.eval.fairness.twin_state] builds, from a real state, the
same game with two cards the deciding seat has never seen swapped (dealt from
a deck with the two exchanged, every action replayed). The seat's view is
the same in both, so a fair bot given the same random generator must choose
the same action in both; [check_fair][cardkit.eval.fairness.check_fair] says
when it does not.
"""

from __future__ import annotations

import random
from itertools import combinations

from cardkit.cards.card import Card
from cardkit.cards.deck import Deck
from cardkit.engine.actions import Action
from cardkit.engine.bots import BotFactory, Turn
from cardkit.engine.determinize import seen_cards
from cardkit.engine.setup import Setup
from cardkit.engine.state import GameState
from cardkit.errors import CardkitError

__all__ = ["UnfairBot", "check_fair", "twin_state"]


class UnfairBot(CardkitError):
    """A bot chose differently when only cards hidden from it had changed."""


def _zone_of(state: GameState) -> dict[Card, str]:
    where: dict[Card, str] = {}
    for name, cards in state.zones().items():
        for card in cards:
            where[card] = name
    return where


def twin_state(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """``state`` with two cards ``seat`` has never seen swapped, or ``None`` if none can be.

    The two cards are in different zones now (a swap within one zone would
    change nothing). Pairs whose swap makes an action of the history illegal
    or changes the seat's view are skipped.
    """
    seen = seen_cards(state, seat)
    where = _zone_of(state)
    deck = list(state.setup.deck.cards)
    unseen = [i for i, card in enumerate(deck) if card not in seen]
    pairs = [(i, j) for i, j in combinations(unseen, 2) if where[deck[i]] != where[deck[j]]]
    rng.shuffle(pairs)
    setup = state.setup
    target = state.view(seat)
    for i, j in pairs[:50]:
        swapped = deck[:]
        swapped[i], swapped[j] = swapped[j], swapped[i]
        try:
            twin: GameState = state.game.deal(
                Setup(setup.players, setup.rules, Deck(swapped), setup.dealer, None, setup.previous)
            )
            for action in state.history:
                twin = twin.apply(action)
        except (CardkitError, ValueError):
            continue
        if twin.view(seat) == target:
            return twin
    return None


def _choice(factory: BotFactory, state: GameState, seat: int, seed: int) -> Action:
    bot = factory(random.Random(seed))
    return bot.choose(Turn(state, seat, state.legal_actions(), random.Random(seed + 1)))


def check_fair(factory: BotFactory, state: GameState, *, seed: int = 0) -> bool:
    """Check one decision of a bot; ``False`` when no twin state could be built.

    Raises:
        UnfairBot: the bot chose differently in the twin state; the message
            names both choices.
    """
    seat = state.to_act
    if seat is None or state.is_over:
        return False
    twin = twin_state(state, seat, random.Random(seed))
    if twin is None:
        return False
    real = _choice(factory, state, seat, seed)
    other = _choice(factory, twin, seat, seed)
    if str(real) != str(other):
        raise UnfairBot(
            f"the bot chose {str(real)!r}, and {str(other)!r} when two cards hidden from "
            f"seat {seat} were swapped: it depends on information it may not have"
        )
    return True
