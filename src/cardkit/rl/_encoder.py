"""The observation vector as bytes: each part looked up, joined once, read by numpy once.

[ObservationLayout.encode][cardkit.rl.observe.ObservationLayout.encode] keeps
one [encoder][cardkit.rl._encoder.encoder] per state class, player count,
seat and `everything`. It turns the planes' masks and the slots' counts
into the vector's float32 bytes by look-ups, not by numpy calls, which
cost more than the work here:

- a card plane's bytes by its mask ([PlaneBytes][cardkit.rl._encoder.PlaneBytes]:
  the same hands, piles and top cards come back again and again; a new
  mask costs seven look-ups in a table of the 256 bytes);
- a count's bytes by the count, the seat's one-hots once per encoder, the
  one-hot of the seat to act by that seat;
- the view fields' bytes by their values ([FieldBytes][cardkit.rl._encoder.FieldBytes]:
  a phase, a flag, a seat repeat across steps).

The bytes are those numpy would write (float32 of the same float64
values), so the vector is the same to the bit; tests/rl compare it with a
reference built entry by entry.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["CountBytes", "FieldBytes", "PlaneBytes", "encoder", "float_bytes", "joined"]

#: How many masks (or field values) a table keeps before it starts again.
_KEPT = 1 << 14

_pack_one = struct.Struct("<f").pack
#: The float32 bytes of the eight bits of each byte, lowest bit first.
_BYTE_BITS = tuple(b"".join(_pack_one(float(b >> i & 1)) for i in range(8)) for b in range(256))

Vector = npt.NDArray[np.float32]
#: Reads a state's planes (slot order, then the top planes) and each slot's count.
Planes = Callable[[Any], tuple[list[int], list[int]]]
#: The view fields' values of a state, by field name.
Scalars = Callable[[Any], Mapping[str, Any]]


def float_bytes(values: Sequence[float]) -> bytes:
    """The float32 bytes of some numbers (as numpy converts them)."""
    return struct.pack(f"<{len(values)}f", *values)


class PlaneBytes(dict[int, bytes]):
    """The float32 bytes of a card plane (one entry per card, 0 or 1), by its mask.

    Args:
        cards: the cards of a plane (52, or 54 with jokers).
    """

    __slots__ = ("_bytes", "_size")

    def __init__(self, cards: int) -> None:
        """An empty table for planes of `cards` cards."""
        super().__init__()
        self._bytes = (cards + 7) // 8
        self._size = 4 * cards

    def __missing__(self, mask: int) -> bytes:
        """Work out a mask not seen yet (bits past the plane's cards are left out)."""
        if len(self) >= _KEPT:
            self.clear()
        raw = (mask & ((1 << 8 * self._bytes) - 1)).to_bytes(self._bytes, "little")
        row = b"".join([_BYTE_BITS[b] for b in raw])[: self._size]
        self[mask] = row
        return row


class CountBytes(dict[int, bytes]):
    """The float32 bytes of a slot's count over the deck's size, by the count.

    Args:
        cards: the deck's size the counts are divided by.
    """

    __slots__ = ("_scale",)

    def __init__(self, cards: int) -> None:
        """An empty table for counts over `cards`."""
        super().__init__()
        self._scale = 1.0 / cards

    def __missing__(self, count: int) -> bytes:
        """Work out a count not seen yet."""
        found = self[count] = _pack_one(count * self._scale)
        return found


class FieldBytes:
    """The view fields' bytes of one seat, by the fields' values.

    Args:
        names: the fields, in the vector's order.
        convert: the fields' numbers from their values (the layout's rule).
    """

    __slots__ = ("_convert", "_kept", "_pick")

    def __init__(
        self, names: Sequence[str], convert: Callable[[Mapping[str, Any]], list[float]]
    ) -> None:
        """An empty table for the fields `names`."""
        pick = itemgetter(*names)
        self._pick: Callable[[Mapping[str, Any]], Any] = (
            pick if len(names) > 1 else lambda scalars: (pick(scalars),)
        )
        self._convert = convert
        self._kept: dict[Any, bytes] = {}

    def __call__(self, scalars: Mapping[str, Any]) -> bytes:
        """The bytes of the fields' values in `scalars`.

        Raises:
            KeyError: a field is missing from `scalars`.
        """
        key = self._pick(scalars)
        try:
            found = self._kept.get(key)
        except TypeError:  # an unhashable value: converted each time
            return float_bytes(self._convert(scalars))
        if found is None:
            if len(self._kept) >= _KEPT:
                self._kept.clear()
            found = self._kept[key] = float_bytes(self._convert(scalars))
        return found


def joined(planes_of: Planes, rows: PlaneBytes, counts: CountBytes) -> Callable[[Any], bytes]:
    """The bytes of the planes then the counts `planes_of` gives."""
    row, count, join = rows.__getitem__, counts.__getitem__, b"".join

    def cards(state: Any) -> bytes:
        planes, tally = planes_of(state)
        return join([*map(row, planes), *map(count, tally)])

    return cards


def encoder(
    cards_of: Callable[[Any], bytes],
    to_act_of: Callable[[Any], int | None],
    fields_of: Callable[[Any], bytes] | None,
    seat_bytes: bytes,
    acts: Sequence[bytes],
) -> Callable[[Any], Vector]:
    """The function giving one seat's observation vector of a state.

    Args:
        cards_of: the bytes of the state's planes and counts as this seat sees them.
        to_act_of: the seat to act as this seat is shown it.
        fields_of: the view fields' bytes (`None`: the layout carries none).
        seat_bytes: the bytes of the seat's one-hot and the `present` flags.
        acts: the one-hot bytes of each seat to act (by seat, then `None` last).
    """
    players = len(acts) - 1

    def encode(state: Any) -> Vector:
        to_act = to_act_of(state)
        act = acts[players if to_act is None else to_act % players]
        head = cards_of(state) + seat_bytes + act
        data = bytearray(head if fields_of is None else head + fields_of(state))
        return np.frombuffer(data, dtype=np.float32)

    return encode
