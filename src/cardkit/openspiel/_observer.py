"""What a seat observes of an OpenSpiel playout: strings and tensors from its view.

Everything here is built from what the seat may know, through the game's
contract: [`view(seat)`][cardkit.engine.state.GameState.view], the public events
and the seat's own moves; never from the full state. So the same
non-interference guarantee holds as for views: swapping two cards the seat
never saw changes none of these.

- ``observation_string``: the seat's view as JSON.
- ``information_state_string``: the seat, its view, the public events of the
  whole game and the seat's own moves, so two histories the seat cannot tell
  apart give the same string (perfect recall: a card the seat saw once
  stays in the public events or in its own moves).
- the tensors: the learning environments' observation of the seat
  ([cardkit.rl][]: card planes of the seat's own and the public zones,
  counts of the hidden ones, the view's scalar fields), and for the
  information state the same with the seat's one-hot before it. During the
  deal (the chance nodes) they are all zeros.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import numpy.typing as npt

from cardkit.engine.state import GameState
from cardkit.rl.observe import ObservationLayout

__all__ = ["CardkitObserver", "information_state", "observation"]


def observation(state: GameState | None, seat: int) -> str:
    """The observation string of `seat`: its view as JSON (``""`` during the deal)."""
    if state is None:
        return ""
    return state.view(seat).model_dump_json()


def information_state(state: Any, seat: int) -> str:
    """The information-state string of `seat` in the OpenSpiel `state` (see the module docs)."""
    table: GameState | None = state.table
    if table is None:
        return f"seat {seat}: dealing"
    mine = [text for by, text in state.moves if by == seat]
    events = json.dumps([e.to_json_dict() for e in table.events], separators=(",", ":"))
    return f"seat {seat}\nview {observation(table, seat)}\nmine {mine}\nevents {events}"


class CardkitObserver:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``).

    Attributes:
        tensor: the flat observation, rewritten by `set_from`.
        dict: named views into `tensor` (``"player"`` for the information
            state's seat one-hot, ``"observation"``).
    """

    def __init__(self, layout: ObservationLayout, players: int, *, perfect_recall: bool) -> None:
        """An observer of `layout`; `perfect_recall` adds the seat one-hot and the history."""
        self._layout = layout
        self._players = players
        self._perfect_recall = perfect_recall
        size = len(layout.bounds()[0])
        head = players if perfect_recall else 0
        self.tensor: npt.NDArray[np.float32] = np.zeros(head + size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"observation": self.tensor[head:]}
        if perfect_recall:
            self.dict["player"] = self.tensor[:head]

    def set_from(self, state: Any, player: int) -> None:
        """Write what `player` observes of the OpenSpiel `state` into `tensor`."""
        self.tensor.fill(0.0)
        table: GameState | None = state.table
        if table is None:
            return
        if self._perfect_recall:
            self.dict["player"][player] = 1.0
        self.dict["observation"][:] = self._layout.encode(table, player)

    def string_from(self, state: Any, player: int) -> str:
        """The observation or information-state string of `player`."""
        if self._perfect_recall:
            return information_state(state, player)
        return observation(state.table, player)
