"""Determinization: full states consistent with what one seat knows.

A search bot cannot look at the real state, but it can search *worlds*: full
states that give its seat exactly the view it has. This module deals them,
for any game, from the game's own contract (``zones()``,
``visible_zones()``, the public events and the actions played):

1. The cards the seat has *seen* are those that were, at some point of the
   game, in a zone visible to it, or shown by a public event. Every other
   card is *unseen*.
2. A world keeps the deck positions of the seen cards and deals the unseen
   cards at random among the positions they occupied (so a hidden hand, the
   stock and face-down cards are all reshuffled together).
3. The game is dealt from that deck, the actions are replayed, and the world
   is kept only if every action was legal in it, every transition recorded
   the same public events as it really did (the seat saw them all: a draw's
   count, a reshuffle), and it gives the seat exactly its view; otherwise it
   is rejected, at the first action that differs, and another is dealt.

Rejection keeps the worlds uniform over the deals consistent with all of
that: each deal is drawn uniformly and kept or not by a test of the deal
alone. The event test rejects early (a cheaper try) and also rejects the rare
deal whose final view matches but whose past did not (a draw of two cards
then of five, where the seat saw three then four).

The unseen cards are shuffled from their canonical order, so two states that
differ only by a swap of two unseen cards give the same worlds for the same
generator: nothing about the unseen cards reaches a bot.

One approximation, shared with most determinizing search bots: a card the
seat saw keeps the deck position it really had, so for a game with a stock
(Tonk, Palace, Crazy Eights) a world never moves a seen card between "was
dealt to a hand" and "was drawn later". The seat's own cards, the public
cards and every card of Tiến lên (which has no stock) are placed exactly.

A simultaneous phase going on (a [`Sealed`][cardkit.engine.simultaneous.Sealed]
field still incomplete) hides the other seats' choices: a world replays each of
them as a random one of that seat's own legal choices, not the real one.

Bots call [Turn.sample_worlds][cardkit.engine.bots.Turn.sample_worlds]; the
functions here take the real state and are the core's side of it.
"""

from __future__ import annotations

import random
from typing import Any

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.cards.deck import Deck
from cardkit.engine.setup import Setup
from cardkit.engine.simultaneous import ChosenAs, SimultaneousChoices
from cardkit.engine.state import GameState
from cardkit.errors import CardkitError

__all__ = ["Determinizer", "sample_worlds", "seen_cards"]

#: How many deals a sample may try per world asked for before it gives up.
TRIES_PER_WORLD = 20


def _replay(state: GameState) -> list[GameState]:
    """Every state of ``state``'s game from its deal, replayed (the last equals ``state``)."""
    s: GameState = state.game.deal(state.setup)
    states = [s]
    for action in state.history:
        s = s.apply(action)
        states.append(s)
    return states


def seen_cards(state: GameState, seat: int) -> CardSet:
    """The cards ``seat`` has seen so far: in its visible zones at some point, or in an event."""
    return _seen_in(_replay(state), seat)


def _seen_in(states: list[GameState], seat: int) -> CardSet:
    """The cards ``seat`` saw along ``states`` (a replay)."""
    seen = CardSet()
    for s in states:
        zones = s.zones()
        for name in s.visible_zones(seat):
            cards = zones.get(name)
            if cards is not None:
                seen = seen | (cards if isinstance(cards, CardSet) else CardSet(cards))
        for event in s.last_events:
            if event.cards:
                seen = seen | CardSet(event.cards)
    return seen


