"""The narrator: prints a game as it goes."""

from __future__ import annotations

import time
from collections.abc import Sequence

from rich.console import Console, Group
from rich.text import Text

from cardkit.engine.actions import Action
from cardkit.engine.events import Event
from cardkit.engine.results import GameResult
from cardkit.engine.state import GameState
from cardkit.play.narrate._events import action_lines, event_text, hanging
from cardkit.play.narrate._grammar import seat_label
from cardkit.play.narrate._results import hand_sizes_table, payments_text, result_table


class Narrator:
    """Prints a game as it goes: the deal, each action with its events, the result.

    Attributes:
        console: where to print.
        labels: each seat's label (bot name, ``"you"``).
        delay: seconds to wait after each action (for people watching).
        show_hands: print a table of hand sizes when a round ends.
    """

    #: Event kinds after which the hand sizes are shown.
    ROUND_ENDS = frozenset({"round_end", "trick_end", "new_round", "deal_end"})

    def __init__(
        self,
        console: Console,
        labels: Sequence[str] | None = None,
        *,
        delay: float = 0.0,
        show_hands: bool = True,
    ) -> None:
        """Narrate to ``console``."""
        self.console = console
        self.labels = list(labels) if labels is not None else None
        self.delay = delay
        self.show_hands = show_hands
        self.count = 0

    def deal(self, state: GameState) -> None:
        """Narrate the deal (the events of the first state) and who acts first."""
        for event in state.last_events:
            line = event_text(event, self.labels, wording=state.game.wording)
            self.console.print(hanging(Text("      ").append_text(line)))
        if state.to_act is not None:
            first = seat_label(state.to_act, self.labels)
            verb = "act" if first == "You" else "acts"
            self.console.print(Text(f"      {first} {verb} first", style="dim"))

    def action(
        self, seat: int | None, action: Action | str, state: GameState, events: Sequence[Event]
    ) -> None:
        """Narrate one action of ``seat`` and the events it caused; ``state`` is after it."""
        self.count += 1
        lines = action_lines(
            seat, action, events, self.labels, number=self.count, wording=state.game.wording
        )
        self.console.print(Group(*(hanging(line) for line in lines)))
        if self.show_hands and any(e.kind in self.ROUND_ENDS for e in events):
            table = hand_sizes_table(state, self.labels)
            if table is not None:
                self.console.print(table)
        if self.delay > 0:
            time.sleep(self.delay)

    def result(self, state: GameState, result: GameResult | None = None) -> None:
        """Print the result (``result`` overrides ``state.result()``, e.g. when capped)."""
        if result is None:
            if not state.is_over:
                self.console.print(Text("The game is not over.", style="yellow"))
                return
            result = state.result()
        if self.show_hands and not result.capped:
            table = hand_sizes_table(state, self.labels)
            if table is not None:
                self.console.print(table)
        self.console.print(result_table(result, self.labels))
        if result.payments:
            self.console.print(payments_text(result, self.labels))
