"""A PettingZoo `AECEnv` for any installed game: every seat is an agent."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.rl._cycle import AgentCycle
from cardkit.rl._render import RENDER_FPS, RENDER_MODES, check_render_mode, show, table_text
from cardkit.rl._table import Observation, Table, resolve_game
from cardkit.rl.actions import LegalDiscrete, SeatSpace
from cardkit.rl.rewards import RewardFunction

__all__ = ["CardkitAECEnv", "aec_env"]


class CardkitAECEnv(AECEnv[str, Observation, Any]):
    """One game of cardkit as a PettingZoo agent-environment-cycle environment.

    Agents are `player_0 … player_<n-1>` (seat numbers); the agent selected
    is always the seat to act. `observe(agent)` gives that seat's
    observation (a `Dict` of `observation` and `action_mask`, and the exact
    legal moves with `candidates`); the mask is all zeros for seats that are
    not to act. `infos[agent]` is empty. `state()` is the whole state (every
    card shown, seats from seat 0), for centralised critics; `state_space`
    its `Box`. `reset(seed=s)` deals the
    same cards for the same `s`; `reset()` without a seed goes on with the
    stream of the last seed. A game cut off by `max_steps` is truncated for
    every agent. A deal that ends the game at once (an instant win) is
    terminal right after `reset`, with its rewards. Build it with [aec_env][cardkit.rl.aec_env].
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 -- PettingZoo's own name and shape
        "render_modes": list(RENDER_MODES),
        "render_fps": RENDER_FPS,
        "name": "cardkit_v0",
        "is_parallelizable": False,
    }

    agent_selection: str

    def __init__(self, table: Table, render_mode: str | None = None) -> None:
        """Wrap a table (use [aec_env][cardkit.rl.aec_env] to build one)."""
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        self.table = table
        self.metadata = {**self.metadata, "name": f"cardkit_{table.game.name}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(table.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        agents = self.possible_agents
        self._action_spaces = {a: SeatSpace(table.n, table, s) for s, a in enumerate(agents)}
        # The step's work, compiled; it holds the dicts below (properties of the env).
        self._cycle = AgentCycle(table, self.possible_agents)
        self._rng = random.Random()
        self.agents: list[str] = []

    @property
    def terminations(self) -> dict[str, Any]:
        """Whether each agent's game ended by its rules."""
        return self._cycle.terminations

    @terminations.setter
    def terminations(self, value: dict[str, Any]) -> None:
        self._cycle.terminations = value

    @property
    def truncations(self) -> dict[str, Any]:
        """Whether each agent's game was cut off."""
        return self._cycle.truncations

    @truncations.setter
    def truncations(self, value: dict[str, Any]) -> None:
        self._cycle.truncations = value

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info (always empty)."""
        return self._cycle.infos

    @infos.setter
    def infos(self, value: dict[str, dict[str, Any]]) -> None:
        self._cycle.infos = value

    @property
    def _cumulative_rewards(self) -> dict[str, Any]:
        """Each agent's reward since it last acted (PettingZoo's)."""
        return self._cycle.cumulative

    @_cumulative_rewards.setter
    def _cumulative_rewards(self, value: dict[str, Any]) -> None:
        self._cycle.cumulative = value

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space (the same for every agent)."""
        return self.table.observation_space

    def action_space(self, agent: str) -> LegalDiscrete:
        """The agent's action space; `sample()` without a mask picks a legal id (a
        [SeatSpace][cardkit.rl.actions.SeatSpace])."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (the same one for the same `seed`)."""
        if seed is not None:
            self._rng = random.Random(seed)
        table = self.table
        table.deal(self._rng.getrandbits(63))
        self.agents = agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cycle.deal()
        if table.state.is_over:  # over at the deal (an instant win); never cut off at 0 steps
            self._settle()
            self._select()
            self._accumulate_rewards()
        else:
            self._select()

    def _select(self, previous: str | None = None) -> None:
        """Select the seat to act; refresh its info and mask, and those of `previous`
        (every agent's at a deal)."""
        kept = "" if previous is None else self.agent_selection  # none yet at the first deal
        self.agent_selection = self._cycle.select(self.agents, previous, kept)

    def _accumulate_rewards(self) -> None:
        """As PettingZoo's: add each agent's reward to its cumulative reward."""
        cumulative = self._cycle.cumulative
        for agent, reward in self.rewards.items():
            cumulative[agent] += reward

    @property
    def state_space(self) -> spaces.Box:
        """The space of `state()`: the observation vector's `Box`."""
        box = self.table.observation_space["observation"]
        assert isinstance(box, spaces.Box)
        return box

    def state(self) -> npt.NDArray[np.float32]:
        """The whole state as one vector: every zone's cards shown, seats counted from seat 0.

        For centralised critics (training only: it shows every hidden card).
        """
        return self.table.layout.encode(self.table.state, None, everything=True)

    def observe(self, agent: str) -> Observation:
        """The observation of `agent`'s seat now."""
        return self.table.observe(self._seats[agent])

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """As PettingZoo's `last`: the selected agent's observation (`None` without
        `observe`), cumulative reward, termination, truncation and info (the table's
        observation at once: one call fewer in every step of a loop)."""
        return self._cycle.last(self.agent_selection, observe)

    def step(self, action: Any) -> None:
        """Play the selected agent's action id (`None` for a finished agent).

        Raises:
            IllegalAction: the id is not legal now; nothing changes.
        """
        agent = self.agent_selection
        selected = self._cycle.step(agent, action)  # played, and the next agent selected
        if selected:
            self.agent_selection = selected
        elif self.terminations[agent] or self.truncations[agent]:  # done before: not played
            self._was_dead_step(action)
        else:  # played, and now over or cut off
            self._settle()
            self._select(agent)
            self._accumulate_rewards()

    def _settle(self) -> None:
        """Set the rewards, and end the game for every agent once it is over or cut off."""
        table, cycle = self.table, self._cycle
        if table.terminated:
            payoffs = table.payoffs()
            self.rewards = {a: payoffs[self._seats[a]] for a in self.agents}
            cycle.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            if table.truncated:
                cycle.truncations = dict.fromkeys(self.agents, True)

    def render(self) -> str | None:
        """The selected agent's view as the terminal shows it: returned (`"ansi"`) or printed
        (`"human"`)."""
        if not self.agents:
            return show(self.render_mode, "")
        return show(self.render_mode, table_text(self.table, self._seats[self.agent_selection]))

    def close(self) -> None:
        """Nothing to release."""


