"""Hidden information: views show nothing a seat may not know, and do not depend on it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.cards.deck import Deck
from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.errors import IllegalAction
from cardkit.testing._support import (
    Knowledge,
    _fail,
    cards_mentioned,
)
from cardkit.testing.corrupt import canonical as _canonical
from cardkit.testing.playouts import Playout, random_playout

__all__ = ["check_non_interference", "check_views"]


def check_views(state: GameState, knowledge: Knowledge | None = None) -> None:
    """Every view (each seat and the spectator) is consistent and shows no hidden card.

    Checks the common view fields, that the seat to act (``state.to_act``)
    sees itself to act and exactly ``legal_actions()`` as text, that each
    view round-trips through JSON, and that every card mentioned in a view
    is known to its seat (see [Knowledge][cardkit.testing.Knowledge];
    without one, only what is visible now or shown by the latest events
    counts as known).

    Private windows (Palace rules 4.5): while a window asks a seat, every
    other view may show the table as it would be with no window open, the
    next player to act. All those views must then agree on who is shown to
    act, only the seat shown lists actions, and each action it lists must
    be accepted by ``state.act_as(seat, action)``.
    """
    if knowledge is None:
        knowledge = Knowledge(state.players)
        knowledge.observe(state)
    legal = sorted(str(a) for a in state.legal_actions())
    shown_actor: list[int | None] = []
    listed: dict[int | None, list[str]] = {}
    for seat in [None, *range(state.players)]:
        who = "the spectator view" if seat is None else f"view({seat})"
        view = state.view(seat)
        asked = seat is not None and seat == state.to_act
        expected = {
            "game": state.game.name,
            "seat": seat,
            "players": state.players,
            "is_over": state.is_over,
        }
        if asked or state.is_over:
            expected["to_act"] = state.to_act
        for name, value in expected.items():
            if getattr(view, name) != value:
                _fail(state, f"{who}.{name} is {getattr(view, name)!r}, expected {value!r}")
        shown = sorted(view.legal_actions)
        if asked:
            if shown != legal:
                _fail(state, f"{who}.legal_actions is {shown}, but legal_actions() is {legal}")
        else:
            _check_shown_actor(state, who, seat, view.to_act, shown, shown_actor)
            listed[seat] = shown
        _check_view_data(state, who, seat, view, knowledge)
    public = shown_actor[0] if shown_actor else state.to_act
    if public is not None and public != state.to_act and not listed.get(public):
        _fail(
            state,
            f"the views show seat {public} to act while state.to_act is {state.to_act}, but "
            f"view({public}) lists no action: the seat shown to act must be able to act",
        )


def _check_shown_actor(
    state: GameState,
    who: str,
    seat: int | None,
    to_act: int | None,
    shown: list[str],
    seen: list[int | None],
) -> None:
    """A view of a seat that is not asked: the seat it shows to act, and its actions."""
    if not state.is_over and not (isinstance(to_act, int) and 0 <= to_act < state.players):
        _fail(state, f"{who}.to_act is {to_act!r}, expected a seat 0-{state.players - 1}")
    if seen and seen[0] != to_act:
        _fail(
            state,
            f"{who}.to_act is {to_act!r}, but another view that no window asks shows "
            f"{seen[0]!r}: every such view must show the same seat to act",
        )
    seen.append(to_act)
    if not shown:
        return
    if seat is None or (to_act != seat and not state.may_act(seat)):
        _fail(state, f"{who} lists legal actions {shown}, but seat {seat} may not act")
    for text in shown[:6]:
        try:
            state.act_as(seat, text)
        except IllegalAction as exc:
            _fail(state, f"{who} lists {text!r}, but act_as({seat}, {text!r}) refused it: {exc}")


def _check_view_data(
    state: GameState, who: str, seat: int | None, view: Any, knowledge: Knowledge
) -> None:
    """A view goes through JSON unchanged and mentions only cards its seat may know."""
    data = view.model_dump(mode="json")
    try:
        again = type(view).model_validate_json(view.model_dump_json())
    except ValidationError as exc:
        _fail(state, f"{who} does not load back from its own JSON: {exc}")
    if again != view:
        _fail(state, f"{who} changes when it goes through JSON")
    leaked = cards_mentioned(data) - knowledge.known(seat)
    if leaked:
        private = "public" if seat is None else f"seat {seat}"
        _fail(
            state,
            f"{who} shows {leaked}, which {private} may not know "
            f"(they are in zones it cannot see and no event showed them): {data}",
        )


def _observables(state: GameState, seat: int | None) -> tuple[Any, ...]:
    zones = state.zones()
    names = tuple(state.visible_zones(seat))
    return (
        state.to_act,
        state.is_over,
        names,
        tuple(
            tuple(c.code for c in z) if not isinstance(z, CardSet) else z.mask
            for z in (zones[n] for n in names)
        ),
        tuple(_canonical(e.to_json_dict()) for e in state.last_events),
    )


def check_non_interference(
    game: Game[Any, Any],
    players: int,
    seed: int,
    *,
    rules: Rules | None = None,
    max_actions: int = 300,
    pairs: int = 2,
    playout: Playout | None = None,
    observe: Callable[[GameState, int | None], Any] | None = None,
) -> int:
    """A seat's view does not depend on cards hidden from it.

    For each seat and the spectator: take the cards of the deck that its
    first view does not mention and that it cannot see; swap two of them in
    the deck order; deal again with the same dealer and replay the same
    actions while they stay legal. As long as everything the seat observes
    is the same in both games (the events, ``to_act``, whether the game is
    over, and the cards in the zones it can see), its view must be the same
    too. Returns how many views were compared.

    `observe(state, seat)`, when given, is compared instead of the view (an
    RL observation, for example); it must return a value that compares
    with `==` (bytes rather than a numpy array).
    """
    playout = playout or random_playout(game, players, seed, rules=rules, max_actions=max_actions)
    order = list(playout.states[0].setup.deck)
    compared = 0
    rng = random.Random(f"non-interference:{seed}")
    for seat in [None, *range(players)]:
        for i, j in _hidden_swaps(playout.states[0], players, seat, order, pairs, rng):
            swapped = order[:]
            swapped[i], swapped[j] = swapped[j], swapped[i]
            compared += _replay_swapped(
                game, playout, players, seat, Deck(swapped), observe, (order[i], order[j])
            )
    return compared


def _hidden_swaps(
    first: GameState,
    players: int,
    seat: int | None,
    order: list[Card],
    pairs: int,
    rng: random.Random,
) -> list[tuple[int, ...]]:
    """Pairs of deck positions of cards hidden from ``seat`` at the start: ``pairs`` chosen
    at random and one of neighbours (none when fewer than two cards are hidden)."""
    knowledge = Knowledge(players)
    knowledge.observe(first)
    mentioned = cards_mentioned(first.view(seat).model_dump(mode="json"))
    seen = mentioned | knowledge.known(seat)
    hidden = [i for i, card in enumerate(order) if card not in seen]
    if len(hidden) < 2:
        return []
    chosen = [tuple(rng.sample(hidden, 2)) for _ in range(pairs)]
    k = rng.randrange(len(hidden) - 1)
    chosen.append((hidden[k], hidden[k + 1]))
    return chosen


def _replay_swapped(
    game: Game[Any, Any],
    playout: Playout,
    players: int,
    seat: int | None,
    deck: Deck,
    observe: Callable[[GameState, int | None], Any] | None,
    swapped: tuple[Card, Card],
) -> int:
    """Replay ``playout``'s actions on ``deck`` while they stay legal and ``seat`` observes
    the same; compare what it gets at each step. Returns how many steps were compared."""
    setup = playout.states[0].setup
    other = game.start(
        players=players,
        rules=setup.rules,
        deck=deck,
        dealer=setup.dealer,
        previous=setup.previous,
    )
    compared = 0
    for number, state in enumerate(playout.states):
        if number:
            try:
                other = other.apply(playout.actions[number - 1])
            except IllegalAction:
                break
        if _observables(state, seat) != _observables(other, seat):
            break
        compared += 1
        _compare_observed(state, other, seat, observe, swapped)
    return compared


def _compare_observed(
    state: GameState,
    other: GameState,
    seat: int | None,
    observe: Callable[[GameState, int | None], Any] | None,
    swapped: tuple[Card, Card],
) -> None:
    """Fail when what `seat` gets (its view, or `observe`'s value) differs between the games."""
    who = "the spectator" if seat is None else f"seat {seat}"
    cards = f"the hidden cards {swapped[0].code} and {swapped[1].code} swap places in the deck"
    if observe is not None:
        if observe(state, seat) != observe(other, seat):
            _fail(state, f"the observation of {who} changes when {cards}")
        return
    mine, theirs = state.view(seat), other.view(seat)
    if mine != theirs:
        a, b = mine.model_dump(mode="json"), theirs.model_dump(mode="json")
        diff = {k: (a[k], b.get(k)) for k in a if a[k] != b.get(k)}
        _fail(
            state,
            f"the view of {who} changes when {cards}, although nothing it may "
            f"observe changed: {diff}",
        )
