"""Narration helpers: events, cards, views and results rendered for people."""

from __future__ import annotations

from rich.console import Console

from cardkit import Card, CardSet, Event, GameResult, Payment, View
from cardkit.play.narrate import (
    action_text,
    card_text,
    event_text,
    payments_text,
    result_table,
    seat_label,
    value_text,
    view_table,
)


def render(renderable: object) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_cards_get_suit_symbols_and_red_for_red_suits() -> None:
    assert card_text(Card.parse("QS")).plain == "Q♠"
    assert card_text(Card.parse("TH")).plain == "10♥"
    assert "red" in str(card_text(Card.parse("2D")).style)
    assert "red" not in str(card_text(Card.parse("2C")).style)
    assert action_text("play QS TH").plain == "play Q♠ 10♥"
    assert action_text("pass").plain == "pass"


def test_seat_labels() -> None:
    assert seat_label(2) == "Seat 3"  # people count seats from 1
    assert seat_label(1, ["a", "greedy"]) == "Seat 2 (greedy)"
    assert seat_label(0, ["you", "x"]) == "You"
    assert seat_label(None) == "Table"


def test_events_read_as_sentences() -> None:
    qs, th = Card.parse("QS"), Card.parse("TH")
    assert event_text(Event("play", 2, cards=(qs, th))).plain == "Seat 3 plays Q♠ 10♥"
    assert event_text(Event("pass", 1)).plain == "Seat 2 passes"
    assert event_text(Event("draw", 0, count=2)).plain == "Seat 1 draws 2 cards"
    assert event_text(Event("draw", 0, count=1), ["you"]).plain == "You draw 1 card"
    assert event_text(Event("pass", 0), ["you"]).plain == "You pass"
    # Unknown kinds: a lower-case note reads as the verb phrase...
    assert event_text(Event("out", 3, note="goes out")).plain == "Seat 4 goes out"
    # ...otherwise a kind named by a verb reads as the verb, and any other kind as its words.
    assert event_text(Event("ask", 1, note="for 7s")).plain == "Seat 2 asks for 7s"
    assert (
        event_text(Event("round_end", 1, note="(pile cleared)")).plain
        == "Seat 2: round end (pile cleared)"
    )
    assert event_text(Event("starter", cards=(qs,))).plain == "The starter is Q♠"
    assert event_text(Event("stalemate", note="nobody can play")).plain == (
        "Stalemate: nobody can play"
    )
    # A note that already holds the phrase or the count is not repeated.
    deal = Event("deal", 3, count=3, note="deals 3 face down and 3 in hand")
    assert event_text(deal).plain == "Seat 4 deals 3 face down and 3 in hand"
    assert event_text(Event("deal", 3, count=5, note="5 cards each")).plain == (
        "Seat 4 deals 5 cards each"
    )
    assert event_text(Event("play", 2, cards=(qs,)), with_seat=False).plain == "plays Q♠"


def test_values_of_view_fields() -> None:
    assert value_text(None).plain == "—"
    assert value_text(CardSet.parse("QS 2C")).plain == "2♣ Q♠"
    assert value_text([]).plain == "(none)"
    assert value_text(True).plain == "yes"
    assert value_text([3, 4, 5], players=3).plain == "1:3  2:4  3:5"
    per_seat = [[Card.parse("QS")], [Card.parse("2C"), Card.parse("3C")]]
    assert value_text(per_seat, players=2).plain == "1: Q♠ · 2: 2♣ 3♣"
    assert value_text({"a": 1}).plain == "a: 1"


class _DemoView(View):
    hand: CardSet
    hand_counts: list[int]
    top: Card | None = None


def test_a_view_table_shows_the_games_fields_only() -> None:
    view = _DemoView(
        game="x",
        seat=1,
        players=2,
        to_act=1,
        is_over=False,
        legal_actions=["play QS"],
        recent=["Seat 1 plays 2C"],
        hand=CardSet.parse("QS"),
        hand_counts=[4, 1],
    )
    text = render(view_table(view, ["bot", "you"], title="Your view"))
    assert "Your view" in text
    assert "hand" in text
    assert "Q♠" in text
    assert "1:4  2:1" in text
    assert "top" not in text  # None fields are left out
    assert "legal" not in text
    assert "You" in text


def test_result_tables_show_places_points_payments_and_outcomes() -> None:
    result = GameResult(
        reason="tonk_out",
        players=3,
        order=[2, 0, 1],
        winners=[2],
        losers=[1],
        points=[1, 0, 3],
        payments=[Payment(payer=1, payee=2, amount=2, reason="tonk")],
    )
    text = render(result_table(result, ["a", "b", "c"]))
    assert "Result: tonk out" in text
    assert "Points" in text
    assert "Net" in text
    assert "+2" in text
    assert "winner" in text
    assert "loser" in text
    assert payments_text(result, ["a", "b", "c"]).plain == "Seat 2 (b) pays Seat 3 (c) 2 (tonk)"
    capped = render(result_table(GameResult.capped_at(2, 9)))
    assert "Result: capped" in capped
    assert "Place" not in capped
