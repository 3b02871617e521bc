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
    write_json,
)
from cardkit.engine.game import Game
from cardkit.eval.ratings import TournamentReport
from cardkit.eval.tournament import run_tournament


def progress_bar() -> Progress:
    """The progress bar of long bot runs, on standard error."""
    return Progress(
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
    names = parse_bots(bots)
    if not names:
        names = [n for n in game.bots if n != "ismcts"]
    if len(names) < 2:
        fail(f"a tournament needs two or more bots (--bots a,b); {game.name} has {names}")
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
    table.add_column("95% interval", justify="right")
    table.add_column("Win rate", justify="right")
    table.add_column("Wilson 95%", justify="right")
    if payments:
        table.add_column("Mean net", justify="right")
        table.add_column("95% interval", justify="right")
    table.add_column("Seat-games", justify="right")
    for place, row in enumerate(report.ratings, start=1):
        cells = [
            str(place),
            row.bot,
            f"{row.mu:.1f}",
            _interval(row.low, row.high, "{:.1f}"),
            f"{100 * row.win_rate:.1f}%",
            _interval(100 * row.win_low, 100 * row.win_high, "{:.1f}%"),
        ]
        if payments:
            cells += [f"{row.mean_net:+.2f}", _interval(row.net_low, row.net_high, "{:+.2f}")]
        cells.append(str(row.seat_games))
        table.add_row(*cells)
    console.print(table)
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
    console.print(matrix)
    if report.capped:
        console.print(Text(f"{report.capped} game(s) hit the action cap.", style="yellow"))
