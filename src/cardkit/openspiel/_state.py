"""The OpenSpiel state of a cardkit game: the deal as chance nodes, then the game's own moves.

A playout starts at a chance node for each card of the deck, top first: each
outcome is a card (its index, `Card.index`), with the
probability of drawing it from the cards not dealt yet, so the deck order is
uniform, as `Deck.shuffled` deals it. Once the deck is complete, the game is
dealt from it ([`Game.start(deck=...)`][cardkit.engine.game.Game.start]).
Every later random event of a cardkit game (a discard pile reshuffled into a
stock) is drawn from the deck order ([`GenericState.hidden_shuffle`]
[cardkit.engine.generic.GenericState.hidden_shuffle]), so a state is a function of its
history: the chance outcomes and the moves.

The cardkit state is immutable, so clones share it (a clone deep-copies only
this object's small attributes), and a serialized state pickles it as a
saved game does: setup and moves, validated when it is read back.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pyspiel

from cardkit.cards.card import Card
from cardkit.cards.deck import Deck
from cardkit.engine.actions import Action
from cardkit.engine.determinize import TRIES_PER_WORLD, Determinizer
from cardkit.engine.state import GameState
from cardkit.errors import CardkitError

__all__ = [
    "REPEAT_ROUNDS",
    "RESAMPLE_ROUNDS",
    "CardkitState",
    "NoWorld",
    "Shared",
    "seeded_resampler",
]

#: How many rounds of the determinizer's tries (`TRIES_PER_WORLD` deals each) a resample
#: makes for the first world of a state before it gives up: 2,000 deals (the hardest Crazy
#: Eights states found their first world after a few hundred to a few thousand).
RESAMPLE_ROUNDS = 100
#: The rounds for a later world of the same state; when they find none, one of the worlds
#: found before for that state is dealt again (200 deals).
REPEAT_ROUNDS = 10


class NoWorld(CardkitError):
    """No world consistent with a seat's knowledge was found (see `resample_from_infostate`).

    The determinizer deals the unseen cards at random and keeps a deal only
    if every move stays legal and the seat's view comes out the same; in
    games whose later chance depends on the whole deck (Crazy Eights'
    reshuffles, long runs of draws) most deals are rejected. The real state
    is never returned instead: a search bot must not see what its seat
    does not know.
    """


class Shared:
    """An immutable value that OpenSpiel's clone shares instead of deep-copying."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        """Hold `value` (never mutated)."""
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

    def __getstate__(self) -> tuple[Any]:
        return (self.value,)  # a tuple: pickle skips __setstate__ for a false state (None)

    def __setstate__(self, state: tuple[Any]) -> None:
        self.value = state[0]


class _Scratch(Shared):
    """A cache that clones share and a serialized state leaves out (it reads back empty)."""

    __slots__ = ()

    def __getstate__(self) -> tuple[Any]:
        return (None,)


