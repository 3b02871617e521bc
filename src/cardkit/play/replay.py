"""Replays: saved games read back move by move, validated before anything is shown.

A replay file is a saved game (``state.to_json()``, see
[`cardkit.engine.saves`][cardkit.engine.saves]):
the game, its rules version and options, the players, the dealer, the seed
and deck order, and every action as text. [`load_replay`][cardkit.play.replay.load_replay] checks
the
whole file first (the game is installed, the rules version matches, every
action is legal and the saved snapshot is reproduced), so a corrupt or edited
file is refused with [`InvalidState`][cardkit.errors.InvalidState] before a single move is
narrated.

>>> from cardkit.play.replay import replay, write_replay
>>> write_replay(state, "game.json")          # doctest: +SKIP
>>> for step in replay(open("game.json").read()):  # doctest: +SKIP
...     print(step.number, step.action, [e.describe() for e in step.events])
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardkit.engine.actions import Action
from cardkit.engine.events import Event
from cardkit.engine.game import Game
from cardkit.engine.results import GameResult
from cardkit.engine.saves import SavedGame
from cardkit.engine.state import GameState
from cardkit.errors import CardkitError, InvalidState

__all__ = [
    "Replay",
    "ReplayStep",
    "load_replay",
    "read_replay",
    "replay",
    "replay_text",
    "write_replay",
]


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One step of a replay: the deal (number 0) or one action.

    Attributes:
        number: 0 for the deal, then 1, 2, ... for each action.
        seat: the seat that acted (``None`` for the deal).
        action: the action played (``None`` for the deal).
        state: the state after this step.
        events: the public events of this step.
    """

    number: int
    seat: int | None
    action: Action | None
    state: GameState
    events: tuple[Event, ...]


class Replay:
    """A validated saved game, ready to be stepped through.

    Attributes:
        saved: the parsed save.
        game: the installed game it belongs to.
        final: the state the save reaches (checked against its snapshot).
    """

    def __init__(self, saved: SavedGame, game: Game[Any, Any], final: GameState) -> None:
        """Wrap a save already validated by [`load_replay`][cardkit.play.replay.load_replay]."""
        self.saved = saved
        self.game = game
        self.final = final

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.saved.players

    @property
    def actions(self) -> int:
        """How many actions the save holds."""
        return len(self.saved.actions)

    @property
    def result(self) -> GameResult | None:
        """The game's result, or ``None`` when the save stops before the end."""
        return self.final.result() if self.final.is_over else None

    def start(self) -> GameState:
        """The state right after the deal."""
        state: GameState = self.game.start(
            players=self.saved.players,
            rules=self.final.rules,
            deck=self.final.setup.deck,
            dealer=self.saved.dealer,
            previous=self.saved.previous,
            seed=self.saved.seed,
        )
        return state

    def steps(self) -> Iterator[ReplayStep]:
        """The deal, then every action with the state after it and its events."""
        state = self.start()
        yield ReplayStep(0, None, None, state, state.last_events)
        for number, text in enumerate(self.saved.actions, start=1):
            seat = state.to_act
            action = state.parse_action(text)
            state = state.apply(action)
            yield ReplayStep(number, seat, action, state, state.last_events)

    def __iter__(self) -> Iterator[ReplayStep]:
        return self.steps()


def load_replay(text: str | bytes) -> Replay:
    """Read and completely validate a replay (a saved game's JSON).

    Raises:
        InvalidState: the text is not a saved game, or it does not replay
            (another rules version, a bad deck, an illegal action, a
            snapshot its actions do not reproduce); the message says which.
        UnknownGame: the game it records is not installed.
    """
    saved = SavedGame.parse(text)
    from cardkit.plugins.registry import registry

    game = registry().game(saved.game)
    final = saved.restore(game)
    return Replay(saved, game, final)


def replay(text: str | bytes) -> Iterator[ReplayStep]:
    """The steps of a saved game, from the deal to its last action.

    The whole save is validated when this is called, before the first step
    is produced.

    Raises:
        InvalidState: the save is invalid (see [`load_replay`][cardkit.play.replay.load_replay]).
        UnknownGame: its game is not installed.
    """
    return load_replay(text).steps()


def read_replay(path: str | os.PathLike[str]) -> Replay:
    """Read and validate a replay file.

    Raises:
        InvalidState: the file cannot be read, or is not a valid saved game.
        UnknownGame: its game is not installed.
    """
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise InvalidState(
            f"cannot read replay file {str(path)!r}: {exc.strerror or exc}"
        ) from None
    return load_replay(data)


def replay_text(state: GameState) -> str:
    """The replay of a game as JSON text (indented): its setup, actions and snapshot.

    It holds the full deal, hidden cards included: share it only after the game.
    """
    return state.to_json(indent=2)


def write_replay(state: GameState, path: str | os.PathLike[str]) -> Path:
    """Write the replay of ``state`` (finished or not) to ``path`` and return the path.

    Raises:
        CardkitError: the file cannot be written.
    """
    target = Path(path)
    try:
        target.write_text(replay_text(state) + "\n", encoding="utf-8")
    except OSError as exc:
        raise CardkitError(
            f"cannot write replay file {str(target)!r}: {exc.strerror or exc}"
        ) from None
    return target
