"""Declarative zones: where a game keeps its cards, and who may see them.

A game built on [`GenericState`][cardkit.engine.generic.GenericState] declares its
zones once, as [`Zone`][cardkit.engine.zones.Zone] values naming a field of its
fields tuple, and the core derives from them the state's `zones()`,
`visible_zones()` and the zone part of the default view; the contract
suite's leak and non-interference checks read `zones()` and
`visible_zones()`, so they follow the same declaration.

What a zone adds to a view, by [`Seen`][cardkit.engine.zones.Seen]:

| seen       | shared zone `x`                 | per-seat zone `x`                         |
|------------|---------------------------------|-------------------------------------------|
| `owner`    | (as `nobody`)                   | `x`: the seat's own cards; `x_counts`     |
| `everyone` | `x`: its cards                  | `x`: every seat's cards                   |
| `top`      | `x_count`, and its top card     | `x_counts`, `x_tops`                      |
| `count`    | `x_count`                       | `x_counts`                                |
| `nobody`   | nothing                         | nothing                                   |

The top card of a `top` zone is its last card; the view names it
`top_key` (default `x_top`). The counts are named `count_key` (default
`x_count`, `x_counts`); an `everyone` zone given a `count_key` shows its
count under that key too. A zone may keep out of the derived view
(`in_view=False`: it still counts in `zones()` and `visible_zones()`, and
the game shows it its own way), list its cards in the game's
`hand_order` (`sort=True`, for a zone kept
as a set), show a spectator an empty hand instead of `None`
(`spectator_empty=True`), and add view entries of its own besides its cards
(`entries`: the current trick's leader, see
[`view_entries`][cardkit.engine.shown.view_entries]).

A zone's cards are read from its field, or computed by its `cards`
function from the state, for a game that keeps them in another form (bit
masks in its own card order, cards derived from other fields): the
declaration still says who may see them, and the core derives the rest.

Zones whose names or visibility change during play:

- `keyed`: zones that come and go. Its `cards` gives a mapping key ->
  cards, one zone `x:<key>` each (spreads on the table, `spread:3`), seen
  as `seen` says; the view holds a mapping key -> cards (`everyone`) or
  key -> count (`count`, `top`).
- `revealed`: a per-seat `owner` zone that everyone sees for the seats of
  the mask `revealed(state)` gives (hands shown at a showdown); the view
  holds those seats' cards under `revealed_key` (default `x_revealed`), a
  mapping seat -> cards.
- `masks`: its cards are bit masks (a `CardSet`'s `mask`): `zones()` gives
  card sets, a view counts the bits and builds card sets only for the
  cards it shows (a game keeping its hands as masks pays for no more).
- `split_top`: a shared `top` zone whose top card is a zone of its own,
  `x:top`, the only one anybody sees; `x` holds the cards under it (a pile
  players may not look through).
- `bits`: how a zone gives its mask, count and top card's bit
  (`(mask, count, top)`, one triple per seat when `per_seat`) without
  building its cards: the fast readers ([cardkit.rl][]'s observations)
  call it instead of `cards`, `zones()` and views keep `cards`. It must
  agree with `cards` (the contract suite checks it on every state of its
  random games: `check_zone_bits`); a zone whose fields keep its mask
  already (Palace's pile, a linked list of plays with its mask and its top
  beside it) reads in constant time what `cards` walks.

A state works out its visible zones once per seat, and adds those of its
`keyed` and `revealed` zones, which depend on the state, at each call.

A view model's field typed with [`CardSet`][cardkit.cards.cardset.CardSet]
(`hand: CardSet | None`, `face_up: list[CardSet]`) is given the zone's
card set as it is; any other field gets a list of cards (see
[`cardkit.engine.zoneviews`][cardkit.engine.zoneviews]).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.errors import ContractError

__all__ = [
    "Seen",
    "TableRole",
    "Zone",
    "dynamic_zone_names",
    "visible_zone_names",
    "zone_cards",
    "zone_value",
]

#: What a zone field holds: a set or a sequence of cards (or one per seat).
ZoneCards = Sequence[Card] | CardSet


class Seen(StrEnum):
    """Who may see the cards of a zone."""

    OWNER = "owner"
    """Only the seat the zone belongs to (a hand); others see its size."""
    EVERYONE = "everyone"
    """Every seat and spectators (face-up cards, melds on the table)."""
    TOP = "top"
    """Only the top (last) card is shown, and the size: a face-up discard pile."""
    COUNT = "count"
    """Nobody sees the cards, everyone sees how many there are: a face-down stock."""
    NOBODY = "nobody"
    """Neither the cards nor their number are shown."""


class TableRole(StrEnum):
    """Where a zone lies on a card table drawn for people (the browser table).

    A zone that declares none gets one from its visibility (see
    [`Zone.table_role`][cardkit.engine.zones.Zone.table_role]), so a game that
    says nothing still lays out.
    """

    HAND = "hand"
    """A seat's hand: yours fanned at the bottom, the others' as backs at their seats."""
    FACE_UP = "face_up"
    """A seat's face-up row, shown at its seat."""
    FACE_DOWN = "face_down"
    """A seat's face-down row, shown as backs at its seat."""
    PILE = "pile"
    """A pile in the middle whose cards are shown (a play pile, burned cards)."""
    STOCK = "stock"
    """The stock: backs and a count, in the middle."""
    DISCARD = "discard"
    """A discard pile: its top card and its size, in the middle."""
    MELD = "meld"
    """Spreads or melds on the table, each with its owner."""
    TRICK = "trick"
    """The current trick or combination to beat, in the middle."""
    OFF = "off"
    """Not drawn on the table."""