class CardkitState(pyspiel.State):  # type: ignore[misc]
    """One playout of a cardkit game as an OpenSpiel state (see the module docs)."""

    def __init__(self, game: Any) -> None:
        """The start of a playout: no card of the deck drawn yet."""
        super().__init__(game)
        self.dealt: tuple[int, ...] = ()
        self.left: tuple[int, ...] = game.deck_indices  # the cards still to draw, sorted
        self.moves: tuple[tuple[int, str], ...] = ()
        self.cardkit = Shared(None)
        self._forced = Shared(None)
        self._dealers = _Scratch(None)  # (table, {seat: Determinizer}) for resampling

    # -- what OpenSpiel asks --------------------------------------------------------

    @property
    def table(self) -> GameState | None:
        """The cardkit state, once the deck is dealt (else None)."""
        found: GameState | None = self.cardkit.value
        return found

    def current_player(self) -> int:
        """The seat to act, CHANCE while the deck is drawn, or TERMINAL."""
        state = self.table
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = state.to_act
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self.table
        if state is None or state.is_over or player != state.to_act:
            return []
        return sorted(self.get_game().space.legal(state, player)[0])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards left to draw, each with the probability of coming next."""
        left = self.left
        if self.get_game().distinct:
            p = 1.0 / len(left)
            return [(index, p) for index in left]
        total = len(left)
        counts: dict[int, int] = {}
        for index in left:
            counts[index] = counts.get(index, 0) + 1
        return [(index, n / total) for index, n in counts.items()]

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            self._draw(action)
            return
        state = self.table
        forced: Action | None = self._forced.value
        if forced is None:
            ids, actions = self.get_game().space.legal(state, state.to_act)
            forced = actions[ids.index(action)]
        self._forced = Shared(None)
        self.moves = (*self.moves, (state.to_act if state.to_act is not None else -1, str(forced)))
        self.cardkit = Shared(state.apply(forced))

    def _draw(self, index: int) -> None:
        game = self.get_game()
        self.dealt = (*self.dealt, index)
        at = self.left.index(index)
        self.left = self.left[:at] + self.left[at + 1 :]
        if len(self.dealt) == game.deck_size:
            deck = Deck(Card.from_index(i) for i in self.dealt)
            start = game.cardkit.start(game.players, game.rules, deck=deck)
            self.cardkit = Shared(start)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card.from_index(action).code}"
        state = self.table
        if state is not None and not state.is_over and player == state.to_act:
            ids, actions = self.get_game().space.legal(state, player)
            if action in ids:
                return str(actions[ids.index(action)])
        name: str = self.get_game().space.name(action)
        return name

    def is_terminal(self) -> bool:
        """Whether the game is over (its result is final, or it reached its cap)."""
        state = self.table
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        """Each seat's return: the game's result once over, else 0 for everyone."""
        state = self.table
        game = self.get_game()
        if state is None or not state.is_over:
            return [0.0] * game.players
        paid: list[float] = game.returns(state.result())
        return paid

    def __str__(self) -> str:
        state = self.table
        if state is None:
            return "deck: " + " ".join(Card.from_index(i).code for i in self.dealt)
        return state.to_json()

    # -- sampling worlds (for OpenSpiel's ISMCTS bot) ------------------------------------

    def resample_from_infostate(self, player: int, sampler: Any = None) -> CardkitState:
        """A state consistent with what `player` knows, drawn by cardkit's determinizer.

        The unseen cards are dealt at random among the places they may be, the
        moves are replayed, and the world gives `player` exactly its view; its
        history is that world's deck order and the same move ids. `sampler`
        (OpenSpiel's probability sampler) seeds the draw; without one a fresh
        generator is used. OpenSpiel's Python ISMCTS bot passes a sampler seeded
        by the system's random device, so its worlds differ from run to run
        whatever its `random_state`: give it
        [seeded_resampler][cardkit.openspiel.seeded_resampler] for games that replay.

        Raises:
            NoWorld: no consistent deal was found (see [NoWorld][cardkit.openspiel.NoWorld]).
        """
        state = self.table
        if state is None:
            fresh: CardkitState = self.get_game().new_initial_state()
            return fresh
        seed = None if sampler is None else int(sampler() * 2**53)
        rng = random.Random(seed)
        world = self._dealer(state, player).world(rng)
        if world is None:
            raise NoWorld(
                f"no deal consistent with what seat {player} knows was found in "
                f"{RESAMPLE_ROUNDS * TRIES_PER_WORLD} tries"
            )
        sampled: CardkitState = self.get_game().state_of(world)
        return sampled

    def _dealer(self, state: GameState, player: int) -> _Dealer:
        """The dealer of `player`'s worlds in `state`, kept for the next resample of this
        state (ISMCTS asks one per simulation: the replay is worked out once)."""
        scratch = getattr(self, "_dealers", None)  # None: read back from an older pickle
        cached = None if scratch is None else scratch.value
        if cached is None or cached[0] is not state:
            cached = (state, {})
            self._dealers = _Scratch(cached)
        dealers: dict[int, _Dealer] = cached[1]
        if player not in dealers:
            dealers[player] = _Dealer(state, player)
        return dealers[player]


class _Dealer:
    """One seat's worlds of one state: its determinizer and the worlds found so far.

    The first world gets `RESAMPLE_ROUNDS` rounds of tries, a later one
    `REPEAT_ROUNDS`, after which a world found before is dealt again (a
    uniform pick among them). Every world found is a uniform draw from the
    consistent deals, so the one returned is too; later worlds of a hard
    state may repeat earlier ones, as OpenSpiel's `max_world_samples` does.
    """

    __slots__ = ("determinizer", "found")

    def __init__(self, state: GameState, player: int) -> None:
        self.determinizer = Determinizer(state, player)
        self.found: list[GameState] = []

    def world(self, rng: random.Random) -> GameState | None:
        """A world (None: none found for this state yet, within the first budget)."""
        for _ in range(REPEAT_ROUNDS if self.found else RESAMPLE_ROUNDS):
            got = self.determinizer.sample(1, rng)
            if got:
                self.found.append(got[0])
                return got[0]
        return rng.choice(self.found) if self.found else None


def seeded_resampler(random_state: Any) -> Callable[[CardkitState, int], CardkitState]:
    """A resampler for OpenSpiel's ISMCTS bot that seeds every world from `random_state`.

    OpenSpiel's Python `ISMCTSBot` asks for each world with a fresh
    `pyspiel.UniformProbabilitySampler(0., 1.)`, which is seeded by the
    system's random device: the worlds, hence the bot's moves and which deals
    end in [NoWorld][cardkit.openspiel.NoWorld], change from one run to the
    next even with a seeded `random_state`. Set this instead, with the bot's
    own generator, and a game replays exactly in every process:

    ```python
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=rng)
    bot.set_resampler(cardkit.openspiel.seeded_resampler(rng))
    ```

    Args:
        random_state: anything with a `random()` method giving a float in
            [0, 1): a `numpy.random.RandomState` or `Generator`, a `random.Random`.
    """
    draw = random_state.random

    def resample(state: CardkitState, player: int) -> CardkitState:
        return state.resample_from_infostate(player, lambda: float(draw()))

    return resample
