"""The view entries the core derives besides the zones' cards:
[`view_entries`][cardkit.engine.shown.view_entries].

A [`GenericState`][cardkit.engine.generic.GenericState]'s view shows, besides the entries
of its zones (see [`cardkit.engine.zones`][cardkit.engine.zones]) and the dealer:

1. the entries its zones add of their own ([`Zone.entries`][cardkit.engine.zones.Zone]):
   the zones of [`trick_zones`][cardkit.engine.tricktaking.trick_zones] add who led the
   current and the last trick and the tricks each seat took;
2. a simultaneous choice's entries, where the state names its sealed field
   ([`SimultaneousChoices.sealed_field`][cardkit.engine.simultaneous.SimultaneousChoices]):
   for the field `bids` and the noun `bid` (`sealed_noun`), ``bids`` (the choices the seat
   may see) and ``bid_made`` (whether each seat has chosen):
   [`Sealed.entries`][cardkit.engine.simultaneous.Sealed.entries];
3. the fields the state class declares public in `shown`, each under its own name: a
   name shows the field as it is (``shown = ("broken",)``), a
   [`Shown`][cardkit.engine.shown.Shown] as its function makes it
   (``Shown("suit", lambda suit: suit.word)``);
4. what the state's `view_extra(seat)` gives: what is the game's own (a hand not yet
   looked at shown as ``None``); an entry of it replaces a derived one of its name.

The same entries, in that order, make the view and what [cardkit.rl][]'s observations
read without building one (`cardkit.rl.fields.view_extra_of`), so the two agree by
construction. The plan is made once per state class, at its first view.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from cardkit.errors import ContractError

__all__ = ["Shown", "only_shown", "view_entries"]

#: `Shown.over` when not given: the view shows the field as `say` makes it, over or not.
_UNSET: Any = object()

#: Adds one declaration's entries for a seat (`None`: a spectator) to a view's entries.
_Step = Callable[[Any, "int | None", dict[str, Any]], None]


@dataclass(frozen=True, slots=True)
class Shown:
    """A field of a game's fields that every view shows, under the field's name, as `say`
    makes it (``Shown("suit", lambda suit: suit.word)``), or as `over` once the game is
    over (``Shown("drew", over=False)``: a flag of the turn in progress, when no seat is
    to act). A field shown as it is needs no `Shown`: its name in the state's `shown`
    says so.

    Attributes:
        field: the field's name (in the state's fields, `state.f`).
        say: what the view holds for the field's value (`None`: the value as it is).
        over: what the view holds once the game is over, when given (by default the
            field as `say` makes it, as before).
    """

    field: str
    say: Callable[[Any], Any] | None = None
    over: Any = dataclasses.field(default=_UNSET, kw_only=True)


def view_entries(state: Any, seat: int | None) -> dict[str, Any]:
    """The entries of `seat`'s view (`None`: a spectator) of a
    [`GenericState`][cardkit.engine.generic.GenericState] besides its zones' cards and
    the dealer: its zones' own entries, its sealed choice's, its `shown` fields and its
    `view_extra`, in that order (see this module).

    Raises:
        ContractError: `shown` names no field of the state's fields (at the first call).
    """
    plan = _PLANS.get(type(state))
    if plan is None:
        plan = _PLANS[type(state)] = _plan(state)
    steps, extra = plan
    if not steps:
        return state.view_extra(seat) if extra else {}
    out: dict[str, Any] = {}
    for step in steps:
        step(state, seat, out)
    if extra:
        out.update(state.view_extra(seat))
    return out


def only_shown(state: Any) -> tuple[Shown, ...] | None:
    """The `shown` declarations of `state`'s class (a name as `Shown(name)`) when they are
    all its view entries (no zone's own entries, no sealed choice, no `view_extra` of the
    game's), else `None`: learning code then reads a state's view fields from its fields
    (plus the dealer), without `view_entries`.

    Raises:
        ContractError: `shown` names no field of the state's fields.
    """
    cls = type(state)
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _plan(state)
    sealed: str = getattr(cls, "sealed_field", "")
    if plan[1] or sealed or any(zone.entries for zone in cls.zone_specs):
        return None
    return tuple(Shown(item) if isinstance(item, str) else item for item in cls.shown)


#: Each state class's steps, and whether it writes a `view_extra` of its own (the core's
#: gives nothing: not called, for the observations' sake).
_PLANS: dict[type, tuple[tuple[_Step, ...], bool]] = {}


def _plan(state: Any) -> tuple[tuple[_Step, ...], bool]:
    """The steps of `state`'s class (its zones' entries, its sealed field's, its shown
    fields'), and whether a class of the game defines `view_extra`."""
    cls = type(state)
    owner = next(c for c in cls.__mro__ if "view_extra" in vars(c))
    extra = owner.__module__ != "cardkit.engine.generic"
    steps: list[_Step] = [_zone_step(zone.entries) for zone in cls.zone_specs if zone.entries]
    sealed = getattr(cls, "sealed_field", "")
    if sealed:
        steps.append(_sealed_step(sealed, cls.sealed_noun))
    names: tuple[str, ...] = state.f._fields
    for item in cls.shown:
        shown = Shown(item) if isinstance(item, str) else item
        if shown.field not in names:
            raise ContractError(
                f"{cls.__name__}.shown names {shown.field!r}, which is no field of its "
                f"fields ({', '.join(names)})"
            )
        steps.append(_shown_step(shown))
    return tuple(steps), extra


def _zone_step(entries: Callable[[Any, int | None], Any]) -> _Step:
    def step(state: Any, seat: int | None, out: dict[str, Any]) -> None:
        out.update(entries(state, seat))

    return step


def _sealed_step(field: str, noun: str) -> _Step:
    get = attrgetter(f"f.{field}")

    def step(state: Any, seat: int | None, out: dict[str, Any]) -> None:
        out.update(get(state).entries(seat, noun, field))

    return step


def _shown_step(shown: Shown) -> _Step:
    name, get, say, over = shown.field, attrgetter(f"f.{shown.field}"), shown.say, shown.over
    if over is not _UNSET:

        def until_over(state: Any, seat: int | None, out: dict[str, Any]) -> None:
            value = get(state)
            out[name] = over if state.is_over else value if say is None else say(value)

        return until_over
    if say is None:

        def as_it_is(state: Any, seat: int | None, out: dict[str, Any]) -> None:
            out[name] = get(state)

        return as_it_is

    def said(state: Any, seat: int | None, out: dict[str, Any]) -> None:
        out[name] = say(get(state))

    return said
