"""How Crazy Eights' events read, for the seat they are about and for everyone else."""

from __future__ import annotations

import re

import pytest
from cardkit_crazyeights.bots import HeuristicBot

import cardkit
from cardkit import Card, Event
from cardkit.play.runner import play_out, seat_rngs

GAME = cardkit.load_game("crazyeights")
EIGHT = (Card.parse("8D"),)


@pytest.mark.parametrize(
    ("event", "others", "own"),
    [
        (Event("play", 0, EIGHT), "Seat 1 plays 8♦", "You play 8♦"),
        (
            Event("play", 0, EIGHT, note="names clubs", data={"suit": "C"}),
            "Seat 1 plays 8♦ and names clubs",
            "You play 8♦ and name clubs",
        ),
        (Event("draw", 0, count=2), "Seat 1 draws 2 cards", "You draw 2 cards"),
        (Event("pass", 0), "Seat 1 passes", "You pass"),
        (Event("out", 0, note="goes out"), "Seat 1 goes out", "You go out"),
        (
            Event("deal", 0, note="7 cards each"),
            "Seat 1 deals 7 cards each",
            "You deal 7 cards each",
        ),
        (Event("starter", cards=EIGHT), "The starter is 8♦", "The starter is 8♦"),
        (
            Event("reshuffle", count=27, note="discard pile into stock"),
            "The discard pile is shuffled into the stock (27 cards)",
            "The discard pile is shuffled into the stock (27 cards)",
        ),
        (
            Event("bury", cards=EIGHT, note="an 8 is buried in the stock"),
            "The starter 8♦ is an eight: it is buried in the stock",
            "The starter 8♦ is an eight: it is buried in the stock",
        ),
        (
            Event("blocked", note="nobody can play or draw"),
            "The game is blocked: nobody can play or draw",
            "The game is blocked: nobody can play or draw",
        ),
    ],
)
def test_each_event_kind_reads_right(event: Event, others: str, own: str) -> None:
    assert GAME.wording.line(event) == others
    assert GAME.wording.line(event, viewer=1) == others
    assert GAME.wording.line(event, viewer=0) == own


def test_every_seat_reads_a_whole_game_in_good_english() -> None:
    rngs = seat_rngs(3, 3)
    played = play_out(GAME.start(3, seed=3), [HeuristicBot(r) for r in rngs], rngs)
    for event in played.state.events:
        for viewer in (None, 0, 1, 2):
            line = GAME.wording.line(event, viewer=viewer)
            assert not re.search(r"\bYou \w+s\b(?<!\bpass)", line), line
            assert not re.search(r"\b(\w+) \1\b|_", line), line
