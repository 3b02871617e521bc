"""Generic corruptions of a saved game, for checking that loading refuses them.

[`corrupted_saves`][cardkit.testing.corrupt.corrupted_saves] knows nothing about any
particular game: it edits the JSON envelope that
[`cardkit.GameState.to_json`][cardkit.engine.state.GameState.to_json] writes (game name,
format, rules, players, dealer, deck, seed, actions) and walks the game's snapshot to
change its numbers, flags and texts, and to duplicate, remove and move the card codes it
holds. Every corruption it yields must be refused by ``game.load_state`` with
[`InvalidState`][cardkit.errors.InvalidState].
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from cardkit.cards.card import JOKERS, Card
from cardkit.cards.cardset import CardSet
from cardkit.engine.state import GameState

__all__ = ["canonical", "corrupted_saves"]

Path = tuple[str | int, ...]
#: An edit of a copy of the save's data.
Edit = Callable[[dict[str, Any]], object]
#: ``edited(description, edit)``: the description and the text of an edited copy of the save.
Edited = Callable[[str, Edit], tuple[str, str]]
_CODES = {c.code: c for c in Card._by_index}


def canonical(data: Any) -> str:
    """JSON-ready data as canonical JSON text (sorted keys), for comparing snapshots."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _leaves(data: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _leaves(value, (*path, index))
    else:
        yield path, data


def _card_lists(data: Any, path: Path = ()) -> Iterator[Path]:
    """Paths of the lists that hold card codes."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _card_lists(value, (*path, key))
    elif isinstance(data, list):
        if any(isinstance(v, str) and v in _CODES for v in data):
            yield path
        for index, value in enumerate(data):
            yield from _card_lists(value, (*path, index))


def _get(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: Path, value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def _setter(path: Path, value: Any) -> Callable[[dict[str, Any]], None]:
    """An edit that sets the snapshot value at ``path``."""

    def edit(data: dict[str, Any]) -> None:
        _set(data["snapshot"], path, value)

    return edit


def _changed(value: Any, others: list[str], rng: random.Random) -> Any:
    """A different value of the same kind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 0.5
    if isinstance(value, str):
        if value in _CODES:
            choices = [c for c in others if c != value] or [
                c for c in _CODES if c != value and _CODES[c] not in JOKERS
            ]
            return rng.choice(sorted(choices))
        return value + "x"
    if value is None:
        return 0
    return None


def _replay(state: GameState, actions: int) -> GameState:
    setup = state.setup
    replay = state.game.start(
        players=setup.players,
        rules=setup.rules,
        deck=setup.deck,
        dealer=setup.dealer,
        previous=setup.previous,
    )
    for action in state.history[:actions]:
        replay = replay.apply(action)
    result: GameState = replay
    return result


def _zone_of(state: GameState) -> dict[Card, str]:
    where: dict[Card, str] = {}
    for name, cards in state.zones().items():
        if isinstance(cards, CardSet):
            where.update(dict.fromkeys(cards, name))
        else:
            where.update({c: f"{name}#{i}" for i, c in enumerate(cards)})
    return where


def corrupted_saves(
    state: GameState, *, rng: random.Random | None = None, leaves: int = 12
) -> Iterator[tuple[str, str | bytes]]:
    """Yield ``(description, text)``: corrupted forms of ``state.to_json()``.

    Args:
        state: the state whose save is corrupted.
        rng: chooses which snapshot values to change (default: seeded, 0).
        leaves: how many single values of the snapshot to change.
    """
    rng = rng or random.Random(0)
    text = state.to_json()
    data: dict[str, Any] = json.loads(text)

    def edited(description: str, edit: Edit) -> tuple[str, str]:
        copied = copy.deepcopy(data)
        edit(copied)
        return description, json.dumps(copied)

    yield from _text_corruptions(text)
    yield from _envelope_corruptions(data, edited)
    yield from _deck_corruptions(state, data["deck"], edited)
    yield from _action_corruptions(state, data, edited)
    yield from _snapshot_corruptions(data, edited)
    yield from _leaf_corruptions(data, edited, rng, leaves)
    yield from _card_list_corruptions(data["snapshot"], edited, rng)


