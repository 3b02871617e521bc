"""What a user reads: second person for you, plurals, and no project jargon.

Issue 15, bugs 4 and 5: "You leads", "You wins the round and leads", "You to
act first", "seat 0 is to act" said to seat 0, "1 turn(s)"; "the seed's rules",
"(Not in the seed; ...)", the rules spec's sections, and Tonk's option value
``seed``.
"""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import cardkit
from cardkit import Card, Event
from cardkit.cli import app
from cardkit.cli._screen import pretty_codes, to_player
from cardkit.play.narrate import Narrator, event_text, second_person

YOU = ["you", "greedy", "greedy"]


@pytest.mark.parametrize(
    ("event", "you", "other"),
    [
        (Event("lead", 0), "You lead", "Seat 2 (greedy) leads"),
        (
            Event("round_end", 0, note="wins the round and leads"),
            "You win the round and lead",
            "Seat 2 (greedy) wins the round and leads",
        ),
        (Event("pass", 0), "You pass", "Seat 2 (greedy) passes"),
        (Event("goes_out", 0, note="goes out"), "You go out", "Seat 2 (greedy) goes out"),
        (
            Event("spades_show", 0, note="has no spade"),
            "You have no spade",
            "Seat 2 (greedy) has no spade",
        ),
    ],
)
def test_narration_reads_right_for_you_and_for_others(event: Event, you: str, other: str) -> None:
    assert event_text(event, YOU).plain == you
    theirs = Event(event.kind, 1, event.cards, event.count, event.note)
    assert event_text(theirs, YOU).plain == other


def test_second_person_keeps_other_words() -> None:
    assert second_person("wins the round and leads") == "win the round and lead"
    assert second_person("passes") == "pass"
    assert second_person("buries the pile") == "bury the pile"


def test_who_acts_first_reads_right() -> None:
    game = cardkit.load_game("tonk")
    state = game.start(3, seed=1)
    console = Console(record=True, width=120)
    Narrator(console, YOU).deal(state)
    assert "You act first" in console.export_text()
    console = Console(record=True, width=120)
    Narrator(console, ["greedy", "you", "greedy"]).deal(state)
    assert "Seat 1 (greedy) acts first" in console.export_text()


def test_messages_about_you_say_you_and_show_cards_as_cards() -> None:
    said = to_player("seat 1 is to act and does not hold TH", 0)
    assert said == "You do not hold TH"  # only the seat to act is asked: no "are to act"
    assert pretty_codes(said).plain == "You do not hold 10♥"
    assert to_player("seat 2 is to act", 0) == "seat 2 is to act"  # a message counts from 1
    assert to_player("seat 1 has no card", 0) == "You have no card"


def test_tonk_locks_have_plurals() -> None:
    from cardkit_tonk import events as text  # the words of Tonk's events

    assert text.turns(1) == "1 turn"
    assert text.turns(2, "more ") == "2 more turns"


JARGON = re.compile(r"\bseed's\b|\bin the seed\b|\bthe seed\b|rules spec|\bspec\b|section \d")


@pytest.mark.parametrize("game", ["tienlen", "palace", "tonk"])
def test_the_rules_say_no_project_jargon(game: str) -> None:
    result = CliRunner().invoke(app, ["rules", game], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    assert JARGON.findall(result.output) == []
    assert '"seed"' not in result.output
    json_result = CliRunner().invoke(app, ["rules", game, "--json"])
    assert JARGON.findall(json_result.output) == []


def test_tonk_caught_rule_is_named_after_its_source_and_the_old_name_still_works() -> None:
    game = cardkit.load_game("tonk")
    assert game.rules().caught_rule == "wikipedia"
    assert game.rules(caught_rule="seed").caught_rule == "wikipedia"
    assert game.rules(caught_rule="pagat").caught_rule == "pagat"
    with pytest.raises(cardkit.InvalidRules):
        game.rules(caught_rule="nonsense")


def test_a_card_in_an_event_is_shown_as_a_card() -> None:
    assert event_text(Event("play", 0, (Card.parse("TH"),)), YOU).plain == "You play 10♥"
