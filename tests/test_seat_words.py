"""People read seats from 1: no text worded by default says "Seat 0" (issue 39, item 12).

Every installed game is played with random legal moves, and every text a
person reads of it, without seat names (the core's default wording), is
gathered: each view's `recent`, each event's line for every reader, and the
refusals of moves (another seat's turn, cards a seat does not hold). None may
name the seat "0", and every seat it names is one of 1 to `players`; the
values beside them (`view.seat`, `event.seat`) stay indexes from 0.
"""

from __future__ import annotations

import random
import re

import pytest

import cardkit
from cardkit import GameState, IllegalAction
from cardkit.engine.viewwords import seat_text

#: "Seat 3", "seat 3", "seat 3's": a seat as a person reads it.
_SEAT = re.compile(r"\b[Ss]eat (\d+)\b")
#: Moves per game and seat count: enough for deals, plays, passes and refusals of each kind.
_MOVES = 60


def _numbers(text: str) -> list[int]:
    return [int(n) for n in _SEAT.findall(text)]


def _refusals(state: GameState, tried: list[str]) -> list[str]:
    """What seats are told when they may not move, or move with cards they do not hold."""
    said = []
    legal = [str(a) for a in state.legal_actions()]
    for seat in range(state.players):
        if not state.may_act(seat):
            with pytest.raises(IllegalAction) as refused:
                state.act_as(seat, legal[0])
            said.append(str(refused.value))
    for text in tried:  # other seats' moves: mostly cards the seat to act does not hold
        if text not in legal:
            try:
                state.apply(text)
            except IllegalAction as refusal:
                said.append(str(refusal))
    return said


def _texts(name: str, players: int, seed: int) -> list[tuple[str, int]]:
    """Every text a person reads of one game, with the number of seats it names."""
    game = cardkit.load_game(name)
    state: GameState = game.start(players=players, seed=seed)
    rng = random.Random(seed)
    seen: list[str] = []
    texts: list[str] = []
    for _ in range(_MOVES):
        if state.is_over:  # a deal over early (a Tonk drop): the next one
            seed += 1
            state = game.start(players=players, seed=seed)
        for viewer in (None, *range(players)):
            texts += state.view(viewer).recent
            texts += [e.describe(viewer=viewer, wording=game.wording) for e in state.last_events]
        texts += _refusals(state, rng.sample(seen, min(len(seen), 6)))
        action = rng.choice(list(state.legal_actions()))
        seen.append(str(action))
        state = state.apply(action)
    return [(text, players) for text in texts]


@pytest.mark.parametrize("name", cardkit.available_games())
def test_no_text_a_person_reads_says_seat_0(name: str) -> None:
    game = cardkit.load_game(name)
    texts = [
        said
        for players in sorted({game.players.min, min(game.players.max, 4)})
        for said in _texts(name, players, seed=3)
    ]
    assert len(texts) > 100
    named = [(text, players) for text, players in texts if _SEAT.search(text)]
    assert named, f"{name}: no text names a seat"
    wrong = [text for text, players in named if not all(1 <= n <= players for n in _numbers(text))]
    assert not wrong, f"{name} names seats outside 1 to players: {sorted(set(wrong))[:5]}"


def test_a_line_names_its_seat_from_1_and_the_event_keeps_the_index() -> None:
    game = cardkit.load_game("tonk")
    state = game.start(players=3, seed=5)
    deal = state.events[0]
    assert deal.seat == 2 == state.view(0).dealer
    assert state.view(0).recent[0] == "Seat 3 deals 5 cards each"
    other = next(s for s in range(3) if not state.may_act(s))
    with pytest.raises(IllegalAction) as refused:
        state.act_as(other, "draw")
    assert f"seat {other + 1} may not act now: seat 1 is to act" in str(refused.value)


def test_a_seat_fact_without_names_reads_from_1() -> None:
    assert seat_text(0, []) == "Seat 1"
    assert seat_text(1, ["Ann", "Bo"]) == "Bo"
    assert seat_text(None, []) == ""
