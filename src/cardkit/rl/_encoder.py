"""The observation vector as bytes: each part looked up, joined once, read by numpy once.

[ObservationLayout.encode][cardkit.rl.observe.ObservationLayout.encode] keeps
one [encoder][cardkit.rl._encoder.encoder] per state class, player count,
seat and `everything`. It turns the planes' masks and the slots' counts
into the vector's float32 bytes by look-ups, not by numpy calls, which
cost more than the work here:

- a card plane's bytes by its mask ([PlaneBytes][cardkit.rl._encoder.PlaneBytes]:
  the same hands, piles and top cards come back again and again; a new
  mask costs four look-ups in a table of the 8,192 rows of 13 bits, built
  once per process); the generated readers join a 52-card plane from those
  four rows straight away (`PlaneBytes.plane`): a few more instructions
  than a kept plane's look-up, but no table of planes to keep, whose
  scattered look-ups missed the CPU's caches; a top card's plane (one card,
  52 masks at most) is still looked up;
- a count's bytes by the count, the seat's one-hots once per encoder, the
  one-hot of the seat to act by that seat;
- the view fields' bytes by their values ([field_bytes][cardkit.rl._encoder.field_bytes]:
  a phase, a flag, a seat repeat across steps), the values of a game's `view_scalars`
  hook, a tuple, being the key as they are.

The bytes are those numpy would write (float32 of the same float64
values), so the vector is the same to the bit; tests/rl compare it with a
reference built entry by entry.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter, itemgetter
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardkit.engine.generic import GenericState
from cardkit.engine.shown import only_shown
from cardkit.engine.state import GameState
from cardkit.rl.fields import FieldCodec, scalar_names, view_extra_of

__all__ = ["CountBytes", "PlaneBytes", "encoder", "field_bytes", "float_bytes", "joined"]

#: How many masks (or field values) a table keeps before it starts again.
_KEPT = 1 << 14

_pack_one = struct.Struct("<f").pack
#: The float32 bytes of the eight bits of each byte, lowest bit first.
_BYTE_BITS = tuple(b"".join(_pack_one(float(b >> i & 1)) for i in range(8)) for b in range(256))
#: A plane is read 13 bits (a suit's cards) at a time: four look-ups for 52 cards.
_CHUNK: Final = 13
_CHUNK_MASK: Final = (1 << _CHUNK) - 1
_chunks: list[tuple[bytes, ...]] = []


def _chunk_rows() -> tuple[bytes, ...]:
    """The float32 bytes of the 13 bits of every chunk (built once, 8,192 rows of 52 bytes)."""
    if not _chunks:
        size = 4 * _CHUNK
        _chunks.append(
            tuple((_BYTE_BITS[b & 255] + _BYTE_BITS[b >> 8])[:size] for b in range(1 << _CHUNK))
        )
    return _chunks[0]


Vector = npt.NDArray[np.float32]
#: Reads a state's planes (slot order, then the top planes) and each slot's count.
Planes = Callable[[Any], tuple[list[int], list[int]]]
#: The bytes of a state's planes and counts (as a seat sees them), then the tail and the
#: view fields' bytes given (two parts: no bytes object of the two joined first).
Cards = Callable[[Any, bytes, bytes], bytearray]


def float_bytes(values: Sequence[float]) -> bytes:
    """The float32 bytes of some numbers (as numpy converts them)."""
    return struct.pack(f"<{len(values)}f", *values)


class PlaneBytes(dict[int, bytes]):
    """The float32 bytes of a card plane (one entry per card, 0 or 1), by its mask.

    Args:
        cards: the cards of a plane (52, or 54 with jokers).
    """

    __slots__ = ("_rows", "_shifts", "_size")

    def __init__(self, cards: int) -> None:
        """An empty table for planes of `cards` cards."""
        super().__init__()
        self._rows = _chunk_rows()
        self._shifts = tuple(range(0, cards, _CHUNK))
        self._size = 4 * cards

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as an empty table of the same planes (the rows and kept planes are
        worked out again: a pickle holds no 425 KB of rows)."""
        return PlaneBytes, (self._size // 4,)

    @property
    def chunks(self) -> tuple[bytes, ...] | None:
        """The bytes of each 13-bit row, by its bits, when a plane is four of them (52
        cards); a plane of mask `m` is then the rows of `m & 8191`, `m >> 13 & 8191`,
        `m >> 26 & 8191` and `m >> 39` (`None`: 54 cards)."""
        return self._rows if self._size == 208 else None

    def plane(self, mask: int) -> bytes:
        """The bytes of a 52-card plane, joined from its four rows, not kept.

        The generated readers call it rather than doing the four look-ups
        themselves: compiled, its shifts run on machine words, where the
        readers' own ran interpreted on Python ints.
        """
        rows = self._rows
        return (
            rows[mask & _CHUNK_MASK]
            + rows[mask >> 13 & _CHUNK_MASK]
            + rows[mask >> 26 & _CHUNK_MASK]
            + rows[mask >> 39]
        )

    def __missing__(self, mask: int) -> bytes:
        """Work out a mask not seen yet (bits past the plane's cards are left out)."""
        if len(self) >= _KEPT:
            self.clear()
        rows, m = self._rows, _CHUNK_MASK
        if self._size == 208:  # 52 cards: four whole chunks
            row = b"".join(
                (rows[mask & m], rows[mask >> 13 & m], rows[mask >> 26 & m], rows[mask >> 39 & m])
            )
        else:
            row = b"".join([rows[mask >> s & m] for s in self._shifts])[: self._size]
        self[mask] = row
        return row


class CountBytes(dict[int, bytes]):
    """The float32 bytes of a slot's count over the deck's size, by the count.

    Args:
        cards: the deck's size the counts are divided by.
    """

    __slots__ = ("_cards", "_scale")

    def __init__(self, cards: int) -> None:
        """An empty table for counts over `cards`."""
        super().__init__()
        self._scale = 1.0 / cards
        self._cards = cards

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as an empty table over the same deck's size."""
        return CountBytes, (self._cards,)

    def __missing__(self, count: int) -> bytes:
        """Work out a count not seen yet."""
        found = self[count] = _pack_one(count * self._scale)
        return found


def field_bytes(
    codec: FieldCodec, state: GameState, seat: int | None, players: int
) -> Callable[[Any], bytes]:
    """The bytes of the view fields of `seat`, for states of `state`'s class.

    From the class's `view_scalars` hook where it has one and it names every
    field the codec reads (see [scalar_names][cardkit.rl.fields.scalar_names]):
    the values it gives, in its order, are the key of the bytes kept (picked
    by position when the codec reads fewer or in another order); for a class
    whose view entries are only its `shown` fields, kept by those fields'
    values; else from `view_extra_of` (or the view), picked by name.
    `codec.values` works out new values.
    """
    if not isinstance(state, GenericState):
        values = codec.values
        return lambda state: float_bytes(values(dict(state.view(seat)), seat, players))
    cls: Any = type(state)  # a game's class: `view_scalars` is not GameState's
    hook = scalar_names(cls)
    if hook is not None and set(codec.names) <= set(hook):
        return _hook_bytes(codec, cls, hook, seat, players)
    shown = None if cls.private_windows else only_shown(state)
    if shown is not None and set(codec.names) <= {"dealer", *(s.field for s in shown)}:
        read = tuple(s.field for s in shown if s.field in codec.names)
        return _shown_bytes(codec, read, seat, players)
    return _extra_bytes(codec, cls, seat, players)


def _shown_bytes(
    codec: FieldCodec, names: tuple[str, ...], seat: int | None, players: int
) -> Callable[[Any], bytes]:
    """The view fields' bytes of a class whose view entries are only its `shown` fields
    ([only_shown][cardkit.engine.shown.only_shown]), kept by those fields' values, the
    dealer and whether the game is over (what the entries read are made of): a step whose
    values repeat a step before costs one look-up, and no `Shown.say` is called."""
    pick: Callable[[Any], Any] = attrgetter(*names) if names else lambda f: ()
    kept: dict[Any, bytes] = {}
    values = codec.values

    def convert(state: Any) -> bytes:
        return float_bytes(values(view_extra_of(state, seat), seat, players))

    def fields(state: GenericState[Any, Any, Any]) -> bytes:
        key = (state.setup.dealer, state.is_over, pick(state.f))
        found = _recalled(kept, key)
        return found if found is not None else _kept(kept, key, convert(state))

    return fields


def _hook_bytes(
    codec: FieldCodec, cls: Any, hook: tuple[str, ...], seat: int | None, players: int
) -> Callable[[Any], bytes]:
    """The view fields' bytes from the class's `view_scalars` (named by `hook`)."""
    names = codec.names
    kept: dict[Any, bytes] = {}
    values = codec.values
    windows: bool = cls.private_windows
    read = cls.view_scalars  # a function of the state (the core makes the hook a method)
    at = [hook.index(name) for name in names]
    whole = at == list(range(len(hook)))  # the hook's values are the key as they are
    pick = itemgetter(*at) if len(at) > 1 else lambda got: (got[at[0]],)

    def convert(got: tuple[Any, ...]) -> bytes:
        return float_bytes(values(dict(zip(hook, got, strict=True)), seat, players))

    def fields(state: Any) -> bytes:
        if windows and seat != state.to_act:
            got: tuple[Any, ...] = read(state.public_state(), seat)
        else:
            got = read(state, seat)
        key = got if whole else pick(got)
        found = _recalled(kept, key)
        return found if found is not None else _kept(kept, key, convert(got))

    return fields


def _extra_bytes(
    codec: FieldCodec, cls: Any, seat: int | None, players: int
) -> Callable[[Any], bytes]:
    """The view fields' bytes from `view_extra_of` (or the view), picked by name."""
    names = codec.names
    pick = itemgetter(*names)
    key_of: Callable[[Mapping[str, Any]], Any] = (
        pick if len(names) > 1 else lambda scalars: (pick(scalars),)
    )
    kept: dict[Any, bytes] = {}
    values = codec.values
    windows: bool = cls.private_windows

    def fields(state: Any) -> bytes:
        got = view_extra_of(
            state.public_state() if windows and seat != state.to_act else state, seat
        )
        try:
            key = key_of(got)
        except KeyError:  # not all in view_extra: from the view
            got = dict(state.view(seat))
            key = key_of(got)
        found = _recalled(kept, key)
        return (
            found
            if found is not None
            else _kept(kept, key, float_bytes(values(got, seat, players)))
        )

    return fields


def _recalled(kept: dict[Any, bytes], key: Any) -> bytes | None:
    """The view fields' bytes `kept` by `key`, or `None`: not kept yet, or `key` holds an
    unhashable value (such bytes are worked out at each step)."""
    try:
        return kept.get(key)
    except TypeError:
        return None


def _kept(kept: dict[Any, bytes], key: Any, made: bytes) -> bytes:
    """`made`, the view fields' bytes for `key`, kept in `kept` when `key` is hashable (the
    table starts again once it holds `_KEPT`)."""
    try:
        hash(key)
    except TypeError:
        return made
    if len(kept) >= _KEPT:
        kept.clear()
    kept[key] = made
    return made


def joined(planes_of: Planes, rows: PlaneBytes, counts: CountBytes) -> Cards:
    """The bytes of the planes then the counts `planes_of` gives, then `tail` and `fields`."""
    row, count, join = rows.__getitem__, counts.__getitem__, bytearray().join

    def cards(state: Any, tail: bytes, fields: bytes) -> bytearray:
        planes, tally = planes_of(state)
        return join([*map(row, planes), *map(count, tally), tail, fields])

    return cards


def encoder(
    cards_of: Cards,
    seat: int | None,
    asks: bool,
    fields_of: Callable[[Any], bytes] | None,
    seat_bytes: bytes,
    acts: Sequence[bytes],
) -> Callable[[Any], Vector]:
    """The function giving one seat's observation vector of a state.

    Args:
        cards_of: the bytes of the state's planes and counts as this seat sees
            them, followed by the tail and the fields' bytes it is given.
        seat: the seat (`None`: a spectator).
        asks: the seat to act is asked of `state.shown_to_act(seat)` (private
            windows) when it is not `seat` (a seat to act is always shown itself).
        fields_of: the view fields' bytes (`None`: the layout carries none).
        seat_bytes: the bytes of the seat's one-hot and the `present` flags.
        acts: the one-hot bytes of each seat to act (by seat, then `None` last).
    """
    players = len(acts) - 1
    frombuffer, f32 = np.frombuffer, np.dtype(np.float32)  # a dtype object: not converted
    acts = [seat_bytes + act for act in acts]

    def encode(state: Any) -> Vector:
        to_act: int | None = state.to_act
        if asks and to_act != seat:
            to_act = state.shown_to_act(seat)
        tail = acts[players if to_act is None else to_act % players]
        fields = b"" if fields_of is None else fields_of(state)
        return frombuffer(cards_of(state, tail, fields), f32)

    return encode
