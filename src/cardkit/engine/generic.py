"""GenericState: the core-owned state a game writes only its rules into.

A game built on [`GenericState`][cardkit.engine.generic.GenericState] gives:

- `F`, a `NamedTuple` of its fields (`hands`, `stock`, `seat`...), so
  `state.f.hands` is typed; `state.rules` is typed as its rules model `R`;
- `zone_specs`: its [`Zone`][cardkit.engine.zones.Zone]s, from which the core
  derives `zones()`, `visible_zones()`, the zone part of `view()` and
  (with the other fields) `snapshot()`;
- `grammar`: its action [`Grammar`][cardkit.engine.grammar.Grammar], which parses text
  (derived from its `phases` when it declares them and no grammar: see below);
- per action kind (the verb of its first form: `play`), `check_play(action) -> Refusal | None`,
  the one home of that action's legality, and `do_play(action)`, the
  transition, which returns `self.evolve(action, events, **changes)`;
- `final_result()`, how the game ended;
- `shown`: the fields every view shows under their own names (`shown = ("broken",)`, or a
  [`Shown`][cardkit.engine.shown.Shown] for one shown through a function), and
  `view_extra(seat)` for what else a view shows, the game's own (the core derives the
  rest: [`view_entries`][cardkit.engine.shown.view_entries]);
- where a deal has parts (bidding, then play), `current_phase()`: the
  [`Phase`][cardkit.engine.phases.Phase] whose action kinds apply now; an action of
  another kind gets the phase's refusal before its check is asked, and the reference
  listing lists and checks only the phase's kinds; or `phases`, its named phases, of
  which the field `phase` names the current one (a kind a declared phase names needs no
  check of its own: the phase is its check). A class that says its `current_phase()`
  itself may declare its `phases` too, unnamed. A class declaring `phases` needs no
  `grammar`: the core derives it from the kinds the phases name
  ([`derived_grammar`][cardkit.engine.phases.derived_grammar]: each class read as
  [`grammar_of`][cardkit.engine.cardverb.grammar_of] reads it, in the order the classes
  are defined), and a subclass declaring other phases gets the grammar of its own.

`to_act` and `is_over` come from the fields `seat` (whose turn it is) and `outcome`
(`None` while the game goes on), or from `whose_turn()`; they and `result()` are the
core's, which ends the game at the action cap (`rules.max_actions`).

[`apply`][cardkit.engine.state.GameState.apply] is the core's: parse, refuse when
over, check, transition. The legal listing defaults to the reference one
built from the checks; a game may override `list_legal()` with a fast one,
and [`check_fast_listing`][cardkit.testing.fastlisting.check_fast_listing]
proves them equal.

`whose_turn`, `list_legal` and each `check_<kind>` and `do_<kind>` may be written as
methods or named as module functions of the state (`list_legal = listing.legal_of`),
which the compiled build compiles: the core looks each up once per class and calls it
with the state, and `state.list_legal()` works either way.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Collection, Mapping, Sequence
from hashlib import sha512
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, Self, final, get_args

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.cards.shuffle import seeded_order
from cardkit.engine._building import replaced
from cardkit.engine._fieldjson import field_json
from cardkit.engine._moves import Check, Do, moves_of, state_function
from cardkit.engine._native import own_abc_caches
from cardkit.engine._stateslots import (
    StateSlots,
    built_by_call,
    listing_of,
    new_state,
    next_state,
    set_legal,
    turn_of,
)
from cardkit.engine._visible import visible_zones
from cardkit.engine.actions import Action, check_action_text
from cardkit.engine.events import Event
from cardkit.engine.grammar import Grammar
from cardkit.engine.listing import Listing, any_cards_listing, deck_cards, lists, zone_cards_of
from cardkit.engine.phases import (
    Phase,
    PhaseMoves,
    check_declared_phases,
    derived_grammar,
    phase_moves,
    phases_by_name,
)
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.engine.setup import Setup
from cardkit.engine.shown import Shown
from cardkit.engine.views import View, ZoneView
from cardkit.engine.zones import Zone, zone_cards
from cardkit.engine.zoneviews import state_view
from cardkit.errors import ActionTexts, IllegalAction, InvalidState, Refusal, Refused

if TYPE_CHECKING:
    from cardkit.engine.game import Game

__all__ = ["GenericState"]

R = TypeVar("R", bound=Rules, default=Rules)
F = TypeVar("F", bound=tuple[Any, ...], default=tuple[Any, ...])
V = TypeVar("V", bound=View, default=View)
T = TypeVar("T")


@mypyc_attr(allow_interpreted_subclasses=True)
class GenericState(StateSlots[R, F], Generic[R, F, V]):
    """A game's state whose plumbing is the core's: fields, log, legality, views.

    Class attributes a game sets: `grammar`, `zone_specs`, `shown` where its views show
    fields as they are, and `view_model` where its base does not name it. The third type
    parameter `V` is the view model (`View` unless given):
    `GenericState[MyRules, Fields, MyView]` types `state.view(seat)` as `MyView` and sets
    `view_model = MyView`. The slots (`f`, `rules`, `players`, `to_act`, `is_over`) are
    those of its base
    [`StateSlots`][cardkit.engine._stateslots.StateSlots].
    """

    __slots__ = ()

    grammar: ClassVar[Grammar]
    zone_specs: ClassVar[tuple[Zone, ...]] = ()
    shown: ClassVar[tuple[str | Shown, ...]] = ()
    """The fields every view shows, each under its own name: a name shows the field as it
    is (`"broken"`), a [`Shown`][cardkit.engine.shown.Shown] as its function makes it
    (`Shown("suit", lambda suit: suit.word)`). The view model types them (see
    [`view_entries`][cardkit.engine.shown.view_entries] for all the core derives)."""
    view_model: ClassVar[type[View]] = ZoneView
    """The view model: the `View` subclass the class's base names
    (`GenericState[MyRules, Fields, MyView]`), else
    [`ZoneView`][cardkit.engine.views.ZoneView], which shows the declared zones untyped."""
    _plain_apply: ClassVar[bool] = True
    _moves: ClassVar[dict[type[Action], tuple[Check, Do]]] = {}
    _dos: ClassVar[dict[type[Action], Do]] = {}
    phases: ClassVar[tuple[Phase, ...]] = ()
    """The deal's phases, where the field `phase` names the current one (see
    `current_phase`; a class with its own `current_phase()` may leave them unnamed); a
    kind one of them names needs no check, and a class declaring them and no `grammar` has
    the grammar of their kinds (`()`: no phases declared)."""
    _phased: ClassVar[bool] = False
    _phase_moves: ClassVar[dict[Phase, PhaseMoves]] = {}
    _phase_names: ClassVar[dict[str, Phase]] = {}
    _derived: ClassVar[bool] = False  # whether `grammar` is derived from `phases`

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Find the class's `whose_turn` and `list_legal` (and `view_scalars`, if any), and
        each action kind's `check_<kind>` and `do_<kind>`, once per class.

        They are looked up on every class (the checks and transitions on a class with a
        grammar), declared or inherited: a subclass that overrides `check_play` or
        `whose_turn` is played with its own. Each may be a method or a module function
        (`whose_turn = turns.whose_turn`): the core calls it with the state.

        A class that declares `phases` and no `grammar` (nor inherits one not derived so)
        gets the grammar of the phases' kinds.

        Raises:
            TypeError: a kind lacks its transition, or its check and a declared phase
                naming it; a declared phase is unnamed (where the field `phase` names the
                current one), or names a kind not in the grammar, or one whose form
                cannot be derived (no grammar declared); a kind of the grammar is in no
                declared phase.
        """
        super().__init_subclass__(**kwargs)
        for name in ("to_act", "is_over"):
            if name in vars(cls):
                raise TypeError(
                    f"{cls.__name__} defines {name}: a GenericState says its turn in whose_turn()"
                )
        turn_of[cls] = state_function(cls, "whose_turn")
        listing_of[cls] = state_function(cls, "list_legal")
        if hasattr(cls, "view_scalars"):  # learning code's optional hook, named as the turn may be
            state_function(cls, "view_scalars")
        if cls.__init__ is object.__init__:
            built_by_call.add(cls)
        # A subclass that wraps _apply (a test double) is applied through it.
        cls._plain_apply = cls._apply is GenericState._apply
        if "view_model" not in vars(cls):  # the view model named in the base, if any
            for base in vars(cls).get("__orig_bases__", ()):
                model = (*get_args(base)[2:], View)[0]  # `View`, the default: not taken
                if model is not View and isinstance(model, type) and issubclass(model, View):
                    cls.view_model = model
        # Read untyped: a compiled class would refuse a list with mypyc's own message.
        phases = getattr(cls, "phases", ())
        own_phase = cls.current_phase is not GenericState.current_phase
        cls._phase_names = phases_by_name(phases, cls.__name__, named=not own_phase)
        grammar = getattr(cls, "grammar", None)
        own = vars(cls)  # a grammar derived from the phases follows a subclass's own
        derive = grammar is None or (cls._derived and "phases" in own)
        if phases and "grammar" not in own and derive:
            grammar = cls.grammar = derived_grammar(phases, cls.__name__)
            cls._derived = True
        elif "grammar" in own:
            cls._derived = False
        if grammar is not None:
            grammar.check_sources([zone.name for zone in cls.zone_specs])
            phased = {kind for phase in phases for kind in phase.kinds}
            cls._moves = moves_of(cls, grammar, phased)
            cls._dos = {kind: do for kind, (_, do) in cls._moves.items()}
            check_declared_phases(phases, grammar, cls.__name__)
        cls._phased = bool(phases) or own_phase
        cls._phase_moves = {}  # each phase's part of this class's moves, made when first asked

    # -- building states ----------------------------------------------------------

    @classmethod
    def first(
        cls, game: Game[Any, Any], setup: Setup[R], fields: F, events: Sequence[Event] = ()
    ) -> Self:
        """The state at the deal: `fields`, after the deal's `events`."""
        log = (None, None, tuple(events))
        return new_state(cls, game, setup, log, fields, setup.rules.max_actions)

    def evolve(self, action: Action, events: Sequence[Event], /, **changes: Any) -> Self:
        """The next state: these fields changed, `action` and its `events` logged."""
        return self.successor(action, events, replaced(self.f, changes) if changes else self.f)

    def successor(self, action: Action, events: Sequence[Event], fields: F) -> Self:
        """The next state with every field given: `action` and its `events` logged (for a
        transition that builds its fields whole, cheaper than `evolve`'s replacing by name)."""
        return next_state(self, (self._log, action, tuple(events)), fields)

    @property
    def next_seat(self) -> int:
        """The seat left of the seat to act (clockwise: after the last seat, seat 0).

        Raises:
            InvalidState: no seat is to act (the game is over).
        """
        seat = self.to_act
        if seat is None:
            raise InvalidState("no seat is to act: the game is over")
        return (seat + 1) % self.players

    def with_seat(self, values: tuple[T, ...], value: T) -> tuple[T, ...]:
        """`values`, one per seat (the hands), with the seat to act's entry `value`.

        Raises:
            InvalidState: no seat is to act (the game is over).
        """
        seat = self.to_act
        if seat is None:
            raise InvalidState("no seat is to act: the game is over")
        return (*values[:seat], value, *values[seat + 1 :])

    @property
    def action_count(self) -> int:
        """How many actions have been played (counted as the states are built)."""
        return self.setup.rules.max_actions - self._left

    # -- the turn, the end, the action cap -------------------------------------------------

    def whose_turn(self) -> int | None:
        """The seat to act by the game's rules, `None` once they end it (by default the field
        `seat`, `None` once the field `outcome` is set): asked once as each state is built,
        kept as `to_act` (`None` at the action cap), and whether it is `None` as `is_over`."""
        f: tuple[Any, ...] = self.f
        at = _LATEST_TURN.at
        if at.kind is not type(f):
            at = _LATEST_TURN.at = _turn_at(f)
        if at.by_name:  # a class of fields that is no NamedTuple, or computes them
            return None if getattr(f, "outcome", None) is not None else getattr(f, "seat", None)
        outcome, seat = at.outcome, at.seat
        return None if (outcome >= 0 and f[outcome] is not None) else f[seat] if seat >= 0 else None

    def result(self) -> GameResult:
        """How the game ended: [`final_result`][cardkit.engine.generic.GenericState.final_result],
        or, when the action cap ended it, a capped result (`GameResult.capped_at`).

        Raises:
            InvalidState: the game is not over yet.
        """
        if self._left <= 0:
            return GameResult.capped_at(self.players, self.action_count)
        if not self.is_over:  # every game's `final_result` may assume the end
            raise InvalidState(f"the {self.game.title} game is not over yet: play on to its end")
        return self.final_result()

    @abstractmethod
    def final_result(self) -> GameResult:
        """How the game ended by its rules (`result()` gives it, but at the action cap; it
        is asked only once the game is over: `result()` refuses before).

        Raises:
            InvalidState: the game is not over yet.
        """

    def hidden_shuffle(self, cards: Sequence[Card], salt: object) -> tuple[Card, ...]:
        """`cards` shuffled by a generator seeded from the deal's deck order and `salt`.

        For randomness during play (reshuffling a discard pile into a stock): the deck
        order is hidden from every player, so nobody can predict the order, and the game
        still replays exactly. Give a different `salt` each time (the reshuffles so far).
        """
        # `random.Random(text).shuffle`'s order: the seed `Random.seed` makes of a text
        # (version 2), and its shuffle as `seeded_order` runs it (compiled, without
        # `Random`'s Python frames: a reshuffle cost about 158,000 instructions; callgrind).
        text = f"cardkit-{self.game.name}:{self.setup.deck}:{salt}".encode()
        return seeded_order(tuple(cards), int.from_bytes(text + sha512(text).digest(), "big"))

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
        """Why `action` is not legal now, or `None` when it is: the game is over, the action is
        not one of the game's, not one of the current phase's (the phase's refusal), or its
        check refuses it."""
        if self.is_over:
            return Refusal(Refused.GAME_OVER, "the game is over")
        move = self._moves.get(type(action))
        if move is None:
            title = self.game.title
            return Refusal(Refused.UNKNOWN_ACTION, f"{action!r} is not a {title} action")
        if self._phased:
            now = self._in_phase()
            if type(action) not in now.moves:
                return now.refusal
        return move[0](self, action)

    def current_phase(self) -> Phase | None:
        """The [`Phase`][cardkit.engine.phases.Phase] the deal is in: only its action kinds
        apply now. By default the phase of `phases` that the field `phase` names, `None`
        when the class declares no `phases` (every kind, always). A game whose deal has
        parts (bidding, then play) declares them or overrides this; asked once per refusal
        and per reference listing.

        Raises:
            InvalidState: the field `phase` names none of the declared phases.
        """
        names = self._phase_names
        if not names:
            return None
        name = getattr(self.f, "phase", None)
        phase = names.get(name) if type(name) is str else None
        if phase is None:
            named = ", ".join(names)
            raise InvalidState(f"the field phase is {name!r}, not one of the phases: {named}")
        return phase

    def _in_phase(self) -> PhaseMoves:
        """The current phase's forms, checks and refusal (every kind's when no phase)."""
        phase = self.current_phase()
        if phase is None:
            return PhaseMoves(self.grammar, self._moves, Refusal(Refused.NOT_NOW, "not now"))
        found = self._phase_moves.get(phase)
        if found is None:
            found = phase_moves(phase, self.grammar, self._moves, type(self).__name__)
            self._phase_moves[phase] = found
        return found

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

    def _apply_listed(self, action: Action) -> Self:
        """As `GameState._apply_listed`: `action`'s transition at once (an action of no kind
        of this game goes to `apply`)."""
        do = self._dos.get(type(action))
        if do is None or not self._plain_apply or self.is_over:
            return self.apply(action)
        result: Self = do(self, action)
        return result

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
            listed = () if self.is_over else listing_of[type(self)](self)
            kind = type(listed)
            legal = listed if kind is tuple or kind is Listing else tuple(listed)
            set_legal(self, legal)
        return legal

    def list_legal(self) -> Sequence[Action]:
        """The legal actions (the game is not over); override with a fast listing.

        The default is [`reference_legal`][cardkit.engine.generic.GenericState.reference_legal],
        but that a form declaring [`any_cards`][cardkit.engine.grammar.Form] is checked once
        and listed lazily ([`any_cards_listing`][cardkit.engine.listing.any_cards_listing]).
        """
        if self.grammar.any_cards and type(self).candidate_actions is _CANDIDATES:
            deck = self.deck_cards()
            grammar, moves = self.grammar, self._moves
            if self._phased:
                now = self._in_phase()
                grammar, moves = now.grammar, now.moves
            return any_cards_listing(self, grammar, moves, deck, self.players, self.source_cards)
        return self.reference_legal()

    def reference_legal(self) -> list[Action]:
        """The legal actions as the checks see them: every candidate of the current phase's
        kinds its check accepts (one call per candidate, and nothing else: no text is made
        of it; the other kinds' checks are not asked)."""
        if self.is_over:
            return []
        moves = self._in_phase().moves if self._phased else self._moves
        return [
            a
            for a in self.candidate_actions()
            if (m := moves.get(type(a))) is not None and m[0](self, a) is None
        ]

    def candidate_actions(self) -> list[Action]:
        """Every action the grammar can spell with this game's cards: a form with a
        [`source`][cardkit.engine.grammar.Form] takes them from that zone (a hand: the seat
        to act's), any other from the whole deck; seat arguments list this table's seats.
        Forms taking any number of cards (`cards=-1`) give none: a game with one overrides this.
        Only the current phase's forms are listed (see `current_phase`).
        """
        deck = self.deck_cards()
        grammar = self._in_phase().grammar if self._phased else self.grammar
        return grammar.candidates(deck, players=self.players, sources=self.source_cards)

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
        """What the view shows besides the zones and the entries the core derives (the
        zones' own, the sealed choice's, the `shown` fields): what is the game's own (a
        score worked out, a hand not looked at); an entry named as a derived one replaces it."""
        return {}

    def recent(self, seat: int | None) -> list[str]:
        """The view's `recent` for `seat`: the latest transition's events, worded for it (a
        game showing more, its last few events, overrides it)."""
        return self.game.wording.lines(self.last_events, viewer=seat)

    def view(self, seat: int | None = None) -> V:
        """What `seat` may know: the zones as declared, the entries the core derives and
        `view_extra` ([`view_entries`][cardkit.engine.shown.view_entries]; with
        `private_windows`, every seat but the one a window asks sees the view of
        `public_state()`)."""
        view: V = state_view(self, seat)  # `view_model` is `V` (a class variable cannot say so)
        return view

    def bot_view(self, seat: int) -> V:
        """`view(seat)` with an empty `recent`, its lines never worded (a game that
        builds its own `view` gets that view, its `recent` dropped)."""
        if type(self).view is not GenericState.view:
            return self.view(seat).model_copy(update={"recent": []})
        view: V = state_view(self, seat, recent=False)
        return view

    def snapshot(self) -> dict[str, Any]:
        """Every field, cards as codes: the full state, hidden cards included."""
        names: tuple[str, ...] = self.f._fields  # type: ignore[attr-defined]  # F is a NamedTuple
        return {name: field_json(value) for name, value in zip(names, self.f, strict=True)}


