"""The contract checks: plain functions that any cardkit game must pass.

Each ``check_*`` function raises :class:`ContractError` (an ``AssertionError``)
with a message that says what is wrong and how to replay the game that shows
it; it returns normally when the game honours that part of the contract. They
need neither pytest nor hypothesis, so a plugin author can call them from any
test runner or from a script::

    from cardkit.testing import check_game
    check_game(MyGame(), players=3)

What "hidden" means. A game says which of its zones a seat may see with
:meth:`cardkit.GameState.visible_zones` (``None``: the public zones). A card a
seat *may know* is one that was, at some point of the game so far, in a zone
visible to it, or that an event showed. Views are checked against that set:
any card code (``"QS"``) or pretty form (``"Q♠"``) found in a view's JSON,
in keys, values or words of text, must be known to its seat.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from pydantic import ValidationError

from cardkit.actions import Action
from cardkit.bots import Bot, RandomBot, Turn
from cardkit.cards import JOKERS, STANDARD_CARDS, Card
from cardkit.cardset import CardSet
from cardkit.deck import Deck
from cardkit.errors import IllegalAction, InvalidRules, InvalidState
from cardkit.game import Game
from cardkit.results import GameResult
from cardkit.rules import Rules
from cardkit.runner import play_out, seat_rngs
from cardkit.state import GameState
from cardkit.testing.corrupt import canonical as _canonical
from cardkit.testing.corrupt import corrupted_saves

__all__ = [
    "NONSENSE_ACTIONS",
    "ContractError",
    "ContractReport",
    "Knowledge",
    "Playout",
    "PlayoutReport",
    "cards_mentioned",
    "check_bots",
    "check_corrupted_saves",
    "check_determinism",
    "check_game",
    "check_illegal_actions",
    "check_legal_actions",
    "check_non_interference",
    "check_random_playouts",
    "check_result",
    "check_rules_model",
    "check_save_round_trip",
    "check_state",
    "check_views",
    "check_zones",
    "random_playout",
    "recent_actions",
    "replay_recipe",
]

#: Action texts no game accepts.
NONSENSE_ACTIONS: tuple[str, ...] = (
    "",
    "   ",
    "xyzzy",
    "play",
    "play ZZ",
    "play 1S",
    "play QX",
    "play 3S 3S",
    "pass pass",
    "draw draw draw",
    "play ,",
    "\x00",
    "🂡",
    "play " + "QS " * 60,
    "x" * 2000,
)


class ContractError(AssertionError):
    """A game broke the cardkit game contract.

    The message says what was expected, what happened, and how to replay
    the game that shows it.
    """


# -- helpers --------------------------------------------------------------------


def replay_recipe(state: GameState, limit: int = 300) -> str:
    """How to rebuild ``state``: the start call and the actions applied since."""
    setup = state.setup
    rules = setup.rules.model_dump(mode="json")
    start = f"game.start(players={setup.players}, rules=game.rules(**{rules!r}), "
    if setup.seed is not None:
        start += f"seed={setup.seed}, "
    else:
        start += f"deck={str(setup.deck)!r}, "
    start += f"dealer={setup.dealer})"
    history = [str(a) for a in state.history]
    shown = history[-limit:]
    skipped = f"... {len(history) - limit} earlier actions, then " if len(history) > limit else ""
    return (
        f"game {state.game.name!r}: {start}, then apply {len(history)} actions: {skipped}{shown!r}"
    )


def _fail(state: GameState | None, message: str) -> NoReturn:
    where = f"\n  replay: {replay_recipe(state)}" if state is not None else ""
    raise ContractError(f"{message}{where}")


_MENTION: dict[str, Card] = {c.code: c for c in (*STANDARD_CARDS, *JOKERS)} | {
    c.pretty: c for c in STANDARD_CARDS
}
_STRIP = ",.;:!?()[]{}<>'\"`"


def cards_mentioned(data: Any) -> CardSet:
    """Every card whose code (``"QS"``) or pretty form (``"Q♠"``) appears in JSON-ready data.

    Strings are split into words (punctuation around a word is ignored), and
    dict keys are read as well as values.
    """
    mask = 0
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            card = _MENTION.get(item)
            if card is not None:
                mask |= card.bit
            elif len(item) > 2:
                for word in item.split():
                    card = _MENTION.get(word.strip(_STRIP))
                    if card is not None:
                        mask |= card.bit
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return CardSet.from_mask(mask)


def _zone_set(cards: Sequence[Card] | CardSet) -> CardSet:
    return cards if isinstance(cards, CardSet) else CardSet(cards)


def _event_cards(state: GameState) -> int:
    mask = 0
    for event in state.last_events:
        for card in event.cards:
            mask |= card.bit
    return mask


class Knowledge:
    """The cards each seat (and a spectator) may know so far in one game.

    Call :meth:`observe` with every state of the game in order, starting
    with the deal. A seat may know a card that was in a zone visible to it
    at some point (:meth:`~cardkit.GameState.visible_zones`), or that an
    event showed to everyone.
    """

    def __init__(self, players: int) -> None:
        """Start with nothing known, for ``players`` seats and the spectator (``None``)."""
        self.players = players
        self._known: dict[int | None, int] = dict.fromkeys([None, *range(players)], 0)

    def observe(self, state: GameState) -> None:
        """Add what ``state`` and its latest events show to each seat."""
        zones = state.zones()
        public = _event_cards(state)
        for seat in self._known:
            mask = public
            for name in state.visible_zones(seat):
                if name not in zones:
                    _fail(
                        state,
                        f"visible_zones({seat}) names the zone {name!r}, which zones() does "
                        f"not have (zones: {sorted(zones)})",
                    )
                mask |= _zone_set(zones[name]).mask
            self._known[seat] |= mask

    def known(self, seat: int | None) -> CardSet:
        """The cards ``seat`` (``None``: a spectator) may know so far."""
        return CardSet.from_mask(self._known[seat])


# -- the state invariants ---------------------------------------------------------


def check_zones(state: GameState) -> None:
    """``state.zones()`` holds every card of the game's deck exactly once."""
    deck = state.game.new_deck(state.rules).to_set()
    seen = 0
    where: dict[Card, str] = {}
    for name, cards in state.zones().items():
        zone = _zone_set(cards)
        if not isinstance(cards, CardSet) and len(zone) != len(cards):
            dup = next(c for i, c in enumerate(cards) if c in cards[:i])
            _fail(state, f"card {dup.code} is twice in zone {name!r}")
        if seen & zone.mask:
            card = next(iter(CardSet.from_mask(seen & zone.mask)))
            _fail(state, f"card {card.code} is in zones {where[card]!r} and {name!r}")
        for card in zone:
            where[card] = name
        seen |= zone.mask
    lost = deck - CardSet.from_mask(seen)
    extra = CardSet.from_mask(seen) - deck
    if lost:
        _fail(state, f"cards lost: {lost} are in no zone")
    if extra:
        _fail(state, f"cards {extra} are in a zone but not in this game's deck")


