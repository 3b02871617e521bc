"""Trained policies as bots: a function of the observation and the mask, playing a seat.

```python
import numpy as np
import cardkit.rl

def act(observation, action_mask):              # numpy arrays, as the env gives them
    return int(np.flatnonzero(action_mask)[0])  # an action id

policy = cardkit.rl.policy_bot("tonk", "my-agent", act, players=2)
# "my-agent" now plays in cardkit.play.simulate, tournaments and server tables of this process
```

**In other processes** (`simulate(jobs=2)`, tournaments with `jobs` or on
Dask, `cardkit serve`), a bot is named by its *import path*: put the
factory in a module the workers can import and name it `"module:attribute"`:

```python
# mypkg/agents.py
policy = cardkit.rl.policy_bot("tonk", "my-agent", act, players=2, register=False)
```

then `simulate("tonk", bots=["mypkg.agents:policy", "heuristic"], jobs=2)`,
`cardkit simulate tonk --bots mypkg.agents:policy,heuristic -j 2`, or
`cardkit serve --bot mypkg.agents:policy` ([cardkit.play.botpaths][]). Each
process imports the module once, which loads the weights the module loads.

**What the bot reads.** The bot asks its [Turn][cardkit.engine.bots.Turn]
for the seat's observation through [Turn.read][cardkit.engine.bots.Turn.read]:
the core encodes the real state exactly as the environment does (the same
table, the same vector, the same mask), and the policy gets only those two
arrays. Observations depend on nothing the seat may not know (the
environments' non-interference tests), so no hidden card reaches the
policy. A decision costs one observation, one mask and the policy call
(`benchmarks/rl_envs.py`, `policy/env step`), with no world dealt or replayed.

**Fallbacks.** The bot plays a uniformly random legal action, counted in
`PolicyBot.fallbacks`, only when its observation shows the seat no legal
id: a turn of a seat that its own view does not show to act. Runners and
tournaments ask the state's seat to act, server tables the seat the views
show to act: `benchmarks/policy_fallbacks.py` (2026-12-04) counted no
fallback with a random policy in 300 games of Tonk, Tiến lên, Crazy Eights
and Spades and 100 of Palace (77,720 decisions). Until then the bot sampled
a world per decision and fell back when three tries found none: in the
same script's `world` column, 14.2% of Crazy Eights decisions (106 of 746)
and 1.4% of Spades ones (12 of 840), none of Tonk's, Tiến lên's (1,199) or
Palace's (2,864; rare there: 3 of 5,939 in issue 41). A trained agent's
figures measured with fallbacks were partly a random bot's; they are now
the agent's own.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardkit.engine.actions import Action
from cardkit.engine.bots import Turn, seat_reader
from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.errors import IllegalAction, InvalidRules
from cardkit.rl._table import Table, resolve_game

__all__ = ["Policy", "PolicyBot", "PolicyBotFactory", "policy_bot"]

#: A policy: the observation vector and the action mask to an action id.
Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Any]
#: What a policy bot reads of a decision: the observation, the mask, each legal id's action.
Seen = tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], dict[int, Action]]


@seat_reader
class _Observer:
    """The environment's observation and mask of one seat, read by the core from the real
    state (through [Turn.read][cardkit.engine.bots.Turn.read]); the bot gets only those."""

    __slots__ = ("_idle", "table")

    def __init__(self, table: Table) -> None:
        self.table = table
        self._idle = table.state  # what the table holds between decisions

    def read(self, state: GameState, seat: int, legal: Sequence[Action]) -> Seen:
        """The seat's observation, its mask, and the action of each id the mask allows."""
        table = self.table
        if state.players != table.players:
            raise InvalidRules(
                f"this policy plays {table.game.name} at {table.players} players, "
                f"not {state.players}"
            )
        table.state = state
        try:
            observed = table.observe(seat)
            ids, actions = table.legal(seat)
        finally:
            table.state = self._idle  # the real state is not left on the table
        return (
            observed["observation"],
            observed["action_mask"],
            dict(zip(ids, actions, strict=True)),
        )


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
        self._observer = _Observer(table)
        #: How many turns were played at random: the seat's observation showed no legal id
        #: (a turn of a seat the state does not show to act; runners never ask one).
        self.fallbacks = 0

    def observe(self, turn: Turn) -> Seen | None:
        """The seat's observation, its action mask, and the action of each legal id
        (`None`: the mask allows no id)."""
        seen: Seen = turn.read(self._observer)
        return seen if seen[2] else None

    def choose(self, turn: Turn) -> Action:
        """The legal action of the policy's id.

        Raises:
            IllegalAction: the policy chose an id that is not legal now.
            InvalidRules: the table has another number of seats than the policy's.
        """
        seen = self.observe(turn)
        if seen is None:
            self.fallbacks += 1
            return turn.legal[turn.rng.randrange(len(turn.legal))]
        observation, mask, ids = seen
        chosen = self.policy(observation, mask)
        try:
            action: Action | None = ids.get(int(chosen))
        except (TypeError, ValueError):
            action = None
        if action is None:
            raise IllegalAction(
                "not_legal", f"the policy chose id {chosen!r}, not legal now", action=chosen
            )
        return action


