"""``cardkit play``: you against bots in the terminal, seeing only your own view."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardkit.actions import Action
from cardkit.bots import Bot, Turn
from cardkit.cli._common import (
    best_bot,
    fail,
    load_game,
    make_rules,
    out,
    parse_bots,
    random_seed,
)
from cardkit.errors import IllegalAction
from cardkit.match import Match, fill_seats, has_match_rule, resolve_bots
from cardkit.narrate import Narrator, action_text, seat_label, standings_table, view_table
from cardkit.replay import write_replay
from cardkit.runner import seat_rngs
from cardkit.state import GameState

QUIT_WORDS = frozenset({"quit", "exit", "q"})
HELP_WORDS = frozenset({"help", "?", "h"})
VIEW_WORDS = frozenset({"view", "look", "show"})


class _Quit(Exception):
    """The player typed quit (or the input ended)."""


def play(
    game_name: str,
    players: int | None,
    seat: int,
    bots: str | None,
    seed: int | None,
    rules_items: list[str] | None,
    variant: str | None,
    save: Path | None,
    deals: int | None,
) -> None:
    """Play one game (or a match of ``deals`` deals) against bots."""
    game = load_game(game_name)
    rules = make_rules(game, variant, rules_items)
    players = game.default_players if players is None else players
    if not isinstance(players, int) or not game.min_players <= players <= game.max_players:
        fail(
            f"{game.name} is played by {game.min_players} to {game.max_players} players, "
            f"not {players}"
        )
    if not 0 <= seat < players:
        fail(f"--seat must be a seat 0-{players - 1}, not {seat}")
    seed = random_seed() if seed is None else seed
    others = [str(b) for b in fill_seats(parse_bots(bots) or [best_bot(game)], players - 1)]
    names = [*others[:seat], "you", *others[seat:]]
    specs = [n if s != seat else "random" for s, n in enumerate(names)]
    factories = resolve_bots(game, specs, players)
    console = out()
    head = Text()
    head.append(game.title, style="bold")
    head.append(f" · {players} players · seed {seed}", style="dim")
    console.print(head)
    console.print(
        Text(
            f"You are Seat {seat}. Opponents: "
            + ", ".join(seat_label(s, names) for s in range(players) if s != seat)
            + ". Type an action (or its number from 'help'); 'help' lists the legal "
            "actions, 'view' shows your view again, 'quit' leaves.",
            style="dim",
        )
    )
    if deals is None:
        state = game.start(players, rules, seed=seed)
        rngs = seat_rngs(seed, players)
        seat_bots = [f(r) for f, r in zip(factories, rngs, strict=True)]
        state, quit_ = _play_deal(console, state, seat, seat_bots, rngs, names)
        _finish(console, state, names, quit_, save)
        return
    if deals < 1:
        fail(f"--deals must be at least 1, not {deals}")
    match = Match(game, players, rules, bots=specs, seed=seed, max_deals=deals)
    match.labels = list(names)
    if has_match_rule(game):
        console.print(Text(f"A match of up to {deals} deals.", style="dim"))
    while not match.is_over:
        console.print(Text(f"Deal {match.next_number}", style="bold"))
        state = match.start_deal()
        seat_bots, rngs = match.bots_for_deal()
        state, quit_ = _play_deal(console, state, seat, seat_bots, rngs, names)
        deal_save = None
        if save is not None:
            deal_save = save.with_name(f"{save.stem}-deal{match.next_number}{save.suffix}")
        _finish(console, state, names, quit_, deal_save)
        if quit_:
            return
        record = match.finish_deal(state)
        console.print(standings_table(match.standings(), f"Standings after deal {record.number}"))
    result = match.result()
    winners = " and ".join(seat_label(s, names) for s in result.winners)
    verb = "won" if result.finished else "lead"
    console.print(Text(f"Match over: {winners} {verb}.", style="bold"))


def _finish(
    console: Console, state: GameState, names: list[str], quit_: bool, save: Path | None
) -> None:
    if state.is_over:
        Narrator(console, names, show_hands=False).result(state)
    elif quit_:
        console.print(Text("You left the game.", style="yellow"))
    if save is not None:
        write_replay(state, save)
        console.print(Text(f"Saved the replay to {save} (cardkit replay {save})", style="dim"))


def _play_deal(
    console: Console,
    state: GameState,
    seat: int,
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    names: list[str],
) -> tuple[GameState, bool]:
    narrator = Narrator(console, names, show_hands=False)
    narrator.deal(state)
    while not state.is_over:
        actor = state.to_act
        assert actor is not None
        legal = state.legal_actions()
        if actor == seat:
            try:
                action, new = _ask(console, state, seat, legal, names)
            except _Quit:
                return state, True
        else:
            action = bots[actor].choose(Turn(state, actor, legal, rngs[actor]))
            new = state.apply(action)
        state = new
        if state.last_events or actor == seat:
            # An action that leaves no event (a declined private window) is not shown
            # to the human: it must leave no trace at the table (Palace rules 4.5).
            narrator.action(actor, action, state, state.last_events)
    return state, False


def _ask(
    console: Console, state: GameState, seat: int, legal: Sequence[Action], names: list[str]
) -> tuple[Action, GameState]:
    """Ask ``seat`` for a legal action: it and the state after it; _Quit on quit or end of input."""
    console.print(view_table(state.view(seat), names, title="Your view"))
    while True:
        try:
            line = console.input("[bold]Your move[/] (help, quit)> ")
        except EOFError:
            console.print()
            raise _Quit from None
        text = line.strip()
        if not text:
            continue
        word = text.lower()
        if word in QUIT_WORDS:
            raise _Quit
        if word in HELP_WORDS:
            console.print(_legal_table(legal))
            continue
        if word in VIEW_WORDS:
            console.print(view_table(state.view(seat), names, title="Your view"))
            continue
        chosen: Action | str = text
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(legal):
                console.print(
                    Text(f"No action number {number}; 'help' lists 1-{len(legal)}.", style="red")
                )
                continue
            chosen = legal[number - 1]
        try:
            action = state.parse_action(chosen) if isinstance(chosen, str) else chosen
            new = state.apply(action)
        except IllegalAction as exc:
            console.print(Text(f"Illegal: {exc}", style="red"))
            continue
        return action, new


def _legal_table(legal: Sequence[Action]) -> Table:
    table = Table(title="Legal actions", title_justify="left", box=None, padding=(0, 1))
    table.add_column("#", justify="right", style="dim")
    table.add_column("type this")
    table.add_column("")
    for number, action in enumerate(legal, start=1):
        table.add_row(str(number), Text(str(action)), action_text(action))
    return table