def check_views(state: GameState, knowledge: Knowledge | None = None) -> None:
    """Every view (each seat and the spectator) is consistent and shows no hidden card.

    Checks the common view fields, that the seat to act sees exactly
    ``legal_actions()`` as text and the others see none, that each view
    round-trips through JSON, and that every card mentioned in a view is
    known to its seat (see :class:`Knowledge`; without one, only what is
    visible now or shown by the latest events counts as known).
    """
    if knowledge is None:
        knowledge = Knowledge(state.players)
        knowledge.observe(state)
    legal = sorted(str(a) for a in state.legal_actions())
    for seat in [None, *range(state.players)]:
        who = "the spectator view" if seat is None else f"view({seat})"
        view = state.view(seat)
        expected = {
            "game": state.game.name,
            "seat": seat,
            "players": state.players,
            "to_act": state.to_act,
            "is_over": state.is_over,
        }
        for name, value in expected.items():
            if getattr(view, name) != value:
                _fail(state, f"{who}.{name} is {getattr(view, name)!r}, expected {value!r}")
        shown = sorted(view.legal_actions)
        if seat is not None and seat == state.to_act:
            if shown != legal:
                _fail(state, f"{who}.legal_actions is {shown}, but legal_actions() is {legal}")
        elif shown:
            _fail(state, f"{who} lists legal actions {shown}, but seat {seat} is not to act")
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


