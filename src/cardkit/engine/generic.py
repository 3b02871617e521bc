"""GenericState: the core-owned state a game writes only its rules into.

A game built on [`GenericState`][cardkit.engine.generic.GenericState] gives:

- `F`, a `NamedTuple` of its fields (`hands`, `stock`, `seat`...), so
  `state.f.hands` is typed; `state.rules` is typed as its rules model `R`;
- `zone_specs`: its [`Zone`][cardkit.engine.zones.Zone]s, from which the core
  derives `zones()`, `visible_zones()`, the zone part of `view()` and
  (with the other fields) `snapshot()`;
- `grammar`: its action [`Grammar`][cardkit.engine.grammar.Grammar], which parses text;
- per action kind (the verb of its first form: `play`), `check_play(action) -> Refusal | None`,
  the one home of that action's legality, and `do_play(action)`, the
  transition, which returns `self.evolve(action, events, **changes)`;
- `result()`, and `view_extra(seat)` for what a view shows besides zones.

`to_act` and `is_over` come from the fields `seat` (whose turn it is) and
`outcome` (`None` while the game goes on); a game without them overrides both.

[`apply`][cardkit.engine.state.GameState.apply] is the core's: parse, refuse when
over, check, transition. The legal listing defaults to the reference one
built from the checks; a game may override `list_legal()` with a fast one,
and [`check_fast_listing`][cardkit.testing.fastlisting.check_fast_listing]
proves them equal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, final

from typing_extensions import TypeVar

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.engine._building import builder_of, fields_turn, replaced, set_turn
from cardkit.engine._capping import capped_class
from cardkit.engine._fieldjson import field_json
from cardkit.engine._visible import visible_zones
from cardkit.engine.actions import Action, check_action_text
from cardkit.engine.events import Event
from cardkit.engine.grammar import Grammar
from cardkit.engine.listing import Listing, any_cards_listing, deck_cards, lists, zone_cards_of
from cardkit.engine.rules import Rules
from cardkit.engine.state import Setup
from cardkit.engine.views import View, ZoneView
from cardkit.engine.windows import PrivateWindows
from cardkit.engine.zones import Zone, zone_cards
from cardkit.engine.zoneviews import ZoneViewer
from cardkit.errors import ActionTexts, IllegalAction, Refusal, Refused

if TYPE_CHECKING:
    from cardkit.engine.game import Game

__all__ = ["GenericState"]

R = TypeVar("R", bound=Rules, default=Rules)
F = TypeVar("F", bound=tuple[Any, ...], default=tuple[Any, ...])
V = TypeVar("V", bound=View, default=View)

_Check = Callable[[Any, Any], Refusal | None]
_Do = Callable[[Any, Any], Any]


class GenericState(PrivateWindows, Generic[R, F, V]):
    """A game's state whose plumbing is the core's: fields, log, legality, views.

    Class attributes a game sets: `grammar`, `zone_specs`, `view_model`. The
    third type parameter `V` is the view model (`View` unless given):
    `GenericState[MyRules, Fields, MyView]` with `view_model = MyView` types
    `state.view(seat)` as `MyView`.
    """

    __slots__ = ("_left", "_legal", "f", "is_over", "players", "rules", "to_act")

    f: F
    """The game's fields (a `NamedTuple`)."""
    rules: R
    """The rules in force, as the game's rules model (`setup.rules`, kept in a slot: a
    property's call costs more than the slot's store, and transitions read it often)."""
    players: int
    """The number of seats (`setup.players`, kept in a slot as `rules` is)."""
    setup: Setup[R]
    _legal: Sequence[Action] | None
    _left: int
    """The actions left before the action cap (`rules.max_actions`) ends the game."""

    grammar: ClassVar[Grammar]
    zone_specs: ClassVar[tuple[Zone, ...]] = ()
    view_model: ClassVar[type[View]] = ZoneView
    """The view model (default: [`ZoneView`][cardkit.engine.views.ZoneView], which shows the
    declared zones untyped; a game declares its own `View` subclass to type them)."""
    lists_when_over: ClassVar[bool] = False
    """Whether `list_legal` gives no action once the game is over, so that the core
    need not ask `is_over` first (a saving on the hot path of playouts)."""
    is_capped: ClassVar[bool] = False
    """Whether the action cap (`rules.max_actions`) ended the game (`result().capped`)."""
    _plain_apply: ClassVar[bool] = True
    _moves: ClassVar[dict[type[Action], tuple[_Check, _Do]]] = {}
    _building: ClassVar[type[Any]]
    _turn_slots: ClassVar[bool] = True
    _dos: ClassVar[dict[type[Action], _Do]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Find each action kind's `check_<kind>` and `do_<kind>`, once per class.

        They are looked up on every class with a grammar, declared or inherited: a
        subclass that overrides `check_play` or `do_play` is played with its own.
        """
        super().__init_subclass__(**kwargs)
        if "_frozen" in cls.__dict__:
            return  # the builder of a state class (`cardkit.engine._building`)
        cls._building = builder_of(cls)
        cls._turn_slots = fields_turn(cls, _TURN_SLOTS)
        # A subclass that wraps _apply (a test double) is applied through it.
        cls._plain_apply = cls._apply is GenericState._apply
        grammar = getattr(cls, "grammar", None)
        if grammar is None:
            return
        grammar.check_sources([zone.name for zone in cls.zone_specs])
        moves: dict[type[Action], tuple[_Check, _Do]] = {}
        for form in grammar.forms:
            if form.make in moves:
                continue
            kind = form.kind
            check, do = getattr(cls, f"check_{kind}", None), getattr(cls, f"do_{kind}", None)
            if check is None or do is None:
                raise TypeError(f"{cls.__name__} needs check_{kind} and do_{kind}")
            moves[form.make] = (check, do)
        cls._moves = moves
        cls._dos = {kind: do for kind, (_, do) in moves.items()}

    # -- building states ----------------------------------------------------------

    @classmethod
    def first(
        cls, game: Game[Any, Any], setup: Setup[R], fields: F, events: Sequence[Event] = ()
    ) -> Self:
        """The state at the deal: `fields`, after the deal's `events`."""
        state: Self = cls._building()
        state.game = game
        state.setup = setup
        state.rules = setup.rules
        state.players = setup.players
        state._log = (None, None, tuple(events))
        state.f = fields
        if cls._turn_slots:
            set_turn(state, fields)
        state._legal = None
        state._left = setup.rules.max_actions
        state.__class__ = cls
        return state

    def evolve(self, action: Action, events: Sequence[Event], /, **changes: Any) -> Self:
        """The next state: these fields changed, `action` and its `events` logged."""
        return self.successor(action, events, replaced(self.f, changes) if changes else self.f)

    def successor(self, action: Action, events: Sequence[Event], fields: F) -> Self:
        """The next state with every field given: `action` and its `events` logged.

        For a transition that rebuilds its fields tuple whole (a hot path
        building `F` at once is cheaper than `evolve`'s replacing by name).
        """
        state: Self = self._building()
        state.game = self.game
        state.setup = self.setup
        state.rules = self.rules
        state.players = self.players
        state._log = (self._log, action, tuple(events))
        state.f = fields
        if self._turn_slots:
            set_turn(state, fields)
        state._legal = None
        left = state._left = self._left - 1
        state.__class__ = type(self) if left > 0 else capped_class(type(self))
        return state

    @property
    def action_count(self) -> int:
        """How many actions have been played (counted as the states are built)."""
        return self.setup.rules.max_actions - self._left

    if TYPE_CHECKING:  # slots set as each state is built (`fields_turn`); read-only

        @property
        def to_act(self) -> int | None:
            """The seat to act: by default the field `seat`, and `None` once over."""

        @property
        def is_over(self) -> bool:
            """Whether the game has ended: by default, whether the field `outcome` is set."""

    def hidden_shuffle(self, cards: Sequence[Card], salt: object) -> tuple[Card, ...]:
        """`cards` shuffled by a generator seeded from the deal's deck order and `salt`.

        For randomness during play (reshuffling a discard pile into a stock):
        the deck order is hidden from every player, so nobody can predict the
        order, and the game still replays exactly from its deck and actions.
        Give a different `salt` each time (the number of earlier reshuffles).
        """
        shuffled = list(cards)
        random.Random(f"cardkit-{self.game.name}:{self.setup.deck}:{salt}").shuffle(shuffled)
        return tuple(shuffled)

    # -- actions: the core's -----------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        """Read an action's text through the game's grammar.

        Raises:
            IllegalAction: the text fits no form (code `"unparsable"`), with the
                legal actions.
        """
        try:
            return self.grammar.parse(text, self.game.title)
        except IllegalAction as exc:
            # The legal actions are listed only for a refusal: parsing stays cheap.
            allowed = ActionTexts(self.legal_actions())
            raise IllegalAction(exc.code, str(exc), action=text, allowed=allowed) from None

    def refusal(self, action: Action) -> Refusal | None:
        """Why `action` is not legal now, or `None` when it is."""
        if self.is_over:
            return Refusal(Refused.GAME_OVER, "the game is over")
        move = self._moves.get(type(action))
        if move is None:
            title = self.game.title
            return Refusal(Refused.UNKNOWN_ACTION, f"{action!r} is not a {title} action")
        return move[0](self, action)

    def apply(self, action: Action | str) -> Self:
        """As [`GameState.apply`][cardkit.engine.state.GameState.apply]; an action of the listing
        itself goes to its transition at once (the hot path of playouts)."""
        legal = self._legal
        if type(legal) is tuple and self._plain_apply:
            # Text is never a listed object: it is parsed below, and `_apply` finds it listed.
            # (A lazy listing is asked `in` by `_apply`: its iteration would build every action.)
            for candidate in legal:
                if candidate is action:
                    result: Self = self._dos[type(action)](self, action)
                    return result
        if isinstance(action, str):
            action = self.parse_action(check_action_text(action))
        return self._apply(action)

    @final
    def _apply(self, action: Action) -> Self:
        legal = self._legal
        # An action of the listing needs no check: the contract suite proves the listing
        # equals the checks' reference listing. Playouts apply listed actions: a fast path,
        # which looks for the listed object itself first (a game's __eq__ is slower).
        listed = legal is not None and lists(legal, action)
        refusal = None if listed else self.refusal(action)
        if refusal is not None:
            raise IllegalAction(
                refusal.code,
                refusal.message,
                action=action,
                allowed=ActionTexts(self.legal_actions()),
            )
        result: Self = self._dos[type(action)](self, action)
        return result

    def legal_actions(self) -> Sequence[Action]:
        """Exactly the legal actions of the seat to act (computed once per state): a tuple,
        or a lazy [`Listing`][cardkit.engine.listing.Listing] when a form declares `any_cards`."""
        legal = self._legal
        if legal is None:
            listed = self.list_legal() if self.lists_when_over or not self.is_over else ()
            legal = listed if type(listed) in _KEPT else tuple(listed)
            _set_legal(self, legal)
        return legal

    def list_legal(self) -> Sequence[Action]:
        """The legal actions (the game is not over); override with a fast listing.

        The default is [`reference_legal`][cardkit.engine.generic.GenericState.reference_legal],
        but that a form declaring [`any_cards`][cardkit.engine.grammar.Form] is checked once
        and listed lazily ([`any_cards_listing`][cardkit.engine.listing.any_cards_listing]).
        """
        if self.grammar.any_cards and type(self).candidate_actions is _CANDIDATES:
            deck = self.deck_cards()
            return any_cards_listing(
                self, self.grammar, self._moves, deck, self.players, self.source_cards
            )
        return self.reference_legal()

    def reference_legal(self) -> list[Action]:
        """The legal actions as the checks see them: every candidate its check accepts
        (one call per candidate, and nothing else: no text is made of it)."""
        if self.is_over:
            return []
        moves = self._moves
        return [a for a in self.candidate_actions()
                if (m := moves.get(type(a))) is not None and m[0](self, a) is None]  # fmt: skip

    def candidate_actions(self) -> list[Action]:
        """Every action the grammar can spell with this game's cards.

        A form with a [`source`][cardkit.engine.grammar.Form] takes its cards
        from that zone (a hand: the seat to act's), every other form from the
        whole deck. Forms taking any number of cards (`cards=-1`) give none: a
        game with such a form overrides this. Seat arguments list the seats
        of this table.
        """
        deck = self.deck_cards()
        return self.grammar.candidates(deck, players=self.players, sources=self.source_cards)

    def deck_cards(self) -> tuple[Card, ...]:
        """The cards of a new deck under these rules, in order (made once per rules object)."""
        return deck_cards(self.game, self.rules)

    def source_cards(self, zone: str) -> Sequence[Card]:
        """The cards of `zone` a form's card arguments may name now (a per-seat zone's: the
        seat to act's, none when no seat is to act); only that zone's cards are worked out
        (unless the class overrides `zones`)."""
        derived = type(self).zones is GenericState.zones
        found = zone_cards_of(self.zone_specs, self, zone, self.to_act) if derived else None
        if found is None:
            zones = self.zones()
            return list(zones.get(zone) or zones.get(f"{zone}:{self.to_act}", ()))
        return found

    # -- zones, views, snapshot: derived ------------------------------------------------

    def zones(self) -> Mapping[str, Sequence[Card] | CardSet]:
        """Every zone's cards, from the declared zones."""
        return zone_cards(self.zone_specs, self)

    def visible_zones(self, seat: int | None) -> Collection[str]:
        """The zones `seat` may see, from the declared zones (worked out once per seat,
        but for the `keyed` and `revealed` zones, which depend on the state)."""
        return visible_zones(self, seat)

    def view_extra(self, seat: int | None) -> dict[str, Any]:
        """What the view shows besides the zones (a phase, scores, the suit to follow);
        an entry named as a zone's replaces it."""
        return {}

    def recent(self, seat: int | None) -> list[str]:
        """The view's `recent` for `seat`: the latest transition's events, worded for it.

        A game showing more (its last few events) overrides it.
        """
        return self.game.wording.lines(self.last_events, viewer=seat)

    def view(self, seat: int | None = None) -> V:
        """What `seat` may know: the zones as declared, and `view_extra`.

        With `private_windows`, every seat but the one a window asks sees the
        view of [`public_state`][cardkit.engine.windows.PrivateWindows.public_state].
        """
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < self.players):
            # A negative index would show another seat's hand.
            raise ValueError(f"seat must be 0-{self.players - 1} or None, not {seat!r}")
        to_act = self.to_act
        if self.private_windows and seat != to_act:
            public = self.public_state()
            if public is not self:
                return public.view(seat)
        cls = type(self)
        viewer = _VIEWERS.get(cls)
        if viewer is None:
            viewer = _VIEWERS[cls] = ZoneViewer(self.zone_specs, self.view_model)
        data = viewer(self, seat)
        data.update(self.view_extra(seat))
        data["game"] = self.game.name
        data["seat"] = seat
        data["players"] = self.players
        data["to_act"] = to_act
        data["is_over"] = self.is_over
        data["legal_actions"] = (
            [str(a) for a in self.legal_actions()] if seat is not None and seat == to_act else []
        )
        data["recent"] = self.recent(seat)
        # The model's own validator, as `model_validate` calls it: a third cheaper than
        # building the model from keyword arguments (views are on the servers' hot path).
        # `view_model` is `V` (a class variable cannot say so).
        view: V = self.view_model.__pydantic_validator__.validate_python(data)
        return view

    def snapshot(self) -> dict[str, Any]:
        """Every field, cards as codes: the full state, hidden cards included."""
        names: tuple[str, ...] = self.f._fields  # type: ignore[attr-defined]  # F is a NamedTuple
        return {name: field_json(value) for name, value in zip(names, self.f, strict=True)}


#: The zone part of the views, planned once per state class.
_VIEWERS: dict[type, ZoneViewer] = {}
#: The listings `legal_actions` keeps as they are (any other sequence becomes a tuple).
_KEPT = (tuple, Listing)

# The slot's own setter: the states are immutable (`__setattr__` refuses), and setting
# a slot through its descriptor costs a third less than `object.__setattr__` by name.
_set_legal = GenericState.__dict__["_legal"].__set__
_CANDIDATES = GenericState.candidate_actions
_TURN_SLOTS = {name: GenericState.__dict__[name] for name in ("to_act", "is_over")}
