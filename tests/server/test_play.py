"""Whole games over a real server: every installed game, every seat a real WebSocket client.

Each seat plays random legal actions from its own messages; a spectator
watches. The test replays the same actions on its own copy of the game, and
checks every message against it: the view is exactly ``state.view(seat)``,
the legal actions are that seat's, and no message names a card its seat may
not know (the contract suite's knowledge tracking).
"""

from __future__ import annotations

import importlib
import json
import random
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

import cardkit
from cardkit.match import Match
from cardkit.plugins import temporary_plugin
from cardkit.scaffold import new_plugin
from cardkit.testing.checks import Knowledge, cards_mentioned

pytestmark = pytest.mark.slow

SEED = 20261201
#: Games of random play longer than this are skipped over for a shorter seed (random
#: Palace can take thousands of actions; each one is a round of messages to every client).
LONGEST = 250


def _seed_for(game: Any, players: int) -> int:
    """The first seed from ``SEED`` whose random game (the test's own policy) is short enough."""
    for seed in range(SEED, SEED + 60):
        state = Match(game, players, seed=seed, max_deals=1).start_deal()
        rng = random.Random(f"{game.name}:{seed}")
        actions = 0
        while not state.is_over and actions <= LONGEST:
            state = state.apply(rng.choice([str(a) for a in state.legal_actions()]))
            actions += 1
        if state.is_over:
            return seed
    raise AssertionError(f"no seed gives a random {game.name} game of at most {LONGEST} actions")


def _check(
    message: dict[str, Any], states: list[Any], known: list[dict[Any, Any]], seed: int
) -> None:
    """One message against the test's own copy of the game at the message's version."""
    assert message["type"] == "state", message
    seat, version = message["seat"], message["version"]
    state = states[version]
    view = state.view(seat)
    assert message["view"] == view.model_dump(mode="json")
    assert message["legal"] == list(view.legal_actions)
    assert message["your_turn"] == (seat is not None and state.to_act == seat)
    text = json.dumps(message)
    for secret in (str(seed), str(state.setup.seed)):
        assert secret not in text, "a seed was sent to a client"
    leaked = cards_mentioned(message) - known[version][seat]
    assert not leaked, f"seat {seat} was sent {leaked} at version {version}"


def _play(server: Any, name: str) -> int:
    game = cardkit.load_game(name)
    players = game.default_players
    seed = _seed_for(game, players)
    table = server.post("/api/tables", {"game": name, "seed": seed})
    tokens = [server.post(f"/api/tables/{table['id']}/join", {})["token"] for _ in range(players)]
    clients = [server.client(table["id"], token) for token in tokens]
    watcher = server.client(table["id"])
    state = Match(game, players, seed=seed, max_deals=1).start_deal()
    knowledge = Knowledge(players)
    states, known = [], []

    def record(new: Any) -> None:
        knowledge.observe(new)
        states.append(new)
        known.append({seat: knowledge.known(seat) for seat in [None, *range(players)]})

    record(state)
    rng = random.Random(f"{name}:{seed}")
    while True:
        version = len(states) - 1
        for client in [*clients, watcher]:
            for message in client.until(version):
                _check(message, states, known, seed)
        if state.is_over:
            break
        asked = [c for c in clients if c.last is not None and c.last["your_turn"]]
        assert len(asked) == 1, "exactly one seat is told it may act"
        assert asked[0].last is not None
        action = rng.choice(asked[0].last["legal"])
        asked[0].act(action)
        state = state.apply(action)
        record(state)
    final = watcher.last
    assert final is not None
    assert final["result"] == state.result().model_dump(mode="json")
    assert server.get(f"/api/tables/{table['id']}")["status"] == "over"
    for client in [*clients, watcher]:
        client.close()
    return len(states) - 1


def test_every_game_plays_to_the_end_without_leaks(servers: Any) -> None:
    server = servers("--actions-per-second", "1000")
    played = {name: _play(server, name) for name in cardkit.available_games()}
    assert set(played) >= {"tienlen", "palace", "tonk", "crazyeights"}
    assert all(actions > 0 for actions in played.values())


def test_the_game_the_scaffold_makes_plays_too(
    servers: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = new_plugin("trick-demo", tmp_path) / "src"
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "trick_demo_here.py").write_text(
        f"import sys\nsys.path.insert(0, {str(src)!r})\n"
        "from cardkit_trick_demo.plugin import *  # noqa: F403\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(src))
    cardkit_cli = shutil.which("cardkit", path=str(Path(sys.executable).parent)) or "cardkit"
    command = [cardkit_cli, "--plugins-dir", str(plugins), "serve", "--db", str(tmp_path / "s.db")]
    command += ["--bot-delay", "0", "--actions-per-second", "1000"]
    with temporary_plugin(importlib.import_module("cardkit_trick_demo.plugin")):
        server = servers(command=command)
        assert "trick-demo" in {g["name"] for g in server.get("/api/games")}
        assert _play(server, "trick-demo") > 0