def _text_corruptions(text: str) -> Iterator[tuple[str, str | bytes]]:
    """The text itself cut short, replaced by garbage, or not UTF-8."""
    yield "the text cut in half", text[: len(text) // 2]
    yield "its last character cut", text[:-1]
    yield "only its first character", text[:1]
    for garbage in ("", "xyzzy", "null", "[]", "{}", "42", '"save"', "{" * 64):
        yield f"garbage text {garbage[:10]!r}", garbage
    yield "bytes that are not UTF-8", b"\xff\xfe\x00garbage"


def _envelope_corruptions(data: dict[str, Any], edited: Edited) -> Iterator[tuple[str, str]]:
    """The envelope: game name, format, rules, players, dealer, previous result, seed."""
    yield edited("another game's name", lambda d: d.update(game="no-such-game-xyzzy"))
    yield edited("another save format", lambda d: d.update(format="cardkit.game/999"))
    yield edited("another rules version", lambda d: d.update(rules_version="999-xyzzy"))
    yield edited("an unknown top-level field", lambda d: d.update(xyzzy=1))
    yield edited("no snapshot", lambda d: d.pop("snapshot"))
    yield edited("an unknown rules option", lambda d: d["rules"].update(no_such_option_xyzzy=1))
    yield edited("rules that are not an object", lambda d: d.update(rules="xyzzy"))
    yield edited("no players", lambda d: d.update(players=0))
    yield edited("a million players", lambda d: d.update(players=10**6))
    yield edited("one more player", lambda d: d.update(players=d["players"] + 1))
    yield edited("a dealer who is not a seat", lambda d: d.update(dealer=d["players"]))
    yield edited("a negative dealer", lambda d: d.update(dealer=-1))
    yield edited("a bad previous result", lambda d: d.update(previous={"reason": 5}))
    if data.get("seed") is not None:
        yield edited("another seed", lambda d: d.update(seed=d["seed"] + 1))


def _deck_corruptions(
    state: GameState, deck: list[str], edited: Edited
) -> Iterator[tuple[str, str]]:
    """The deck: two cards swapped where it shows, a card twice, missing, foreign or added."""
    if len(deck) >= 2:
        start, end = _zone_of(_replay(state, 0)), _zone_of(state)
        pair = next(
            (
                (i, j)
                for i in range(len(deck))
                for j in range(i + 1, len(deck))
                if start[_CODES[deck[i]]] != start[_CODES[deck[j]]]
                and end[_CODES[deck[i]]] != end[_CODES[deck[j]]]
            ),
            None,
        )
        if pair is not None:
            i, j = pair

            def swap(d: dict[str, Any], unseed: bool, i: int = i, j: int = j) -> None:
                d["deck"][i], d["deck"][j] = d["deck"][j], d["deck"][i]
                if unseed:
                    d["seed"] = None

            yield edited(f"deck cards {deck[i]} and {deck[j]} swapped", lambda d: swap(d, False))
            yield edited(
                f"deck cards {deck[i]} and {deck[j]} swapped, seed removed",
                lambda d: swap(d, True),
            )
        yield edited(
            f"card {deck[0]} twice in the deck", lambda d: d["deck"].__setitem__(1, deck[0])
        )
    yield edited("a card missing from the deck", lambda d: d["deck"].pop())
    yield edited("a foreign card code in the deck", lambda d: d["deck"].append("ZZ"))
    joker = next((j.code for j in JOKERS if j.code not in deck), None)
    if joker is not None:
        yield edited(f"the joker {joker} added to the deck", lambda d: d["deck"].append(joker))
    yield edited("a deck that is not a list", lambda d: d.update(deck=42))


def _action_corruptions(
    state: GameState, data: dict[str, Any], edited: Edited
) -> Iterator[tuple[str, str]]:
    """The actions: nonsense, the last one removed or replaced, one more (when it shows)."""
    snapshot = canonical(data["snapshot"])
    actions: list[str] = data["actions"]
    yield edited("actions that are not a list", lambda d: d.update(actions="xyzzy"))
    if actions:
        middle = len(actions) // 2
        yield edited(
            f"action #{middle + 1} replaced by nonsense",
            lambda d: _set(d, ("actions", middle), "xyzzy"),
        )
        parent = _replay(state, len(actions) - 1)
        if canonical(parent.snapshot()) != snapshot:
            yield edited("its last action removed", lambda d: d["actions"].pop())
        other = next(
            (
                str(a)
                for a in parent.legal_actions()
                if a != state.history[-1] and canonical(parent.apply(a).snapshot()) != snapshot
            ),
            None,
        )
        if other is not None:
            yield edited(
                f"its last action replaced by {other!r}",
                lambda d: _set(d, ("actions", -1), other),
            )
    if state.is_over:
        yield edited("an action after the end", lambda d: d["actions"].append("pass"))
    else:
        extra = state.legal_actions()[0]
        if canonical(state.apply(extra).snapshot()) != snapshot:
            yield edited(
                f"an extra action {str(extra)!r}", lambda d: d["actions"].append(str(extra))
            )


def _snapshot_corruptions(data: dict[str, Any], edited: Edited) -> Iterator[tuple[str, str]]:
    """The snapshot's shape: a list, empty, a key added or removed."""
    snap: Any = data["snapshot"]
    yield edited("a snapshot that is a list", lambda d: d.update(snapshot=[]))
    yield edited("an empty snapshot", lambda d: d.update(snapshot={}))
    if isinstance(snap, dict):
        yield edited("an unknown key in the snapshot", lambda d: d["snapshot"].update(xyzzy=1))
        if snap:
            first = next(iter(snap))
            yield edited(f"no {first!r} in the snapshot", lambda d: d["snapshot"].pop(first))


def _leaf_corruptions(
    data: dict[str, Any], edited: Edited, rng: random.Random, leaves: int
) -> Iterator[tuple[str, str]]:
    """``leaves`` single values of the snapshot changed: a third cards, a third seats."""
    snap: Any = data["snapshot"]
    all_leaves = list(_leaves(snap))
    codes = [v for _, v in all_leaves if isinstance(v, str) and v in _CODES]
    seats = range(data["players"])
    cards = [lf for lf in all_leaves if isinstance(lf[1], str) and lf[1] in _CODES]
    seatlike = [
        lf for lf in all_leaves if type(lf[1]) is int and lf[1] in seats and lf not in cards
    ]
    rest = [lf for lf in all_leaves if lf not in cards and lf not in seatlike]
    third = max(1, leaves // 3)
    picked = (
        rng.sample(cards, min(third, len(cards)))
        + rng.sample(seatlike, min(third, len(seatlike)))
        + rng.sample(rest, min(max(0, leaves - 2 * third), len(rest)))
    )
    for path, value in picked:
        new = _changed(value, codes, rng)
        if type(value) is int and value in seats and data["players"] > 1:
            new = (value + 1) % data["players"]
        where = "snapshot" + "".join(f"[{k!r}]" for k in (*path,))
        yield edited(f"{where} changed from {value!r} to {new!r}", _setter(path, new))


def _card_list_corruptions(
    snap: Any, edited: Edited, rng: random.Random
) -> Iterator[tuple[str, str]]:
    """A card removed from, duplicated in or moved out of one list of the snapshot."""
    lists = list(_card_lists(snap))
    if lists:
        path = rng.choice(lists)
        where = "snapshot" + "".join(f"[{k!r}]" for k in path)
        held = _get(snap, path)
        yield edited(f"a card removed from {where}", lambda d: _get(d["snapshot"], path).pop())
        yield edited(
            f"card {held[0]!r} duplicated in {where}",
            lambda d: _get(d["snapshot"], path).append(held[0]),
        )
        others = [p for p in lists if p != path]
        if others:
            target = rng.choice(others)

            def move(d: dict[str, Any]) -> None:
                card = _get(d["snapshot"], path).pop()
                _get(d["snapshot"], target).append(card)

            yield edited(f"a card moved from {where} to another list", move)