class PolicyBotFactory:
    """Makes the [PolicyBot][cardkit.rl.policy.PolicyBot]s of one policy: `factory(rng)`.

    It says which game (`game`, a name) and seat count (`players`) it plays,
    which [cardkit.play.botpaths][] checks when a bot is named by import path.
    It pickles by the game's name, its options and the policy (by reference
    when the policy is a module-level function); the table that encodes the
    observations is built in each process and thread on first use (a table
    holds the state it encodes: threads do not share one).

    Attributes:
        game: the game's name.
        name: the bot's name.
        players: the seat count the policy was trained for.
        policy: the policy.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        name: str,
        policy: Policy,
        players: int | None,
        rules: Rules | None,
        view_fields: bool,
    ) -> None:
        """Build the table once, to check the game, players and rules now."""
        self.game = game.name
        self.name = name
        self.policy = policy
        self._rules: Mapping[str, Any] | None = None if rules is None else rules.model_dump()
        self._view_fields = view_fields
        first = _table(game, players, rules, view_fields)
        self.players = first.players
        self._tables: dict[int, Table] = {threading.get_ident(): first}

    @property
    def table(self) -> Table:
        """The table that encodes this policy's observations in this thread (built on first
        use here)."""
        thread = threading.get_ident()
        found = self._tables.get(thread)
        if found is None:
            game = resolve_game(self.game)
            rules = None if self._rules is None else game.rules_model.model_validate(self._rules)
            found = self._tables[thread] = _table(game, self.players, rules, self._view_fields)
        return found

    def __call__(self, rng: random.Random) -> PolicyBot:
        """A bot of this policy for one seat of one game."""
        return PolicyBot(self.table, self.policy, rng)

    def __getstate__(self) -> dict[str, Any]:
        """Everything but the tables, which each process builds again."""
        return {**self.__dict__, "_tables": {}}

    def __repr__(self) -> str:
        return f"<PolicyBotFactory {self.name!r} of {self.game} at {self.players} players>"


def _table(
    game: Game[Any, Any], players: int | None, rules: Rules | None, view_fields: bool
) -> Table:
    return Table(
        game,
        players,
        rules,
        reward="auto",
        view_fields=view_fields,
        extra_actions=None,
        max_steps=10_000,
    )


def policy_bot(
    game: str | Game[Any, Any],
    name: str,
    policy: Policy,
    players: int | None = None,
    rules: Rules | None = None,
    *,
    view_fields: bool = True,
    register: bool = True,
) -> PolicyBotFactory:
    """Wrap a policy into a bot of `game` named `name`, registered unless `register=False`.

    A registered name is known in this process only; to play in worker
    processes or a server, name the bot by the import path of the factory
    this returns (`"mypkg.agents:policy"`, see [cardkit.rl.policy][]).

    Args:
        game: the game (a name or the object).
        name: the bot's name in `catalog(game).bots` (tournaments, simulations and
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
    factory = PolicyBotFactory(found, name, policy, players, rules, view_fields)
    if register:
        catalog(found).add_bot(name, factory)
    return factory
