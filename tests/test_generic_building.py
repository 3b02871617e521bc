"""How `GenericState` builds states: each is exactly its game's class, and immutable.

Every state is built as an instance of its game's class (`object.__new__`, its slots
set one by one; see `cardkit.engine.generic`), also the one the action cap ends.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from typing import Any, NamedTuple

import pytest
from cardkit_crazyeights.state import CrazyEightsState

import cardkit
from cardkit.engine._stateslots import built_by_call
from cardkit.engine.actions import Action
from cardkit.engine.generic import GenericState
from cardkit.errors import IllegalAction


def _playout(name: str, players: int, seed: int) -> list[GenericState[Any, Any]]:
    game = cardkit.load_game(name)
    rng = random.Random(seed)
    state = game.start(players=players, seed=seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize(("name", "players"), [("crazyeights", 3), ("tonk", 2), ("tienlen", 4)])
def test_every_state_is_its_games_class_and_immutable(name: str, players: int) -> None:
    """The deal (`first`) and every transition (`evolve`, `successor`) give the game's class."""
    states = _playout(name, players, 11)
    kind = type(states[0])
    assert kind.__name__ == kind.__qualname__.rsplit(".", 1)[-1]
    for state in states:
        assert type(state) is kind
        with pytest.raises(AttributeError, match="immutable"):
            state.f = state.f
        with pytest.raises(AttributeError, match="immutable"):
            state._legal = None
    last = states[-1]
    assert pickle.loads(pickle.dumps(last)) == last
    assert copy.deepcopy(last) == last
    assert type(copy.deepcopy(last)) is kind


def test_a_subclass_of_a_state_class_builds_its_own_states() -> None:
    """A state class derived from a game's (a test double) keeps its class through play."""

    class Traced(CrazyEightsState):
        __slots__ = ()

        def __init__(self, never: object) -> None:  # the core builds states without it
            raise AssertionError("a state is not built by calling its class")

    first = cardkit.load_game("crazyeights").start(players=3, seed=2)
    state = Traced.first(first.game, first.setup, first.f, first.last_events)
    assert type(state) is Traced
    state = state.apply(state.legal_actions()[0])
    assert type(state) is Traced


def test_a_class_without_its_own_init_is_built_by_calling_it() -> None:
    """Compiled, `new_state` calls the class when its `__init__` is `object`'s (cheaper than
    `cls.__new__(cls)`); a class with an `__init__` is never built by calling it."""

    class WithInit(CrazyEightsState):
        __slots__ = ()

        def __init__(self) -> None:
            raise AssertionError("a state is not built by calling its class")

    class Plain(CrazyEightsState):
        __slots__ = ()

    for name in ("crazyeights", "tonk", "tienlen", "palace", "spades", "ginrummy"):
        assert type(cardkit.load_game(name).start(seed=1)) in built_by_call
    assert Plain in built_by_call
    assert WithInit not in built_by_call
    first = cardkit.load_game("crazyeights").start(players=3, seed=2)
    state = WithInit.first(first.game, first.setup, first.f, first.last_events)
    assert type(state.apply(state.legal_actions()[0])) is WithInit


def test_evolve_replaces_the_named_fields_only() -> None:
    """`evolve` changes exactly the fields named, as `NamedTuple._replace` would."""
    state = cardkit.load_game("crazyeights").start(players=3, seed=4)
    action = state.legal_actions()[0]
    after = state.evolve(action, (), seat=2, passes=1)
    assert after.f == state.f._replace(seat=2, passes=1)
    assert type(after.f) is type(state.f)
    assert after.history == (action,)
    assert state.evolve(action, ()).f is state.f
    with pytest.raises(ValueError, match=r"unexpected field names: \['sete'\]"):
        state.evolve(action, (), seat=2, sete=1)


class _Turning(NamedTuple):
    """Fields whose seat to act is computed, not a field."""

    turn: int
    outcome: str | None = None

    @property
    def seat(self) -> int:
        return self.turn % 3


