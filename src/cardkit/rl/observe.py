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

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any

import numpy as np
import numpy.typing as npt

from cardkit.cards.cardset import CardSet
from cardkit.engine.generic import GenericState
from cardkit.engine.state import GameState
from cardkit.errors import CardkitError
from cardkit.rl._encoder import (
    Cards,
    CountBytes,
    PlaneBytes,
    Vector,
    encoder,
    field_bytes,
    float_bytes,
    joined,
)
from cardkit.rl._slots import SlotReader, shares_a_slot
from cardkit.rl._zonemasks import ZonePlan, cards_mask
from cardkit.rl.fields import FieldCodec, ScalarField, scalar_fields

__all__ = ["ObservationLayout", "ScalarField"]

#: What an `ObservationLayout` keeps to encode fast; a pickle leaves them out (they hold
#: readers and encoders, and `_routes` and `_fused` are keyed by the `id` of a plan).
_CACHES = ("_slot_maps", "_plans", "_routes", "_fused", "_encoders")


def _probes(state: GameState) -> list[GameState]:
    """`state` and a fresh deal at every other player count the game takes under its rules."""
    game = state.game
    found = [state]
    for players in range(game.players.min, max(game.players.max, state.players) + 1):
        if players == state.players:
            continue
        try:
            found.append(game.start(players=players, rules=state.rules, seed=0))
        except CardkitError:  # rules that do not take this many players
            continue
    return found


class ObservationLayout:
    """How a game's state becomes the observation vector of one seat.

    With `M` the game's most seats (`players.max`) and `p` the seats of
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
        self.max_players = max(state.game.players.max, players)
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
        self._fields = FieldCodec(self.view_fields, self.max_players)
        slots = len(self.slot_names)
        self.planes = slots + len(self._top_slots)
        self._bits = self.planes * self.cards
        self.size = self._bits + slots + 3 * m + 1 + sum(f.width for f in self.view_fields)
        self._slot_maps: dict[tuple[int, int], dict[str, int]] = {}
        self._plans: dict[tuple[type, int], ZonePlan] = {}
        self._routes: dict[tuple[int, int | None], tuple[int, ...]] = {}
        self._fused: dict[tuple[int, int | None, bool], SlotReader | None] = {}
        self._rows, self._counts = PlaneBytes(self.cards), CountBytes(self.cards)
        #: one encoder per state class, player count, seat and `everything`
        self._encoders: dict[tuple[type, int, int | None, bool], Callable[[Any], Vector]] = {}

    def __getstate__(self) -> dict[str, Any]:
        """The layout without what it keeps to encode fast (generated readers and encoders,
        kept bytes, entries by `id`): a copy works them out again when it first encodes."""
        kept = self.__dict__.copy()
        for name in _CACHES:
            kept[name] = {}
        return kept

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
        return self.encoder(state, seat, everything=everything)(state)

    def encoder(
        self, state: GameState, seat: int | None, *, everything: bool = False
    ) -> Callable[[Any], Vector]:
        """The function giving `encode(s, seat)` of any state `s` of `state`'s class and
        player count (kept: a caller encoding many states looks it up once)."""
        found = self._encoders.get((type(state), state.players, seat, everything))
        if found is None:
            found = self._encoder(state, seat, everything)
        return found

    def _encoder(
        self, state: GameState, seat: int | None, everything: bool
    ) -> Callable[[Any], Vector]:
        """Build (and keep, for a seat of the state or a spectator) the encoder of `seat`."""
        players = state.players
        valid = seat is None or (isinstance(seat, int) and 0 <= seat < players)
        cards = None
        if isinstance(state, GenericState) and valid:
            cards = self._fused_bytes(state, seat, everything)
            if cards is None:
                plan = self._plan(state)
                cards = joined(
                    lambda s: self._read_planes(plan, s, seat, everything), self._rows, self._counts
                )
        else:
            cards = joined(lambda s: self._planes(s, seat, everything), self._rows, self._counts)
        cls = type(state)
        plain = cls.shown_to_act is GameState.shown_to_act and not cls.private_windows
        # view(seat).to_act: private windows stay private
        asks = not (everything or plain)
        fields = field_bytes(self._fields, state, seat, players) if self.view_fields else None
        found = encoder(cards, seat, asks, fields, *self._parts(seat, players))
        if valid:
            self._encoders[(type(state), players, seat, everything)] = found
        return found

    def _parts(self, seat: int | None, players: int) -> tuple[bytes, list[bytes]]:
        """The bytes of the seat's one-hot and `present` flags, and of each seat to act."""
        m = self.max_players
        hots = [0.0] * (2 * m)
        if seat is not None:
            hots[seat] = 1.0
        hots[m : m + players] = [1.0] * players
        offset = seat or 0
        acts = [
            float_bytes([float(i == (j - offset) % players) for i in range(m + 1)])
            for j in range(players)
        ]
        acts.append(float_bytes([float(i == m) for i in range(m + 1)]))
        return float_bytes(hots), acts

    def _fused_bytes(
        self, state: GenericState[Any, Any, Any], seat: int | None, everything: bool
    ) -> Cards | None:
        """The reader of the planes' and counts' bytes (`None`: two entries in a slot)."""
        reader = self._reader(state, seat, everything)
        return None if reader is None else reader.read

    def _reader(
        self, state: GenericState[Any, Any, Any], seat: int | None, everything: bool
    ) -> SlotReader | None:
        """The seat's reader of every fixed zone into its slot (`None`: two entries in a slot)."""
        plan = self._plan(state)
        key = (id(plan), seat, everything)
        if key not in self._fused:
            seen = [True] * len(plan.names) if everything else plan.fixed_seen(seat)
            route = self._route(plan, seat)
            tables = (self._rows, self._counts)
            self._fused[key] = (
                None
                if shares_a_slot(route)
                else SlotReader(
                    plan, route, seen, len(self.slot_names), self._top_slots, tables, everything
                )
            )
        return self._fused[key]

    def _read_planes(
        self, plan: ZonePlan, state: GenericState[Any, Any, Any], seat: int | None, everything: bool
    ) -> tuple[list[int], list[int]]:
        """The planes' masks (slot order, then the top planes) and the slots' counts, read
        entry by entry (two entries in one slot; the reference of the `SlotReader`s)."""
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
    observation read the others from `view_extra_of` without building a view."""
    if not isinstance(state, GenericState):
        return fields
    from cardkit.engine.shown import view_entries
    from cardkit.engine.zoneviews import ZoneViewer

    drawn = set(ZoneViewer(state.zone_specs, state.view_model)(state, 0)) - set(
        view_entries(state, 0)
    )
    return tuple(f for f in fields if f.name not in drawn)


def _cards(count: int) -> Sequence[Any]:
    from cardkit.cards.card import Card

    return [Card.from_index(i) for i in range(count)]


def _choice_text(choice: object) -> str:
    return str(choice.value) if isinstance(choice, Enum) else str(choice)