def aec_env(
    game: str | Game[Any, Any],
    players: int | None = None,
    rules: Rules | None = None,
    render_mode: str | None = None,
    *,
    reward: str | RewardFunction = "auto",
    view_fields: bool = True,
    extra_actions: int | None = None,
    max_steps: int = 10_000,
    candidates: int = 0,
) -> CardkitAECEnv:
    """A PettingZoo `AECEnv` of `game` with every seat an agent.

    Args:
        game: an installed game's name (or alias), or a game object.
        players: the number of seats (default: the game's default).
        rules: the rules (default: `game.rules()`).
        render_mode: `None`; `"ansi"`: `render()` returns the selected
            seat's view as text, as the terminal shows it; `"human"`: it prints it.
        reward: `"auto"`, `"placement"`, `"payment"`, `"win"` or a function
            of the result ([cardkit.rl.rewards][]).
        view_fields: carry the game's scalar view fields (phase, flags,
            numbers) in observations; `False` is faster.
        extra_actions: only for a game that declares no action space: how
            many ids index legal actions outside its fixed action list
            (default: 32 with a list, 256 without).
        max_steps: truncate a game after this many actions.
        candidates: put the exact legal moves in the observation as this
            many padded card planes (`candidates`), their ids (`candidate_ids`,
            -1 for padding) and a mask (`candidate_mask`); 0, the default: not.

    Raises:
        UnknownGame: no such game.
        InvalidRules: bad players, rules or options.
    """
    table = Table(
        resolve_game(game),
        players,
        rules,
        reward=reward,
        view_fields=view_fields,
        extra_actions=extra_actions,
        max_steps=max_steps,
        candidates=candidates,
    )
    return CardkitAECEnv(table, render_mode=render_mode)
