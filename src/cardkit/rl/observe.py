"""Observations: what one seat may know, as a flat numpy vector of a fixed layout.

The layout is derived once per environment from the public contract of the
game: the zone names of freshly dealt states at every player count the game
takes (`zones()`), and the scalar fields of its view model with their
declared vocabularies ([cardkit.rl.fields][]). It is padded to the game's
most seats, so its size is the same at every player count of a game and
rules. Each observation is then built from the state itself, without
building a view: for a [GenericState][cardkit.engine.generic.GenericState]
from the declared zones' bit masks (one `int` per zone, unpacked by numpy),
for any other state from `zones()` and `visible_zones(seat)`.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any

import numpy as np
import numpy.typing as npt

from cardkit.cards.cardset import CardSet
from cardkit.engine.generic import GenericState
from cardkit.engine.state import GameState
from cardkit.errors import CardkitError
from cardkit.rl._zonemasks import Fused, ZonePlan, cards_mask
from cardkit.rl.fields import ScalarField, scalar_fields

__all__ = ["ObservationLayout", "ScalarField"]


def _probes(state: GameState) -> list[GameState]:
    """`state` and a fresh deal at every other player count the game takes under its rules."""
    game = state.game
    found = [state]
    for players in range(game.min_players, max(game.max_players, state.players) + 1):
        if players == state.players:
            continue
        try:
            found.append(game.start(players=players, rules=state.rules, seed=0))
        except CardkitError:  # rules that do not take this many players
            continue
    return found


class ObservationLayout:
    """How a game's state becomes the observation vector of one seat.

    With `M` the game's most seats (`max_players`) and `p` the seats of
    this table, the vector holds, in this order:

    1. per zone slot, a multi-hot plane of its cards when the seat may see
       them (zeros otherwise); then, per ordered slot (a pile, not a set), a
       one-hot plane of its last card (the top of a pile, `top:<slot>/<card>`)
       on the same terms.
       A per-seat zone (`hand:0`, `hand:1`...) has `M` slots, relative to
       the observer (`hand:+0` is its own); slots `+p` … `+(M-1)` are
       seats this table does not have, always zero. Zones that appear
       during play but not in a fresh deal (Tonk's spreads) share one last
       slot, `other`;
    2. one count per slot (zone sizes are public), over the deck's size;
    3. a one-hot of the seat (`M`), a flag per relative seat present at the
       table (`present/+k`, `M`), a one-hot of the seat to act relative to
       the observer (`M + 1`: the last entry is nobody, the game is over);
    4. the scalar view fields when `view_fields` is set ([cardkit.rl.fields][]).

    [describe][cardkit.rl.observe.ObservationLayout.describe] names every entry.

    Args:
        state: a freshly dealt state of the game, with the rules and the
            number of players the environment uses.
        view_fields: carry the game's scalar view fields (numbers, flags, and
            one-hots of fields with a declared set of values such as a phase).
    """

    def __init__(self, state: GameState, *, view_fields: bool = True) -> None:
        """Derive the layout from freshly dealt states at every player count."""
        players = state.players
        self.players = players
        self.max_players = max(state.game.max_players, players)
        deck = state.game.new_deck(state.rules)
        self.cards = 54 if any(card.is_joker for card in deck) else 52
        per_seat: dict[str, bool] = {}  # base name -> ordered
        fixed: dict[str, bool] = {}
        for probe in _probes(state):
            zones = probe.zones()
            for name, zone in zones.items():
                base, _, suffix = name.rpartition(":")
                is_set = isinstance(zone, CardSet)
                seats = range(probe.players)
                if base and suffix.isdigit() and all(f"{base}:{s}" in zones for s in seats):
                    per_seat[base] = per_seat.get(base, False) or not is_set
                elif name not in per_seat:
                    fixed[name] = fixed.get(name, False) or not is_set
        self.per_seat = tuple(per_seat)
        self.fixed = tuple(n for n in fixed if n.rpartition(":")[0] not in per_seat)
        m = self.max_players
        self.slot_names = (
            tuple(f"{base}:{k}" for base in self.per_seat for k in range(m))
            + self.fixed
            + ("other",)
        )
        ordered = [per_seat[b] for b in self.per_seat for _ in range(m)]
        ordered += [fixed[n] for n in self.fixed]
        self._top_slots = tuple(i for i, o in enumerate(ordered) if o)
        self.ordered = frozenset(n for n, o in (*per_seat.items(), *fixed.items()) if o)
        self.view_fields = (
            _not_from_zones(state, scalar_fields(type(state.view(0)))) if view_fields else ()
        )
        self._names = frozenset(f.name for f in self.view_fields)
        #: per field: its one-hot list by value (`None`: not a one-hot field) and all zeros
        self._field_hots = tuple(_hots(f) for f in self.view_fields)
        slots = len(self.slot_names)
        self.planes = slots + len(self._top_slots)
        self._bits = self.planes * self.cards
        self._pack = struct.Struct(f"<{self.planes}Q").pack  # a plane: 64 bits, 52 (54) used
        self.size = self._bits + slots + 3 * m + 1 + sum(f.width for f in self.view_fields)
        self._slot_maps: dict[tuple[int, int], dict[str, int]] = {}
        self._plans: dict[tuple[type, int], ZonePlan] = {}
        self._routes: dict[tuple[int, int | None], tuple[int, ...]] = {}
        self._fused: dict[tuple[int, int | None, bool], Fused | None] = {}
        self._seat_parts: dict[tuple[int | None, int], list[float]] = {}
        self._to_act_hots = [[float(i == k) for i in range(m + 1)] for k in range(m + 1)]

    def slot_index(self, players: int, seat: int | None) -> Mapping[str, int]:
        """The slot of each zone name of a `players`-seat state from `seat`'s point of view."""
        key = (players, seat or 0)
        found = self._slot_maps.get(key)
        if found is None:
            offset, m = seat or 0, self.max_players
            found = {
                f"{base}:{(offset + k) % players}": b * m + k
                for b, base in enumerate(self.per_seat)
                for k in range(players)
            }
            start = len(self.per_seat) * m
            found.update({name: start + i for i, name in enumerate(self.fixed)})
            self._slot_maps[key] = found
        return found

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The lowest and highest value of each entry of the vector."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.ones(self.size, dtype=np.float32)
        at = self._bits + len(self.slot_names) + 3 * self.max_players + 1
        for field in self.view_fields:
            if not field.choices:
                low[at] = -1.0
            at += field.width
        return low, high

    def _plan(self, state: GenericState[Any, Any, Any]) -> ZonePlan:
        key = (type(state), state.players)
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = ZonePlan(state.zone_specs, state.players)
        return plan

    def encode(
        self, state: GameState, seat: int | None, *, everything: bool = False
    ) -> npt.NDArray[np.float32]:
        """The observation vector of `seat` (`None`: a spectator) in `state`.

        With `everything`, every zone's cards are shown (the whole state, for
        a centralised critic), and the seat to act is that of the state.
        """
        if isinstance(state, GenericState) and (seat is None or 0 <= seat < state.players):
            planes, counts = self._fast_planes(state, seat, everything)
        else:
            planes, counts = self._planes(state, seat, everything)
        return self._assemble(state, seat, planes, counts, everything)

    def _fast_planes(
        self, state: GenericState[Any, Any, Any], seat: int | None, everything: bool
    ) -> tuple[list[int], list[int]]:
        """The planes' masks and the slots' counts, from the declared zones' masks."""
        plan = self._plan(state)
        key = (id(plan), seat, everything)
        if key in self._fused:
            fused = self._fused[key]
        else:
            seen = [True] * len(plan.names) if everything else plan.fixed_seen(seat)
            route = self._route(plan, seat)
            fused = plan.fuse(route, seen, len(self.slot_names), self._top_slots)
            self._fused[key] = fused
        if fused is None:
            return self._read_planes(plan, state, seat, everything)
        planes, tally = fused(state)
        if plan.has_keyed:
            other = len(self.slot_names) - 1
            for _, mask, count, _, public in plan.keyed(state):
                tally[other] += count
                if public or everything:
                    planes[other] |= mask
        return planes, tally

    def _read_planes(
        self, plan: ZonePlan, state: GenericState[Any, Any, Any], seat: int | None, everything: bool
    ) -> tuple[list[int], list[int]]:
        """What `_fast_planes` gives, read entry by entry (two entries in one slot)."""
        masks, counts, tops, keyed = plan.read(state)
        route = self._route(plan, seat)
        slots = len(self.slot_names)
        planes = [0] * slots
        tally = [0] * slots
        top = [0] * slots
        other = 0
        seen = plan.seen(state, seat)
        for i, mask, count, bit, sees in zip(route, masks, counts, tops, seen, strict=True):
            tally[i] += count
            if sees or everything:
                if i < 0:
                    other |= mask
                else:
                    planes[i] = mask
                    top[i] = bit
        for _, mask, count, _, public in keyed:  # never zones of a fresh deal: `other`
            tally[-1] += count
            if public or everything:
                other |= mask
        planes[-1] = other
        planes += [top[i] for i in self._top_slots]
        return planes, tally

    def _route(self, plan: ZonePlan, seat: int | None) -> tuple[int, ...]:
        """The slot of each entry of `plan` from `seat`'s point of view (-1: `other`)."""
        key = (id(plan), seat)
        found = self._routes.get(key)
        if found is None:
            index = self.slot_index(plan.players, seat)
            found = self._routes[key] = tuple(index.get(n, -1) for n in plan.names)
        return found

    def _planes(
        self, state: GameState, seat: int | None, everything: bool
    ) -> tuple[list[int], list[int]]:
        """The planes' masks and the slots' counts, from `zones()` and `visible_zones(seat)`."""
        visible = None if everything else frozenset(state.visible_zones(seat))
        index = self.slot_index(state.players, seat)
        slots = len(self.slot_names)
        planes = [0] * slots
        tally = [0] * slots
        top = [0] * slots
        other = 0
        for name, zone in state.zones().items():
            mask, count, bit = cards_mask(zone)
            i = index.get(name, -1)
            tally[i] += count
            if visible is None or name in visible:
                if i < 0:
                    other |= mask
                else:
                    planes[i] = mask
                    top[i] = bit
        planes[-1] = other
        planes += [top[i] for i in self._top_slots]
        return planes, tally

    def _assemble(
        self,
        state: GameState,
        seat: int | None,
        planes: list[int],
        counts: list[int],
        everything: bool,
    ) -> npt.NDArray[np.float32]:
        """Unpack the card masks and append counts, one-hots and view fields."""
        n, stride, end = len(planes), self.cards, self._bits
        bits = np.unpackbits(np.frombuffer(self._pack(*planes), dtype=np.uint8), bitorder="little")
        out = np.empty(self.size, dtype=np.float32)
        out[:end].reshape(n, stride)[:] = bits.reshape(n, 64)[:, :stride]
        scale = 1.0 / stride
        players = state.players
        # view(seat).to_act: private windows stay private
        to_act = state.to_act if everything else state.shown_to_act(seat)
        m = self.max_players
        tail = [c * scale for c in counts]
        tail += self._seat_hots(seat, players)
        tail += self._to_act_hots[m if to_act is None else (to_act - (seat or 0)) % players]
        if self.view_fields:
            tail += self._view_fields(self._scalars(state, seat), seat, players)
        out[end:] = tail
        return out

    def _seat_hots(self, seat: int | None, players: int) -> list[float]:
        """The one-hot of `seat` (zeros for a spectator) and the `present/+k` flags."""
        key = (seat, players)
        found = self._seat_parts.get(key)
        if found is None:
            m = self.max_players
            found = [0.0] * (2 * m)
            if seat is not None:
                found[seat] = 1.0
            found[m : m + players] = [1.0] * players
            self._seat_parts[key] = found
        return found

    def _scalars(self, state: GameState, seat: int | None) -> Mapping[str, Any]:
        """The view's scalar fields: from the state's `view_scalars(seat)` (an optional hook:
        the scalar entries of `view_extra` alone, with the same values) or `view_extra` where
        they hold them all (a `GenericState`: no view model is built), else from the view."""
        if isinstance(state, GenericState):
            shown: GenericState[Any, Any, Any] = state
            if state.private_windows and seat != state.to_act:
                shown = state.public_state()
            lean = getattr(shown, "view_scalars", None)
            extra = shown.view_extra(seat) if lean is None else lean(seat)
            if self._names.issubset(extra):
                return extra
        return dict(state.view(seat))

    def _view_fields(
        self, scalars: Mapping[str, Any], seat: int | None, players: int
    ) -> list[float]:
        values: list[float] = []
        m = self.max_players
        for field, hots, cold in self._field_hots:
            value = scalars[field.name]
            if hots is not None:
                values += hots.get(value, cold)
            elif value is None:
                values.append(-1.0)
            elif field.seat:
                values.append(((int(value) - (seat or 0)) % players) / m)
            else:
                number = float(value)
                values.append(number / (1.0 + abs(number)))
        return values

    def describe(self) -> list[str]:
        """A name for each entry of the vector (`hand:+0/QS`, `count/stock`, `to_act/+1`...)."""
        codes = [c.code for c in _cards(self.cards)]
        slots = [self._relative(n) for n in self.slot_names]
        names = [f"{slot}/{code}" for slot in slots for code in codes]
        names += [f"top:{slots[i]}/{code}" for i in self._top_slots for code in codes]
        names += [f"count/{slot}" for slot in slots]
        m = self.max_players
        names += [f"seat/{s}" for s in range(m)]
        names += [f"present/+{s}" for s in range(m)]
        names += [f"to_act/+{s}" for s in range(m)] + ["to_act/none"]
        for field in self.view_fields:
            if field.choices:
                names += [f"{field.name}/{_choice_text(c)}" for c in field.choices]
            else:
                names.append(field.name)
        return names

    def _relative(self, name: str) -> str:
        base, _, suffix = name.rpartition(":")
        return f"{base}:+{suffix}" if base in self.per_seat else name


