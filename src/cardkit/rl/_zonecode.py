"""The generated code of the zone readers: the lines that read every entry of a state.

[ZonePlan][cardkit.rl._zonemasks.ZonePlan] builds, once per state class and
player count, the lines that set each entry's mask, count and top bit
(`entry_code`); its `fuse` functions add the slots around them. An entry
whose cards are a tuple keeps its last value and what it gave, and works
out the next one from it when the tuple only grew or lost its front
(`grown`: a discard pile played on, a stock drawn from).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

from cardkit.cards.cardset import CardSet
from cardkit.engine.zones import Zone

__all__ = ["cards_mask", "entry_code", "getter", "grown"]

_BIT = attrgetter("bit")


def cards_mask(cards: Any) -> tuple[int, int, int]:
    """The mask, count and top card's bit of a zone's value (a card set or a sequence)."""
    if isinstance(cards, CardSet):
        return cards.mask, len(cards), 0
    if not cards:
        return 0, 0, 0
    return sum(map(_BIT, cards)), len(cards), cards[-1].bit


def grown(cards: Any, last: tuple[Any, tuple[int, int, int]]) -> tuple[int, int, int]:
    """`cards_mask(cards)`, from the `last` value's when a tuple of cards extends it or is
    its tail (a discard pile grown by a play, a stock drawn from): only the cards added or
    taken are summed."""
    before, (mask, count, _) = last
    if type(cards) is tuple and type(before) is tuple:
        n = len(cards)
        if n > count and cards[:count] == before:
            return mask + sum(map(_BIT, cards[count:])), n, cards[-1].bit
        if 0 < n < count and cards == before[count - n :]:
            return mask - sum(map(_BIT, before[: count - n])), n, cards[-1].bit
    return cards_mask(cards)


def getter(zone: Zone) -> Callable[[Any], Any]:
    """What gives a zone's value: its `cards` function, or its field of `state.f`."""
    if zone.cards is not None:
        return zone.cards
    field = attrgetter(zone.attr)
    return lambda state: field(state.f)


def entry_code(zones: Sequence[Zone], players: int) -> tuple[list[str], dict[str, Any]]:
    """Lines that set `m<k>`, `c<k>`, `t<k>` (mask, count, top bit) of every entry `k`.

    A field is read straight from `state.f`. A card set gives its mask at
    once. Any other entry whose cards are not a mask keeps, in `kept[k]`, its
    last value and what it gave: states are
    immutable and a successor keeps the objects of the fields it does not
    change, so a value that `is` the last one gives the same mask, count and
    top (the value is held, so its id is never reused). A zone computed by
    its `cards` function hits only if the game's function returns the same
    object again (Tonk keeps its own). A zone declaring `bits` gives its
    entries itself (Palace's pile, from the mask and top its fields keep).
    """
    kept: list[tuple[Any, ...]] = []
    scope: dict[str, Any] = {"grown": grown, "kept": kept, "CardSet": CardSet}
    lines = ["    f = state.f"]
    k = 0
    for z, zone in enumerate(zones):
        if zone.bits is not None:  # the zone's own (mask, count, top), per seat or not
            scope[f"bits{z}"] = zone.bits
            lines.append(f"    v{z} = bits{z}(state)")
            for s in range(players if zone.per_seat else 1):
                lines.append(f"    m{k}, c{k}, t{k} = v{z}" + (f"[{s}]" if zone.per_seat else ""))
                k += 1
            continue
        if zone.cards is None and zone.attr.isidentifier():
            lines.append(f"    v{z} = f.{zone.attr}")
        else:
            scope[f"get{z}"] = getter(zone)
            lines.append(f"    v{z} = get{z}(state)")
        if zone.per_seat:
            for s in range(players):
                if zone.masks:
                    lines.append(f"    m{k} = v{z}[{s}]; c{k} = m{k}.bit_count(); t{k} = 0")
                else:
                    lines += _kept_code(
                        kept, f"v{z}[{s}]", [f"m{k}", f"c{k}", f"t{k}"], "grown(x, k)"
                    )
                k += 1
        elif zone.split_top:
            names = [f"m{k}", f"c{k}", f"t{k}", f"m{k + 1}", f"c{k + 1}", f"t{k + 1}"]
            lines += _kept_code(kept, f"v{z}", names, "split(x)", sets=False)
            scope["split"] = _split
            k += 2
        elif zone.masks:
            lines.append(f"    m{k} = v{z}; c{k} = m{k}.bit_count(); t{k} = 0")
            k += 1
        else:
            lines += _kept_code(kept, f"v{z}", [f"m{k}", f"c{k}", f"t{k}"], "grown(x, k)")
            k += 1
    return lines, scope


def _kept_code(
    kept: list[tuple[Any, ...]], value: str, names: list[str], call: str, *, sets: bool = True
) -> list[str]:
    """Lines setting `names` from `call` on `value`, or from `kept[j]` if `value` is its own;
    with `sets`, a card set (most games' hands) is read at once: it holds its mask."""
    j = len(kept)
    kept.append((_NOTHING, (0, 0, 0)))
    from_kept = [
        f"k = kept[{j}]",
        f"if x is not k[0]: k = kept[{j}] = (x, {call})",
        f"{', '.join(names)} = k[1]",
    ]
    if not sets:
        return [f"    x = {value}", *(f"    {line}" for line in from_kept)]
    mask, count, top = names
    return [
        f"    x = {value}",
        f"    if type(x) is CardSet: {mask} = x.mask; {count} = {mask}.bit_count(); {top} = 0",
        "    else:",
        *(f"        {line}" for line in from_kept),
    ]


#: What no zone value is (the first value of every kept entry misses).
_NOTHING = object()


def _split(value: Any) -> tuple[int, int, int, int, int, int]:
    """A `split_top` zone's two entries: the cards under the top one, and the top one."""
    mask, count, top = cards_mask(value)
    below = value[-2].bit if count > 1 else 0
    return mask & ~top, max(count - 1, 0), below, top, min(count, 1), top
