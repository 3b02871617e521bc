"""GameState, the base of every game's state: immutability, history, saves, zones.

Uses the tiny game *Shed* of ``conftest.py``: play a card, draw, or pass.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardkit import Event, GameState, IllegalAction

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