class _Seated(NamedTuple):
    """Fields with a seat to act and an outcome."""

    seat: int
    outcome: str | None = None


def test_the_default_turn_reads_the_fields_seat_and_outcome_or_what_computes_them() -> None:
    """`whose_turn` by default is the field `seat`, `None` once `outcome` is set: read by
    index in a named tuple, by name where the class computes them or is no named tuple."""
    first = cardkit.load_game("crazyeights").start(players=3, seed=5)

    def turn(fields: Any) -> int | None:
        return CrazyEightsState.first(first.game, first.setup, fields, ()).to_act

    assert turn(_Turning(4)) == 1
    assert turn(_Turning(4, "went_out")) is None
    assert turn(_Seated(2)) == 2
    assert turn(_Seated(2, "blocked")) is None
    assert turn(_Turning(5)) == 2
    assert turn((2, None)) is None  # no named tuple: neither is there


class _Unbound:
    """A function of the state that does not bind as a method, as a compiled one does not."""

    def __init__(self, function: Any) -> None:
        self.function = function
        self.calls = 0

    def __call__(self, state: Any) -> Any:
        self.calls += 1
        return self.function(state)


def test_a_turn_and_a_listing_may_be_module_functions() -> None:
    """A class may name a function of the state (compiled or not) as its `whose_turn` and
    `list_legal`: the core calls it with the state, and `state.whose_turn()` still works."""
    turn = _Unbound(lambda state: None if state.f.outcome is not None else state.f.seat)
    listing = _Unbound(GenericState.reference_legal)

    class Declared(CrazyEightsState):
        # The stand-ins are not methods, as compiled functions are not: mypy says so.
        __slots__ = ()
        whose_turn = turn  # type: ignore[assignment]
        list_legal = listing  # type: ignore[assignment]

    first = cardkit.load_game("crazyeights").start(players=3, seed=5)
    state: GenericState[Any, Any, Any] = Declared.first(first.game, first.setup, first.f, ())
    rng = random.Random(5)
    steps = 0
    while not state.is_over:
        assert state.whose_turn() == state.to_act
        assert tuple(state.list_legal()) == state.legal_actions()
        state = state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert state.whose_turn() is None
    # Asked by the core (each state's turn, each listing), and by the loop above.
    assert turn.calls > 2 * steps
    assert listing.calls == 2 * steps


@pytest.mark.parametrize(("name", "players"), [("palace", 3), ("tonk", 3), ("tienlen", 4)])
def test_the_seed_games_turn_and_listing_are_methods_on_both_builds(
    name: str, players: int
) -> None:
    """The seed games declare their turn and listing as module functions (compiled in the
    compiled build); called as methods, they say what the core kept."""
    for state in _playout(name, players, 12):
        assert state.whose_turn() == (None if state.is_over else state.to_act)
        if not state.is_over:
            assert state.list_legal() == state.legal_actions()


@pytest.mark.parametrize(("name", "players"), [("palace", 3), ("tonk", 2)])
def test__apply_listed_is_apply_for_legal_actions_and_checks_the_rest(
    name: str, players: int
) -> None:
    """`_apply_listed` of a legal action gives what `apply` gives; an action of no kind of the
    game, or any action once the game is over, still goes to `apply`'s checks."""
    states = _playout(name, players, 5)
    for state, after in itertools.pairwise(states):
        action = after.history[-1]
        assert state._apply_listed(action) == state.apply(action) == after
    final = states[-1]
    with pytest.raises(IllegalAction) as over:
        final._apply_listed(states[-1].history[-1])
    assert over.value.code == "game_over"
    with pytest.raises(IllegalAction) as unknown:
        states[0]._apply_listed(_Stranger())
    assert unknown.value.code == "unknown_action"


class _Stranger(Action):
    """An action of no game."""

    def __str__(self) -> str:
        return "stranger"
