"""Mid-game non-interference: a seat's view does not depend on how unseen cards are split.

[check_midgame_non_interference][cardkit.testing.check_midgame_non_interference]
plays a random game, then picks points of it: some at random, and every
point where an unexpected seat is to act (neither the seat that just acted
nor the next one clockwise, or a seat the views do not show to act; an
out-of-turn window, say). At each point it takes one observer (a seat, or
the spectator) and two *other* seats, and swaps a card of one of those
seats' private zones with a card of the other's, both cards the observer
has never seen. The game is dealt again with the two cards swapped in the
deck and the same actions are replayed. As long as everything the observer
may observe is the same in both games (the public events so far, whether the
game is over, the cards of the zones it can see), its view must be the same
too. Unlike [check_non_interference][cardkit.testing.check_non_interference],
the seat to act is *not* taken as observable: who is asked in a private
window is exactly what may not leak (Palace rules 4.5).

Replaying uses ``state.act_as(seat, action)`` when the game has it, so an
action of the next player declines a window that is open only in the
swapped game; an action that left no event (a declined window) and is not
legal in the swapped game is skipped.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.cards.deck import Deck
from cardkit.engine.actions import Action
from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.errors import IllegalAction
from cardkit.testing._support import Knowledge, _fail, _zone_set
from cardkit.testing.corrupt import canonical as _canonical
from cardkit.testing.playouts import Playout, random_playout

__all__ = ["check_midgame_non_interference", "unexpected_points"]

#: How many states after the point a trial compares at most.
_HORIZON = 40


def _private(state: GameState, seat: int) -> int:
    """The cards of the zones only ``seat`` (and not the public) can see now."""
    zones = state.zones()
    public = set(state.visible_zones(None))
    mask = 0
    for name in state.visible_zones(seat):
        if name not in public and name in zones:
            mask |= _zone_set(zones[name]).mask
    return mask


def unexpected_points(states: Sequence[GameState], *, again: bool = False) -> list[int]:
    """The indices of the states whose seat to act is unexpected.

    Unexpected: the game is not over, and ``to_act`` is neither the seat that
    acted last nor the next seat clockwise from it (among the seats that
    still act later in ``states``), or the spectator's view shows another
    seat to act. With ``again``: the states where the seat that acted last
    acts again instead (a player who plays again, or a window that asks the
    player who just played).
    """
    later: list[set[int]] = [set() for _ in states]
    acting: set[int] = set()
    for number in range(len(states) - 1, -1, -1):
        seat = states[number].to_act
        if seat is not None:
            acting = acting | {seat}
        later[number] = acting
    points = []
    for number in range(1, len(states)):
        state = states[number]
        last = states[number - 1].to_act
        if state.is_over or last is None:
            continue
        players = state.players
        following = [(last + k) % players for k in range(1, players + 1)]
        expected = next((s for s in following if s in later[number]), last)
        seat = state.to_act
        if again:
            if seat == last:
                points.append(number)
        elif seat not in (last, expected) or state.view(None).to_act != seat:
            points.append(number)
    return points


def _stream(previous: str, state: GameState) -> str:
    """A running digest of the public events up to ``state`` (silent steps change nothing)."""
    if not state.last_events:
        return previous
    text = previous + "".join(_canonical(e.to_json_dict()) for e in state.last_events)
    return hashlib.sha1(text.encode()).hexdigest()


def _act(state: GameState, seat: int | None, action: Action) -> GameState:
    if seat is not None:
        return state.act_as(seat, action)
    return state.apply(action)


def _observed(state: GameState, seat: int | None, stream: str) -> tuple[Any, ...]:
    zones = state.zones()
    names = tuple(state.visible_zones(seat))
    shown = tuple(_zone_set(zones[n]).mask for n in names if n in zones)
    return (state.is_over, names, shown, stream)


class _Game:
    """The original playout, with what each observer knows at each state."""

    def __init__(self, playout: Playout) -> None:
        self.states = playout.states
        self.actions = playout.actions
        self.actors = [s.to_act for s in self.states[:-1]]
        players = self.states[0].players
        knowledge = Knowledge(players)
        self.known: list[dict[int | None, int]] = []
        self.streams: list[str] = []
        stream = ""
        for state in self.states:
            knowledge.observe(state)
            seats: list[int | None] = [None, *range(players)]
            self.known.append({s: knowledge.known(s).mask for s in seats})
            stream = _stream(stream, state)
            self.streams.append(stream)


def _trial(game: _Game, point: int, observer: int | None, x: Card, y: Card, horizon: int) -> int:
    """Replay with ``x`` and ``y`` swapped in the deck; compare the observer's views."""
    first = game.states[0]
    setup = first.setup
    order = list(setup.deck)
    i, j = order.index(x), order.index(y)
    order[i], order[j] = order[j], order[i]
    other = first.game.start(
        players=setup.players,
        rules=setup.rules,
        deck=Deck(order),
        dealer=setup.dealer,
        previous=setup.previous,
    )
    stream, compared = _stream("", other), 0
    both = x.bit | y.bit
    for number in range(point + horizon + 1):
        if number:
            if number >= len(game.states):
                break
            action = game.actions[number - 1]
            try:
                other = _act(other, game.actors[number - 1], action)
            except IllegalAction:
                if game.states[number].last_events:
                    break  # the games part: a real action is not legal in the swapped one
                continue  # a silent action (a declined window) the swapped game never asked
            stream = _stream(stream, other)
        if game.streams[number] != stream and number < point:
            break
        state = game.states[number]
        if number < point or game.known[number][observer] & both:
            continue
        if _observed(state, observer, game.streams[number]) != _observed(other, observer, stream):
            break
        mine, theirs = state.view(observer), other.view(observer)
        compared += 1
        if mine != theirs:
            a, b = mine.model_dump(mode="json"), theirs.model_dump(mode="json")
            diff = {k: (a[k], b.get(k)) for k in a if a[k] != b.get(k)}
            who = "the spectator" if observer is None else f"seat {observer}"
            _fail(
                state,
                f"after {number} actions the view of {who} changes when {x.code} and {y.code} "
                f"(two cards it has never seen, in two other seats' hands after {point} "
                f"actions) swap places, although nothing it may observe changed: {diff}",
            )
    return compared


