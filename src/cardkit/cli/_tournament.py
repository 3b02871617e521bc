"""``cardkit tournament``: a round robin between bots, with ratings and intervals."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from cardkit.cli._common import (
    err,
    fail,
    load_game,
    make_rules,
    out,
    parse_bots,
    random_seed,
    seat_count,
    write_json,
)
from cardkit.cli._stacked import whole_cells
from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.eval.ratings import TournamentReport
from cardkit.eval.tournament import run_tournament


@contextmanager
def progress_bar(unit: str = "games") -> Iterator[Progress]:
    """The progress bar of long bot runs, on standard error.

    On Ctrl-C the bar is not drawn again (the terminal has echoed ``^C`` after
    it: a bar as wide as the terminal would show twice); one line says how far
    the run got, and the command exits with code 130.
    """
    bar = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("[dim]elapsed"),
        TimeElapsedColumn(),
        TextColumn("[dim]left"),
        TimeRemainingColumn(),
        console=err(),
        transient=False,
    )
    try:
        with bar:
            try:
                yield bar
            except KeyboardInterrupt:
                bar.live.transient = True  # erased, not drawn a second time
                raise
    except KeyboardInterrupt:
        done = sum(int(task.completed) for task in bar.tasks)
        total = sum(int(task.total or 0) for task in bar.tasks)
        of = f" of {total}" if total else ""
        err().print(f"[yellow]Interrupted after {done}{of} {unit}.[/]")
        raise typer.Exit(130) from None


@contextmanager
def executor_for(dask: str | None) -> Iterator[Executor | None]:
    """The Dask executor for ``--dask ADDRESS``, or ``None`` (then ``--jobs`` decides)."""
    if dask is None:
        yield None
        return
    from cardkit.play.executors import dask_executor

    with dask_executor(dask) as executor:
        yield executor


def tournament_cmd(
    game_name: str,
    bots: str | None,
    games: int,
    players: int | None,
    seed: int | None,
    jobs: int,
    dask: str | None,
    rules_items: list[str] | None,
    variant: str | None,
    max_actions: int | None,
    as_json: bool,
    out_path: Path | None = None,
) -> None:
    """Run the round robin with a progress bar, then print the tables (or the JSON)."""
    game = load_game(game_name)
    rules = make_rules(game, variant, rules_items)
    seed = random_seed() if seed is None else seed
    players = seat_count(game, players)
    names = _entrants(game, parse_bots(bots))
    _need_openskill()
    with progress_bar() as bar, executor_for(dask) as executor:
        task = bar.add_task(f"{game.name} tournament", total=None)
        report = run_tournament(
            game.name,
            names,
            games=games,
            players=players,
            seed=seed,
            rules=rules,
            max_actions=max_actions,
            jobs=jobs,
            executor=executor,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
        )
    where = f"{report.jobs} job{'s' if report.jobs != 1 else ''}" if dask is None else "Dask"
    timing = f"{report.games} games in {report.elapsed:.2f} s on {where}"
    text = json.dumps(report.outcome(), indent=2, ensure_ascii=False)
    if out_path is not None:
        write_json(out_path, text, "the report")
    if as_json:
        typer.echo(text)
        err().print(Text(timing, style="dim"))
        return
    print_tournament(out(), game, report)
    out().print(Text(timing, style="dim"))


def _entrants(game: Game[Any, Any], given: list[str] | None) -> list[str]:
    """The bots of the round robin: those of ``--bots``, else every bot but ismcts (slow)."""
    bots = ", ".join(catalog(game).bots)
    quick = [n for n in catalog(game).bots if n != "ismcts"] or list(catalog(game).bots)
    if given is not None and len(set(given)) < 2:
        fail(
            f"--bots {','.join(given)}: a tournament needs two or more different bots, "
            f"such as --bots {','.join(quick[:2])} ({game.name}'s bots: {bots})"
        )
    names = given or [n for n in catalog(game).bots if n != "ismcts"]
    if len(names) < 2:
        fail(
            f"{game.name} has {len(names)} bot besides ismcts ({', '.join(names)}); "
            f"name two or more with --bots ({game.name}'s bots: {bots})"
        )
    return names


def _need_openskill() -> None:
    """Stop before any game is played when the ratings could not be computed."""
    try:
        import openskill.models  # noqa: F401
    except ImportError:
        fail(
            "cardkit tournament rates the bots with openskill, which is not installed: "
            "pip install 'cardkit[eval]' (or uv sync --extra eval in a checkout)"
        )


def _interval(low: float, high: float, fmt: str) -> str:
    return f"{fmt.format(low)}–{fmt.format(high)}"


def print_tournament(console: Console, game: Game[Any, Any], report: TournamentReport) -> None:
    """The ratings table and the head-to-head matrix of a tournament."""
    head = Text()
    head.append(game.title, style="bold")
    head.append(
        f" · tournament · {len(report.bots)} bots · {report.players} players · "
        f"{len(report.lineups)} lineups × {report.deals} deals × {report.players} rotations"
        f" · seed {report.seed}",
        style="dim",
    )
    console.print(head)
    payments = any(r.mean_net != 0 or r.net_low != r.net_high for r in report.ratings)
    table = Table(title="Ratings (openskill Plackett-Luce, 95% intervals)", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Bot", style="bold cyan")
    table.add_column("Rating", justify="right")
    table.add_column("Rating\n95%", justify="right")
    table.add_column("Win\nrate", justify="right")
    table.add_column("Wilson\n95%", justify="right")
    if payments:
        table.add_column("Mean\nnet", justify="right")
        table.add_column("Net\n95%", justify="right")
    table.add_column("Seat-\ngames", justify="right")
    for place, row in enumerate(report.ratings, start=1):
        cells = [
            str(place),
            row.bot,
            f"{row.mu:.1f}",
            _interval(row.low, row.high, "{:.1f}"),
            f"{100 * row.win_rate:.1f}%",
            _interval(100 * row.win_low, 100 * row.win_high, "{:.1f}") + "%",
        ]
        if payments:
            cells += [f"{row.mean_net:+.2f}", _interval(row.net_low, row.net_high, "{:+.2f}")]
        cells.append(str(row.seat_games))
        table.add_row(*cells)
    console.print(whole_cells(table, console))
    matrix = Table(
        title="Head to head: how often the row bot placed ahead of the column bot",
        title_justify="left",
    )
    matrix.add_column("", style="bold cyan")
    for name in report.bots:
        matrix.add_column(name, justify="right")
    for i, name in enumerate(report.bots):
        row_cells = [name]
        for j in range(len(report.bots)):
            value = report.head_to_head[i][j]
            row_cells.append("—" if value is None else f"{100 * value:.1f}%")
        matrix.add_row(*row_cells)
    console.print(whole_cells(matrix, console))
    if report.capped:
        console.print(Text(f"{report.capped} game(s) hit the action cap.", style="yellow"))