@dataclass(frozen=True, slots=True)
class Zone:
    """One zone of a game: a field of its fields tuple holding cards.

    Attributes:
        name: the zone's name in `zones()` (`"hand"` gives `"hand:0"`,
            `"hand:1"`... when `per_seat`) and in the view.
        field: the field of the game's fields tuple holding the cards
            (default: `name`); a per-seat zone's field holds one
            collection per seat.
        per_seat: one zone per seat (hands), or one shared zone.
        seen: who may see its cards.
        top_key: the view key of a `top` zone's top card (default `<name>_top`).
        cards: computes the zone's cards from the state instead of reading
            `field` (one collection per seat when `per_seat`, a mapping
            key -> cards when `keyed`).
        count_key: the view key of its count (default `<name>_count`) or,
            per seat, its counts (default `<name>_counts`); an `everyone`
            zone shows its count only when given one.
        in_view: whether the derived view shows it at all.
        sort: the view lists its cards low to high in the game's `hand_order`.
        spectator_empty: a spectator's view holds `[]` for an `owner` zone, not `None`.
        keyed: zones that come and go: its cards are a mapping key -> cards,
            one zone `<name>:<key>` each (Tonk's spreads, `spread:3`).
        revealed: for a per-seat `owner` zone, the mask of seats (bit `s`
            for seat `s`) whose zone everyone sees now (hands shown at a
            showdown); `None`: never shown.
        revealed_key: the view key of the revealed zones, a mapping seat ->
            cards (default `<name>_revealed`).
        split_top: for a shared `top` zone, its top card is a zone of its
            own, `<name>:top`, the only one anybody sees; `<name>` holds the
            cards under it (a pile players may not look through).
        masks: its cards are bit masks of card indices (as `CardSet.mask`):
            `zones()` gives them as card sets, a view counts them by their
            bits and builds a card set only for the cards it shows.
        bits: the zone's `(mask, count, top)` from the state without
            building its cards (one tuple per seat when
            `per_seat`): the mask of its cards' bits, their number, and the
            bit of its last card (0 when empty, or for a `CardSet`). Fast
            readers use it instead of `cards`; it must give what `cards`
            gives, card by card (`check_zone_bits`).
        role: where the zone lies on a table drawn for people (`None`: from
            its visibility, see `table_role`).
        entries: the view entries the zone adds besides its cards, from the state and
            the seat viewing (`None`: a spectator): the current trick's adds who led it
            (see [`trick_zones`][cardkit.engine.tricktaking.trick_zones]). The core adds
            them with the state's other derived entries
            ([`view_entries`][cardkit.engine.shown.view_entries]), after the zones' cards.
        leader: the view entry of the seat that led the zone's cards (a trick's, played
            one a seat from it: the table draws each card with its player); `""`: none.

    Raises:
        ContractError: options that do not go together (`keyed` with `per_seat`...).
    """

    name: str
    field: str = ""
    per_seat: bool = False
    seen: Seen = Seen.NOBODY
    top_key: str = ""
    cards: Callable[[Any], Any] | None = None
    count_key: str = ""
    in_view: bool = True
    sort: bool = False
    spectator_empty: bool = False
    keyed: bool = False
    revealed: Callable[[Any], int] | None = None
    revealed_key: str = ""
    split_top: bool = False
    masks: bool = False
    role: TableRole | None = None
    bits: Callable[[Any], Any] | None = None
    entries: Callable[[Any, int | None], Mapping[str, Any]] | None = None
    leader: str = ""

    def __post_init__(self) -> None:
        """Refuse options that do not go together (see Raises)."""
        wrong = ""
        if self.keyed and (self.per_seat or self.split_top):
            wrong = "keyed cannot go with per_seat or split_top"
        elif self.revealed is not None and not (self.per_seat and self.seen is Seen.OWNER):
            wrong = "revealed needs a per-seat zone seen by its owner (seen=Seen.OWNER)"
        elif self.split_top and (self.per_seat or self.seen is not Seen.TOP):
            wrong = "split_top needs a shared zone seen top card only (seen=Seen.TOP)"
        elif self.masks and self.seen is Seen.TOP:
            wrong = "a zone of masks is a set of cards, with no top card"
        elif self.bits is not None and (self.masks or self.keyed or self.split_top):
            wrong = "bits cannot go with masks (already bits), keyed or split_top"
        if wrong:
            raise ContractError(f"zone {self.name!r}: {wrong}")

    @property
    def attr(self) -> str:
        """The name of the field holding this zone's cards."""
        return self.field or self.name

    @property
    def public(self) -> bool:
        """Whether everyone may see (or has seen) its cards: `everyone`, `top` (see `split_top`)."""
        return self.seen in (Seen.EVERYONE, Seen.TOP)

    @property
    def table_role(self) -> TableRole:
        """Its `role`, else one from its visibility: a per-seat zone seen by its owner is
        a hand, seen by everyone a face-up row, counted a face-down row; a shared zone
        counted is the stock, seen top card only a discard pile, seen by everyone a
        pile (`keyed`: melds); a zone nobody sees, or kept out of the view, is `off`."""
        if self.role is not None:
            return self.role
        if self.seen is Seen.NOBODY or not self.in_view:
            return TableRole.OFF
        if self.per_seat:
            return _SEAT_ROLES.get(self.seen, TableRole.FACE_DOWN)
        if self.keyed:
            return TableRole.MELD
        return _SHARED_ROLES[self.seen]

    @property
    def dynamic(self) -> bool:
        """Whether which of its zones a seat sees depends on the state (`keyed`, `revealed`)."""
        return (self.keyed and self.public) or self.revealed is not None


