"""Saved games: the JSON form of a state, and every way loading refuses a bad one."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from plugin_support import games_plugin

import cardkit
from cardkit import Deck, GameState, InvalidState
from cardkit.engine.saves import SAVE_FORMAT, SavedGame
from cardkit.plugins.registry import Registry


def played(shed: Any, actions: tuple[str, ...] = ("draw", "pass", "play 2C")) -> GameState:
    """A Shed game from a known deck with a few actions played."""
    deck = Deck.parse("QS 3H 2C 9D 7S 4C KH JD")
    rest = [c for c in Deck.standard() if c not in deck]
    state: GameState = shed.start(players=2, deck=Deck([*deck, *rest]))
    for action in actions:
        state = state.apply(action)
    return state


def edited(state: GameState, edit: Callable[[dict[str, Any]], object]) -> str:
    """The state's save with ``edit`` applied to its JSON data."""
    data = json.loads(state.to_json())
    edit(data)
    return json.dumps(data)


def test_a_save_records_setup_actions_and_snapshot(shed: Any) -> None:
    """The saved fields: format, game, rules, seats, dealer, deck, seed, actions, snapshot."""
    state = played(shed)
    saved = SavedGame.parse(state.to_json())
    assert saved.format == SAVE_FORMAT
    assert saved.game == "shed"
    assert saved.rules_version == shed.rules_model.version
    assert saved.rules == {"cards_each": 3, "house_rules": []}
    assert saved.house_rule_sources == {}
    assert (saved.players, saved.dealer, saved.seed) == (2, 1, None)
    assert saved.deck[:3] == ["QS", "3H", "2C"]
    assert saved.actions == ["draw", "pass", "play 2C"]
    assert saved.snapshot == state.snapshot()
    assert json.loads(state.to_json(indent=2)) == json.loads(state.to_json())


def test_load_gives_back_the_same_state(shed: Any) -> None:
    """Loading replays the actions: same snapshot, history, events and legal actions."""
    state = played(shed)
    loaded = shed.load_state(state.to_json())
    assert loaded.snapshot() == state.snapshot()
    assert loaded.history == state.history
    assert loaded.events == state.events
    assert loaded.legal_actions() == state.legal_actions()
    assert loaded.to_json() == state.to_json()
    assert shed.load_state(state.to_json().encode()).snapshot() == state.snapshot()
    seeded = shed.start(players=3, seed=42).apply("draw")
    again = shed.load_state(seeded.to_json())
    assert again.setup.seed == 42
    assert again.snapshot() == seeded.snapshot()


def test_a_save_made_under_an_alias_loads(empty_registry: Registry, shed: Any) -> None:
    """The game field may name one of the aliases the game was registered under."""
    cardkit.register(games_plugin(shed, aliases=("shedding",)), name="shed-plugin")
    text = edited(played(shed), lambda d: d.update(game="shedding"))
    assert shed.load_state(text).snapshot() == played(shed).snapshot()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a valid saved game"),
        ("not json", "not a valid saved game"),
        ("[]", "not a valid saved game"),
        ('{"format": "cardkit.game/1"}', "not a valid saved game: game: Field required"),
        (b"\xff\xfe", "not a valid saved game"),
    ],
)
def test_text_that_is_not_a_save(shed: Any, text: str | bytes, message: str) -> None:
    """Garbage is refused with InvalidState, naming the first problem."""
    with pytest.raises(InvalidState, match=message):
        shed.load_state(text)


def _set_deck(d: dict[str, Any], index: int, code: str) -> None:
    d["deck"][index] = code


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(format="cardkit.game/2"), "format"),
        (lambda d: d.update(extra=1), "extra: Extra inputs are not permitted"),
        (lambda d: d.pop("snapshot"), "snapshot: Field required"),
        (lambda d: d.update(game="tonk"), "this save is a game of 'tonk', not of 'shed'"),
        (lambda d: d.update(rules_version="0"), "rules version 0; this installation plays"),
        (lambda d: d["rules"].update(jokers=2), "the saved setup is invalid"),
        (lambda d: d["rules"].update(cards_each="three"), "the saved setup is invalid"),
        (lambda d: d.update(players=7), "the saved setup is invalid.*2 to 3 players"),
        (lambda d: d.update(players=0), "players: Input should be greater than or equal to 1"),
        (lambda d: d.update(dealer=5), "the saved setup is invalid.*dealer must be a seat"),
        (lambda d: _set_deck(d, 1, "QS"), "the saved setup is invalid.*QS is in the deck twice"),
        (lambda d: _set_deck(d, 1, "ZZ"), "the saved setup is invalid.*'ZZ'"),
        (lambda d: d["deck"].pop(), "the saved setup is invalid.*exactly the 52 cards"),
        (lambda d: d.update(seed=5), "the deck order is not the one the given seed shuffles"),
        (lambda d: d["actions"].insert(1, "play AS"), "saved action #2 'play AS' is illegal"),
        (lambda d: d["actions"].append("xyzzy"), "saved action #4 'xyzzy' is illegal"),
        (lambda d: d["actions"].pop(), "the saved snapshot does not match"),
        (lambda d: d["snapshot"].update(seat=0), "the saved snapshot does not match"),
        (lambda d: d["snapshot"]["stock"].reverse(), "the saved snapshot does not match"),
        (lambda d: d.update(previous={"reason": "x"}), "previous.players: Field required"),
    ],
)
def test_every_kind_of_bad_save_is_refused(
    shed: Any, edit: Callable[[dict[str, Any]], object], message: str
) -> None:
    """Each corruption raises InvalidState saying what is wrong; nothing is half-loaded."""
    with pytest.raises(InvalidState, match=message):
        shed.load_state(edited(played(shed), edit))


def test_a_deck_change_that_replays_differently_is_refused(shed: Any) -> None:
    """Swapping two dealt cards (no seed) replays legally but to another snapshot."""

    def swap(d: dict[str, Any]) -> None:
        d["deck"][0], d["deck"][1] = d["deck"][1], d["deck"][0]

    with pytest.raises(InvalidState, match="does not match"):
        shed.load_state(edited(played(shed), swap))


def _swap_first_cards(d: dict[str, Any]) -> None:
    d["deck"][0], d["deck"][1] = d["deck"][1], d["deck"][0]


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["snapshot"]["stock"].reverse(),
        lambda d: d["snapshot"].update(seat=1),
        lambda d: d["snapshot"]["hands"].reverse(),
        _swap_first_cards,
    ],
    ids=["stock-order", "seat-to-act", "hands-swapped", "deck-swapped"],
)
def test_a_tampered_save_with_no_actions_is_refused(
    shed: Any, edit: Callable[[dict[str, Any]], object]
) -> None:
    """A save of a fresh deal (no actions to replay) still has its snapshot checked."""
    fresh = played(shed, ())
    assert json.loads(fresh.to_json())["actions"] == []
    assert shed.load_state(fresh.to_json()).snapshot() == fresh.snapshot()
    with pytest.raises(InvalidState, match="the saved snapshot does not match"):
        shed.load_state(edited(fresh, edit))


def test_a_save_with_its_actions_removed_is_refused(shed: Any) -> None:
    """Dropping every action of a played game leaves a snapshot the deal does not give."""
    with pytest.raises(InvalidState, match="the saved snapshot does not match"):
        shed.load_state(edited(played(shed), lambda d: d.update(actions=[])))
