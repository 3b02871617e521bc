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
from cardkit.cli.scaffold import new_plugin
from cardkit.play.match import Match
from cardkit.plugins.registry import temporary_plugin
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


class _Copy:
    """The test's own copy of the game, as each audience (seat or spectator) has seen it.

    An audience's version counts the changes of its own view (what the server sends).
    """

    def __init__(self, players: int) -> None:
        self.knowledge = Knowledge(players)
        self.audiences: list[int | None] = [None, *range(players)]
        self.shown: dict[int | None, Any] = {}
        self.version = dict.fromkeys(self.audiences, -1)
        self.states: dict[tuple[int | None, int], Any] = {}
        self.known: dict[tuple[int | None, int], Any] = {}

    def record(self, state: Any) -> None:
        self.knowledge.observe(state)
        for seat in self.audiences:
            view = state.view(seat).model_dump(mode="json")
            if view != self.shown.get(seat, None):
                self.shown[seat] = view
                self.version[seat] += 1
            key = (seat, self.version[seat])
            self.states[key] = state
            self.known[key] = self.knowledge.known(seat)


def _named(state: Any, view: Any, seat: int | None) -> dict[str, Any]:
    """The view as a table shows it: its `recent` said with the seats' names (nobody joined
    with a name here, so each person is "Seat N")."""
    shown = view.model_dump(mode="json")
    recent = shown["recent"]
    tail = state.events[-len(recent) :] if recent else []
    if recent and state.game.wording.lines(tail, viewer=seat) == recent:
        names = [f"Seat {n + 1}" for n in range(state.players)]
        shown["recent"] = state.game.wording.lines(tail, viewer=seat, names=names)
    return shown


def _check(message: dict[str, Any], copy: _Copy, seed: int) -> None:
    """One message against the test's own copy of the game at the message's version."""
    assert message["type"] == "state", message
    seat, version = message["seat"], message["version"]
    state = copy.states[seat, version]
    view = state.view(seat)
    assert message["view"] == _named(state, view, seat)
    assert message["legal"] == list(view.legal_actions)
    assert message["your_turn"] == (seat is not None and state.may_act(seat))
    text = json.dumps(message)
    for secret in (str(seed), str(state.setup.seed)):
        assert secret not in text, "a seed was sent to a client"
    leaked = cards_mentioned(message) - copy.known[seat, version]
    assert not leaked, f"seat {seat} was sent {leaked} at version {version}"


def _play(server: Any, name: str) -> int:
    game = cardkit.load_game(name)
    players = game.players.default
    seed = _seed_for(game, players)
    table = server.post("/api/tables", {"game": name, "seed": seed})
    tokens = [server.post(f"/api/tables/{table['id']}/join", {})["token"] for _ in range(players)]
    clients = [server.client(table["id"], token) for token in tokens]
    watcher = server.client(table["id"])
    state = Match(game, players, seed=seed, max_deals=1).start_deal()
    copy = _Copy(players)
    copy.record(state)
    rng = random.Random(f"{name}:{seed}")
    actions = 0
    seen: dict[int | None, int] = {}
    while True:
        for seat, client in [*enumerate(clients), (None, watcher)]:
            for message in client.until(copy.version[seat]):
                _check(message, copy, seed)
                assert message["version"] >= seen.get(seat, 0), "a message came out of order"
                seen[seat] = message["version"]
        if state.is_over:
            break
        # Two seats while a private window is open: the seat asked, and the next player;
        # every seat still to choose in a simultaneous phase (Spades' bids), in any order.
        asked = [c for c in clients if c.last is not None and c.last["your_turn"]]
        assert len(asked) == len(state.seats_to_act), "every seat that may act is told so"
        chosen = rng.choice(asked)
        assert chosen.last is not None
        action = rng.choice(chosen.last["legal"])
        chosen.act(action)
        state = state.act_as(chosen.last["seat"], action)
        copy.record(state)
        actions += 1
    final = watcher.last
    assert final is not None
    assert final["result"] == state.result().model_dump(mode="json")
    assert server.get(f"/api/tables/{table['id']}")["status"] == "over"
    for client in [*clients, watcher]:
        client.close()
    return actions


def test_every_game_plays_to_the_end_without_leaks(servers: Any) -> None:
    server = servers("--actions-per-second", "1000")
    played = {name: _play(server, name) for name in cardkit.available_games()}
    assert set(played) >= {"tienlen", "palace", "tonk", "crazyeights", "spades"}
    assert all(actions > 0 for actions in played.values())


class _Spread:
    """Several workers as one server to `_play`: the table is made on the first, each
    client connects to the next worker in turn, the last answers the final GET."""

    def __init__(self, workers: list[Any]) -> None:
        self.workers = workers
        self.connected = 0

    def post(self, path: str, body: Any) -> Any:
        return self.workers[0].post(path, body)

    def get(self, path: str) -> Any:
        return self.workers[-1].get(path)

    def client(self, table: str, token: str | None = None) -> Any:
        self.connected += 1
        return self.workers[self.connected % len(self.workers)].client(table, token)


