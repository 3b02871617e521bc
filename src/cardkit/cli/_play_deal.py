"""One deal at the terminal: the screen, your moves, undo, history, the bots, saving."""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.text import Text

from cardkit.cards.card import Card
from cardkit.cli._common import (
    command_prefix,
)
from cardkit.cli._play_rules import rules_text
from cardkit.cli._screen import (
    COMMANDS,
    help_table,
    legal_table,
    pretty_codes,
    screen,
    seat_fields,
    seats_table,
    table_rows,
    to_player,
)
from cardkit.cli._window import asked_out_of_turn, window_prompt
from cardkit.engine.actions import Action
from cardkit.engine.bots import Bot, Turn
from cardkit.engine.game import Game
from cardkit.engine.state import GameState
from cardkit.errors import IllegalAction
from cardkit.play.narrate import Narrator, action_lines, hanging
from cardkit.play.replay import ReplayStep, write_replay

_ALIASES = {"?": "help", "h": "help", "q": "quit", "exit": "quit", "view": "scores"}
_YES = frozenset({"y", "yes"})


class _Quit(Exception):
    """The player left: quit, end of input or Ctrl-C."""


@dataclass
class _Deal:
    """One hand played at the terminal: the state, what was said, and the undo marks."""

    console: Console
    game: Game[Any, Any]
    state: GameState
    seat: int
    names: list[str]
    bots: Sequence[Bot]
    rngs: Sequence[random.Random]
    save: Path | None
    standings: Callable[[], RenderableType | None] = lambda: None
    log: list[Text] = field(default_factory=list)
    since: list[Text] = field(default_factory=list)
    marks: list[tuple[GameState, int]] = field(default_factory=list)
    drew: list[Card] = field(default_factory=list)
    listed: list[Action] = field(default_factory=list)  # the moves 'help' numbered last

    def play(self) -> bool:
        """Play to the end of the hand; ``True`` when the player left first."""
        try:
            while not self.state.is_over:
                actor = self.state.to_act
                assert actor is not None
                if actor == self.seat:
                    action = self._ask()
                    if action is None:
                        continue
                else:
                    legal = self.state.legal_actions()
                    turn = Turn(self.state, actor, legal, self.rngs[actor])
                    action = self.bots[actor].choose(turn)
                self._apply(actor, action)
        except (_Quit, KeyboardInterrupt):
            self.console.print()
            return True
        return False

    def _apply(self, actor: int, action: Action) -> None:
        before = self._hand()
        self._record(actor, action, self.state.apply(action))
        if actor == self.seat:
            self.drew = [c for c in self._hand() if c not in before]

    def _record(self, actor: int | None, action: Action | None, after: GameState) -> None:
        """Go on to ``after``, the state after ``actor``'s ``action``: undo mark and history."""
        if actor == self.seat:
            self.marks.append((self.state, len(self.log)))
            self.since = []
        self.state = after
        if actor is None or action is None:
            return
        if not after.last_events and actor != self.seat:
            # An action that leaves no event (a declined private window) is not shown
            # to the human: it must leave no trace at the table (Palace's private windows).
            return
        wording = after.game.wording
        lines = action_lines(actor, action, after.last_events, self.names, wording=wording)
        self.log.extend(lines)
        self.since.extend(lines)

    def restore(self, steps: Iterable[ReplayStep]) -> None:
        """Take the moves of a saved game back in, so that undo and history go on from them."""
        for step in steps:
            if step.number == 0:
                self.state = step.state
            else:
                self._record(step.seat, step.action, step.state)

    def _hand(self) -> list[Card]:
        return list(getattr(self.state.view(self.seat), "hand", None) or ())

    def show(self) -> None:
        """Print the screen: what happened, the seats, the table, your hand, whose turn."""
        view = self.state.view(self.seat)
        title = f"{self.game.title} · move {self.state.action_count}"
        self.console.print(
            screen(
                view,
                self.names,
                self.game.hand_order,
                title=title,
                since=self.since,
                drew=self.drew,
            )
        )

    def _ask(self) -> Action | None:
        """The player's next move (``None`` after a command that changed the state)."""
        self.show()
        legal = self.state.legal_actions()
        if asked_out_of_turn(self.state, self.seat):
            self.console.print(window_prompt(self.state, self.seat, self.names, legal))
            self.listed = list(legal)
        while True:
            text = self._input("[bold]Your move[/] (help, quit)> ")
            if not text:
                continue
            word, _, rest = text.partition(" ")
            command = _ALIASES.get(word.lower(), word.lower())
            if command in COMMANDS:
                if self._command(command, rest.strip(), legal):
                    return None
                continue
            action = self._parse(text, legal)
            if action is not None and self._confirmed(action, legal):
                return action

    def _input(self, prompt: str) -> str:
        try:
            return self.console.input(prompt).strip()
        except EOFError:
            raise _Quit from None

    def _parse(self, text: str, legal: Sequence[Action]) -> Action | None:
        if text.isdigit():
            number = int(text)
            if self.listed and self.listed != list(legal):  # a number from an old list
                self.listed = list(legal)
                self._say("The moves have changed since 'help' numbered them; they are now:")
                self.console.print(legal_table(legal))
                return None
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self._say(f"There is no move number {number}; 'help' lists moves 1-{len(legal)}.")
            return None
        try:
            action = self.state.parse_action(text)
            self.state.apply(action)
        except IllegalAction as exc:
            message = to_player(str(exc), self.seat)
            message = "you " + message[4:] if message.startswith("You ") else message
            self._say(Text("Not allowed: ").append_text(pretty_codes(message)))
            return None
        return action

    def _confirmed(self, action: Action, legal: Sequence[Action]) -> bool:
        """Ask before a move that ends the hand while you hold cards (Tonk's drop).

        Going out (your last card) is never asked about, nor a forced move. The
        question depends only on what you can see: your hand after the move.
        """
        after = self.state.apply(action)
        if len(legal) < 2 or not after.is_over:
            return True
        if not getattr(after.view(self.seat), "hand", None):
            return True
        shown = Text("This move ends the hand: ").append_text(pretty_codes(str(action)))
        self.console.print(shown)
        if self._input("Play it? \\[y/N] ").lower() in _YES:
            return True
        self._say("Not played.")
        return False

    def _say(self, message: str | Text) -> None:
        self.console.print(message if isinstance(message, Text) else Text(message), style="red")

    def _command(self, command: str, arg: str, legal: Sequence[Action]) -> bool:
        """Run a command; ``True`` when it changed the state (undo)."""
        view = self.state.view(self.seat)
        if command == "quit":
            raise _Quit
        if command == "help":
            self.console.print(help_table())
            self.console.print(legal_table(legal))
            self.listed = list(legal)
        elif command == "hand":
            self.show()
        elif command == "pile":
            rows = table_rows(view, self.names, full=True)
            lines = [Text(f"{n}: " if n else "", style="cyan").append_text(t) for n, t in rows]
            self.console.print(
                Group(*lines) if lines else Text("Nothing on the table.", style="dim")
            )
        elif command == "scores":
            self._scores()
        elif command == "rules":
            self.console.print(rules_text(self.state.game, self.state.rules))
        elif command == "history":
            told = [hanging(line) for line in self.log]
            self.console.print(Group(*told) if told else Text("No moves yet.", style="dim"))
        elif command == "save":
            self._save(Path(arg) if arg else self.save)
        elif command == "undo":
            return self._undo()
        return False

    def _scores(self) -> None:
        view = self.state.view(self.seat)
        self.console.print(seats_table(view, self.names, seat_fields(view)))
        standings = self.standings()
        if standings is not None:
            self.console.print(standings)

    def _save(self, path: Path | None) -> None:
        if path is None:
            self._say("Save where? Type 'save FILE' or start with --save FILE.")
            return
        write_replay(self.state, path)
        where = shlex.quote(str(path))
        watch = f"{command_prefix()} replay {where}"
        if self.state.is_over:
            said = f"Saved the game to {path} (watch it again: {watch})"
        else:
            go_on = f"{command_prefix()} play --resume {where}"
            said = f"Saved the game to {path}: go on with {go_on} (or watch it: {watch})"
        self.console.print(Text(said, style="dim"), soft_wrap=True)

    def _undo(self) -> bool:
        if not self.marks:
            self._say("Nothing to undo: you have not moved yet this hand.")
            return False
        state, length = self.marks.pop()
        moves = sum(1 for line in self.log[length:] if not line.plain.startswith(" ")) - 1
        self.state, self.log = state, self.log[:length]
        self.since, self.drew = [], []
        said = "Took back your last move" + (
            f" and the {moves} move{'s' if moves != 1 else ''} after it." if moves > 0 else "."
        )
        self.console.print(Text(said, style="yellow"))
        return True


def _finish(deal: _Deal, quit_: bool, save: Path | None) -> None:
    console = deal.console
    if deal.state.is_over:
        console.print(Group(Text("Since your last move:", style="dim"), *deal.since))
        view = deal.state.view(deal.seat)
        console.print(screen(view, deal.names, deal.game.hand_order, title="End of the hand"))
        Narrator(console, deal.names, show_hands=False).result(deal.state)
    elif quit_:
        console.print(Text("You left the game.", style="yellow"))
    if save is not None:
        deal._save(save)
