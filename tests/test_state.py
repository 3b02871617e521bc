"""GameState, the base of every game's state: immutability, history, saves, zones.

Uses the tiny game *Shed* of ``conftest.py``: play a card, draw, or pass.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

import cardkit
from cardkit import Event, GameState, IllegalAction, hookimpl
from cardkit.plugins.registry import Registry
from cardkit.testing import ContractError, check_copies

#: The ``shed`` fixture's game (its classes live in ``conftest.py``).
Shed = Any


def test_apply_returns_a_new_state_and_leaves_the_old_one(shed: Shed) -> None:
    """States are immutable values: applying an action builds the next one."""
    state = shed.start(seed=1)
    before = state.snapshot()
    after = state.apply(state.parse_action("draw"))
    assert after is not state
    assert isinstance(after, GameState)
    assert state.snapshot() == before
    assert after.snapshot()["stock"] == before["stock"][1:]


def test_apply_takes_an_action_or_its_text(shed: Shed) -> None:
    """``apply("draw")`` parses the text for this state, then applies it."""
    state = shed.start(seed=1)
    card = next(iter(state.hands[state.seat]))
    play = next(a for a in state.legal_actions() if str(a) == f"play {card.code}")
    assert state.apply(f"play {card.code}").snapshot() == state.apply(play).snapshot()
    assert state.apply("pass").history == (state.parse_action("pass"),)


def test_an_illegal_action_raises_and_changes_nothing(shed: Shed) -> None:
    """Refused actions raise IllegalAction with a code, and the state is as it was."""
    state = shed.start(seed=1)
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply("dance")
    assert refused.value.code == "unparsable"
    with pytest.raises(IllegalAction):
        state.apply(f"play {next(iter(state.hands[1 - state.seat])).code}")
    assert state.to_json() == before


def test_states_cannot_be_changed(shed: Shed) -> None:
    """Setting an attribute raises: apply() is the only way to a new state."""
    state = shed.start(seed=1)
    with pytest.raises(AttributeError, match="immutable"):
        state.seat = 1


def test_history_events_and_counts(shed: Shed) -> None:
    """The log holds every action and event since the deal, oldest first."""
    state = shed.start(seed=1)
    assert state.history == ()
    assert state.action_count == 0
    assert [e.kind for e in state.last_events] == ["deal"]
    first = state.seat
    state = state.apply("draw").apply("pass")
    assert [str(a) for a in state.history] == ["draw", "pass"]
    assert state.action_count == 2
    assert [e.kind for e in state.events] == ["deal", "draw", "pass"]
    assert state.last_events == (Event("pass", 1 - first),)


def test_actions_since_an_earlier_state(shed: Shed) -> None:
    """``actions_since`` gives the actions from an earlier point of the deal, and ``None``
    for a state that is not an earlier point of this one (a branch, another deal)."""
    start = shed.start(seed=1)
    drawn = start.apply("draw")
    later = drawn.apply("pass")
    assert [str(a) for a in later.actions_since(start)] == ["draw", "pass"]
    assert [str(a) for a in later.actions_since(drawn)] == ["pass"]
    assert later.actions_since(later) == ()
    assert start.actions_since(later) is None
    branch = start.apply("pass")
    assert later.actions_since(branch) is None
    assert later.actions_since(shed.start(seed=1)) is None


def test_rules_and_players_come_from_the_setup(shed: Shed) -> None:
    """``rules`` and ``players`` read the setup the game was dealt from."""
    rules = shed.rules(cards_each=2)
    state = shed.start(players=3, rules=rules, seed=4)
    assert state.rules is rules is state.setup.rules
    assert state.players == 3 == state.setup.players
    assert all(len(hand) == 2 for hand in state.hands)


def test_views_show_only_what_a_seat_may_know(shed: Shed) -> None:
    """A seat's view has its own hand; the spectator's has none; only the seat to act has moves."""
    state = shed.start(seed=1)
    mine = state.view(state.seat)
    theirs = state.view(1 - state.seat)
    spectator = state.view(None)
    assert mine.legal_actions == [str(a) for a in state.legal_actions()]
    assert theirs.legal_actions == []
    assert spectator.seat is None
    assert spectator.hand is None


def test_the_default_visible_zones_are_the_own_hand(shed: Shed) -> None:
    """The base class shows a seat its ``hand:<seat>`` and nothing public."""
    state = shed.start(seed=1)
    assert GameState.visible_zones(state, 1) == ("hand:1",)
    assert GameState.visible_zones(state, None) == ()
    assert set(state.zones()) == {"hand:0", "hand:1", "stock", "pile"}


def test_to_json_round_trips_through_load_state(shed: Shed) -> None:
    """``game.load_state(state.to_json())`` replays to the same state."""
    state = shed.start(seed=2).apply("draw").apply("pass")
    loaded = shed.load_state(state.to_json())
    assert loaded.snapshot() == state.snapshot()
    assert loaded.history == state.history


def test_repr_says_game_players_and_turn(shed: Shed) -> None:
    """The repr is short and names the game and the seat to act."""
    state = shed.start(seed=1)
    assert repr(state) == f"<ShedState shed players=2 to_act={state.seat}>"


# -- states are values ----------------------------------------------------------------------------


def test_states_compare_equal_by_value(shed: Shed) -> None:
    """The same deal and the same actions make equal states, with equal hashes."""
    one = shed.start(seed=3).apply("draw")
    two = shed.start(seed=3).apply("draw")
    assert one is not two
    assert one == two
    assert hash(one) == hash(two)
    assert one != shed.start(seed=3).apply("pass")
    assert one != shed.start(seed=4).apply("draw")
    assert one != shed.start(seed=3)
    assert one != "draw"


def test_deep_copies_are_equal_and_copies_are_the_state(shed: Shed) -> None:
    """``copy.deepcopy`` replays to an equal state; ``copy.copy`` of a state is the state."""
    state = shed.start(seed=3).apply("draw").apply("pass")
    deep = copy.deepcopy(state)
    assert deep is not state
    assert deep == state
    assert deep.to_json() == state.to_json()
    assert deep.game is state.game
    assert copy.copy(state) is state
    assert copy.deepcopy(shed) is shed


class _Registers:
    """A plugin object registering one game."""

    def __init__(self, game: Any) -> None:
        self.game = game

    @hookimpl
    def cardkit_register(self, register: Any) -> None:
        """Register the game."""
        register.add_game(self.game)


@pytest.fixture
def registered(empty_registry: Registry, shed: Shed) -> Shed:
    """The Shed game, registered in the process-wide registry (a pickled game is its name)."""
    cardkit.register(_Registers(shed))
    return shed


def test_states_pickle_by_setup_and_actions(registered: Shed) -> None:
    """A pickled state is its game's name, its setup and its actions: small, and replayed."""
    state = registered.start(seed=3).apply("draw").apply("pass")
    data = pickle.dumps(state)
    assert len(data) < 2000
    loaded = pickle.loads(data)
    assert loaded == state
    assert loaded.to_json() == state.to_json()
    assert loaded.game is state.game
    check_copies(state)


def test_a_game_that_is_not_registered_does_not_unpickle(shed: Shed) -> None:
    """Unpickling finds the game by name: an unregistered one is a clear error."""
    data = pickle.dumps(shed.start(seed=3))
    with pytest.raises(cardkit.UnknownGame, match="unknown game 'shed'"):
        pickle.loads(data)


def test_check_copies_catches_a_copy_that_differs(
    registered: Shed, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deep copy that lost the last action is caught, and so is equality by identity."""
    state = registered.start(seed=3).apply("draw")
    cls = type(state)
    with monkeypatch.context() as patched:
        patched.setattr(cls, "__deepcopy__", lambda self, memo: self.game.deal(self.setup))
        with pytest.raises(ContractError, match=r"copy\.deepcopy\(state\) gave a state whose"):
            check_copies(state)
    with monkeypatch.context() as patched:
        patched.setattr(cls, "__eq__", lambda self, other: self is other)
        patched.setattr(cls, "__hash__", object.__hash__)
        with pytest.raises(ContractError, match="does not compare equal"):
            check_copies(state)
    check_copies(state)
