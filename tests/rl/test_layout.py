"""The observation layout: fixed per game and rules, declared vocabularies, and a fast
encoding equal to a straightforward one built entry by entry from `describe()`."""

from __future__ import annotations

import random
from enum import Enum
from typing import Any, Literal, get_args, get_origin

import numpy as np
import pytest

import cardkit
import cardkit.rl
from cardkit.cards.cardset import CardSet
from cardkit.rl.observe import ObservationLayout

GAMES = cardkit.available_games()
GAME_COUNTS = [
    (name, players)
    for name in GAMES
    for players in range(
        cardkit.load_game(name).players.min, cardkit.load_game(name).players.max + 1
    )
]


def reference(
    layout: ObservationLayout, state: cardkit.GameState, seat: int | None, everything: bool
) -> np.ndarray:
    """The observation built the slow way: each entry by its name, each card one by one,
    the scalar fields from the pydantic view."""
    names = layout.describe()
    value: dict[str, float] = dict.fromkeys(names, 0.0)
    counts: dict[str, int] = {}
    zones = state.zones()
    visible = set(zones) if everything else set(state.visible_zones(seat))
    players, offset, most = state.players, seat or 0, layout.max_players

    def slot_of(name: str) -> str:
        base, _, suffix = name.rpartition(":")
        if base in layout.per_seat and suffix.isdigit():
            return f"{base}:+{(int(suffix) - offset) % players}"
        return name if name in layout.fixed else "other"

    for name, cards in zones.items():
        slot = slot_of(name)
        counts[slot] = counts.get(slot, 0) + len(cards)
        if name not in visible:
            continue
        for card in cards:
            value[f"{slot}/{card.code}"] = 1.0
        if not isinstance(cards, CardSet) and len(cards):
            top = f"top:{slot}/{cards[-1].code}"
            if top in value:
                value[top] = 1.0
    for slot, count in counts.items():
        value[f"count/{slot}"] = count / layout.cards
    if seat is not None:
        value[f"seat/{seat}"] = 1.0
    for k in range(players):
        value[f"present/+{k}"] = 1.0
    view = state.view(seat)
    to_act = state.to_act if everything else view.to_act
    value["to_act/none" if to_act is None else f"to_act/+{(to_act - offset) % players}"] = 1.0
    for field in layout.view_fields:
        got = getattr(view, field.name)
        if field.choices:
            if got is not None:
                value[f"{field.name}/{got.value if isinstance(got, Enum) else got}"] = 1.0
        elif got is None:
            value[field.name] = -1.0
        elif field.seat:
            value[field.name] = ((got - offset) % players) / most
        else:
            value[field.name] = got / (1.0 + abs(got))
    return np.array([value[n] for n in names], dtype=np.float32)


def random_states(game: str, players: int, count: int, seed: int = 0) -> list[cardkit.GameState]:
    found = cardkit.load_game(game)
    rng = random.Random(seed)
    states: list[cardkit.GameState] = []
    deal = 0
    while len(states) < count:
        state = found.start(players=players, seed=seed * 1000 + deal)
        deal += 1
        while len(states) < count:
            if rng.random() < 0.25 or state.is_over:
                states.append(state)
            if state.is_over:
                break
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    return states


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_the_fast_encoding_equals_the_reference_one(game: str, players: int) -> None:
    layout = cardkit.rl.aec_env(game, players=players).table.layout
    checked = 0
    for state in random_states(game, players, 60):
        for seat in [None, *range(players)]:
            for everything in (False, True):
                fast = layout.encode(state, seat, everything=everything)
                slow = reference(layout, state, seat, everything)
                bad = [n for n, a, b in zip(layout.describe(), fast, slow, strict=True) if a != b]
                assert not bad, f"{game} seat {seat} everything={everything}: {bad[:6]}"
                checked += 1
    assert checked == 60 * (players + 1) * 2


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_the_fused_zone_reader_equals_the_entry_by_entry_one(game: str, players: int) -> None:
    """The readers of a state class's slots (`_slots.SlotReader`) give the bytes of what
    `read` gives, entry by entry."""
    from cardkit.engine.generic import GenericState

    layout = cardkit.rl.aec_env(game, players=players).table.layout
    for state in random_states(game, players, 40, seed=3):
        if not isinstance(state, GenericState):
            continue
        plan = layout._plan(state)
        for seat in [None, *range(players)]:
            for everything in (False, True):
                as_bytes = layout._fused_bytes(state, seat, everything)
                assert as_bytes is not None
                planes, counts = layout._read_planes(plan, state, seat, everything)
                expected = b"".join(
                    [
                        *map(layout._rows.__getitem__, planes),
                        *map(layout._counts.__getitem__, counts),
                    ]
                )
                assert as_bytes(state, b"end", b"fields") == expected + b"endfields"