_G = TypeVar("_G", bound=GenericState[Any, Any, Any])


@final
class _TurnAt:
    """Where `whose_turn` reads the fields `outcome` and `seat` in a fields class (`kind`):
    their indexes (-1 for one it lacks), or by name (`by_name`) for a class that is no
    `NamedTuple` or one that computes them. Compiled, `getattr(f, "seat", None)` goes
    through CPython's attribute look-up on the class, about 190 instructions (callgrind)."""

    def __init__(self, kind: type, by_name: bool, outcome: int = -1, seat: int = -1) -> None:
        self.kind = kind
        self.by_name = by_name
        self.outcome = outcome
        self.seat = seat


@final
class _LatestTurn:
    """The `_TurnAt` that `whose_turn` found last: a game's states share one fields class,
    compared by identity before its look-up (a dict's by a class, ~130 instructions)."""

    def __init__(self) -> None:
        self.at = _TurnAt(tuple, True)


#: Each fields class's `_TurnAt` (found once per class), and the latest found.
_TURN_AT: Final[dict[type, _TurnAt]] = {}
_LATEST_TURN: Final = _LatestTurn()


def _turn_at(f: tuple[Any, ...]) -> _TurnAt:
    """`_TURN_AT`'s entry for `f`'s class (found once per class)."""
    kind = type(f)
    at = _TURN_AT.get(kind)
    if at is not None:
        return at
    names = getattr(kind, "_fields", None)
    index = {name: i for i, name in enumerate(names)} if type(names) is tuple else {}
    if not index or any(name not in index and hasattr(kind, name) for name in ("outcome", "seat")):
        at = _TurnAt(kind, True)  # read by name (no NamedTuple, or one computes them)
    else:
        at = _TurnAt(kind, False, index.get("outcome", -1), index.get("seat", -1))
    _TURN_AT[kind] = at
    return at


def evolved(state: _G, action: Action, events: Sequence[Event], changes: dict[str, Any]) -> _G:
    """`state.evolve(action, events, **changes)`, for the core's own transitions: compiled,
    no keyword arguments are parsed into a new dict and no method is looked up on the
    game's class (an interpreted one)."""
    return successor_of(state, action, events, replaced(state.f, changes) if changes else state.f)


def successor_of(state: _G, action: Action, events: Sequence[Event], fields: Any) -> _G:
    """`state.successor(action, events, fields)`, for the core's own transitions (no method
    looked up on the game's class; the methods keep their own bodies, so that run from the
    source, a game's `evolve` and `successor` run no frame more)."""
    return next_state(state, (state._log, action, tuple(events)), fields)


_CANDIDATES = GenericState.candidate_actions

own_abc_caches(GenericState)
