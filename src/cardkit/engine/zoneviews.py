"""The zone part of views, planned once per game:
[`ZoneViewer`][cardkit.engine.zoneviews.ZoneViewer].

[`GenericState.view`][cardkit.engine.generic.GenericState.view] keeps one per state
class. It gives what [`zone_view`][cardkit.engine.zoneviews.zone_view] gives (the
entries of the table in [`cardkit.engine.zones`][cardkit.engine.zones]), but decides once,
not at every view, which entries each zone adds and how each holds its
cards: a view model's field typed with [`CardSet`][cardkit.cards.cardset.CardSet]
(`hand: CardSet | None`, `face_up: list[CardSet]`) is given the zone's card
set as it is, any other field a list of cards; a zone of bit masks
(`masks=True`) is counted by its bits, and only the cards shown become a
card set.

A game's view model declares only what the zones do not give:
[`derived_view_model`][cardkit.engine.zoneviews.derived_view_model] adds a typed
field for each zone entry the model does not declare itself.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter
from typing import Any, cast, get_args, get_origin

from pydantic import create_model

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.cards.orders import CardOrder
from cardkit.engine.shown import view_entries
from cardkit.engine.views import View, ZoneView
from cardkit.engine.zones import Seen, Zone

__all__ = ["ZoneViewer", "derived_view_model", "state_view", "zone_fields", "zone_view"]

_Step = Callable[[Any, "int | None", dict[str, Any], "CardOrder | None"], None]
#: Turns a zone's cards (or mask) into what the view holds.
_Shown = Callable[[Any], Any]
_Size = Callable[[Any], int]


class ZoneViewer:
    """The zone part of views for one game's zones and view model, planned once."""

    __slots__ = ("_steps",)

    def __init__(self, zones: Sequence[Zone], model: type | None = None) -> None:
        """Plan the view entries of `zones` for the view `model` (`None`: lists of cards)."""
        self._steps = tuple(_step(zone, model) for zone in zones if _in_view(zone))

    def __call__(
        self, state: Any, seat: int | None, order: CardOrder | None = None
    ) -> dict[str, Any]:
        """The view entries of `seat` in `state`; `order` sorts the zones declared with
        `sort` (default: the state's game's `hand_order`)."""
        out: dict[str, Any] = {}
        for step in self._steps:
            step(state, seat, out, order)
        return out


def _in_view(zone: Zone) -> bool:
    """Whether `zone` adds entries to a view (a shared `owner` zone has no owner to show)."""
    return (
        zone.in_view
        and zone.seen is not Seen.NOBODY
        and not (zone.seen is Seen.OWNER and not zone.per_seat)
    )


def zone_fields(zones: Sequence[Zone]) -> dict[str, Any]:
    """The view entries `zones` give, each with its type (the keys of this module's table).

    A seat's own zone is `list[Card] | None` (`None` for a spectator) beside
    every seat's count; a counted zone is its count (and, seen `top`, its top
    card, `None` when empty); a zone everyone sees is its list of cards.
    """
    fields: dict[str, Any] = {}
    for zone in filter(_in_view, zones):
        name, seen = zone.name, zone.seen
        if zone.per_seat or zone.keyed:
            many = _by_key if zone.keyed else _by_seat
            counts = zone.count_key or f"{name}_counts"
            if seen is Seen.EVERYONE:
                fields[name] = many(list[Card])
                continue
            if seen is Seen.OWNER:
                fields[name] = list[Card] | None
                if zone.revealed is not None:
                    fields[zone.revealed_key or f"{name}_revealed"] = dict[int, list[Card]]
            fields[counts] = many(int)
            if seen is Seen.TOP:
                fields[f"{name}_tops"] = many(Card | None)
            continue
        if seen is Seen.EVERYONE:
            fields[name] = list[Card]
            if zone.count_key:
                fields[zone.count_key] = int
            continue
        fields[zone.count_key or f"{name}_count"] = int
        if seen is Seen.TOP:
            fields[zone.top_key or f"{name}_top"] = Card | None
    return fields


def _by_seat(item: Any) -> Any:
    return list.__class_getitem__(item)


def _by_key(item: Any) -> Any:
    return dict.__class_getitem__((Any, item))


