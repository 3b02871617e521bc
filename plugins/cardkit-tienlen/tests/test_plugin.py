"""The plugin: registration, metadata, action text, views, events and error messages."""

from __future__ import annotations

import pytest
from cardkit_tienlen import CARD_ORDER, PASS, Kind, Play, TienLen, TienLenView
from cardkit_tienlen.decks import deck_for
from cardkit_tienlen.decks import start_with_hands as start
from cardkit_tienlen.game import narrate

import cardkit
from cardkit import Card, IllegalAction, InvalidState, RandomBot
from cardkit.play.runner import play_out, seat_rngs
from cardkit.plugins.registry import Registry

A, B, C, D = 0, 1, 2, 3
GAME = cardkit.load_game("tienlen")


def test_registered_with_aliases() -> None:
    assert "tienlen" in cardkit.available_games()
    assert isinstance(GAME, TienLen)
    for alias in ("thirteen", "tien-len", "TienLen"):
        assert cardkit.load_game(alias) is GAME
    assert GAME.title == "Tiến lên"
    assert (GAME.players.min, GAME.players.max, GAME.players.default) == (2, 4, 4)


def test_a_fresh_registry_loads_the_plugin_without_problems() -> None:
    registry = Registry()
    assert "tienlen" in registry.available()
    assert not [p for p in registry.problems if p.plugin == "tienlen"]
    assert sorted(registry.aliases("tienlen")) == ["thirteen", "tien-len"]


def test_action_text() -> None:
    state = start({A: "3S 3H 4D 5C"})
    assert state.parse_action("play 3h 3s") == Play("3S 3H")
    assert str(state.parse_action("play 5c 4D 3s")) == "play 3S 4D 5C"
    assert state.parse_action("3S") == Play("3S")
    assert state.parse_action("pass") is PASS
    with pytest.raises(IllegalAction, match="expected 'play' and cards") as info:
        state.parse_action("bomb 3S")
    assert info.value.code == "unparsable"
    assert Play("3S 4S").kind == Kind.INVALID
    assert Play("3S 4S").label == "no combination"
    assert Play("3S 4D 5H 6C").label == "sequence of 4"
    assert Play("3S 3C 4D 4H 5S 5D").label == "double sequence of 3 pairs"
    assert repr(Play("3S")) == "Play('3S')"


def test_errors_say_what_is_expected() -> None:
    state = start({A: "3S 3H 4D 5C"})
    with pytest.raises(IllegalAction) as info:
        state.apply("play 4D")
    message = str(info.value)
    assert "must include 3S" in message
    assert "legal now: 'play 3S'" in message
    state = start({A: "5C", B: "7S 8C"}, leader=A).apply("play 5C")
    with pytest.raises(IllegalAction, match="is not a sequence"):
        state.apply("play 7S 8C")
    with pytest.raises(IllegalAction, match="names a card twice"):
        state.apply("play 7S 7S")
    state = start({A: "9D", B: "9C"}, leader=A).apply("play 9D")
    with pytest.raises(IllegalAction, match="its highest card 9C is lower than 9D"):
        state.apply("play 9C")


def test_views() -> None:
    state = start({A: "3S 4S 5S", B: "9H"})
    view = state.view(A)
    assert isinstance(view, TienLenView)
    assert {Card.parse(c) for c in ("3S", "4S", "5S")} <= set(view.hand)
    assert view.hand == sorted(view.hand, key=lambda c: CARD_ORDER.key(c))
    assert view.hand_sizes == [13, 13, 13, 13]
    assert view.must_include == Card.parse("3S")
    assert view.legal_actions[0] == "play 3S"
    assert state.view(B).legal_actions == []
    assert state.view(B).must_include is None
    assert state.view(None).hand == []
    state = state.apply("play 3S 4S 5S")
    view = state.view(C)
    assert view.current == [Card.parse(c) for c in ("3S", "4S", "5S")]
    assert view.current_kind == "sequence of 3"
    assert view.current_by == A
    assert view.pile == view.current
    assert view.hand_sizes == [10, 13, 13, 13]
    assert view.recent[-1] == "Seat 1 plays 3♠ 4♠ 5♠ (sequence of 3)"
    with pytest.raises(ValueError, match="seat must be"):
        state.view(7)


def test_events_narrate_a_whole_deal() -> None:
    rngs = seat_rngs(4, 4)
    played = play_out(GAME.start(seed=4), [RandomBot(r) for r in rngs], rngs)
    kinds = {e.kind for e in played.state.events}
    assert {"deal", "lead", "play", "pass", "round_end", "finish", "game_over"} <= kinds
    lines = [narrate(e) for e in played.state.events]
    assert lines[0] == "Seat 4 deals 13 cards to each player"
    order = played.state.result().order
    spoken = ", ".join(f"seat {s + 1}" for s in order[:-1]) + f" and seat {order[-1] + 1}"
    assert lines[-1] == f"The deal is over (all placed); finishing order: {spoken}"
    names = ["Ann", "Bob", "Cy", "Di"]
    named = narrate(played.state.events[-1], names=names, viewer=order[0])
    assert named.endswith(f"order: you, {names[order[1]]}, {names[order[2]]} and {names[order[3]]}")
    assert any(line.endswith("wins the round and leads") for line in lines)
    for event in played.state.events:
        assert event.describe()
    assert narrate(played.state.events[0], ["Ann", "Bo", "Cy", "Di"]).startswith("Di deals")


def test_result() -> None:
    state = GAME.start(seed=9)
    with pytest.raises(InvalidState):
        state.result()
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    result = state.result()
    assert result.reason == "all_placed"
    assert result.winners == result.order[:1]
    assert result.losers == result.order[-1:]
    assert sorted(result.order) == [0, 1, 2, 3]
    assert sorted(result.points) == [0, 1, 2, 3]
    assert result.actions == len(state.history)
    cards_left = result.details["cards_left"]
    assert isinstance(cards_left, list)
    assert cards_left[result.order[-1]] > 0
    assert state.result() == result


def test_save_and_load() -> None:
    state = GAME.start(seed=12)
    for _ in range(10):
        state = state.apply(state.legal_actions()[0])
    saved = state.to_json()
    loaded = GAME.load_state(saved)
    assert loaded.snapshot() == state.snapshot()
    tampered = saved.replace('"to_act":', '"to_act": 3, "x":', 1)
    with pytest.raises(InvalidState):
        GAME.load_state(tampered)


def test_dealing_starts_left_of_the_dealer() -> None:
    deck = deck_for({B: "3S"}, dealer=A)
    state = GAME.start(deck=deck, dealer=A)
    assert state.to_act == B
    assert deck.cards[0] in state.hand(B)  # B is left of the dealer A: first card
    assert deck.cards[1] in state.hand(C)
    assert deck.cards[3] in state.hand(A)
