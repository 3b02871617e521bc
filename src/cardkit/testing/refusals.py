"""Refusal non-interference: what a refusal says to a seat does not depend on cards it never saw.

[check_refusal_non_interference][cardkit.testing.refusals.check_refusal_non_interference]
plays a random game and picks some of its states. At each, for every seat
and the spectator (the *sender*), it sends a corpus of bad inputs through
[`act_as`][cardkit.engine.state.GameState.act_as]
([`bad_inputs`][cardkit.testing.refusals.bad_inputs]: unparsable words, verbs
without cards, cards of other seats, duplicates, out-of-turn actions, the
legal actions of the seat to act, huge texts). Then it swaps two cards the
sender has never seen between two other seats' private zones, deals the game
again with the two cards swapped in the deck, replays the same actions, and
sends the same corpus to the same state of that game. Wherever the sender's
view is the same in both games, every answer must be byte-identical: accepted
in both, or refused with the same code, message and legal list. A refusal
that listed the acting seat's legal actions, or said whose hand a named card
is in, would differ.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.cards.deck import Deck
from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.errors import IllegalAction
from cardkit.testing._support import _fail, _zone_set
from cardkit.testing.midgame import _act, _Game, _private
from cardkit.testing.playouts import Playout, random_playout

__all__ = ["Answer", "answer", "bad_inputs", "check_refusal_non_interference"]

#: What `act_as` answered: ``("accepted",)``, or ``(code, message, legal)`` of the refusal.
Answer = tuple[str, ...] | tuple[str, str, tuple[str, ...]]

_WORDS = ("dance", "", "   ", "PLAY", "play play", "42", "♠", "play ZZ", "play 1X 2Y", "drop!")


def answer(state: GameState, seat: int | None, text: str) -> Answer:
    """What ``state.act_as(seat, text)`` answers: accepted, or its refusal in full."""
    try:
        state.act_as(seat, text)
    except IllegalAction as exc:
        return (exc.code, str(exc), tuple(exc.allowed))
    return ("accepted",)


def _verbs(state: GameState) -> list[str]:
    """The game's verbs: its grammar's forms and the first word of each legal action."""
    verbs = {str(a).split()[0] for a in state.legal_actions() if str(a).split()}
    grammar = getattr(state, "grammar", None)
    for form in getattr(grammar, "forms", ()):
        verbs.add(str(form.kind))
    return sorted(verbs)


def bad_inputs(state: GameState, sender: int | None, named: Sequence[Card]) -> list[str]:
    """The corpus sent from ``sender`` at ``state``; ``named`` are cards it has never seen.

    Built from the state as the checker sees it, and sent unchanged to the
    swapped game: its texts name cards of other seats, the acting seat's
    legal actions, and the unseen cards ``named`` (those that will be swapped).
    """
    verbs = _verbs(state)
    legal = [str(a) for a in state.legal_actions()]
    zones = state.zones()
    others = [
        card
        for name, cards in zones.items()
        if sender is None or name not in state.visible_zones(sender)
        for card in list(cards)[:3]
    ]
    own = [c for name in state.visible_zones(sender) for c in list(zones.get(name, ()))[:2]]
    texts = list(_WORDS)
    for verb in verbs:
        texts.append(verb)
        for card in [*named, *others[:4]]:
            texts.append(f"{verb} {card.code}")
        for card in [*named[:1], *own[:1]]:
            texts.append(f"{verb} {card.code} {card.code}")
        if len(named) >= 2:
            texts.append(f"{verb} {named[0].code} {named[1].code}")
    texts += legal[:8]
    for text in legal[:4]:
        words = text.split()
        if len(words) > 1 and named:
            texts.append(" ".join([words[0], named[0].code, *words[2:]]))
    texts += ["play " + "AS " * 300, "x" * 5000, "play " + "🂡" * 50]
    return texts


def _swapped(game: _Game, point: int, x: Card, y: Card) -> GameState | None:
    """The state after ``point`` actions of the game dealt with ``x`` and ``y`` swapped, or
    ``None`` when the swapped game cannot replay the same actions."""
    first = game.states[0]
    setup = first.setup
    order = list(setup.deck)
    i, j = order.index(x), order.index(y)
    order[i], order[j] = order[j], order[i]
    other: GameState = first.game.start(
        players=setup.players,
        rules=setup.rules,
        deck=Deck(order),
        dealer=setup.dealer,
        previous=setup.previous,
    )
    for number in range(point):
        try:
            other = _act(other, game.actors[number], game.actions[number])
        except IllegalAction:
            if game.states[number + 1].last_events:
                return None
    return other


def _pair(
    game: _Game, point: int, sender: int | None, rng: random.Random
) -> tuple[Card, Card] | None:
    """Two cards ``sender`` never saw, in two other seats' private zones at ``point`` (or one
    of them in a zone nobody sees, the stock, when there is one other seat only)."""
    state = game.states[point]
    others = [s for s in range(state.players) if s != sender]
    rng.shuffle(others)
    if state.to_act in others:  # the acting seat's cards first: its legal actions name them
        others.remove(state.to_act)
        others.insert(0, state.to_act)
    unseen = ~game.known[point][sender]
    pools = [_private(state, seat) & unseen for seat in others]
    pools.append(_hidden(state) & unseen)
    for i, xs_mask in enumerate(pools[:-1]):
        for ys_mask in pools[i + 1 :]:
            if xs_mask and ys_mask:
                return (
                    rng.choice(list(CardSet.from_mask(xs_mask))),
                    rng.choice(list(CardSet.from_mask(ys_mask))),
                )
    return None


def _hidden(state: GameState) -> int:
    """The cards of the zones that no seat and no spectator sees (a stock)."""
    zones = state.zones()
    seen = set(state.visible_zones(None))
    for seat in range(state.players):
        seen |= set(state.visible_zones(seat))
    mask = 0
    for name, cards in zones.items():
        if name not in seen:
            mask |= _zone_set(cards).mask
    return mask


def check_refusal_non_interference(
    game: Game[Any, Any],
    players: int,
    seed: int,
    *,
    rules: Rules | None = None,
    max_actions: int = 300,
    points: int = 3,
    playout: Playout | None = None,
) -> int:
    """No refusal to a seat depends on how two cards it never saw are split.

    At ``points`` random states of a random game (and its first state after
    the deal), from every seat and the spectator, sends the
    [`bad_inputs`][cardkit.testing.refusals.bad_inputs] corpus before and after a
    swap of two cards the sender never saw (see this module's docs). Returns
    how many answers were compared.

    Raises:
        ContractError: an answer differs; the message names the text, both
            answers and how to replay the game.
    """
    playout = playout or random_playout(game, players, seed, rules=rules, max_actions=max_actions)
    played = _Game(playout)
    rng = random.Random(f"refusals:{seed}")
    live = [n for n, s in enumerate(played.states) if not s.is_over]
    chosen = sorted({*rng.sample(live, min(points, len(live))), *live[:1]})
    compared = 0
    for point in chosen:
        for sender in [None, *range(players)]:
            compared += _trial(played, point, sender, rng)
    return compared


def _trial(game: _Game, point: int, sender: int | None, rng: random.Random) -> int:
    """Send the corpus from ``sender`` at ``point`` before and after one swap; compare."""
    pair = _pair(game, point, sender, rng)
    if pair is None:
        return 0
    x, y = pair
    state = game.states[point]
    other = _swapped(game, point, x, y)
    if other is None or state.view(sender) != other.view(sender):
        return 0  # the sender can tell the games apart: nothing to compare
    who = "the spectator" if sender is None else f"seat {sender}"
    texts = bad_inputs(state, sender, [x, y])
    for text in texts:
        mine, theirs = answer(state, sender, text), answer(other, sender, text)
        if mine != theirs:
            _fail(
                state,
                f"after {point} actions, {who} sending {text[:60]!r} gets {mine!r}, but "
                f"{theirs!r} once {x.code} and {y.code} (two cards it has never seen, in "
                f"other seats' hands) swap places: a refusal must say only what "
                f"{who} may know",
            )
    return len(texts)
