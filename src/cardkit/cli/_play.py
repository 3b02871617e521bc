"""``cardkit play``: you against bots in the terminal, seeing only your own view."""

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
from cardkit.cli import _play_match
from cardkit.cli._common import (
    best_bot,
    check_bot_count,
    command_prefix,
    fail,
    load_game,
    make_rules,
    out,
    parse_bots,
    random_seed,
    seat_count,
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
from cardkit.errors import CardkitError, IllegalAction
from cardkit.play.match import Match, fill_seats, resolve_bots
from cardkit.play.narrate import Narrator, action_lines, hanging, seat_label, standings_table
from cardkit.play.replay import ReplayStep, read_replay, write_replay
from cardkit.play.runner import seat_rngs

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


def play(
    game_name: str | None,
    players: int | None,
    seat: int,
    bots: str | None,
    seed: int | None,
    rules_items: list[str] | None,
    variant: str | None,
    save: Path | None,
    deals: int | None,
    resume: Path | None = None,
) -> None:
    """Play one game (or a match of ``deals`` deals) against bots; or go on with a saved one.

    ``seat`` is the seat's index (``--seat`` minus 1: people count seats from 1).
    """
    if resume is not None:
        _resume(resume, seat, bots, seed, save, deals)
        return
    if game_name is None:
        raise CardkitError("name the game to play (see 'cardkit games'), or --resume FILE")
    game = load_game(game_name)
    rules = make_rules(game, variant, rules_items)
    players = seat_count(game, players)
    seed = random_seed() if seed is None else seed
    names, specs = _seats(game, players, seat, bots)
    console = out()
    _intro(console, game, players, seed, seat, names)
    if deals is None:
        state = game.start(players, rules, seed=seed)
        _single(console, game, state, seat, names, specs, seed, save)
        return
    if deals < 1:
        fail(f"--deals must be at least 1, not {deals}")
    match = Match(game, players, rules, bots=specs, seed=seed, max_deals=deals)
    match.labels = list(names)
    _play_match.play_match(console, match, seat, save, specs, _Deal, _finish)


def _seats(
    game: Game[Any, Any], players: int, seat: int, bots: str | None
) -> tuple[list[str], list[str]]:
    if not 0 <= seat < players:
        fail(f"--seat {seat + 1}: the seats are 1 to {players}")
    given = parse_bots(bots)
    check_bot_count(given, players - 1, "other seat")
    others = [str(b) for b in fill_seats(given or [best_bot(game)], players - 1)]
    names = [*others[:seat], "you", *others[seat:]]
    return names, [n if s != seat else "random" for s, n in enumerate(names)]


def _intro(
    console: Console, game: Game[Any, Any], players: int, seed: int, seat: int, names: list[str]
) -> None:
    head = Text(game.title, style="bold")
    head.append(f" · {players} players · seed {seed}", style="dim")
    console.print(head)
    opponents = ", ".join(seat_label(s, names) for s in range(players) if s != seat)
    console.print(
        Text(
            f"You are Seat {seat + 1}. Opponents: {opponents}. Type a move (or its number from "
            "'help'); 'help' also lists the commands: hand, pile, scores, history, rules, "
            "undo, save, quit.",
            style="dim",
        )
    )


def _single(
    console: Console,
    game: Game[Any, Any],
    state: GameState,
    seat: int,
    names: list[str],
    specs: list[str],
    seed: int,
    save: Path | None,
    moves: Iterable[ReplayStep] = (),
) -> None:
    factories = resolve_bots(game, specs, state.players)
    rngs = seat_rngs(seed, state.players)
    seat_bots = [f(r) for f, r in zip(factories, rngs, strict=True)]
    deal = _Deal(console, game, state, seat, names, seat_bots, rngs, save)
    deal.restore(moves)  # a resumed game's moves: undo and history go back through them
    for event in state.last_events if state.action_count == 0 else ():
        deal.since.extend(action_lines(event.seat, "", (event,), names, wording=game.wording))
    _finish(deal, deal.play(), save)


def _resume(
    path: Path, seat: int, bots: str | None, seed: int | None, save: Path | None, deals: int | None
) -> None:
    """Go on with the game saved in ``path`` (saved back there unless ``--save`` says where).

    A match file, or the deal in play of a match (``x-deal2.json`` next to
    ``x.json``), goes on with the whole match.
    """
    if deals is not None:
        raise CardkitError("--resume goes on where the save left off; leave out --deals")
    match_path = _play_match.match_file_for(path)
    if match_path is not None:
        _resume_match(match_path, save)
        return
    rep = read_replay(path)
    state = rep.final
    if state.is_over:
        raise CardkitError(f"the game in {path} is over; watch it with: cardkit replay {path}")
    seed = rep.saved.seed if seed is None and rep.saved.seed is not None else seed
    seed = random_seed() if seed is None else seed
    names, specs = _seats(rep.game, state.players, seat, bots)
    console = out()
    _intro(console, rep.game, state.players, seed, seat, names)
    moves = state.action_count
    said = f"Resuming {path} after {moves} move{'s' if moves != 1 else ''}."
    console.print(Text(said, style="dim"))
    _single(console, rep.game, state, seat, names, specs, seed, save or path, rep.steps())


def _resume_match(path: Path, save: Path | None) -> None:
    """Go on with the match saved in the match file ``path``, deal by deal to its end."""
    match, record, current = _play_match.load_match(path)
    if match.is_over:
        raise CardkitError(f"the match in {path} is over; watch a deal: cardkit replay DEAL_FILE")
    console = out()
    _intro(console, match.game, match.players, match.seed, record.seat, match.labels)
    played = len(match.deals)
    said = f"Resuming the match in {path}: {played} of up to {record.max_deals} deals played"
    console.print(Text(said + (", one in play." if current is not None else "."), style="dim"))
    if played:
        console.print(standings_table(match.standings(), f"Standings after deal {played}"))
    _play_match.play_match(
        console, match, record.seat, save or path, record.bots, _Deal, _finish, current
    )