def derived_view_model(zones: Sequence[Zone], model: type[View]) -> type[View]:
    """`model` with a typed field for each entry of `zones` it does not declare itself, and
    `dealer` (the dealer's seat, which every view of a `GenericState` shows).

    A game declares in its view model only the fields the zones do not give (and
    any zone entry it types its own way, such as a card set); the zones' entries
    are derived here, once per state class. `model` itself is returned when it
    declares them all, or when it is the untyped
    [`ZoneView`][cardkit.engine.views.ZoneView]. The derived class is a subclass
    of `model` (a bot's `isinstance(view, MyView)` holds), picklable by its name.
    """
    declared = model.model_fields
    fields = {**zone_fields(zones), "dealer": int}  # every view shows the dealer
    added = {k: (t, ...) for k, t in fields.items() if k not in declared}
    if not added or model is ZoneView or model.model_config.get("extra") == "allow":
        return model
    key = (model, tuple((k, repr(t)) for k, (t, _) in added.items()))
    made = _DERIVED.get(key)
    if made is not None:
        return made
    # The zones' fields come before the model's own (as a model declaring them all lists
    # them): pydantic orders the fields of the bases from the last to the first.
    zones_model: type[View] = create_model(  # type: ignore[call-overload]
        f"{model.__name__}Zones", __base__=View, __module__=model.__module__, **added
    )
    derived = cast(
        "type[View]",
        create_model(model.__name__, __base__=(model, zones_model), __module__=model.__module__),
    )
    # Pickled by reference as `<module>.<Model>.zone_model` (`zone_model_2`... when state
    # classes with other zones share the model), the class kept there.
    taken = sum(1 for (m, _) in _DERIVED if m is model)
    name = "zone_model" if not taken else f"zone_model_{taken + 1}"
    derived.__qualname__ = f"{model.__qualname__}.{name}"
    type.__setattr__(model, name, derived)
    _DERIVED[key] = derived
    return derived


#: The derived view models, by the model and the zone fields added to it.
_DERIVED: dict[tuple[type[View], tuple[tuple[str, str], ...]], type[View]] = {}


def _holds_sets(model: type | None, key: str) -> bool:
    """Whether the field `key` of the view `model` holds card sets (somewhere in its type)."""
    fields = getattr(model, "model_fields", None)
    info = fields.get(key) if fields else None
    stack = [getattr(info, "annotation", None)]
    while stack:
        kind = stack.pop()
        if kind is CardSet:
            return True
        if get_origin(kind) is not None or isinstance(kind, types.UnionType):
            stack.extend(get_args(kind))
    return False


def _kept(value: Any) -> Any:
    return value if type(value) is CardSet else list(value)


def _mask_listed(mask: int) -> list[Card]:
    return list(CardSet.from_mask(mask))


def _shown(zone: Zone, model: type | None, key: str) -> _Shown:
    """How the view field `key` holds `zone`'s cards (but a `sort` zone's: see `_sorter`)."""
    if _holds_sets(model, key):
        return CardSet.from_mask if zone.masks else _kept
    return _mask_listed if zone.masks else list


def _sorter(zone: Zone, state: Any, order: CardOrder | None) -> _Shown:
    """How a `sort` zone's cards are shown: low to high in `order` or the game's `hand_order`."""
    by = (order or state.game.hand_order).sorted
    if zone.masks:
        return lambda mask: by(CardSet.from_mask(mask))
    return by


def _getter(zone: Zone) -> Callable[[Any], Any]:
    """Reads `zone`'s cards from a state, as [`zone_value`][cardkit.engine.zones.zone_value]
    does."""
    return zone.cards if zone.cards is not None else attrgetter(f"f.{zone.attr}")


def _size(zone: Zone) -> _Size:
    return int.bit_count if zone.masks else len


def _step(zone: Zone, model: type | None) -> _Step:
    """The function adding `zone`'s entries to a view (a zone that adds some)."""
    if zone.per_seat:
        return _seat_step(zone, model)
    if zone.keyed:
        return _keyed_step(zone, model)
    name, seen, size, get, sort = zone.name, zone.seen, _size(zone), _getter(zone), zone.sort
    shown = _shown(zone, model, name)
    count = zone.count_key or f"{name}_count"
    top = zone.top_key or f"{name}_top"
    if seen is Seen.EVERYONE:
        counted = bool(zone.count_key)

        def everyone(state: Any, seat: int | None, out: dict[str, Any], order: Any) -> None:
            value = get(state)
            out[name] = (_sorter(zone, state, order) if sort else shown)(value)
            if counted:
                out[count] = size(value)

        return everyone

    def counted_step(state: Any, seat: int | None, out: dict[str, Any], order: Any) -> None:
        value = get(state)
        out[count] = size(value)
        if seen is Seen.TOP:
            out[top] = value[-1] if value else None

    return counted_step