def check_state(state: GameState, knowledge: Knowledge | None = None) -> None:
    """Every invariant of one state: zones, turn, legal actions, result, views, events.

    - ``zones()`` partitions the deck (:func:`check_zones`);
    - when over: ``to_act`` is None, ``legal_actions()`` is empty and
      ``result()`` is a real result; otherwise ``to_act`` is a seat,
      ``legal_actions()`` is not empty and ``result()`` raises ``InvalidState``;
    - legal actions are distinct and have distinct texts;
    - events name real seats and are JSON-ready;
    - views pass :func:`check_views`.
    """
    check_zones(state)
    legal = state.legal_actions()
    players = state.players
    if state.is_over:
        if state.to_act is not None:
            _fail(state, f"the game is over but to_act is {state.to_act!r}, expected None")
        if legal:
            _fail(state, f"the game is over but legal_actions() lists {[str(a) for a in legal]}")
        check_result(state)
    else:
        if not isinstance(state.to_act, int) or not 0 <= state.to_act < players:
            _fail(state, f"to_act is {state.to_act!r}, expected a seat 0-{players - 1}")
        if not legal:
            _fail(state, "the game is not over but legal_actions() is empty")
        try:
            state.result()
        except InvalidState:
            pass
        except Exception as exc:
            _fail(state, f"result() before the end raised {exc!r}, expected InvalidState")
        else:
            _fail(state, "result() returned a result before the end; expected InvalidState")
    texts = [str(a) for a in legal]
    if len(set(texts)) != len(texts) or len(set(legal)) != len(legal):
        dups = sorted({t for t in texts if texts.count(t) > 1})
        _fail(state, f"legal_actions() lists the same action twice: {dups}")
    for action in legal:
        if not isinstance(action, Action):
            _fail(state, f"legal_actions() holds {action!r}, which is not a cardkit.Action")
    for event in state.last_events:
        if event.seat is not None and not 0 <= event.seat < players:
            _fail(state, f"event {event} names seat {event.seat}")
        try:
            json.dumps(event.to_json_dict())
        except (TypeError, ValueError) as exc:
            _fail(state, f"event {event} is not JSON-ready: {exc}")
    check_views(state, knowledge)


def check_result(state: GameState) -> GameResult:
    """The result of a finished game is consistent, stable and round-trips through JSON."""
    try:
        result = state.result()
    except Exception as exc:
        _fail(state, f"the game is over but result() raised {exc!r}")
    if not isinstance(result, GameResult):
        _fail(state, f"result() returned {result!r}, not a GameResult")
    if result.players != state.players:
        _fail(state, f"result().players is {result.players}, expected {state.players}")
    if result.capped:
        _fail(state, "a game that ended by its rules reports capped=True")
    if set(result.winners) & set(result.losers):
        _fail(state, f"seats {set(result.winners) & set(result.losers)} both won and lost")
    if result.actions != state.action_count:
        _fail(state, f"result().actions is {result.actions}, but {state.action_count} were played")
    if state.result() != result:
        _fail(state, "result() gives a different result when called again")
    if GameResult.model_validate_json(result.model_dump_json()) != result:
        _fail(state, "the result changes when it goes through JSON")
    return result


# -- playouts ----------------------------------------------------------------------