def _trials(
    game: _Game, point: int, rng: random.Random, tries: int, odd: bool
) -> list[tuple[int | None, Card, Card]]:
    """Up to ``tries`` (observer, x, y) choices at ``point``.

    At an ``odd`` point (an unexpected seat to act) x is a card of the seat
    to act, and every one of its unseen cards is tried (up to ``2 * tries``):
    whether that seat is asked may hang on any of them. Elsewhere x is
    mostly a card of the seat to act.
    """
    state = game.states[point]
    seats = list(range(state.players))
    out: list[tuple[int | None, Card, Card]] = []
    for _ in range(tries * 3):
        if len(out) >= (2 * tries if odd else tries):
            break
        observer = rng.choice([None, *seats])
        others = [s for s in seats if s != observer]
        if len(others) < 2:
            continue
        mostly = odd or rng.random() < 0.7
        a = state.to_act if state.to_act in others and mostly else rng.choice(others)
        assert a is not None
        b = rng.choice([s for s in others if s != a])
        unseen = ~game.known[point][observer]
        xs = list(CardSet.from_mask(_private(state, a) & unseen))
        ys = list(CardSet.from_mask(_private(state, b) & unseen))
        if not (xs and ys):
            continue
        rng.shuffle(xs)
        for x in xs[: 2 * tries if odd else 1]:
            out.append((observer, x, rng.choice(ys)))
    return out


def check_midgame_non_interference(
    game: Game[Any, Any],
    players: int,
    seed: int,
    *,
    rules: Rules | None = None,
    max_actions: int = 1000,
    points: int = 2,
    unexpected: int = 6,
    tries: int = 3,
    horizon: int = _HORIZON,
    playout: Playout | None = None,
) -> int:
    """No view depends on how two cards its seat never saw are split between two other seats.

    Checks ``points`` random points, up to ``unexpected`` points where an
    unexpected seat is to act and as many where the seat that acted last
    acts again (see [unexpected_points][cardkit.testing.midgame.unexpected_points]),
    ``tries`` swaps at each, and
    compares views for ``horizon`` states after each point. Returns how many
    views were compared.
    """
    playout = playout or random_playout(game, players, seed, rules=rules, max_actions=max_actions)
    played = _Game(playout)
    rng = random.Random(f"midgame:{seed}")
    live = [n for n, s in enumerate(played.states) if n and not s.is_over]
    chosen = rng.sample(live, min(points, len(live)))
    odd = unexpected_points(played.states)
    odd_chosen = set(rng.sample(odd, min(unexpected, len(odd))))
    repeats = unexpected_points(played.states, again=True)
    odd_chosen |= set(rng.sample(repeats, min(unexpected, len(repeats))))
    compared = 0
    for point in sorted(odd_chosen | set(chosen)):
        for observer, x, y in _trials(played, point, rng, tries, point in odd_chosen):
            compared += _trial(played, point, observer, x, y, horizon)
    return compared
