"""The authoring API's small helpers that keep a game's code to its rules (issue 37): the
deal with a card turned up, the next seat, one seat's new entry in a per-seat tuple, a draw
into the hand, card values as a table with one rank changed, a card-and-word action's
event, a bot named and described from its class, what a previous deal carried and the
partnerships' table words."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from cardkit_crazyeights.state import Play

import cardkit
from cardkit.authoring import (
    Action,
    Card,
    CardSet,
    CardValues,
    GameBot,
    InvalidState,
    Rank,
    Suit,
    Turn,
    draw_to_hand,
)


def test_deal_and_turn_up_deals_from_left_of_the_dealer() -> None:
    deck = cardkit.Deck.parse("2C 3C 4C 5C 6C 7C 8C")
    game = cardkit.load_game("crazyeights")
    setup = game.start(players=3, deck=game.new_deck(game.rules()), dealer=1).setup
    assert setup.left_of_dealer == 2
    setup = setup._replace(deck=deck)
    hands, up, stock = setup.deal_and_turn_up(2)
    # One card at a time from seat 2 (left of the dealer, seat 1): 2C to seat 2, 3C to 0...
    assert hands == (CardSet.parse("3C 6C"), CardSet.parse("4C 7C"), CardSet.parse("2C 5C"))
    assert (up, stock) == (Card.parse("8C"), ())
    with pytest.raises(ValueError, match="no card is left to turn up"):
        setup._replace(deck=cardkit.Deck.parse("2C 3C 4C")).deal_and_turn_up(1)


def test_next_seat_and_with_seat_go_by_the_seat_to_act() -> None:
    state = cardkit.load_game("crazyeights").start(players=3, seed=1)
    assert (state.to_act, state.next_seat) == (0, 1)
    assert state.with_seat(("a", "b", "c"), "x") == ("x", "b", "c")
    state = state.apply(state.legal_actions()[0])
    while state.to_act != 2:
        state = state.apply(state.legal_actions()[0])
    assert state.next_seat == 0
    assert state.with_seat((1, 2, 3), 9) == (1, 2, 9)


def test_next_seat_and_with_seat_refuse_a_game_over() -> None:
    rng = random.Random(3)
    state = cardkit.load_game("crazyeights").start(players=2, seed=3)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(InvalidState, match="no seat is to act"):
        state.next_seat  # noqa: B018
    with pytest.raises(InvalidState, match="no seat is to act"):
        state.with_seat((1, 2), 3)
    with pytest.raises(InvalidState, match="no seat is to act"):
        draw_to_hand(state)


def test_draw_to_hand_draws_for_the_seat_to_act() -> None:
    state = cardkit.load_game("crazyeights").start(players=2, seed=1)
    events, changes = draw_to_hand(state)
    seat = state.to_act
    assert seat is not None
    drawn = changes["hands"][seat] - state.f.hands[seat]
    assert list(drawn) == [state.f.stock[0]]
    assert changes["stock"] == state.f.stock[1:]
    assert changes["hands"][1 - seat] is state.f.hands[1 - seat]
    assert [(e.kind, e.count) for e in events] == [("draw", 1)]


def test_with_rank_changes_one_rank_only() -> None:
    pips = CardValues.pips(ace=1, pictures=10)
    wild = pips.with_rank(Rank.EIGHT, 50)
    assert [wild.of(Card.parse(c)) for c in ("8S", "8H", "7S", "AS", "KD")] == [50, 50, 7, 1, 10]
    assert pips.of(Card.parse("8S")) == 8  # the table it came from is unchanged


def test_a_card_word_s_event_shows_the_card_and_the_word() -> None:
    plain = Play(Card.parse("5D")).event(1)
    assert (plain.kind, plain.seat, plain.cards, plain.note, dict(plain.data)) == (
        "play",
        1,
        (Card.parse("5D"),),
        "",
        {},
    )
    named = Play(Card.parse("8H"), Suit.SPADES).event(0)
    assert (named.note, dict(named.data)) == ("names spades", {"suit": "S"})


class CautiousBot(GameBot):
    """Draws whenever it may.

    Else it plays the first legal action.
    """

    def choose(self, turn: Turn) -> Action:
        """The first legal action."""
        return turn.legal[0]


class NamedBot(GameBot):
    """Some words."""

    name = "own"
    description = "Its own line."

    def choose(self, turn: Turn) -> Action:
        """The first legal action."""
        return turn.legal[0]


class PlainerBot(NamedBot):
    """Not its description: its base's is kept."""


def test_a_bot_is_named_and_described_from_its_class_unless_it_says() -> None:
    assert (CautiousBot.name, CautiousBot.description) == ("cautious", "Draws whenever it may.")
    assert (NamedBot.name, NamedBot.description) == ("own", "Its own line.")
    assert (PlainerBot.name, PlainerBot.description) == ("own", "Its own line.")


def test_carried_reads_the_previous_deal_s_detail() -> None:
    game = cardkit.load_game("spades")
    setup = game.start(players=4, seed=1).setup
    assert setup.carried("bags", [0, 0]) == [0, 0]  # the first deal carries nothing
    previous = cardkit.GameResult.for_teams(
        "played", ((0, 2), (1, 3)), [10, 20], details={"bags": [3, 4], "note": "x"}
    )
    later = setup._replace(previous=previous)
    assert later.carried("bags", [0, 0]) == [3, 4]
    assert later.carried("missing", [0, 0]) == [0, 0]
    assert later.carried("note", "") == "x"
    with pytest.raises(InvalidState, match=r"carried note='x', a str; this deal expects a list"):
        later.carried("note", [0, 0])  # deals that disagree on what they carry


def test_team_words_name_each_team_then_what_it_says() -> None:
    from cardkit.authoring import team_words

    def said(team: Sequence[int], seen: Mapping[str, Any], names: Sequence[str]) -> str:
        return "" if seen["quiet"] else f"took {sum(seen['tricks'][s] for s in team)}"

    words = team_words(((0, 2), (1, 3)), said, reads=("tricks", "quiet"))
    assert (words.label, words.reads, words.per_seat) == (
        "Partnerships",
        ("tricks", "quiet"),
        False,
    )
    assert words.text is not None
    seen = {"tricks": [1, 2, 3, 4], "quiet": False}
    assert words.text(seen, ["Ana", "Bo", "Cy", "Di"]) == "Ana & Cy: took 4 · Bo & Di: took 6"
    assert words.text({**seen, "quiet": True}, []) == "Seat 1 & Seat 3 · Seat 2 & Seat 4"
    alone = team_words([[0], [1, 2]], label="Teams")
    assert alone.label == "Teams"
    assert alone.text is not None
    assert alone.text({}, ["Ana"]) == "Ana · Seat 2 & Seat 3"
    for bad in ((), ((0, 2), ())):
        with pytest.raises(ValueError, match="teams must be"):
            team_words(bad)