@dataclass
class Playout:
    """A game played by bots from a seed: every state, in order.

    Attributes:
        states: the states from the deal to the last one reached.
        capped: whether ``max_actions`` stopped the game before its end.
        result: the game's result, or a ``capped`` result.
    """

    states: list[GameState]
    capped: bool
    result: GameResult

    @property
    def final(self) -> GameState:
        """The last state reached."""
        return self.states[-1]

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions played."""
        return self.final.history


@dataclass(frozen=True)
class PlayoutReport:
    """The outcome of one checked random playout.

    Attributes:
        seed: the seed of the deal and of the bots.
        players: the number of seats.
        actions: how many actions were played.
        capped: whether the action cap stopped the game (never a win or a loss).
        result: the game's result (a ``capped`` result when capped).
    """

    seed: int
    players: int
    actions: int
    capped: bool
    result: GameResult


def random_playout(
    game: Game[Any, Any],
    players: int,
    seed: int,
    *,
    rules: Rules | None = None,
    max_actions: int = 1000,
    bots: Sequence[Bot] | None = None,
    on_state: Callable[[GameState], object] | None = None,
) -> Playout:
    """Deal from ``seed`` and let bots (random by default) play up to ``max_actions`` actions.

    Args:
        on_state: optional ``callable(state)`` run on each state, the deal included.
    """
    state = game.start(players=players, rules=rules, seed=seed)
    states = [state]
    if on_state is not None:
        on_state(state)

    def record(new: GameState, events: object) -> None:
        states.append(new)
        if on_state is not None:
            on_state(new)

    chosen = list(bots) if bots is not None else [RandomBot() for _ in range(players)]
    played = play_out(
        state, chosen, seat_rngs(seed, players), max_actions=max_actions, on_events=record
    )
    return Playout(states, played.capped, played.result)


def check_random_playouts(
    game: Game[Any, Any],
    players: int,
    seeds: Iterable[int],
    max_actions: int = 1000,
    *,
    rules: Rules | None = None,
) -> list[PlayoutReport]:
    """Play random games and check every state on the way (:func:`check_state`).

    Each game ends with a result, or is stopped by the action cap: a capped
    game is reported as capped (never a win or a loss), and its states are
    checked all the same. Views are checked against everything each seat
    may know so far (:class:`Knowledge`).
    """
    reports = []
    for seed in seeds:
        knowledge = Knowledge(players)

        def check(state: GameState, knowledge: Knowledge = knowledge) -> None:
            knowledge.observe(state)
            check_state(state, knowledge)

        playout = random_playout(
            game, players, seed, rules=rules, max_actions=max_actions, on_state=check
        )
        final, result = playout.final, playout.result
        if playout.capped:
            if final.is_over or not result.capped or result.winners or result.losers:
                _fail(final, f"a capped game is reported as {result}")
        elif not final.is_over:
            _fail(final, "the playout stopped before the end without reaching the cap")
        reports.append(PlayoutReport(seed, players, final.action_count, playout.capped, result))
    return reports


# -- actions ------------------------------------------------------------------------


def _sample(items: Sequence[Any], limit: int | None, rng: random.Random) -> list[Any]:
    if limit is None or len(items) <= limit:
        return list(items)
    return rng.sample(list(items), limit)


def check_legal_actions(
    state: GameState, *, limit: int | None = None, rng: random.Random | None = None
) -> None:
    """Every legal action applies, and its text form round-trips.

    For each legal action ``a`` (or ``limit`` of them, sampled): the state
    reads ``str(a)`` back as ``a``; applying the text gives the same state
    as applying the action; the new state's history is the old one plus
    ``a``, and its zones partition the deck; ``state`` itself is unchanged.
    """
    rng = rng or random.Random(0)
    before = _canonical(state.snapshot())
    history = state.history
    for action in _sample(state.legal_actions(), limit, rng):
        text = str(action)
        try:
            parsed = state.parse_action(text)
        except Exception as exc:
            _fail(state, f"parse_action({text!r}) of a legal action raised {exc!r}")
        if parsed != action:
            _fail(state, f"parse_action({text!r}) gives {parsed!r}, expected {action!r}")
        try:
            after = state.apply(action)
            after_text = state.apply(text)
        except Exception as exc:
            _fail(state, f"the legal action {text!r} raised {exc!r}")
        if _canonical(after.snapshot()) != _canonical(after_text.snapshot()):
            _fail(state, f"applying {text!r} as text and as an action give different states")
        if after.history != (*history, action):
            _fail(after, f"after {text!r} the history is not the old history plus the action")
        check_zones(after)
    if _canonical(state.snapshot()) != before:
        _fail(state, "applying actions changed the state they were applied to")


class _ForeignAction(Action):
    """An action of no game."""

    __slots__ = ()

    def __str__(self) -> str:
        return "foreign-action"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ForeignAction)

    def __hash__(self) -> int:
        return 1


def _illegal_candidates(state: GameState, rng: random.Random, limit: int) -> list[str]:
    """Texts built from the legal ones that are probably, but not surely, illegal.

    Card codes of legal actions are replaced by cards hidden from the seat to
    act, by cards it can see that no legal action names, and by jokers.
    """
    legal = [str(a) for a in state.legal_actions()]
    seat = state.to_act
    zones = state.zones()
    visible = 0
    if seat is not None:
        for name in state.visible_zones(seat):
            visible |= _zone_set(zones.get(name, ())).mask
    deck = state.game.new_deck(state.rules).to_set()
    hidden = list(deck - CardSet.from_mask(visible))
    unused = list(CardSet.from_mask(visible) - cards_mentioned(legal))
    strangers = [
        *rng.sample(hidden, min(3, len(hidden))),
        *rng.sample(unused, min(3, len(unused))),
        *(j for j in JOKERS if j not in deck),
    ]
    out: list[str] = []
    verbs = sorted({t.split()[0] for t in legal if t.split()})
    for verb in verbs:
        out += [verb, f"{verb} xyzzy", f"{verb} ZZ", f"{verb.upper()} 99", f"{verb} {verb}"]
    for text in _sample(legal, limit, rng):
        words = text.split()
        out += [f"{text} xyzzy", f"{text} {text}", " ".join(words[:-1])]
        cards = [i for i, w in enumerate(words) if w in _MENTION]
        if cards:
            i = rng.choice(cards)
            for card in strangers:
                out.append(" ".join([*words[:i], card.code, *words[i + 1 :]]))
            out.append(" ".join([*words[: i + 1], words[i], *words[i + 1 :]]))
    return out


def check_illegal_actions(
    state: GameState,
    extra: Iterable[str] = (),
    *,
    limit: int = 8,
    rng: random.Random | None = None,
) -> None:
    """Illegal actions raise ``IllegalAction`` and change nothing.

    Tries :data:`NONSENSE_ACTIONS`, texts derived from the legal ones
    (extra words, a word missing, a card replaced by one the seat to act
    cannot see, by one of its own that no legal action names, or by a joker,
    a card given twice, verbs without arguments),
    an :class:`~cardkit.Action` of no game, and ``extra`` (for example the
    actions of another seat). Each text must either raise ``IllegalAction``
    (and leave the state exactly as it was: snapshot, legal actions and
    saved JSON) or be accepted as an action that ``legal_actions()`` lists.
    """
    rng = rng or random.Random(0)
    before = _canonical(state.snapshot())
    saved = state.to_json()
    legal = list(state.legal_actions())
    legal_texts = [str(a) for a in legal]
    candidates: list[str | Action] = [
        *NONSENSE_ACTIONS,
        *_illegal_candidates(state, rng, limit),
        *extra,
        _ForeignAction(),
    ]
    for candidate in candidates:
        try:
            state.apply(candidate)
        except IllegalAction as exc:
            if not isinstance(exc.code, str) or not exc.code or not str(exc):
                _fail(state, f"IllegalAction for {candidate!r} has no code or no message")
            if (
                _canonical(state.snapshot()) != before
                or [str(a) for a in state.legal_actions()] != legal_texts
            ):
                _fail(state, f"the refused action {candidate!r} changed the state")
            continue
        except Exception as exc:
            _fail(state, f"apply({candidate!r}) raised {exc!r}, expected IllegalAction")
        action = state.parse_action(candidate) if isinstance(candidate, str) else candidate
        if action not in legal:
            _fail(
                state,
                f"apply({candidate!r}) was accepted as {action!r}, which legal_actions() "
                f"does not list ({legal_texts}); parse_action must give an action equal to "
                "a listed one, or the action must be refused",
            )
    if state.to_json() != saved:
        _fail(state, "refused actions changed the state's saved JSON")


# -- determinism and saves ---------------------------------------------------------


def _step(state: GameState) -> tuple[list[dict[str, Any]], str]:
    """What one step shows: its events and the state reached."""
    return [e.to_json_dict() for e in state.last_events], _canonical(state.snapshot())


def check_determinism(
    game: Game[Any, Any],
    players: int,
    seed: int,
    *,
    rules: Rules | None = None,
    max_actions: int = 1000,
) -> None:
    """The same seed gives the same game; so does the same deck order alone.

    Two random playouts from ``seed`` give the same actions, events, states
    and result. Replaying those actions from ``game.start(deck=<the deck>,
    dealer=<the dealer>)`` with no seed gives the same events and states:
    a deal must be reproducible from its deck order, so a game may not draw
    hidden randomness from the seed itself.
    """
    one = random_playout(game, players, seed, rules=rules, max_actions=max_actions)
    two = random_playout(game, players, seed, rules=rules, max_actions=max_actions)
    if len(one.states) != len(two.states) or one.result != two.result:
        _fail(one.final, f"two games from seed {seed} differ in length or result")
    for number, (a, b) in enumerate(zip(one.states, two.states, strict=True)):
        if _step(a) != _step(b) or (number and a.history[-1] != b.history[-1]):
            _fail(a, f"two games from seed {seed} differ after {number} actions")
    setup = one.states[0].setup
    state = game.start(players=players, rules=setup.rules, deck=setup.deck, dealer=setup.dealer)
    for number, expected in enumerate(one.states):
        if number:
            state = state.apply(str(expected.history[-1]))
        if _step(state) != _step(expected):
            _fail(
                expected,
                f"replaying from the deck order alone (no seed) differs after {number} actions",
            )


def check_save_round_trip(state: GameState) -> None:
    """``game.load_state(state.to_json())`` gives the same state, history and views."""
    text = state.to_json()
    try:
        loaded = state.game.load_state(text)
    except Exception as exc:
        _fail(state, f"load_state(to_json()) raised {exc!r}")
    if _canonical(loaded.snapshot()) != _canonical(state.snapshot()):
        _fail(state, "load_state(to_json()) gives another snapshot")
    if [str(a) for a in loaded.history] != [str(a) for a in state.history]:
        _fail(state, "load_state(to_json()) gives another history")
    if loaded.to_json() != text:
        _fail(state, "to_json() of the loaded state differs from the saved text")
    if [str(a) for a in loaded.legal_actions()] != [str(a) for a in state.legal_actions()]:
        _fail(state, "the loaded state has other legal actions")
    for seat in [None, *range(state.players)]:
        if loaded.view(seat) != state.view(seat):
            _fail(state, f"the loaded state shows another view({seat})")


def check_corrupted_saves(
    state: GameState, *, rng: random.Random | None = None, leaves: int = 12
) -> int:
    """Corrupted saves of ``state`` are refused with ``InvalidState``; returns how many were tried.

    The corruptions (:func:`cardkit.testing.corrupt.corrupted_saves`) are
    generic: truncated text and garbage, another game or format, bad rules,
    players or dealer, a deck with a card swapped, duplicated, missing or
    foreign, a wrong seed, changed, removed or added actions, and snapshots
    with a card duplicated, removed or moved, a changed number, flag or
    text (such as the seat to act), a key added or removed.
    """
    rng = rng or random.Random(0)
    count = 0
    for description, text in corrupted_saves(state, rng=rng, leaves=leaves):
        count += 1
        try:
            state.game.load_state(text)
        except InvalidState:
            continue
        except Exception as exc:
            _fail(state, f"loading a save with {description} raised {exc!r}, expected InvalidState")
        _fail(state, f"a save with {description} was loaded; expected InvalidState")
    return count


# -- hidden information ------------------------------------------------------------


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
) -> int:
    """A seat's view does not depend on cards hidden from it.

    For each seat and the spectator: take the cards of the deck that its
    first view does not mention and that it cannot see; swap two of them in
    the deck order; deal again with the same dealer and replay the same
    actions while they stay legal. As long as everything the seat observes
    is the same in both games (the events, ``to_act``, whether the game is
    over, and the cards in the zones it can see), its view must be the same
    too. Returns how many views were compared.
    """
    playout = playout or random_playout(game, players, seed, rules=rules, max_actions=max_actions)
    first = playout.states[0]
    actions = playout.actions
    setup = first.setup
    order = list(setup.deck)
    compared = 0
    rng = random.Random(f"non-interference:{seed}")
    for seat in [None, *range(players)]:
        knowledge = Knowledge(players)
        knowledge.observe(first)
        mentioned = cards_mentioned(first.view(seat).model_dump(mode="json"))
        seen = mentioned | knowledge.known(seat)
        hidden = [i for i, card in enumerate(order) if card not in seen]
        if len(hidden) < 2:
            continue
        chosen = [tuple(rng.sample(hidden, 2)) for _ in range(pairs)]
        k = rng.randrange(len(hidden) - 1)
        chosen.append((hidden[k], hidden[k + 1]))
        for i, j in chosen:
            swapped = order[:]
            swapped[i], swapped[j] = swapped[j], swapped[i]
            other = game.start(
                players=players,
                rules=setup.rules,
                deck=Deck(swapped),
                dealer=setup.dealer,
                previous=setup.previous,
            )
            for number, state in enumerate(playout.states):
                if number:
                    try:
                        other = other.apply(actions[number - 1])
                    except IllegalAction:
                        break
                if _observables(state, seat) != _observables(other, seat):
                    break
                mine, theirs = state.view(seat), other.view(seat)
                compared += 1
                if mine != theirs:
                    a, b = mine.model_dump(mode="json"), theirs.model_dump(mode="json")
                    diff = {k: (a[k], b.get(k)) for k in a if a[k] != b.get(k)}
                    who = "the spectator" if seat is None else f"seat {seat}"
                    _fail(
                        state,
                        f"the view of {who} changes when the hidden cards {order[i].code} and "
                        f"{order[j].code} swap places in the deck, although nothing it may "
                        f"observe changed: {diff}",
                    )
    return compared


# -- rules, metadata, bots ------------------------------------------------------------


def check_rules_model(game: Game[Any, Any]) -> None:
    """The game's metadata, rules model, presets and seat counts behave as the contract says."""
    for attr in ("name", "title"):
        if not isinstance(getattr(game, attr, None), str) or not getattr(game, attr):
            _fail(None, f"{game!r} has no {attr}")
    if game.name != game.name.strip().lower():
        _fail(None, f"the game name {game.name!r} must be lower case without spaces")
    if not 1 <= game.min_players <= game.default_players <= game.max_players:
        _fail(
            None,
            f"{game.name}: players must satisfy 1 <= min {game.min_players} <= default "
            f"{game.default_players} <= max {game.max_players}",
        )
    rules = game.rules()
    if not isinstance(rules, game.rules_model):
        _fail(None, f"{game.name}: rules() is not a {game.rules_model.__name__}")
    if game.rules_model.model_validate_json(rules.model_dump_json()) != rules:
        _fail(None, f"{game.name}: the default rules change when they go through JSON")
    for bad in ({"no_such_option_xyzzy": 1}, {"variant": "no-such-variant-xyzzy"}):
        try:
            game.rules(**bad)
        except InvalidRules:
            pass
        else:
            _fail(None, f"{game.name}: rules(**{bad}) was accepted; expected InvalidRules")
    for name in game.variants:
        try:
            game.rules(variant=name)
        except InvalidRules as exc:
            _fail(None, f"{game.name}: the preset {name!r} is invalid: {exc}")
    for players in (game.min_players - 1, game.max_players + 1):
        try:
            game.start(players=players, seed=0)
        except InvalidRules:
            pass
        else:
            _fail(None, f"{game.name}: start(players={players}) was accepted")
    deck = game.new_deck(rules)
    bad_decks = [deck[1:]]
    stranger = next((c for c in (*STANDARD_CARDS, *JOKERS) if c not in deck), None)
    if stranger is not None:
        bad_decks.append(Deck([*deck[1:], stranger]))
    for bad_deck in bad_decks:
        try:
            game.start(players=game.default_players, deck=bad_deck)
        except InvalidRules:
            pass
        else:
            _fail(None, f"{game.name}: start() accepted a deck without {deck[0].code}")


