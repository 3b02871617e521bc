"""Observations: what one seat may know, as a flat numpy vector.

The layout is derived once per environment from the public contract of the
game: the zone names of a freshly dealt state (`zones()`), and the fields of
its view model. Each observation is then built from the state itself
(`zones()`, `visible_zones(seat)`, `to_act`), without building a view,
except for the optional scalar view fields.
"""

from __future__ import annotations

import random
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal, Union, get_args, get_origin

import numpy as np
import numpy.typing as npt

from cardkit.cards.cardset import CardSet
from cardkit.engine.generic import GenericState
from cardkit.engine.state import GameState
from cardkit.engine.views import View

__all__ = ["ObservationLayout", "ScalarField"]

_BASE_VIEW_FIELDS = frozenset(View.model_fields)
#: Text fields are probed with at most this many random games of this many
#: actions in all, a view every few actions; more distinct values than the limit
#: make a field free text, which observations leave out.
_PROBE_GAMES, _PROBE_ACTIONS, _PROBE_EVERY, _MAX_CHOICES = 60, 900, 3, 16
#: Row `b` holds the eight bits of the byte `b`, lowest first, as floats.
_BITS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little").astype(
    np.float32
)


@dataclass(frozen=True)
class ScalarField:
    """A scalar field of a game's view model that observations carry.

    Attributes:
        name: the field's name.
        choices: for a field with a fixed set of values (a `Literal` or an
            `Enum`, such as a phase), the values in one-hot order; empty for
            a number or a flag: a seat (see `seat`) relative to the observer,
            over the number of seats; any other number `x` as `x / (1 + |x|)`,
            in (-1, 1); `None` as -1.
        open: a text field whose values were found by playing a few random
            games (a phase typed as plain `str`): its one-hot has one more
            entry, for any value not seen then.
        seat: an `int` field that holds a seat, by its name (`dealer`,
            `starter`, `leader`, `opener`, or ending in `_seat` or `_by`):
            carried relative to the observer, like the card planes.
    """

    name: str
    choices: tuple[object, ...] = ()
    open: bool = False
    seat: bool = False

    @property
    def width(self) -> int:
        """How many entries of the observation this field takes."""
        return len(self.choices) + self.open or 1


def _scalar_field(name: str, annotation: Any) -> ScalarField | None:
    """The observation field for one view field, or `None` if it is not a scalar."""
    origin = get_origin(annotation)
    if origin is Union or origin is types.UnionType:
        others = [a for a in get_args(annotation) if a is not type(None)]
        return _scalar_field(name, others[0]) if len(others) == 1 else None
    if annotation in (bool, int, float):
        return ScalarField(name, seat=annotation is int and _is_seat_name(name))
    if origin is Literal:
        return ScalarField(name, tuple(get_args(annotation)))
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return ScalarField(name, tuple(annotation))
    if annotation is str:
        return ScalarField(name, open=True)
    return None


#: View fields that hold a seat, besides those named `*_seat` and `*_by`.
SEAT_FIELDS = frozenset({"dealer", "starter", "leader", "opener", "winner", "actor"})


def _is_seat_name(name: str) -> bool:
    return name in SEAT_FIELDS or name.endswith(("_seat", "_by"))


def _text_values(state: GameState, fields: tuple[ScalarField, ...]) -> tuple[ScalarField, ...]:
    """Fill in the values of the open text fields from a few seeded random games."""
    wanted = [f.name for f in fields if f.open]
    if not wanted:
        return fields
    seen: dict[str, set[str]] = {name: set() for name in wanted}
    rng = random.Random(0)
    steps = 0
    for number in range(_PROBE_GAMES):
        current = state.game.start(players=state.players, rules=state.rules, seed=number)
        while steps < _PROBE_ACTIONS:
            steps += 1
            if steps % _PROBE_EVERY == 0 or current.is_over:
                view = current.view(steps % state.players)
                for name in wanted:
                    value = getattr(view, name)
                    if isinstance(value, str):
                        seen[name].add(value)
            if current.is_over:
                break
            legal = current.legal_actions()
            current = current.apply(legal[rng.randrange(len(legal))])
    return tuple(
        ScalarField(f.name, tuple(sorted(seen[f.name])), open=True) if f.open else f
        for f in fields
        if not f.open or len(seen[f.name]) <= _MAX_CHOICES
    )


def _not_from_zones(state: GameState, fields: tuple[ScalarField, ...]) -> tuple[ScalarField, ...]:
    """The fields but those a `GenericState`'s view draws from its zones (`stock_count`...):
    the zone counts of the observation carry them already, and leaving them out lets the
    observation read the others from `view_extra` without building a view."""
    if not isinstance(state, GenericState):
        return fields
    from cardkit.engine.zoneviews import ZoneViewer

    drawn = set(ZoneViewer(state.zone_specs, state.view_model)(state, 0)) - set(state.view_extra(0))
    return tuple(f for f in fields if f.name not in drawn)


