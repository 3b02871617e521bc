"""Replays: a saved game is validated completely, then stepped from the deal to the end."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import test_cli_support as tiny

import cardkit
from cardkit import GameState, InvalidState, UnknownGame
from cardkit.play.replay import (
    Replay,
    load_replay,
    read_replay,
    replay,
    replay_text,
    write_replay,
)


@pytest.fixture(autouse=True)
def _tinyshed() -> Iterator[None]:
    with tiny.installed():
        yield


def _played(seed: int = 3, players: int = 3, stop: int | None = None) -> GameState:
    game = cardkit.load_game("tinyshed")
    state: GameState = game.start(players, game.rules(hand_size=4), seed=seed, dealer=1)
    rng = random.Random(seed)
    while not state.is_over and (stop is None or state.action_count < stop):
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def test_replay_steps_from_the_deal_to_the_end() -> None:
    final = _played()
    steps = list(replay(final.to_json()))
    assert steps[0].number == 0
    assert steps[0].action is None
    assert steps[0].seat is None
    assert [e.kind for e in steps[0].events] == ["deal"]
    assert [str(s.action) for s in steps[1:]] == [str(a) for a in final.history]
    assert len(steps) == final.action_count + 1
    assert steps[-1].state.snapshot() == final.snapshot()
    assert steps[-1].state.is_over
    events = [e for s in steps for e in s.events]
    assert events == list(final.events)
    # The seat recorded is the one that was to act before the action.
    for before, after in itertools.pairwise(steps):
        assert after.seat == before.state.to_act


def test_load_replay_gives_the_result_and_setup() -> None:
    final = _played(seed=8, players=2)
    rep = load_replay(final.to_json())
    assert isinstance(rep, Replay)
    assert rep.game.name == "tinyshed"
    assert rep.players == 2
    assert rep.actions == final.action_count
    assert rep.result == final.result()
    assert rep.start().setup.dealer == 1
    assert rep.final.snapshot() == final.snapshot()
    assert [s.number for s in rep] == list(range(final.action_count + 1))


def test_an_unfinished_game_replays_up_to_where_it_stopped() -> None:
    partial = _played(stop=3)
    assert not partial.is_over
    rep = load_replay(partial.to_json())
    assert rep.result is None
    assert len(list(rep.steps())) == 4


def test_write_and_read_a_replay_file(tmp_path: Path) -> None:
    final = _played(seed=21)
    path = write_replay(final, tmp_path / "game.json")
    assert path.read_text(encoding="utf-8") == replay_text(final) + "\n"
    rep = read_replay(path)
    assert rep.final.snapshot() == final.snapshot()
    assert json.loads(path.read_text())["game"] == "tinyshed"


def _tampered(mutate: Any) -> str:
    data = json.loads(_played(seed=4).to_json())
    mutate(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["actions"].__setitem__(0, "play ZZ"), "saved action #1"),
        (lambda d: d["actions"].insert(0, "dance"), "saved action #1"),
        (lambda d: d["snapshot"].__setitem__("turn", 99), "snapshot does not match"),
        (lambda d: d.__setitem__("deck", d["deck"][1:]), "setup is invalid"),
        (lambda d: d.__setitem__("rules_version", "999"), "rules version"),
        (lambda d: d["rules"].__setitem__("hand_size", "many"), "setup is invalid"),
        (lambda d: d.pop("actions"), "not a valid saved game"),
    ],
)
def test_corrupt_replays_are_refused_before_any_step(mutate: Any, message: str) -> None:
    text = _tampered(mutate)
    with pytest.raises(InvalidState, match=message):
        replay(text)  # raises at the call, not at the first step


def test_not_json_and_unknown_games_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidState, match="not a valid saved game"):
        load_replay("this is not json")
    with pytest.raises(UnknownGame, match="no-such-game"):
        load_replay(_tampered(lambda d: d.__setitem__("game", "no-such-game")))
    with pytest.raises(InvalidState, match="cannot read replay file"):
        read_replay(tmp_path / "missing.json")


def test_writing_to_a_bad_path_is_a_clean_error(tmp_path: Path) -> None:
    with pytest.raises(cardkit.CardkitError, match="cannot write replay file"):
        write_replay(_played(), tmp_path / "no" / "such" / "dir" / "game.json")
