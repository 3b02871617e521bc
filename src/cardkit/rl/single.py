"""A Gymnasium `Env` for one seat of any installed game, the others played by bots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

import gymnasium as gym

from cardkit.engine.bots import Bot, Turn
from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.errors import IllegalAction, InvalidRules, InvalidState
from cardkit.play.botpaths import is_bot_path, load_bot
from cardkit.rl._render import RENDER_FPS, RENDER_MODES, check_render_mode, show, table_text
from cardkit.rl._table import Observation, Table, resolve_game
from cardkit.rl.actions import LegalDiscrete
from cardkit.rl.rewards import RewardFunction

__all__ = ["CardkitGymEnv", "gym_env"]

#: How many deals in a row may end before the learner's first turn.
_REDEALS = 100


class CardkitGymEnv(gym.Env[Observation, Any]):
    """One seat of a cardkit game as a Gymnasium environment.

    The other seats are played by registered bots, each with its own random
    generator; `reset(seed=s)` reproduces the deal and every bot's choice.
    Observations are a `Dict` of `observation` and `action_mask` (and the
    exact legal moves with `candidates`); `info` is empty, so that vector
    envs batch it (`info["illegal"]` after an illegal id). The reward is 0 until
    the game ends, then the seat's share of the result
    ([cardkit.rl.rewards][]). Build it with [gym_env][cardkit.rl.gym_env].
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 -- Gymnasium's shape
        "render_modes": list(RENDER_MODES),
        "render_fps": RENDER_FPS,
    }

    def __init__(
        self,
        table: Table,
        seat: int,
        opponents: Sequence[str],
        render_mode: str | None = None,
        illegal: str = "lose",
    ) -> None:
        """Wrap a table (use [gym_env][cardkit.rl.gym_env] to build one)."""
        self.render_mode = check_render_mode(render_mode)
        self.table = table
        self.seat = seat
        others = [s for s in range(table.players) if s != seat]
        self.opponents = dict(zip(others, opponents, strict=True))
        self.observation_space = cast("gym.spaces.Space[Observation]", table.observation_space)
        self.action_space: LegalDiscrete = table.action_space()
        if illegal not in ("raise", "lose"):
            raise InvalidRules(f"illegal must be 'raise' or 'lose', not {illegal!r}")
        self.illegal = illegal
        self._bots: dict[int, tuple[Bot, random.Random]] = {}
        self._ended = True

    def __getstate__(self) -> dict[str, Any]:
        """The environment without its observation space: it is the table's, which a
        pickled table builds again."""
        kept = self.__dict__.copy()
        del kept["observation_space"]
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        """A copy of a pickled environment, sharing its table's observation space again."""
        self.__dict__.update(kept)
        self.observation_space = cast("gym.spaces.Space[Observation]", self.table.observation_space)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and let the bots play up to the seat's first turn."""
        super().reset(seed=seed)
        table = self.table
        factories = catalog(table.game).bots
        for _ in range(_REDEALS):  # a deal that ends before the seat's first turn is dealt again
            draws = self.np_random.integers(0, 2**63 - 1, size=1 + len(self.opponents))
            table.deal(int(draws[0]))
            self._bots = {}
            for (seat, name), draw in zip(self.opponents.items(), draws[1:], strict=True):
                rng = random.Random(int(draw))
                factory = factories[name] if name in factories else load_bot(name, table.game)
                self._bots[seat] = (factory(random.Random(rng.getrandbits(63))), rng)
            self._play_bots()
            if not table.state.is_over and not table.truncated:
                self._ended = False
                return self._observe(), {}  # infos are empty: every entry must batch
        raise InvalidState(
            f"{_REDEALS} deals in a row ended before seat {self.seat} had a turn; "
            "expected a game in which every seat gets to act"
        )

    def _play_bots(self) -> None:
        table = self.table
        while not table.state.is_over and not table.truncated:
            state = table.state
            seat = state.to_act
            if seat is None or seat == self.seat:
                return
            bot, rng = self._bots[seat]
            legal = state.legal_actions()
            table.state = state.apply(bot.choose(Turn(state, seat, legal, rng)))
            table.steps += 1

    def _observe(self) -> Observation:
        observation = self.table.observe(self.seat)
        self.action_space.legal = observation["action_mask"]
        return observation

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the seat's action id, then the bots until the seat's next turn.

        Raises:
            IllegalAction: the id is not legal now (with `illegal="raise"`);
                nothing changes. With `illegal="lose"` the episode ends
                instead, with reward -1 and the reason in `info["illegal"]`.
            InvalidState: the episode has ended; call `reset()` first.
        """
        if self._ended:
            raise InvalidState("the episode has ended; call reset() before step()")
        table = self.table
        try:
            table.play(self.seat, action)
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            self._ended = True
            info = {"illegal": str(exc)}
            return self._observe(), -1.0, True, False, info
        self._play_bots()
        terminated = table.terminated
        self._ended = terminated or table.truncated
        reward = table.payoffs()[self.seat] if terminated else 0.0
        observation = self._observe()
        return observation, reward, terminated, table.truncated, {}

    def render(self) -> str | None:
        """The seat's view as the terminal shows it: returned (`"ansi"`) or printed (`"human"`)."""
        return show(self.render_mode, table_text(self.table, self.seat))


