"""A spectator's first message, on connecting and on reconnecting, holds no card of any hand.

The hands are the real ones: the test reads the table's full state from
the running server's SQLite file (issue 27 item 4), and checks every card
the spectator's first message names (codes and pretty forms, anywhere in
it, the events and narration included) against them.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cardkit.cards.cardset import CardSet
from cardkit.server import Table
from cardkit.server._record import TableRecord
from cardkit.testing.checks import cards_mentioned

pytestmark = pytest.mark.slow

PLAYERS = 4


def _hands(servers: Any, db: Path, table: str) -> tuple[int, CardSet]:
    """The stored spectators' version and every card in a hand, from the full state."""
    stored = Table(TableRecord.model_validate_json(servers.stored(db, table)))
    state = stored.state
    assert state is not None
    cards = CardSet()
    for seat in range(PLAYERS):
        hand = cards_mentioned(state.view(seat).model_dump(mode="json")["hand"])
        assert hand, f"seat {seat} holds cards"
        cards |= hand
    return stored.audiences.version(None), cards


def _play(clients: list[Any], actions: int, rng: random.Random) -> None:
    """Play ``actions`` random legal actions for the seats asked."""
    for _ in range(actions):
        asked = None
        while asked is None:
            for client in clients:
                while (message := client.poll()) is not None:
                    assert message["type"] == "state", message
            asked = next((c for c in clients if c.last and c.last["your_turn"]), None)
        assert asked.last is not None
        version = asked.last["version"]
        asked.act(rng.choice(asked.last["legal"]))
        asked.until(version + 1)


def _first_holds_no_hand_card(servers: Any, server: Any, db: Path, table: str) -> None:
    watcher = server.client(table)
    first = watcher.recv()
    version, hands = _hands(servers, db, table)
    assert first["type"] == "state"
    leaked = cards_mentioned(first) & hands
    assert not leaked, f"a spectator's first message names cards in hands: {leaked}"
    assert first["seat"] is None
    assert first["version"] == version
    assert first["legal"] == []
    assert not first["your_turn"]
    watcher.close()


def test_a_spectators_first_message_holds_no_card_of_any_hand(servers: Any, tmp_path: Path) -> None:
    db = tmp_path / "watch.sqlite3"
    server = servers("--actions-per-second", "1000", db=db)
    table = server.post("/api/tables", {"game": "tienlen", "players": PLAYERS, "seed": 99})["id"]
    tokens = [server.post(f"/api/tables/{table}/join", {})["token"] for _ in range(PLAYERS)]
    clients = [server.client(table, token) for token in tokens]
    rng = random.Random(99)
    _first_holds_no_hand_card(servers, server, db, table)  # at the deal
    for _ in range(3):  # reconnects later in the deal, and after a restart
        _play(clients, 4, rng)
        _first_holds_no_hand_card(servers, server, db, table)
    server.kill()
    server = servers("--actions-per-second", "1000", db=db)
    _first_holds_no_hand_card(servers, server, db, table)
