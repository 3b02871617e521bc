"""What both environments share: the game, its spaces, the state and its encoding."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cardkit.engine.actions import Action
from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.errors import InvalidRules
from cardkit.rl.actions import ActionCodec, LegalDiscrete
from cardkit.rl.observe import ObservationLayout
from cardkit.rl.rewards import RewardFunction, pays, reward_function

Observation = dict[str, npt.NDArray[Any]]

#: Extra ids for games with a fixed action list (the legal actions outside it are few).
EXTRA_WITH_LIST = 32
#: Ids for games without one: every legal action is indexed.
EXTRA_WITHOUT_LIST = 256


def resolve_game(game: str | Game[Any, Any]) -> Game[Any, Any]:
    """The game object for a name (or the object itself)."""
    if isinstance(game, Game):
        return game
    from cardkit import load_game

    return load_game(game)


class Table:
    """One game being played: the state, its encoding and its spaces.

    Args:
        game: the game.
        players: the number of seats (default: the game's default).
        rules: the rules (default: the game's defaults).
        reward: a reward name or function ([cardkit.rl.rewards][]).
        view_fields: carry the game's scalar view fields in observations.
        extra_actions: ids for legal actions outside the game's fixed list.
        max_steps: truncate a game after this many actions.
        action_cards: put the card planes of the legal actions in `info`.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        players: int | None,
        rules: Rules | None,
        *,
        reward: str | RewardFunction,
        view_fields: bool,
        extra_actions: int | None,
        max_steps: int,
        action_cards: bool,
    ) -> None:
        """Deal a probe game to derive the layout and the spaces."""
        self.game = game
        self.rules = game.rules() if rules is None else rules
        probe = game.start(players=players, rules=self.rules, seed=0)
        self.players = probe.players
        if not isinstance(max_steps, int) or max_steps < 1:
            raise InvalidRules(f"max_steps must be a positive number of actions, not {max_steps!r}")
        self.max_steps = max_steps
        self.reward = reward_function(reward)
        self.layout = ObservationLayout(probe, view_fields=view_fields)
        fixed = game.fixed_actions
        if extra_actions is None:
            extra_actions = EXTRA_WITH_LIST if fixed else EXTRA_WITHOUT_LIST
        self.codec = ActionCodec(fixed, extra_actions, self.layout.cards)
        self.action_cards = action_cards
        low, high = self.layout.bounds()
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.codec.n,), dtype=np.int8),
            }
        )
        self.state: GameState = probe
        self.steps = 0

    def action_space(self) -> LegalDiscrete:
        """A new action space of this table's size."""
        return LegalDiscrete(self.codec.n)

    def deal(self, seed: int) -> None:
        """Start a new game from `seed`."""
        self.state = self.game.start(players=self.players, rules=self.rules, seed=seed)
        self.steps = 0

    def _shown_legal(self, seat: int) -> Sequence[Action] | None:
        """The legal actions ``view(seat)`` shows, or ``None`` when it shows none.

        While a private window asks another seat (Palace, rules 4.5), the
        next player's view shows it to act with its legal actions; its mask
        must show them too, or the mask would tell that a window is open.
        """
        state = self.state
        if state.is_over or state.shown_to_act(seat) != seat:
            return None
        if state.to_act == seat:
            return state.legal_actions()
        return [state.parse_action(text) for text in state.view(seat).legal_actions]

    def legal_mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The action mask of `seat`: the legal ids its view shows, else zeros."""
        legal = self._shown_legal(seat)
        if legal is None:
            return np.zeros(self.codec.n, dtype=np.int8)
        ids, _ = self.codec.legal(self._legal_key(seat), legal)
        return self.codec.mask(ids)

    def _legal_key(self, seat: int) -> object:
        """What the codec caches legal ids under: the state, or a key of its own for a
        seat that views show to act while a window asks another (other actions)."""
        state = self.state
        return state if state.to_act == seat else (state, seat)

    def observe(self, seat: int) -> Observation:
        """The observation of `seat` now."""
        return {
            "observation": self.layout.encode(self.state, seat),
            "action_mask": self.legal_mask(seat),
        }

    def info(self, seat: int) -> dict[str, Any]:
        """The `info` of `seat`: its legal ids and, if asked for, their card planes."""
        legal = self._shown_legal(seat)
        if legal is None:
            return {"legal_ids": np.zeros(0, dtype=np.int64)}
        ids, actions = self.codec.legal(self._legal_key(seat), legal)
        info: dict[str, Any] = {"legal_ids": np.array(ids, dtype=np.int64)}
        if self.action_cards:
            info["action_cards"] = self.codec.action_cards(actions)
        return info

    def play(self, seat: int, chosen: Any) -> None:
        """Apply the action with id `chosen` for `seat` (raises `IllegalAction`)."""
        state = self.state
        legal = self._shown_legal(seat)
        action = self.codec.decode(self._legal_key(seat), legal or (), chosen)
        self.state = state.act_as(seat, action)
        self.steps += 1

    @property
    def truncated(self) -> bool:
        """Whether a cap stopped the game before its end: `max_steps`, or the game's own
        action cap (`rules.max_actions`: the state is then over, its result `capped`)."""
        state = self.state
        if state.is_over:
            return state.result().capped
        return self.steps >= self.max_steps

    def payoffs(self) -> list[float]:
        """What the finished game pays each seat."""
        return pays(self.reward, self.state.result())

    def render(self, seat: int | None) -> str:
        """The seat's view (and the result, once over) as the terminal shows it."""
        from rich.console import Console

        from cardkit.play.narrate import result_table, view_table

        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None, force_terminal=False)
        who = "spectator" if seat is None else f"seat {seat}"
        console.print(view_table(self.state.view(seat), title=f"{self.game.title}: {who}"))
        if self.state.is_over:
            console.print(result_table(self.state.result()))
        return buffer.getvalue()