def _not_from_zones(state: GameState, fields: tuple[ScalarField, ...]) -> tuple[ScalarField, ...]:
    """The fields but those a `GenericState`'s view draws from its zones (`stock_count`...):
    the zone counts of the observation carry them already, and leaving them out lets the
    observation read the others from `view_extra` without building a view."""
    if not isinstance(state, GenericState):
        return fields
    from cardkit.engine.zoneviews import ZoneViewer

    drawn = set(ZoneViewer(state.zone_specs, state.view_model)(state, 0)) - set(state.view_extra(0))
    return tuple(f for f in fields if f.name not in drawn)


def _hots(field: ScalarField) -> tuple[ScalarField, dict[object, list[float]] | None, list[float]]:
    """The field, the one-hot list of each of its declared values, and the list of none."""
    width = len(field.choices)
    if not width:
        return field, None, []
    index = _choice_index(field)
    return (
        field,
        {v: [float(i == k) for k in range(width)] for v, i in index.items()},
        [0.0] * width,
    )


def _choice_index(field: ScalarField) -> dict[object, int]:
    """Each declared value's position in the one-hot (an `Enum`'s by member and by value)."""
    found: dict[object, int] = {}
    for i, choice in enumerate(field.choices):
        found[choice] = i
        if isinstance(choice, Enum):
            found.setdefault(choice.value, i)
    return found


def _cards(count: int) -> Sequence[Any]:
    from cardkit.cards.card import Card

    return [Card.from_index(i) for i in range(count)]


def _choice_text(choice: object) -> str:
    return str(choice.value) if isinstance(choice, Enum) else str(choice)
