"""A real server answers bad input from every seat not asked to act with nothing it may not know.

Issue 21: Palace answered a non-acting seat's nonsense with the acting seat's
legal actions, which named that seat's hidden hand. Here every seat of every
game is a person; at several points of a game, every seat that its own view
does not ask to act sends a corpus of bad inputs (nonsense, verbs without
cards, the other seats' cards, duplicates, the acting seat's legal actions,
huge texts), and each answer is checked against the hands every seat's own
view shows: an error names no card the sender may not know (its own view's
cards, or the cards of the text it sent) and lists no legal action.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardkit.testing import cards_mentioned

pytestmark = pytest.mark.slow

GAMES = [("crazyeights", 3), ("palace", 3), ("palace", 4), ("tienlen", 4), ("tonk", 3)]
STEPS = 8


def _state(client: Any) -> dict[str, Any]:
    """The next state message (presence updates may come first)."""
    while True:
        message: dict[str, Any] = client.recv()
        if message["type"] == "state":
            return message


def _error(client: Any) -> dict[str, Any]:
    """The next error message."""
    while True:
        message: dict[str, Any] = client.recv()
        if message["type"] == "error":
            return message


def _corpus(states: list[dict[str, Any]], sender: int) -> list[str]:
    """Bad inputs for ``sender``, built from what every seat's own view shows."""
    others = [
        card.code
        for seat, state in enumerate(states)
        if seat != sender
        for card in cards_mentioned(state["view"]) - cards_mentioned(states[sender]["view"])
    ]
    acting = [text for state in states if state["your_turn"] for text in state["legal"]]
    texts = [
        "dance",
        "play",
        "swap",
        "discard",
        "play ZZ",
        "play TC TC",
        "swap TC TC",
        "x" * 900,
        "x" * 5000,
    ]
    for card in others[:6]:
        texts += [f"play {card}", f"discard {card}", f"add {card}", f"play {card} {card}"]
    return texts + acting[:8]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_no_refusal_names_what_its_seat_may_not_know(servers: Any, game: str, players: int) -> None:
    server = servers("--max-message-bytes", "65536", "--actions-per-second", "10000")
    made = server.post("/api/tables", {"game": game, "players": players, "seed": 7})
    tokens = [server.post(f"/api/tables/{made['id']}/join", {})["token"] for _ in range(players)]
    clients = [server.client(made["id"], token) for token in tokens]
    states = [_state(c) for c in clients]
    checked = 0
    for _ in range(STEPS):
        if states[0]["view"]["is_over"]:
            break
        for sender, client in enumerate(clients):
            if states[sender]["your_turn"]:
                continue
            known = cards_mentioned(states[sender]["view"])
            for text in _corpus(states, sender):
                client.act(text)
                error = _error(client)
                # bad_message: a text the server's schema refuses unread (the huge ones)
                assert error["code"] in ("not_your_turn", "bad_message"), (game, sender, error)
                assert error["legal"] == [], (game, sender, text[:40], error)
                named = cards_mentioned(error["message"]) - cards_mentioned(text)
                assert named <= known, (game, sender, text[:40], error)
                checked += 1
        actor = next(s for s, state in enumerate(states) if state["your_turn"])
        version = states[actor]["version"]
        clients[actor].act(states[actor]["legal"][-1])
        states[actor] = _state(clients[actor])
        while states[actor]["version"] <= version:  # presence updates of the same version
            states[actor] = _state(clients[actor])
        states = [
            states[actor] if s == actor else _latest(c, states[s]) for s, c in enumerate(clients)
        ]
    assert checked > 0
    for client in clients:
        client.close()


def _latest(client: Any, last: dict[str, Any]) -> dict[str, Any]:
    """The newest state ``client`` has been sent (waiting briefly for a change)."""
    newest = last
    message = client.poll(0.5)
    while message is not None:
        if message["type"] == "state":
            newest = message
        message = client.poll(0.1)
    return newest