def test_clients_spread_over_workers_see_every_change_in_order_without_leaks(
    pg_servers: Any, tmp_path: Path
) -> None:
    """Three workers on one PostgreSQL database: the seats and the spectator of each table
    sit at different workers; every message each gets is exactly its view at its version."""
    db = tmp_path / "shared"
    workers = [pg_servers("--actions-per-second", "1000", db=db) for _ in range(3)]
    spread = _Spread(workers)
    for name in ("palace", "tonk"):  # Palace's private windows; Tonk's hands and stock
        assert _play(spread, name) > 0


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
    db = servers.url(tmp_path / "s.db")
    command = [cardkit_cli, "--plugins-dir", str(plugins), "serve", "--db", db]
    command += ["--bot-delay", "0", "--actions-per-second", "1000"]
    with temporary_plugin(importlib.import_module("cardkit_trick_demo.plugin")):
        server = servers(command=command)
        assert "trick-demo" in {g["name"] for g in server.get("/api/games")}
        assert _play(server, "trick-demo") > 0


def _window_seed(game: Any) -> tuple[int, list[tuple[int, str]], Any]:
    """A seed whose random two-player game opens a window that asks another seat than the
    one every other view shows to act; the actions before it, by seat, and that state."""
    for seed in range(SEED, SEED + 200):
        state = Match(game, 2, seed=seed, max_deals=1).start_deal()
        rng = random.Random(seed)
        played: list[tuple[int, str]] = []
        while not state.is_over and len(played) < 300:
            if state.to_act != state.shown_to_act(None):
                return seed, played, state
            action = rng.choice([str(a) for a in state.legal_actions()])
            played.append((state.to_act, action))
            state = state.apply(action)
    raise AssertionError("no seed opens a private window")


@pytest.mark.parametrize(
    ("how", "timer"),
    [("asked seat declines", None), ("next player acts", None), ("asked seat declines", 600)],
)
def test_a_private_window_reaches_only_the_seat_it_asks(
    servers: Any, how: str, timer: float | None
) -> None:
    """Palace rules 4.5 over a real server: nobody else hears of a window, or of its end."""
    server = servers("--actions-per-second", "1000")
    game = cardkit.load_game("palace")
    seed, played, window = _window_seed(game)
    asked, shown = window.to_act, window.shown_to_act(None)
    settings = {"game": "palace", "players": 2, "seed": seed, "turn_timer": timer}
    table = server.post("/api/tables", settings)
    tokens = [server.post(f"/api/tables/{table['id']}/join", {})["token"] for _ in range(2)]
    clients = [server.client(table["id"], token) for token in tokens]
    watcher = server.client(table["id"])
    state = Match(game, 2, seed=seed, max_deals=1).start_deal()
    copy = _Copy(2)
    copy.record(state)

    def play(seat: int, action: str) -> None:
        nonlocal state
        clients[seat].act(action)
        state = state.act_as(seat, action)
        copy.record(state)
        for audience, client in [*enumerate(clients), (None, watcher)]:
            for message in client.until(copy.version[audience]):
                _check(message, copy, seed)

    for seat, action in played:
        play(seat, action)
    assert state.to_json() == window.to_json()
    for client in (clients[shown], watcher):  # the timer's message of the turn shown, if any
        while (message := client.poll(0.3)) is not None:
            _check(message, copy, seed)
    mine, theirs, watched = clients[asked].last, clients[shown].last, watcher.last
    assert mine is not None
    assert theirs is not None
    assert watched is not None
    assert mine["view"]["window"] is not None
    assert mine["your_turn"]
    assert theirs["your_turn"]
    assert theirs["view"]["window"] is None
    assert (theirs["deadline"] is None) == (timer is None)
    lobby = server.get(f"/api/tables/{table['id']}")
    assert lobby["to_act"] == shown
    assert lobby["version"] == watched["version"]
    if how == "asked seat declines":
        play(asked, "decline")
        assert clients[asked].last is not None
        assert clients[asked].last["view"]["window"] is None
        assert server.get(f"/api/tables/{table['id']}")["version"] == watched["version"]
    else:
        play(shown, theirs["legal"][0])
        assert str(state.history[-2]) == "decline"
        assert watcher.last is not None
        assert watcher.last["version"] == watched["version"] + 1
        assert watcher.last["events"], "the next player's action is public"
    for client in (clients[shown], watcher) if how == "asked seat declines" else ():
        assert client.poll(0.3) is None, "a declined window left a trace"
    assert clients[shown].last is not None
    for client in [*clients, watcher]:
        client.close()
