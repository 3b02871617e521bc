"""The AEC environment's step and `last`, compiled: one call each from the env.

[CardkitAECEnv][cardkit.rl.aec.CardkitAECEnv] subclasses PettingZoo's
`AECEnv`, a Python class, so its own methods run interpreted. What they do
at every step (look up the agent's seat, play on the table, reset the
played agent's reward, refresh the infos, give the next agent) is here, in
a native class the env calls once per `step` and once per `last`. (The
action spaces' masks are read from the table when asked: a step sets none.)
The env's `terminations`, `truncations`, `infos` and `_cumulative_rewards`
are this object's dicts (properties of the env), so PettingZoo's own
helpers and any wrapper see the same ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardkit.rl._table import Observation, Table

__all__ = ["AgentCycle"]


class AgentCycle:
    """The per-step work of an AEC env over `table`, whose agents are `agents` (by seat).

    Args:
        table: the table the env plays on.
        agents: the agent of each seat.

    Attributes:
        terminations: the env's `terminations`.
        truncations: the env's `truncations`.
        cumulative: the env's `_cumulative_rewards`.
        infos: the env's `infos`.
    """

    def __init__(self, table: Table, agents: Sequence[str]) -> None:
        """Empty dicts (the env's `reset` fills them)."""
        self.table = table
        self.agents = list(agents)
        self.seats = {agent: seat for seat, agent in enumerate(self.agents)}
        self.terminations: dict[str, Any] = {}
        self.truncations: dict[str, Any] = {}
        self.cumulative: dict[str, Any] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its arguments and its dicts."""
        dicts = (self.terminations, self.truncations, self.cumulative, self.infos)
        return _restored, (self.table, self.agents, dicts)

    def deal(self) -> None:
        """Every agent in the dicts: not ended, no reward, an empty info."""
        agents = self.agents
        self.cumulative = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {agent: {} for agent in agents}

    def select(self, agents: Sequence[str], previous: str | None, selected: str) -> str:
        """The agent to select now (`selected`, the one selected, when the game is over and
        `previous` is given); the infos of it and of `previous` (of every agent of `agents`,
        those still in play, at a deal) refreshed. Infos are always empty, so no other
        agent's needs a refresh."""
        table = self.table
        to_act = table.acting()
        if to_act is not None:
            selected = self.agents[to_act]
        elif previous is None:  # over at the deal: any agent, for the dead steps
            selected = agents[0]
        infos = self.infos
        for agent in agents if previous is None else (previous,):
            if agent in infos:
                infos[agent] = {}
        if selected in infos:
            infos[selected] = {}
        return selected

    def last(
        self, agent: str, observe: bool
    ) -> tuple[Observation | None, Any, Any, Any, dict[str, Any]]:
        """PettingZoo's `last` of `agent` (its observation only with `observe`)."""
        return (
            self.table.observe(self.seats[agent]) if observe else None,
            self.cumulative[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, agent: str, action: Any) -> str:
        """Play `agent`'s action id and give the next agent; `""` when the env has more to
        do: `agent` was done already (a dead step: nothing played), or the game is now over
        or cut off (played: the env settles the rewards).

        Raises:
            IllegalAction: the id is not legal now; nothing changes.
        """
        if self.terminations[agent] or self.truncations[agent]:
            return ""
        to_act = self.table.play_on(self.seats[agent], action)
        self.cumulative[agent] = 0.0
        if to_act < 0:
            return ""
        # On: no reward (`rewards` holds the deal's zeros until the end). Infos are always
        # empty, so only the agent that played and the next one need a refresh (an info
        # left empty is kept: no new dict).
        infos = self.infos
        if infos[agent]:
            infos[agent] = {}
        selected = self.agents[to_act]
        if infos[selected]:
            infos[selected] = {}
        return selected


def _restored(
    table: Table,
    agents: list[str],
    dicts: tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, dict[str, Any]]],
) -> AgentCycle:
    """A pickled cycle: built again, its dicts set."""
    cycle = AgentCycle(table, agents)
    cycle.terminations, cycle.truncations, cycle.cumulative, cycle.infos = dicts
    return cycle
