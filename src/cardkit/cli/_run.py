"""``cardkit demo`` and ``simulate``: bots playing, narrated or counted."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardkit.cli._common import (
    auto_delay,
    best_bot,
    check_bot_count,
    command_prefix,
    default_game,
    load_game,
    make_rules,
    out,
    parse_bots,
    random_seed,
    seat_count,
    write_json,
)
from cardkit.cli._stacked import whole_cells
from cardkit.cli._tournament import executor_for, progress_bar
from cardkit.engine.bots import Turn
from cardkit.engine.game import Game
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.eval.stats import wilson_interval
from cardkit.play.match import fill_seats, resolve_bots
from cardkit.play.narrate import Narrator, seat_label
from cardkit.play.replay import write_replay
from cardkit.play.runner import seat_rngs
from cardkit.play.simulate import SimulationReport, simulate


def _changed_options(game: Game[Any, Any], rules: Rules) -> str:
    defaults = game.rules().model_dump(mode="json")
    now = rules.model_dump(mode="json")
    changed = [f"{k}={now[k]!r}" for k in now if now[k] != defaults.get(k)]
    return ", ".join(changed)


def header(
    console: Console,
    game: Game[Any, Any],
    rules: Rules,
    labels: list[str],
    seed: int,
    variant: str | None,
    what: str,
) -> None:
    """Print the title line of a bot run: the game, what it is, the seats and the rules."""
    head = Text()
    head.append(f"{game.title}", style="bold")
    head.append(f" · {what} · {len(labels)} players · seed {seed}", style="dim")
    console.print(head)
    seats = ", ".join(seat_label(s, labels) for s in range(len(labels)))
    console.print(Text(seats, style="dim"))
    changed = _changed_options(game, rules)
    if variant or changed:
        console.print(
            Text(
                "Rules: "
                + ", ".join(p for p in (f"variant {variant}" if variant else "", changed) if p),
                style="dim",
            )
        )


def demo(
    game_name: str | None,
    players: int | None,
    seed: int | None,
    bots: str | None,
    delay: float | None,
    max_actions: int | None,
    rules_items: list[str] | None,
    variant: str | None,
    save: Path | None,
) -> None:
    """Narrate one bot-vs-bot game move by move, then its result."""
    game = load_game(game_name) if game_name else default_game()
    rules = make_rules(game, variant, rules_items)
    players = seat_count(game, players)
    seed = random_seed() if seed is None else seed
    pause = auto_delay(delay)
    rules = rules.with_max_actions(max_actions)
    given = parse_bots(bots)
    check_bot_count(given, players)
    names = [str(b) for b in fill_seats(given or [best_bot(game)], players)]
    factories = resolve_bots(game, names, players)
    state = game.start(players, rules, seed=seed)
    rngs = seat_rngs(seed, players)
    seat_bots = [factory(rng) for factory, rng in zip(factories, rngs, strict=True)]
    console = out()
    header(console, game, rules, names, seed, variant, "bot demo")
    narrator = Narrator(console, names, delay=pause)
    narrator.deal(state)
    result: GameResult | None = None
    while not state.is_over:
        if state.action_count >= rules.max_actions:  # a game not on GenericState
            result = GameResult.capped_at(players, state.action_count)
            break
        seat = state.to_act
        assert seat is not None
        action = seat_bots[seat].choose(Turn(state, seat, state.legal_actions(), rngs[seat]))
        state = state.apply(action)
        narrator.action(seat, action, state, state.last_events)
    if (result or state.result()).capped:
        cap = rules.max_actions
        console.print(Text(f"Stopped after {cap} actions (the action cap).", style="yellow"))
    narrator.result(state, result)
    if save is not None:
        write_replay(state, save)
        console.print(Text(f"Saved the replay to {save} (cardkit replay {save})", style="dim"))
    bots_arg = names[0] if len(set(names)) == 1 else ",".join(names)
    again = f"{command_prefix()} demo {game.name} --players {players} --seed {seed}"
    again += f" --bots {bots_arg}"
    if variant:
        again += f" --variant {shlex.quote(variant)}"
    again += "".join(f" --rules {shlex.quote(item)}" for item in rules_items or ())
    console.print(Text(f"Same game again: {again}", style="dim"), soft_wrap=True)


def simulate_cmd(
    game_name: str,
    games: int,
    players: int | None,
    bots: str | None,
    seed: int | None,
    jobs: int,
    rules_items: list[str] | None,
    variant: str | None,
    max_actions: int | None,
    rotate: bool,
    out_path: Path | None,
    dask: str | None = None,
    as_json: bool = False,
) -> None:
    """Play many bot games with a progress bar, then print the results tables (or the JSON)."""
    game = load_game(game_name)
    rules = make_rules(game, variant, rules_items)
    seed = random_seed() if seed is None else seed
    players = seat_count(game, players)
    names = parse_bots(bots)
    check_bot_count(names, players)
    with progress_bar() as progress, executor_for(dask) as executor:
        task = progress.add_task(f"{game.name}", total=games)
        report = simulate(
            game.name,
            games=games,
            players=players,
            bots=names,
            seed=seed,
            jobs=jobs,
            rules=rules,
            max_actions=max_actions,
            rotate=rotate,
            progress=lambda done, total: progress.update(task, completed=done),
            executor=executor,
        )
    text = report.model_dump_json(indent=2)
    if out_path is not None:
        write_json(out_path, text, "the report")
    if as_json:
        typer.echo(text)
        return
    print_report(out(), game, report, variant)


def _rate(value: float) -> str:
    return f"{100 * value:.1f}%"


def _mean(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def _wilson(wins: int, games: int) -> str:
    low, high = wilson_interval(wins, games)
    return f"{100 * low:.1f}–{_rate(high)}"


def _signed(value: float) -> str:
    return f"{value:+.2f}"


def print_report(
    console: Console, game: Game[Any, Any], report: SimulationReport, variant: str | None = None
) -> None:
    """Print a simulation report: results by bot, by seat, and the speed."""
    head = Text()
    head.append(f"{game.title}", style="bold")
    head.append(
        f" · {report.games} games · {report.players} players · seed {report.seed}"
        + (" · seats rotated" if report.rotate else ""),
        style="dim",
    )
    console.print(head)
    changed = ", ".join(p for p in (f"variant {variant}" if variant else "",) if p)
    if changed:
        console.print(Text(f"Rules: {changed}", style="dim"))
    console.print(whole_cells(_entries_table(report), console))
    if 1 < len(report.by_bot) < len(report.entries):
        console.print(whole_cells(_bots_table(report), console))
    if report.rotate:
        console.print(whole_cells(_seats_table(report), console))
    console.print(_summary_table(report))


def _entries_table(report: SimulationReport) -> Table:
    """Each entry's (seat's, when fixed) bot, rates, means and completed games."""
    by_bot = Table(
        title="Results by entry (bots rotate through the seats)"
        if report.rotate
        else "Results by seat and bot",
        title_justify="left",
    )
    by_bot.add_column("Seat" if not report.rotate else "Entry", justify="right")
    by_bot.add_column("Bot", style="bold cyan")
    by_bot.add_column("Win\nrate", justify="right")
    by_bot.add_column("Wilson\n95%", justify="right")
    by_bot.add_column("Loss\nrate", justify="right")
    if report.has_points:
        by_bot.add_column("Mean\npoints", justify="right")
    if report.has_payments:
        by_bot.add_column("Mean\nnet", justify="right")
    if any(e.mean_place is not None for e in report.entries):
        by_bot.add_column("Mean\nplace", justify="right")
    by_bot.add_column("Games\ndone", justify="right")
    best = max(e.win_rate for e in report.entries)
    for entry in report.entries:
        row: list[str | Text] = [
            str(entry.entry + 1),  # people count seats (and entries) from 1
            Text(entry.bot),
            Text(_rate(entry.win_rate), style="bold green" if entry.win_rate == best else ""),
            _wilson(entry.wins, entry.completed),
            _rate(entry.loss_rate),
        ]
        if report.has_points:
            row.append(_mean(entry.mean_points))
        if report.has_payments:
            row.append(_signed(entry.mean_net))
        if any(e.mean_place is not None for e in report.entries):
            row.append(_mean(entry.mean_place))
        row.append(str(entry.completed))
        by_bot.add_row(*row)
    return by_bot


def _bots_table(report: SimulationReport) -> Table:
    """Each bot over all its seats (for a bot that plays several)."""
    totals = Table(title="Results by bot (all its seats)", title_justify="left")
    totals.add_column("Bot", style="bold cyan")
    totals.add_column("Seats", justify="right")
    totals.add_column("Win\nrate", justify="right")
    totals.add_column("Wilson\n95%", justify="right")
    totals.add_column("Loss\nrate", justify="right")
    if report.has_points:
        totals.add_column("Mean\npoints", justify="right")
    if report.has_payments:
        totals.add_column("Mean\nnet", justify="right")
    for bot in report.by_bot:
        brow: list[str | Text] = [
            Text(bot.bot),
            str(bot.entries),
            _rate(bot.win_rate),
            _wilson(bot.wins, bot.completed),
            _rate(bot.loss_rate),
        ]
        if report.has_points:
            brow.append(_mean(bot.mean_points))
        if report.has_payments:
            brow.append(_signed(bot.mean_net))
        totals.add_row(*brow)
    return totals


def _seats_table(report: SimulationReport) -> Table:
    """Each seat whoever played it (when the bots rotate)."""
    by_seat = Table(title="Results by seat (any bot)", title_justify="left")
    by_seat.add_column("Seat", justify="right")
    by_seat.add_column("Win\nrate", justify="right")
    by_seat.add_column("Loss\nrate", justify="right")
    if report.has_points:
        by_seat.add_column("Mean\npoints", justify="right")
    if report.has_payments:
        by_seat.add_column("Mean\nnet", justify="right")
    for seat in report.seats:
        srow: list[str] = [str(seat.seat + 1), _rate(seat.win_rate), _rate(seat.loss_rate)]
        if report.has_points:
            srow.append(_mean(seat.mean_points))
        if report.has_payments:
            srow.append(_signed(seat.mean_net))
        by_seat.add_row(*srow)
    return by_seat


def _summary_table(report: SimulationReport) -> Table:
    """Games played, capped and how they ended, decisions and speed."""
    summary = Table(show_header=False, box=None, padding=(0, 2))
    summary.add_column(style="dim")
    summary.add_column()
    summary.add_row(
        "games", f"{report.games} ({report.completed} completed, {report.capped} capped)"
    )
    if report.max_actions is not None:
        summary.add_row("action cap", str(report.max_actions))
    endings = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in report.reasons.items())
    summary.add_row("endings", endings)
    summary.add_row("decisions", f"{report.decisions} ({report.mean_decisions:.1f} per game)")
    summary.add_row(
        "speed",
        f"{report.games_per_second:,.0f} games/s · {report.decisions_per_second:,.0f} decisions/s"
        f" · {report.elapsed:.2f} s on {report.jobs} job{'s' if report.jobs != 1 else ''}",
    )
    return summary