def _seat_step(zone: Zone, model: type | None) -> _Step:
    name, seen, revealed, sort = zone.name, zone.seen, zone.revealed, zone.sort
    size, get, shown = _size(zone), _getter(zone), _shown(zone, model, zone.name)
    counts = zone.count_key or f"{name}_counts"
    shown_key = zone.revealed_key or f"{name}_revealed"
    show_revealed = _shown(zone, model, shown_key)
    nobody: list[Card] | None = [] if zone.spectator_empty else None

    if seen is Seen.EVERYONE:

        def everyone(state: Any, seat: int | None, out: dict[str, Any], order: Any) -> None:
            out[name] = list(map(_sorter(zone, state, order) if sort else shown, get(state)))

        return everyone
    if seen is not Seen.OWNER:

        def counted(state: Any, seat: int | None, out: dict[str, Any], order: Any) -> None:
            value = get(state)
            out[counts] = list(map(size, value))
            if seen is Seen.TOP:
                out[f"{name}_tops"] = [cards[-1] if cards else None for cards in value]

        return counted

    def owner(state: Any, seat: int | None, out: dict[str, Any], order: Any) -> None:
        value = get(state)
        if seat is None:
            out[name] = nobody
        else:
            out[name] = (_sorter(zone, state, order) if sort else shown)(value[seat])
        if revealed is not None:
            mask = revealed(state)
            if mask:
                show = _sorter(zone, state, order) if sort else show_revealed
                out[shown_key] = {s: show(v) for s, v in enumerate(value) if mask >> s & 1}
            else:
                out[shown_key] = {}
        out[counts] = list(map(size, value))

    return owner


def _keyed_step(zone: Zone, model: type | None) -> _Step:
    name, seen, size, get, sort = zone.name, zone.seen, _size(zone), _getter(zone), zone.sort
    shown = _shown(zone, model, name)
    counts = zone.count_key or f"{name}_counts"

    def step(state: Any, seat: int | None, out: dict[str, Any], order: Any) -> None:
        value: Mapping[Any, Any] = get(state)
        if seen is Seen.EVERYONE:
            show = _sorter(zone, state, order) if sort else shown
            out[name] = {key: show(cards) for key, cards in value.items()}
            return
        out[counts] = {key: size(cards) for key, cards in value.items()}
        if seen is Seen.TOP:
            out[f"{name}_tops"] = {
                key: cards[-1] if cards else None for key, cards in value.items()
            }

    return step


def zone_view(
    zones: Sequence[Zone],
    state: Any,
    seat: int | None,
    order: CardOrder | None = None,
    model: type | None = None,
) -> dict[str, Any]:
    """The view entries of `seat` derived from the zones (see this module's table).

    `order` sorts the cards of the zones declared with `sort` (default: the
    state's game's `hand_order`). With the view `model`, a field holding a
    `CardSet` gets the zone's card set as it is. (A state keeps a
    [`ZoneViewer`][cardkit.engine.zoneviews.ZoneViewer], which plans this once.)
    """
    return ZoneViewer(zones, model)(state, seat, order)


#: The zone part of the views and the view model, planned once per state class.
_VIEWERS: dict[type, tuple[ZoneViewer, Any]] = {}


def state_view(state: Any, seat: int | None, *, recent: bool = True) -> Any:
    """The view of a [`GenericState`][cardkit.engine.generic.GenericState] for `seat`: the
    zones as declared (typed by
    [`derived_view_model`][cardkit.engine.zoneviews.derived_view_model]), the dealer,
    the entries of [`view_entries`][cardkit.engine.shown.view_entries] (derived, then
    `view_extra`) and the turn, or, with private windows
    ([`PrivateWindows`][cardkit.engine.windows.PrivateWindows]), for every seat but the one a
    window asks, the view of its `public_state()`. Without `recent`, the view's
    `recent` is empty, its lines never worded (a bot's view:
    [`bot_view`][cardkit.engine.state.GameState.bot_view]).

    Raises:
        ValueError: `seat` is no seat of the table.
    """
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < state.players):
        # A negative index would show another seat's hand.
        raise ValueError(f"seat must be 0-{state.players - 1} or None, not {seat!r}")
    to_act = state.to_act
    if state.private_windows and seat != to_act:
        public = state.public_state()
        if public is not state:
            return public.view(seat) if recent else public.bot_view(seat)
    cls = type(state)
    planned = _VIEWERS.get(cls)
    if planned is None:
        model = derived_view_model(state.zone_specs, state.view_model)
        planned = _VIEWERS[cls] = (ZoneViewer(state.zone_specs, model), model)
    viewer, model = planned
    data = viewer(state, seat)
    data["dealer"] = state.setup.dealer
    data.update(view_entries(state, seat))
    data["game"] = state.game.name
    data["seat"] = seat
    data["players"] = state.players
    data["to_act"] = to_act
    data["is_over"] = state.is_over
    data["legal_actions"] = (
        [str(a) for a in state.legal_actions()] if seat is not None and seat == to_act else []
    )
    data["recent"] = state.recent(seat) if recent else []
    # The model's own validator, as `model_validate` calls it: a third cheaper than
    # building the model from keyword arguments (views are on the servers' hot path).
    return model.__pydantic_validator__.validate_python(data)
