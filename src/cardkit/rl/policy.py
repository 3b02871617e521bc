"""Trained policies as bots: `policy_bot` registers a function of the observation as a bot.

```python
import cardkit.rl

def policy(observation, action_mask):           # numpy arrays, as the env gives them
    return int(np.flatnonzero(action_mask)[0])  # an action id

cardkit.rl.policy_bot("tonk", "my-agent", policy, players=2)
# now "my-agent" plays in cardkit.play.simulate, tournaments and server tables
```

The bot sees only its [Turn][cardkit.engine.bots.Turn], as every bot does:
it builds the observation from one world of
[Turn.sample_worlds][cardkit.engine.bots.Turn.sample_worlds], a full state
consistent with what the seat knows. Observations depend on nothing the
seat does not know (the environments' non-interference test), so that is
the seat's own observation, exactly as the environment would give it.

The sampler can fail to find such a world (it rejects worlds that replay
to another view; Crazy Eights' reshuffles make about one state in fifteen
fail, the other bundled games none we measured). Then the bot plays a
uniformly random legal action and counts it in `PolicyBot.fallbacks`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from cardkit.engine.actions import Action
from cardkit.engine.bots import Bot, Turn
from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.errors import IllegalAction
from cardkit.rl._table import Table, resolve_game

__all__ = ["Policy", "PolicyBot", "policy_bot"]

#: How many times a turn samples a world before the bot falls back to a random action.
_ATTEMPTS = 3
#: A policy: the observation vector and the action mask to an action id.
Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Any]


class PolicyBot:
    """A bot that plays a policy's ids (build it with [policy_bot][cardkit.rl.policy_bot]).

    Args:
        table: the table that encodes observations (its game, players, rules).
        policy: the observation and the mask to an action id.
        rng: ignored (the policy brings its own randomness).
    """

    name = "policy"
    description = "A trained policy over the RL observation."

    def __init__(self, table: Table, policy: Policy, rng: random.Random | None = None) -> None:
        """Keep the table and the policy."""
        self.table = table
        self.policy = policy
        #: How many turns were played at random: no world consistent with the view was found.
        self.fallbacks = 0

    def observe(
        self, turn: Turn
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], dict[int, Action]] | None:
        """The seat's observation, its action mask, and the action of each legal id
        (`None` if no world consistent with the seat's view was found)."""
        for _ in range(_ATTEMPTS):
            worlds = turn.sample_worlds(1)
            if worlds:
                break
        else:
            return None
        world = worlds[0]
        table = self.table
        observation = table.layout.encode(world, turn.seat)
        space = table.space
        mask = np.zeros(table.n, dtype=np.int8)
        if space is not None:
            found, actions = space.number(turn.legal, world)
        else:
            found, actions = table.codec.legal(world, turn.legal)
        ids = dict(zip(found, actions, strict=True))
        mask[list(ids)] = 1
        return observation, mask, ids

    def choose(self, turn: Turn) -> Action:
        """The legal action of the policy's id.

        Raises:
            IllegalAction: the policy chose an id that is not legal now.
        """
        seen = self.observe(turn)
        if seen is None:
            self.fallbacks += 1
            return turn.legal[turn.rng.randrange(len(turn.legal))]
        observation, mask, ids = seen
        chosen = self.policy(observation, mask)
        action: Action | None = ids.get(int(chosen))
        if action is None:
            raise IllegalAction(
                "not_legal", f"the policy chose id {chosen!r}, not legal now", action=chosen
            )
        return action


def policy_bot(
    game: str | Game[Any, Any],
    name: str,
    policy: Policy,
    players: int | None = None,
    rules: Rules | None = None,
    *,
    view_fields: bool = True,
    register: bool = True,
) -> Callable[[random.Random], Bot]:
    """Wrap a policy into a bot of `game` named `name`, registered unless `register=False`.

    Args:
        game: the game (a name or the object).
        name: the bot's name in `game.bots` (tournaments, simulations and
            server tables look bots up by it).
        policy: a function of the observation vector and the action mask
            (numpy arrays, as the environment gives them) to an action id.
        players: the seat count the policy was trained for (observations
            are per count).
        rules: the rules it was trained under.
        view_fields: as the environment it was trained in.
        register: add the bot to the game (default).

    Returns:
        The bot factory (a function of a random generator).

    Raises:
        InvalidRules: a bot of that name exists already, or bad players/rules.
    """
    found = resolve_game(game)
    table = Table(
        found,
        players,
        rules,
        reward="auto",
        view_fields=view_fields,
        extra_actions=None,
        max_steps=10_000,
    )

    def factory(rng: random.Random) -> Bot:
        return PolicyBot(table, policy, rng)

    if register:
        found.add_bot(name, factory)
    return factory