def scalar_fields(view_type: type[View]) -> tuple[ScalarField, ...]:
    """The game-specific scalar fields of a view model, in declaration order."""
    found = []
    for name, info in view_type.model_fields.items():
        if name in _BASE_VIEW_FIELDS:
            continue
        field = _scalar_field(name, info.annotation)
        if field is not None:
            found.append(field)
    return tuple(found)


class ObservationLayout:
    """How a game's state becomes the observation vector of one seat.

    Per zone slot (in this order): a multi-hot plane of its cards when the
    seat may see them (zeros otherwise), then, for an ordered zone, a
    one-hot plane of its last card (the top of a pile) on the same terms.
    Then one count per slot (zone sizes are public, over the deck's size, so
    in [0, 1]), a one-hot of the seat,
    a one-hot of the seat to act relative to the observer (0: the observer
    itself; the last entry: nobody, the game is over), and the scalar view
    fields when `view_fields` is set.

    Zones named `<name>:<seat>` for every seat (`hand:0`, `hand:1`...) are
    rotated so that the observer's own comes first. Zones that appear during
    play but not in a fresh deal (Tonk's spreads) share one last slot,
    `other`.

    Args:
        state: a freshly dealt state of the game, with the rules and the
            number of players the environment uses.
        view_fields: carry the game's scalar view fields (numbers, flags, and
            one-hots of fields with a fixed set of values such as a phase).
            They are read from `view(seat)`, which costs more than the rest
            of the observation together.
    """

    def __init__(self, state: GameState, *, view_fields: bool = True) -> None:
        """Derive the layout from a freshly dealt state."""
        zones = state.zones()
        players = state.players
        self.players = players
        deck = state.game.new_deck(state.rules)
        self.cards = 54 if any(card.is_joker for card in deck) else 52
        per_seat: list[str] = []
        fixed: list[str] = []
        for name in zones:
            base, _, suffix = name.rpartition(":")
            if base and suffix == "0" and all(f"{base}:{s}" in zones for s in range(players)):
                per_seat.append(base)
        seat_names = {f"{base}:{s}" for base in per_seat for s in range(players)}
        fixed = [name for name in zones if name not in seat_names]
        self.per_seat = tuple(per_seat)
        self.fixed = tuple(fixed)
        self.ordered = frozenset(n for n, z in zones.items() if not isinstance(z, CardSet))
        self.known = frozenset(zones)
        self.slot_names = (
            tuple(f"{base}:{k}" for base in per_seat for k in range(players))
            + self.fixed
            + ("other",)
        )
        self.view_fields = (
            _text_values(state, _not_from_zones(state, scalar_fields(type(state.view(0)))))
            if view_fields
            else ()
        )
        self._seat_zones = {s: self._slot_names_of(s) for s in [None, *range(players)]}
        self._names = frozenset(f.name for f in self.view_fields)
        self._tops = sum(1 for n in self._slot_zones(0) if n in self.ordered)
        slots = len(self.slot_names)
        self.planes = slots + self._tops
        self._bytes = (self.planes * self.cards + 7) // 8
        self.size = (
            self.planes * self.cards
            + slots
            + players
            + players
            + 1
            + sum(f.width for f in self.view_fields)
        )

    def _slot_zones(self, seat: int | None) -> list[str]:
        """The zone names of the slots (but `other`) from `seat`'s point of view."""
        return self._seat_zones[seat]

    def _slot_names_of(self, seat: int | None) -> list[str]:
        offset = seat or 0
        players = self.players
        names = [
            f"{base}:{(offset + k) % players}" for base in self.per_seat for k in range(players)
        ]
        names.extend(self.fixed)
        return names

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The lowest and highest value of each entry of the vector."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.ones(self.size, dtype=np.float32)
        start = self.planes * self.cards
        slots = len(self.slot_names)
        scalars = start + slots + 2 * self.players + 1
        for field in self.view_fields:
            if not field.choices and not field.open:
                low[scalars] = -1.0
            scalars += field.width
        return low, high

    def encode(
        self, state: GameState, seat: int | None, *, everything: bool = False
    ) -> npt.NDArray[np.float32]:
        """The observation vector of `seat` (`None`: a spectator) in `state`.

        With `everything`, every zone's cards are shown (the whole state, for
        a centralised critic), and the seat to act is that of the state.
        """
        zones = state.zones()
        visible = set(zones) if everything else set(state.visible_zones(seat))
        masks: list[int] = []
        tops: list[int] = []
        counts: list[int] = []
        ordered = self.ordered
        for name in self._slot_zones(seat):
            zone = zones.get(name, ())  # a zone of the fresh deal may be gone later
            counts.append(len(zone))
            if name not in visible:
                masks.append(0)
                if name in ordered:
                    tops.append(0)
                continue
            if isinstance(zone, CardSet):
                masks.append(zone.mask)
                if name in ordered:
                    tops.append(0)
                continue
            mask = 0
            for card in zone:
                mask |= card.bit
            masks.append(mask)
            if name in ordered:
                tops.append(zone[-1].bit if zone else 0)
        other = 0
        other_count = 0
        if len(zones) != len(self.known) or not self.known.issuperset(zones):
            for name, zone in zones.items():
                if name in self.known:
                    continue
                other_count += len(zone)
                if name in visible:
                    for card in zone:
                        other |= card.bit
        masks.append(other)
        counts.append(other_count)
        masks.extend(tops)
        return self._assemble(state, seat, masks, counts, everything)

    def _assemble(
        self,
        state: GameState,
        seat: int | None,
        masks: list[int],
        counts: list[int],
        everything: bool = False,
    ) -> npt.NDArray[np.float32]:
        """Unpack the card masks and append counts, one-hots and view fields."""
        stride = self.cards
        big = 0
        for i, mask in enumerate(masks):
            big |= mask << (stride * i)
        raw = np.frombuffer(big.to_bytes(self._bytes, "little"), dtype=np.uint8)
        end = self.planes * stride
        out = np.empty(self.size, dtype=np.float32)
        out[:end] = _BITS.take(raw, axis=0).reshape(-1)[:end]
        players = self.players
        tail = [0.0] * (2 * players + 1)
        if seat is not None:
            tail[seat] = 1.0
        # view(seat).to_act: private windows stay private
        to_act = state.to_act if everything else state.shown_to_act(seat)
        tail[players + (players if to_act is None else (to_act - (seat or 0)) % players)] = 1.0
        if self.view_fields:
            tail.extend(self._view_fields(self._scalars(state, seat), seat))
        scale = 1.0 / stride
        out[end:] = [c * scale for c in counts] + tail
        return out

    def _scalars(self, state: GameState, seat: int | None) -> Mapping[str, Any]:
        """The view's scalar fields: from `view_extra` where the state has one with them all
        (a `GenericState`: no view model is built), else from the view."""
        if isinstance(state, GenericState):
            shown: GenericState[Any, Any] = state
            if state.private_windows and seat != state.to_act:
                shown = state.public_state()
            extra = shown.view_extra(seat)
            if self._names.issubset(extra):
                return extra
        return dict(state.view(seat))

    def _view_fields(self, scalars: Mapping[str, Any], seat: int | None) -> list[float]:
        values: list[float] = []
        for field in self.view_fields:
            value = scalars[field.name]
            if field.choices or field.open:
                values.extend(1.0 if value == choice else 0.0 for choice in field.choices)
                if field.open:
                    values.append(0.0 if value is None or value in field.choices else 1.0)
            elif value is None:
                values.append(-1.0)
            elif field.seat:
                players = self.players
                values.append(((int(value) - (seat or 0)) % players) / players)
            else:
                number = float(value)
                values.append(number / (1.0 + abs(number)))
        return values

    def describe(self) -> list[str]:
        """A name for each entry of the vector (`hand:+0/QS`, `count/stock`, `to_act/+1`...)."""
        codes = [c.code for c in _cards(self.cards)]
        slots = [self._relative(n) for n in self.slot_names]
        tops = [self._relative(n) for n in self._slot_zones(0) if n in self.ordered]
        names = [f"{slot}/{code}" for slot in slots for code in codes]
        names += [f"{slot}:top/{code}" for slot in tops for code in codes]
        names += [f"count/{slot}" for slot in slots]
        names += [f"seat/{s}" for s in range(self.players)]
        names += [f"to_act/+{s}" for s in range(self.players)] + ["to_act/none"]
        for field in self.view_fields:
            if field.choices or field.open:
                names += [f"{field.name}/{_choice_text(c)}" for c in field.choices]
                if field.open:
                    names.append(f"{field.name}/(other)")
            else:
                names.append(field.name)
        return names

    def _relative(self, name: str) -> str:
        base, _, suffix = name.rpartition(":")
        return f"{base}:+{suffix}" if base in self.per_seat else name


def _cards(count: int) -> Sequence[Any]:
    from cardkit.cards.card import Card

    return [Card.from_index(i) for i in range(count)]


def _choice_text(choice: object) -> str:
    return str(choice.value) if isinstance(choice, Enum) else str(choice)