class Determinizer:
    """Deals worlds consistent with one seat's knowledge of one state.

    What the seat has seen is worked out once, on the first sample; every
    call then deals fresh worlds.

    Args:
        state: the real state (the core's; never handed to a bot).
        seat: the seat whose knowledge the worlds respect.
    """

    __slots__ = (
        "_actions",
        "_asked",
        "_deck",
        "_events",
        "_hidden",
        "_positions",
        "_seat",
        "_setup",
        "_state",
        "_target",
    )

    def __init__(self, state: GameState, seat: int) -> None:
        """Prepare to deal worlds for ``seat`` of ``state`` (the work is done lazily)."""
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise CardkitError(f"seat must be 0-{state.players - 1}, not {seat!r}")
        self._state = state
        self._seat = seat
        self._setup: Setup | None = None

    def _prepare(self) -> Setup:
        state, seat = self._state, self._seat
        setup = state.setup
        states = _replay(state)
        seen = _seen_in(states, seat)
        self._events = [s.last_events for s in states]  # public: every seat saw them
        deck = setup.deck.cards
        self._positions = [i for i, card in enumerate(deck) if card not in seen]
        # Canonical order, so the worlds do not depend on where the unseen cards really are.
        self._hidden: list[Card] = list(CardSet(deck[i] for i in self._positions))
        self._deck = list(deck)
        self._actions = state.history
        self._target = state.view(seat)
        self._asked = state.to_act == seat
        self._setup = setup
        return setup

    def sample(self, n: int, rng: random.Random) -> list[GameState]:
        """Up to ``n`` worlds (fewer only if ``n * TRIES_PER_WORLD`` deals were all rejected)."""
        if not isinstance(n, int) or n < 0:
            raise CardkitError(f"the number of worlds must be 0 or more, not {n!r}")
        setup = self._setup if self._setup is not None else self._prepare()
        if len(self._hidden) < 2:
            return [self._state] * n  # the seat knows every card: the only world is this one
        worlds: list[GameState] = []
        for _ in range(n * TRIES_PER_WORLD):
            if len(worlds) == n:
                break
            world = self._deal(setup, rng)
            if world is not None:
                worlds.append(world)
        return worlds

    def _deal(self, setup: Setup, rng: random.Random) -> GameState | None:
        cards = self._hidden[:]
        rng.shuffle(cards)
        deck = self._deck[:]
        for position, card in zip(self._positions, cards, strict=True):
            deck[position] = card
        game: Any = self._state.game
        sealed = _open_sealed_field(self._state)
        events = self._events
        try:
            s: GameState = game.deal(
                Setup(setup.players, setup.rules, Deck(deck), setup.dealer, None, setup.previous)
            )
            if s.last_events != events[0]:
                return None
            for i, action in enumerate(self._actions, 1):
                after = s.apply(action)
                if sealed and getattr(after.f, sealed) != getattr(s.f, sealed):  # type: ignore[attr-defined]
                    after = self._other_choice(s, action, rng) or after
                if after.last_events != events[i]:
                    return None  # the seat saw other public events: not its world
                s = after
        except (CardkitError, ValueError):
            return None  # an action that was legal for real is not legal in this deal
        # The seat also knows whether it is asked to act now: a world where a private
        # window asks another seat instead shows it the same view, but is not its world.
        asked = (s.to_act == self._seat) == self._asked
        return s if asked and s.view(self._seat) == self._target else None

    def _other_choice(self, s: GameState, action: Any, rng: random.Random) -> GameState | None:
        """Another seat's sealed choice, still hidden from the seat: a random one of its own
        legal choices in this world (`None`: the seat's own, kept)."""
        chooser = action.seat if isinstance(action, ChosenAs) else s.to_act
        if chooser is None or chooser == self._seat:
            return None
        return s.act_as(chooser, rng.choice(list(s.legal_actions_for(chooser))))


def _open_sealed_field(state: GameState) -> str:
    """The sealed field of a simultaneous phase going on in `state` ("" when none)."""
    if isinstance(state, SimultaneousChoices) and state.in_simultaneous_phase:
        return state.sealed_field
    return ""


def sample_worlds(state: GameState, seat: int, n: int, rng: random.Random) -> list[GameState]:
    """Up to ``n`` full states that give ``seat`` exactly ``state.view(seat)``.

    The core's side of [Turn.sample_worlds][cardkit.engine.bots.Turn.sample_worlds]:
    it takes the real state, so bots never call it themselves.
    """
    return Determinizer(state, seat).sample(n, rng)
