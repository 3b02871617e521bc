"""Embed a cardkit game in an app: each player gets its JSON view, and answers with text.

A game server in miniature, with no network. The table owns the game state;
each player is an asyncio task that talks to the table only through two
queues of text messages, the way it would over a websocket. A player sees its
own view as JSON (never another hand, the stock or the seed) and sends
actions back as text ("draw", "play 7H"). An action the game refuses comes
back as an error message, and the state is unchanged.

    uv run python examples/embed_app.py tonk --players 3 --seed 7
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

import cardkit

# --8<-- [start:connection]


@dataclass
class Connection:
    """One player's link to the table: text messages in both directions."""

    to_player: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    to_table: asyncio.Queue[str] = field(default_factory=asyncio.Queue)


# --8<-- [end:connection]
# --8<-- [start:player]


async def player(seat: int, link: Connection, rng: random.Random) -> None:
    """A player's app: it reads JSON messages and answers with action text, nothing else."""
    while True:
        message = json.loads(await link.to_player.get())
        if message["type"] == "over":
            return
        if message["type"] == "view" and message["view"]["legal_actions"]:
            legal = message["view"]["legal_actions"]
            # A person sometimes types nonsense: the table must cope with it.
            text = "dance a jig" if rng.random() < 0.05 else rng.choice(legal)
            await link.to_table.put(text)


# --8<-- [end:player]
# --8<-- [start:table]


@dataclass
class Table:
    """The server side: one game, one connection per seat."""

    game: str
    players: int
    seed: int
    log: list[str] = field(default_factory=list)

    async def send(self, link: Connection, message: dict[str, Any]) -> None:
        """Send one JSON message to a player."""
        await link.to_player.put(json.dumps(message))

    async def run(self, max_actions: int = 10_000) -> cardkit.GameState:
        """Play the game to its end with the players' tasks; return the final state."""
        game = cardkit.load_game(self.game)
        state: cardkit.GameState = game.start(players=self.players, seed=self.seed)
        links = [Connection() for _ in range(self.players)]
        tasks = [
            asyncio.create_task(player(seat, link, random.Random(f"{self.seed}:{seat}")))
            for seat, link in enumerate(links)
        ]
        while not state.is_over and state.action_count < max_actions:
            for seat, link in enumerate(links):  # everyone sees the table as it is now
                view = state.view(seat).model_dump(mode="json")
                await self.send(link, {"type": "view", "view": view})
            acting = state.to_act
            assert acting is not None
            text = await links[acting].to_table.get()
            try:
                state = state.apply(text)  # the text is parsed and checked by the game
            except cardkit.IllegalAction as refused:
                self.log.append(f"seat {acting}: {text!r} refused ({refused.code})")
                error = {"type": "error", "code": refused.code, "message": str(refused)}
                await self.send(links[acting], error)
                continue
            self.log.append(f"seat {acting}: {text}")
        result = state.result().model_dump(mode="json") if state.is_over else None
        for link in links:
            await self.send(link, {"type": "over", "result": result})
        await asyncio.gather(*tasks)
        return state


# --8<-- [end:table]
# --8<-- [start:main]


def main(argv: list[str] | None = None) -> None:
    """Play one game between player tasks and print what happened."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("game", nargs="?", default="tonk", help="an installed game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    players = args.players or cardkit.load_game(args.game).players.default
    table = Table(args.game, players, args.seed)
    state = asyncio.run(table.run())
    print("\n".join(table.log))
    if state.is_over:
        result = state.result()
        print(f"{result.reason}: winners {result.winners}, score {result.score()}")
    else:
        print(f"stopped unfinished after {state.action_count} actions")
    saved = state.to_json()  # the full state, hidden cards included: keep it on the server
    print(f"saved game: {len(saved)} characters, {state.action_count} actions")


# --8<-- [end:main]

if __name__ == "__main__":
    main()
