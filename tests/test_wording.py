"""One narrator: every event reads as good English for its seat, other seats and spectators."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import cardkit
from cardkit import Card, Event
from cardkit.authoring import Register
from cardkit.errors import PluginError
from cardkit.play.narrate import event_text, seat_label
from cardkit.plugins.registry import Registry
from cardkit.words.wording import Phrase, Wording, base_form, ordinal, second_person, third_person

REPO = Path(__file__).resolve().parents[1]
PLAYTHROUGHS = sorted(
    [
        *REPO.glob("plugins/*/tests/playthroughs/*.txt"),
        *REPO.glob("examples/*/tests/playthroughs/*.txt"),
    ]
)
QS, TH = Card.parse("QS"), Card.parse("TH")


@pytest.mark.parametrize(
    ("event", "spectator", "own"),
    [
        (Event("play", 2, (QS, TH)), "Seat 3 plays Q♠ 10♥", "You play Q♠ 10♥"),
        (Event("pass", 1), "Seat 2 passes", "You pass"),
        (Event("draw", 0, count=1), "Seat 1 draws 1 card", "You draw 1 card"),
        (Event("draw", 0, count=3), "Seat 1 draws 3 cards", "You draw 3 cards"),
        (Event("ready", 0), "Seat 1 is ready", "You are ready"),
        (Event("out", 1, note="goes out"), "Seat 2 goes out", "You go out"),
        (Event("bury", 1, (QS,)), "Seat 2 buries Q♠", "You bury Q♠"),
        (Event("pickup", 1, count=5), "Seat 2 picks up 5 cards", "You pick up 5 cards"),
        (
            Event("lock", 1, note="may not drop for 1 turn"),
            "Seat 2 may not drop for 1 turn",
            "You may not drop for 1 turn",
        ),
        (
            Event("deal", 3, note="deals 3 face down and 3 in hand"),
            "Seat 4 deals 3 face down and 3 in hand",
            "You deal 3 face down and 3 in hand",
        ),
        (
            Event("deal", 3, count=5, note="5 cards each"),
            "Seat 4 deals 5 cards each",
            "You deal 5 cards each",
        ),
        # The cases: a new game's own kinds whose note is the phrase.
        (
            Event("ask", 0, note="asks seat 2 for 7s"),
            "Seat 1 asks seat 2 for 7s",
            "You ask seat 2 for 7s",
        ),
        (Event("go_fish", 0, note="says go fish"), "Seat 1 says go fish", "You say go fish"),
        # Unknown kinds: a verb reads as the verb, conjugated for each.
        (Event("ask", 0, note="for 7s"), "Seat 1 asks for 7s", "You ask for 7s"),
        (Event("fish", 0), "Seat 1 fishes", "You fish"),
        (Event("say", 0, note="go fish"), "Seat 1 says go fish", "You say go fish"),
        (Event("carry", 0), "Seat 1 carries", "You carry"),
        (
            Event("round_end", 1, note="(pile cleared)"),
            "Seat 2: round end (pile cleared)",
            "You: round end (pile cleared)",
        ),
        (
            Event("round_end", 0, note="wins the round and leads"),
            "Seat 1 wins the round and leads",
            "You win the round and lead",
        ),
        (Event("spades_show", 0, note="has no spade"), "Seat 1 has no spade", "You have no spade"),
        # A note that is a second predicate joins the first with "and".
        (
            Event("play", 0, (QS,), note="names clubs"),
            "Seat 1 plays Q♠ and names clubs",
            "You play Q♠ and name clubs",
        ),
        # Table events.
        (Event("starter", cards=(QS,)), "The starter is Q♠", "The starter is Q♠"),
        (Event("game_over"), "The game is over", "The game is over"),
        (
            Event("stalemate", note="nobody can play"),
            "Stalemate: nobody can play",
            "Stalemate: nobody can play",
        ),
        (
            Event("blocked", note="nobody can play"),
            "The game is blocked: nobody can play",
            "The game is blocked: nobody can play",
        ),
        (
            Event("reshuffle", count=27, note="discard pile into stock"),
            "The discard pile is shuffled into the stock (27 cards)",
            "The discard pile is shuffled into the stock (27 cards)",
        ),
    ],
)
def test_default_wording(event: Event, spectator: str, own: str) -> None:
    assert event.describe() == spectator
    assert event.describe(viewer=1 - (event.seat or 0) if event.seat is not None else 0) == (
        spectator
    )
    assert event.describe(viewer=event.seat) == own


ASK = {
    "ask": "asks {target:seat} for {rank}s",
    "book": "lays down a book of {cards}",
    "steal": "takes {n} from {target:possessive} hand",
    "finish": "finishes {place:ordinal}",
    "name": Phrase("names {suit:suit} and wins", you="name {suit:suit} and win"),
    "shown": "shows {shown:cards}",
    "tally": "Scores so far: {note}",
}


@pytest.mark.parametrize(
    ("event", "viewer", "line"),
    [
        (Event("ask", 0, data={"target": 1, "rank": "7"}), None, "Seat 1 asks seat 2 for 7s"),
        (Event("ask", 0, data={"target": 1, "rank": "7"}), 0, "You ask seat 2 for 7s"),
        (Event("ask", 0, data={"target": 1, "rank": "7"}), 1, "Seat 1 asks you for 7s"),
        (Event("book", 2, (QS,)), 2, "You lay down a book of Q♠"),
        (Event("steal", 0, data={"n": 2, "target": 1}), 1, "Seat 1 takes 2 from your hand"),
        (Event("steal", 0, data={"n": 2, "target": 1}), None, "Seat 1 takes 2 from seat 2's hand"),
        (Event("finish", 3, data={"place": 2}), None, "Seat 4 finishes 2nd"),
        (Event("name", 3, data={"suit": "H"}), 3, "You name hearts and win"),
        (Event("name", 3, data={"suit": "H"}), 0, "Seat 4 names hearts and wins"),
        (Event("shown", 1, data={"shown": ["QS", "TH"]}), None, "Seat 2 shows Q♠ 10♥"),
        (Event("tally", note="0: 3, 1: 5"), 1, "Scores so far: 0: 3, 1: 5"),
    ],
)
def test_phrases(event: Event, viewer: int | None, line: str) -> None:
    assert event.describe(viewer=viewer, wording=Wording(ASK)) == line


def test_names_stand_for_seats() -> None:
    ask = Event("ask", 0, data={"target": 1, "rank": "7"})
    assert ask.describe(["Ann", "Bo"], wording=Wording(ASK)) == "Ann asks Bo for 7s"
    assert ask.describe(["Ann", "Bo"], viewer=1, wording=Wording(ASK)) == "Ann asks you for 7s"


def test_english_helpers() -> None:
    assert [base_form(v) for v in ("plays", "passes", "buries", "has", "may", "goes")] == [
        "play",
        "pass",
        "bury",
        "have",
        "may",
        "go",
    ]
    assert [third_person(v) for v in ("play", "pass", "bury", "go", "have", "fish")] == [
        "plays",
        "passes",
        "buries",
        "goes",
        "has",
        "fishes",
    ]
    assert second_person("leads: seat 1 won the round and has gone out") == (
        "lead: seat 1 won the round and has gone out"
    )
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]


@pytest.mark.parametrize(
    ("phrases", "message"),
    [
        ({"ask": "asks {target:who}"}, "after the colon"),
        ({"ask": "asks {target"}, "brace"),
        ({"ask": "asks [for {rank:ranks}"}, "square bracket"),
        ({"ask": "asks [for [{rank:ranks}]]"}, "square bracket"),
        ({"ask": 3}, "template string"),
    ],
)
def test_a_malformed_phrase_is_refused(phrases: dict[str, Any], message: str) -> None:
    with pytest.raises(PluginError, match=message):
        Wording(phrases)


class _Phrases:
    def __init__(self, game: str, phrases: dict[str, Any]) -> None:
        self.game, self.phrases = game, phrases

    @cardkit.hookimpl
    def cardkit_register(self, register: Register) -> None:
        register.add_phrases(self.game, self.phrases)


def test_a_plugin_words_a_game_and_its_views_say_it() -> None:
    registry = Registry()
    game = registry.game("crazyeights")
    registry.register(_Phrases("crazyeights", {"shout": "shouts {note}"}), "shouter")
    assert game.wording.line(Event("shout", 0, note="last card!"), viewer=0) == (
        "You shout last card!"
    )
    state = game.start(2, seed=1)
    state = state.apply(state.legal_actions()[0])
    (event,) = state.last_events
    assert state.view(event.seat).recent[0].startswith("You play ")
    assert state.view(None).recent[0].startswith(f"Seat {event.seat + 1} plays ")
    # A kind worded twice is a plugin problem, and the first wording stays.
    with pytest.warns(cardkit.plugins.registry.PluginWarning, match="already words"):
        registry.register(_Phrases("crazyeights", {"shout": "yells"}), "yeller")
    assert game.wording.line(Event("shout", 0)) == "Seat 1 shouts"
    assert game.wording.sources["shout"] == "shouter"


def test_unregistering_a_plugin_forgets_its_phrases_only() -> None:
    registry = Registry()
    game = registry.game("crazyeights")
    shout = Event("shout", 0, note="last card!")
    for _ in range(2):  # registered again without a problem
        registry.register(_Phrases("crazyeights", {"shout": "shouts {note} at the table"}), "s")
        assert game.wording.line(shout) == "Seat 1 shouts last card! at the table"
        registry.unregister("s")
        assert game.wording.line(shout) == "Seat 1 shouts last card!"  # the default
    assert "bury" in game.wording.phrases  # Crazy Eights' own stay


# -- every event kind of every recorded playthrough reads right -----------------------

_THIRD = re.compile(r"Seat \d+ ([a-z]+)")
_YOU = re.compile(r"\b[Yy]ou ([a-z]+)")
_DOUBLED = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)
_SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
_MODALS = {"may", "must", "can", "cannot", "will"}


def _events(path: Path) -> tuple[str, list[Event]]:
    game = ""
    events = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("game: "):
            game = line.removeprefix("game: ")
        if line.startswith("events: "):
            for e in json.loads(line.removeprefix("events: ")):
                cards = tuple(Card.parse(c) for c in e.get("cards", ()))
                events.append(
                    Event(
                        e["kind"],
                        e["seat"],
                        cards,
                        e.get("count"),
                        e.get("note", ""),
                        e.get("data", {}),
                    )
                )
    return game, events


def check_reads_well(line: str, event: Event, viewer: int | None) -> None:
    """No "You says", no "Seat 1 ask", no doubled word, no raw snake_case kind."""
    assert line, event
    assert line[0].isupper(), line
    assert not _DOUBLED.search(line), line
    assert not _SNAKE.search(line), line
    for word in _YOU.findall(line):
        assert word in _MODALS or base_form(word) == word, f"{line!r}: 'you {word}'"
    verb = _THIRD.match(line)
    if event.seat is not None and event.seat != viewer and verb:
        word = verb.group(1)
        assert word in _MODALS or word.endswith("s"), f"{line!r}: 'Seat N {word}'"


def test_the_playthroughs_hold_many_event_kinds() -> None:
    kinds = {(g, e.kind) for g, es in map(_events, PLAYTHROUGHS) for e in es}
    assert len(PLAYTHROUGHS) >= 20
    assert len(kinds) >= 40


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: f"{p.parents[2].name}/{p.stem}")
def test_every_recorded_event_reads_well_both_ways(path: Path) -> None:
    name, events = _events(path)
    wording = cardkit.load_game(name).wording
    seen: set[tuple[Any, ...]] = set()
    for event in events:
        key = (event.kind, event.seat is None, bool(event.cards), event.count, event.note)
        if key in seen:
            continue
        seen.add(key)
        mentioned = [
            v for v in event.data.values() if isinstance(v, int) and not isinstance(v, bool)
        ]
        for viewer in {None, event.seat, *mentioned[:2]}:
            check_reads_well(wording.line(event, viewer=viewer), event, viewer)
        if event.seat is not None:
            assert wording.line(event, viewer=event.seat).startswith("You ")
        # The command line's styled lines say the same words.
        assert event_text(event, wording=wording).plain == wording.line(event)
        labels = ["you", *["bot"] * 9]
        names = [seat_label(s, labels) for s in range(10)]
        said = wording.line(event, viewer=0, names=names)
        assert event_text(event, labels, wording=wording).plain == said


def test_cached_lines_keep_each_reader_apart() -> None:
    wording = Wording(ASK)
    ask = Event("ask", 0, data={"target": 1, "rank": "7"})
    for _ in range(2):  # the second time from the cache
        assert wording.line(ask, viewer=2) == wording.line(ask) == "Seat 1 asks seat 2 for 7s"
        assert wording.line(ask, viewer=0) == "You ask seat 2 for 7s"
        assert wording.line(ask, viewer=1) == "Seat 1 asks you for 7s"
        assert wording.line(ask, names=["Ann", "Bo"]) == "Ann asks Bo for 7s"
    other = Event("ask", 0, data={"target": 2, "rank": "7"})  # equal events, other data
    assert other == ask
    assert wording.line(other) == "Seat 1 asks seat 3 for 7s"
    assert Event("tally", data={"order": [1, 0]}).describe() == "Tally"  # unhashable data


@pytest.mark.parametrize(
    ("seats", "viewer", "said"),
    [
        ([2], None, "Out: Cy"),
        ([2, 0], None, "Out: Cy and Ann"),
        ([1, 2, 0], 2, "Out: Bob, you and Ann"),
        ([3, 1], None, "Out: seat 4 and Bob"),
    ],
)
def test_a_list_of_seats_reads_by_name_with_and(
    seats: list[int], viewer: int | None, said: str
) -> None:
    wording = Wording({"out": "Out: {order:seats}"})
    event = Event("out", data={"order": seats})
    assert wording.line(event, viewer=viewer, names=["Ann", "Bob", "Cy"]) == said


def test_an_optional_part_is_said_when_the_event_has_its_fields() -> None:
    wording = Wording(
        {
            "play": Phrase(
                "plays {cards}[ and names {suit:suit}]", you="play {cards}[ and name {suit:suit}]"
            ),
            "draw": "draws[ {card_count}][ ({note})]",
        }
    )
    named = Event("play", 1, (QS,), data={"suit": "C"})
    assert wording.line(named) == "Seat 2 plays Q♠ and names clubs"
    assert wording.line(named, viewer=1) == "You play Q♠ and name clubs"
    assert wording.line(Event("play", 1, (QS,))) == "Seat 2 plays Q♠"
    assert wording.line(Event("play", 1, (QS,)), viewer=1) == "You play Q♠"
    assert wording.line(Event("draw", 0, count=2)) == "Seat 1 draws 2 cards"
    assert wording.line(Event("draw", 0, note="from the stock")) == "Seat 1 draws (from the stock)"