class _CheckedBot:
    """Wraps a bot and fails when it picks an action that is not legal."""

    def __init__(self, bot: Bot, name: str) -> None:
        self.bot, self.name = bot, name

    def choose(self, turn: Turn) -> Action:
        action = self.bot.choose(turn)
        if action not in turn.legal:
            raise ContractError(
                f"bot {self.name!r} chose {action!r}, which is not among the legal actions "
                f"{[str(a) for a in turn.legal]}"
            )
        return action


def check_bots(
    game: Game[Any, Any],
    players: int,
    seeds: Iterable[int],
    *,
    rules: Rules | None = None,
    max_actions: int = 1000,
) -> dict[str, list[PlayoutReport]]:
    """Every registered bot plays whole games choosing only legal actions.

    A bot factory with a ``for_checks`` attribute (a factory too, such as
    [ISMCTSBot.for_checks][cardkit.eval.ismcts.ISMCTSBot.for_checks]) plays
    through that one: the same bot with a budget small enough for whole games
    in every seat.
    """
    reports: dict[str, list[PlayoutReport]] = {}
    seeds = list(seeds)
    for name, factory in game.bots.items():
        # A search bot may offer a cheap configuration of itself for these whole games.
        factory = getattr(factory, "for_checks", factory)
        reports[name] = []
        for seed in seeds:
            rngs = seat_rngs(seed, players)
            bots = [_CheckedBot(factory(rngs[s]), name) for s in range(players)]
            playout = random_playout(
                game, players, seed, rules=rules, max_actions=max_actions, bots=bots
            )
            final = playout.final
            reports[name].append(
                PlayoutReport(seed, players, final.action_count, playout.capped, playout.result)
            )
    return reports