@pytest.mark.parametrize("game", GAMES)
def test_the_layout_is_the_same_at_every_player_count(game: str) -> None:
    found = cardkit.load_game(game)
    layouts = {
        players: cardkit.rl.aec_env(game, players=players).table.layout
        for players in range(found.players.min, found.players.max + 1)
    }
    shapes = {
        cardkit.rl.aec_env(game, players=p).table.observation_space["observation"].shape
        for p in layouts
    }
    assert len(shapes) == 1
    names = {tuple(layout.describe()) for layout in layouts.values()}
    assert len(names) == 1
    (described,) = names
    assert len(described) == next(iter(shapes))[0]
    assert len(set(described)) == len(described)  # every entry has its own name
    most = found.players.max
    assert [n for n in described if n.startswith("present/")] == [
        f"present/+{k}" for k in range(most)
    ]


@pytest.mark.parametrize("game", GAMES)
def test_unused_seats_are_zero_and_absent(game: str) -> None:
    found = cardkit.load_game(game)
    players = found.players.min
    if players == found.players.max:
        pytest.skip("one player count")
    layout = cardkit.rl.aec_env(game, players=players).table.layout
    names = layout.describe()
    for state in random_states(game, players, 10):
        value = dict(zip(names, layout.encode(state, 0).tolist(), strict=True))
        for k in range(players, found.players.max):
            assert not any(v for n, v in value.items() if f":+{k}/" in n or n.endswith(f":+{k}"))
            assert value[f"present/+{k}"] == 0.0
        assert all(value[f"present/+{k}"] == 1.0 for k in range(players))


def declared_values(annotation: Any) -> tuple[object, ...] | None:
    """The values a view field's annotation declares (`Literal`, `Enum`), or None."""
    if get_origin(annotation) is Literal:
        return get_args(annotation)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return tuple(annotation)
    for inner in get_args(annotation):
        found = declared_values(inner)
        if found is not None:
            return found
    return None


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_vocabularies_are_the_declared_values(game: str, players: int) -> None:
    layout = cardkit.rl.aec_env(game, players=players).table.layout
    view_type = type(cardkit.load_game(game).start(players=players, seed=0).view(0))
    one_hots = {f.name: f.choices for f in layout.view_fields if f.choices}
    declared = {
        name: values
        for name, info in view_type.model_fields.items()
        if (values := declared_values(info.annotation)) is not None
    }
    assert one_hots == {n: v for n, v in declared.items() if n in one_hots}
    if game == "tienlen":
        kinds = one_hots["current_kind"]
        assert {"triple", "four of a kind", "double sequence of 3 pairs"} <= set(kinds)
        from cardkit_tienlen.rules import InstantWin

        assert set(one_hots["instant_hand"]) == {w.value for w in InstantWin}


@pytest.mark.parametrize("game", GAMES)
def test_no_text_field_is_left_undeclared(game: str) -> None:
    """Every plain-`str` scalar of a view model would be left out of observations."""
    view_type = type(cardkit.load_game(game).start(seed=0).view(0))
    base = set(cardkit.View.model_fields)
    loose = [
        name
        for name, info in view_type.model_fields.items()
        if name not in base and info.annotation in (str, str | None)
    ]
    assert not loose, f"{game}: declare these as a Literal or an Enum: {loose}"
