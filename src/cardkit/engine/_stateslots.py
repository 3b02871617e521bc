"""The slots of a generic state, and how the core builds a new one (no `__init__` runs).

Compiled, a new state of a class with no `__init__` of its own (none but `object`'s, as
every game's) is the class called with no arguments: the native `__new__` of `StateSlots`,
then `object.__init__`, which does nothing. From compiled code that is cheaper than
`cls.__new__(cls)`, whose look-up and `tp_new_wrapper` build and slice an argument tuple
(~480 instructions less per state, callgrind). A class with an `__init__` (a test double)
is still built by `cls.__new__(cls)`, as every class is run from the source: there,
calling the class made Spades' playout 2% dearer (callgrind), though the other games' were
~1% cheaper.

States are immutable (`GameState.__setattr__` refuses), so the core sets a new state's
slots itself, here. Compiled by mypyc, `StateSlots` is a native class and this module's
stores are plain stores into its C struct; run from the source, each slot is set through
its descriptor's setter, which costs half of `object.__setattr__` by name (callgrind).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, final

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from cardkit.engine._native import own_abc_caches
from cardkit.engine.actions import Action
from cardkit.engine.rules import Rules
from cardkit.engine.setup import Setup
from cardkit.engine.state import GameState, Log

if TYPE_CHECKING:
    from cardkit.engine.game import Game
    from cardkit.engine.generic import GenericState

__all__ = [
    "StateSlots",
    "built_by_call",
    "listing_of",
    "new_state",
    "next_state",
    "set_legal",
    "turn_of",
]

turn_of: Final[dict[type, Callable[[Any], int | None]]] = {}
"""Each generic state class's `whose_turn` as a function of the state (set as the class is
made, by `GenericState.__init_subclass__`). A module table, not a class attribute: a type
attribute look-up goes through CPython's type cache, where a slot shared with another
look-up of the step misses and walks the class's MRO (callgrind)."""
listing_of: Final[dict[type, Callable[[Any], Sequence[Action]]]] = {}
"""Each generic state class's `list_legal` as a function of the state (as `turn_of`)."""
built_by_call: Final[set[type]] = set()
"""The generic state classes whose `__init__` is `object`'s: compiled, `new_state` builds
their states by calling the class (set as the class is made)."""

R = TypeVar("R", bound=Rules, default=Rules)
F = TypeVar("F", bound=tuple[Any, ...], default=tuple[Any, ...])


@mypyc_attr(allow_interpreted_subclasses=True)
class StateSlots(GameState, Generic[R, F]):
    """The slots of a [`GenericState`][cardkit.engine.generic.GenericState], set as each state
    is built (`new_state`) and read-only after."""

    __slots__ = (
        "_left",
        "_legal",
        "_log",
        "f",
        "game",
        "is_over",
        "players",
        "rules",
        "setup",
        "to_act",
    )

    game: Game[Any, Any]
    setup: Setup[R]
    _log: Log
    f: F
    """The game's fields (a `NamedTuple`)."""
    rules: R
    """The rules in force, as the game's rules model (`setup.rules`)."""
    players: int
    """The number of seats (`setup.players`)."""
    to_act: int | None
    """The seat to act ([`whose_turn`][cardkit.engine.generic.GenericState.whose_turn]),
    `None` once the game is over."""
    is_over: bool
    """Whether the game has ended: by its rules, or by the action cap."""
    _legal: Sequence[Action] | None
    _left: int
    """The actions left before the action cap (`rules.max_actions`) ends the game."""


_S = TypeVar("_S", bound="GenericState[Any, Any, Any]")


def new_state(
    cls: type[_S],
    game: Game[Any, Any],
    setup: Setup[Any],
    log: Log,
    fields: Any,
    left: int,
    reopened: bool = False,
) -> _S:
    """A new state of `cls`, its turn asked of `whose_turn` (unless the action cap ended it:
    through `turn_of[cls]`, the class's `whose_turn` as a function of the state)."""
    return _built(cls, game, setup, setup.rules, setup.players, log, fields, left, reopened)


def next_state(state: _S, log: Log, fields: Any) -> _S:
    """The state after `state` (one action fewer left), with `log` and `fields`: as `new_state`
    builds it, its class, game, setup, rules and players `state`'s (compiled, read from its
    slots, where the setup's are attribute look-ups on a Python class; callgrind)."""
    cls, left = type(state), state._left - 1
    return _built(cls, state.game, state.setup, state.rules, state.players, log, fields, left)


def _built(
    cls: type[_S],
    game: Game[Any, Any],
    setup: Setup[Any],
    rules: Rules,
    players: int,
    log: Log,
    fields: Any,
    left: int,
    reopened: bool = False,
) -> _S:
    """`new_state`, given the setup's rules and players."""
    if _COMPILED:
        made = _LATEST.made
        if made.cls is not cls:
            made = _LATEST.made = _Making(cls, cls in built_by_call, turn_of[cls])
        state = cls() if made.by_call else cls.__new__(cls)
        state.game = game
        state.setup = setup
        state.rules = rules
        state.players = players
        state._log = log
        state.f = fields
        to_act = made.turn(state) if left > 0 or reopened else None
        state.to_act = to_act
        state.is_over = to_act is None
        state._legal = None
        state._left = left
        return state
    state = cls.__new__(cls)
    _set_game(state, game)
    _set_setup(state, setup)
    _set_rules(state, rules)
    _set_players(state, players)
    _set_log(state, log)
    _set_f(state, fields)
    to_act = turn_of[cls](state) if left > 0 or reopened else None
    _set_to_act(state, to_act)
    _set_is_over(state, to_act is None)
    _set_legal(state, None)
    _set_left(state, left)
    return state


@final
class _Making:
    """How `new_state` builds a state of the class `cls`: by calling it (`by_call`, see
    `built_by_call`) or not, and its `whose_turn` as a function (`turn_of`)."""

    def __init__(self, cls: type, by_call: bool, turn: Callable[[Any], int | None]) -> None:
        self.cls = cls
        self.by_call = by_call
        self.turn = turn


@final
class _Latest:
    """The `_Making` that `new_state` found last: a playout builds states of one class,
    compared by identity before the set's and the dict's look-ups by the class (about 230
    instructions a state, compiled; callgrind)."""

    def __init__(self) -> None:
        self.made = _Making(type, False, _no_turn)


def _no_turn(state: Any) -> int | None:
    """The turn of no state (`_Latest`'s first entry, of no state class)."""
    return None


_LATEST: Final = _Latest()


def set_legal(state: StateSlots[Any, Any], legal: Sequence[Action]) -> None:
    """Keep `state`'s legal actions (worked out once per state)."""
    if _COMPILED:
        state._legal = legal
    else:
        _set_legal(state, legal)


#: Whether this module runs compiled by mypyc (a C extension, not its `.py` source).
_COMPILED: Final = not __file__.endswith(".py")
_set_game = vars(StateSlots)["game"].__set__
_set_setup = vars(StateSlots)["setup"].__set__
_set_log = vars(StateSlots)["_log"].__set__
_set_rules = vars(StateSlots)["rules"].__set__
_set_players = vars(StateSlots)["players"].__set__
_set_f = vars(StateSlots)["f"].__set__
_set_is_over = vars(StateSlots)["is_over"].__set__
_set_to_act = vars(StateSlots)["to_act"].__set__
_set_legal = vars(StateSlots)["_legal"].__set__
_set_left = vars(StateSlots)["_left"].__set__


own_abc_caches(StateSlots)