# -- everything at once --------------------------------------------------------------


@dataclass
class ContractReport:
    """What :func:`check_game` ran.

    Attributes:
        game: the game's name.
        playouts: the random playouts, by player count.
        views_compared: how many views the non-interference check compared.
        corruptions: how many corrupted saves were refused.
    """

    game: str
    playouts: dict[int, list[PlayoutReport]] = field(default_factory=dict)
    views_compared: int = 0
    corruptions: int = 0


def check_game(
    game: Game[Any, Any],
    players: Iterable[int] | int | None = None,
    *,
    rules: Rules | None = None,
    seeds: Iterable[int] = range(3),
    max_actions: int = 1000,
    every: int = 5,
) -> ContractReport:
    """Run the whole contract on ``game``, for each player count (default: min to max).

    Every check of this module runs on random games from ``seeds``; the
    per-state checks of legal and illegal actions, saves and corrupted
    saves run on every ``every``-th state of the first seed's game.
    """
    if players is None:
        counts: Iterable[int] = range(game.min_players, game.max_players + 1)
    elif isinstance(players, int):
        counts = (players,)
    else:
        counts = players
    seeds = list(seeds)
    report = ContractReport(game.name)
    check_rules_model(game)
    for count in counts:
        report.playouts[count] = check_random_playouts(game, count, seeds, max_actions, rules=rules)
        for seed in seeds[:1]:
            playout = random_playout(game, count, seed, rules=rules, max_actions=max_actions)
            for state in _every(playout.states, every):
                check_legal_actions(state, limit=20)
                check_illegal_actions(state, recent_actions(playout.states, state.action_count))
                check_save_round_trip(state)
            report.corruptions += check_corrupted_saves(playout.final)
            report.views_compared += check_non_interference(
                game, count, seed, rules=rules, playout=playout
            )
            check_determinism(game, count, seed, rules=rules, max_actions=max_actions)
        check_bots(game, count, seeds[:1], rules=rules, max_actions=max_actions)
    return report


def recent_actions(states: Sequence[GameState], number: int, back: int = 4) -> list[str]:
    """The legal actions, as text, of the ``back`` states before ``states[number]``.

    Other seats acted there, so these are the "actions of the wrong seat"
    that :func:`check_illegal_actions` tries as ``extra``.
    """
    earlier = states[max(0, number - back) : number]
    return sorted({str(a) for state in earlier for a in state.legal_actions()})


def _every(states: Sequence[GameState], every: int) -> Iterator[GameState]:
    for number, state in enumerate(states):
        if number % every == 0 or number == len(states) - 1:
            yield state