def gym_env(
    game: str | Game[Any, Any],
    players: int | None = None,
    seat: int = 0,
    opponents: str | Sequence[str] = "heuristic",
    rules: Rules | None = None,
    render_mode: str | None = None,
    *,
    reward: str | RewardFunction = "auto",
    view_fields: bool = True,
    extra_actions: int | None = None,
    max_steps: int = 10_000,
    candidates: int = 0,
    illegal: str = "lose",
) -> CardkitGymEnv:
    """A Gymnasium `Env` of `game` for `seat`, the other seats played by bots.

    Args:
        game: an installed game's name (or alias), or a game object.
        players: the number of seats (default: the game's default).
        seat: the learner's seat.
        opponents: the name of a registered bot for every other seat, or one
            name per other seat in seat order (`"random"` always exists;
            `"heuristic"`, the default, falls back to `"random"` for a game
            without one), or an import path (`"mypkg.agents:policy"`).
        rules: the rules (default: `game.rules()`).
        render_mode: `None`; `"ansi"`: `render()` returns the seat's view as
            text; `"human"`: it prints it.
        reward: `"auto"`, `"placement"`, `"payment"`, `"win"` or a function
            of the result ([cardkit.rl.rewards][]).
        view_fields: carry the game's scalar view fields in observations.
        extra_actions: for a game without an action space, ids for the legal
            actions outside its fixed list (default: 32 with one, 256 without).
        max_steps: truncate a game after this many actions (all seats').
        candidates: put the exact legal moves in the observation as this
            many padded card planes (`candidates`), their ids (`candidate_ids`,
            -1 for padding) and a mask (`candidate_mask`); 0, the default: not.
        illegal: `"lose"` (default): an illegal id (an unmasked sample, as
            `check_env` steps with) ends the episode, reward -1, the reason in
            `info["illegal"]`; `"raise"`: it raises `IllegalAction`.

    Raises:
        UnknownGame: no such game.
        InvalidRules: bad players, seat, bots, rules or options.
    """
    found = resolve_game(game)
    table = Table(
        found,
        players,
        rules,
        reward=reward,
        view_fields=view_fields,
        extra_actions=extra_actions,
        max_steps=max_steps,
        candidates=candidates,
    )
    if not isinstance(seat, int) or not 0 <= seat < table.players:
        raise InvalidRules(f"seat must be a seat 0-{table.players - 1}, not {seat!r}")
    names = _opponent_names(found, table.players - 1, opponents)
    return CardkitGymEnv(table, seat, names, render_mode=render_mode, illegal=illegal)


def _opponent_names(game: Game[Any, Any], others: int, opponents: str | Sequence[str]) -> list[str]:
    """One bot name per other seat: registered, or an import path (`cardkit.play.botpaths`)."""
    names = [opponents] * others if isinstance(opponents, str) else list(opponents)
    if len(names) != others:
        raise InvalidRules(f"opponents names {len(names)} bots for {others} other seats")
    known = catalog(game).bots
    if opponents == "heuristic" and "heuristic" not in known:
        names = ["random"] * others
    for name in names:
        if is_bot_path(name) and name not in known:  # "mypkg.agents:policy"
            load_bot(name, game)
        elif name not in known:
            listed = ", ".join(sorted(known))
            raise InvalidRules(f"{game.name} has no bot {name!r}; its bots: {listed}")
    return names