_SEAT_ROLES = {Seen.OWNER: TableRole.HAND, Seen.EVERYONE: TableRole.FACE_UP}
_SHARED_ROLES = {
    Seen.OWNER: TableRole.OFF,
    Seen.EVERYONE: TableRole.PILE,
    Seen.TOP: TableRole.DISCARD,
    Seen.COUNT: TableRole.STOCK,
}


def zone_value(zone: Zone, state: Any) -> Any:
    """The cards of `zone` in `state`: computed by its `cards`, or its field of `state.f`."""
    return getattr(state.f, zone.attr) if zone.cards is None else zone.cards(state)


def zone_cards(zones: Sequence[Zone], state: Any) -> dict[str, ZoneCards]:
    """Every zone's cards by zone name (`"hand:0"`, `"stock"`, `"spread:3"`...) in `state`."""
    out: dict[str, ZoneCards] = {}
    for zone in zones:
        value = zone_value(zone, state)
        name, load = zone.name, CardSet.from_mask if zone.masks else _same
        if zone.per_seat:
            for seat, cards in enumerate(value):
                out[f"{name}:{seat}"] = load(cards)
        elif zone.keyed:
            for key, cards in value.items():
                out[f"{name}:{key}"] = load(cards)
        elif zone.split_top:
            out[name] = value[:-1]
            out[f"{name}:top"] = value[-1:]
        else:
            out[name] = load(value)
    return out


def _same(cards: Any) -> Any:
    return cards


def visible_zone_names(zones: Sequence[Zone], players: int, seat: int | None) -> list[str]:
    """The zones whose cards `seat` may see (`None`: the public ones) whatever the state:
    every zone but the `keyed` ones and the `revealed` zones of other seats
    (see [`dynamic_zone_names`][cardkit.engine.zones.dynamic_zone_names]).

    A `top` zone counts as public: each of its cards was shown when it was put
    there (but for a `split_top` zone, whose top card only is public).
    """
    names: list[str] = []
    for zone in zones:
        if zone.keyed:
            continue
        if zone.split_top:
            names.append(f"{zone.name}:top")
        elif zone.public:
            names.extend(
                [f"{zone.name}:{s}" for s in range(players)] if zone.per_seat else [zone.name]
            )
        elif zone.seen is Seen.OWNER and zone.per_seat and seat is not None:
            names.append(f"{zone.name}:{seat}")
    return names


def dynamic_zone_names(zones: Sequence[Zone], state: Any, seat: int | None) -> list[str]:
    """The zones `seat` may see that depend on `state`: the public `keyed` zones there
    are now, and the other seats' `revealed` zones."""
    names: list[str] = []
    for zone in zones:
        if zone.keyed and zone.public:
            names.extend(f"{zone.name}:{key}" for key in zone_value(zone, state))
        elif zone.revealed is not None:
            mask = zone.revealed(state)
            names.extend(
                f"{zone.name}:{s}" for s in range(state.players) if mask >> s & 1 and s != seat
            )
    return names
