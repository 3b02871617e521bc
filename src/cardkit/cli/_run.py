"""``cardkit demo``, ``simulate``, ``match`` and ``replay``: bots playing, and games told."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardkit.cli._common import (
    auto_delay,
    best_bot,
    default_game,
    err,
    fail,
    load_game,
    make_rules,
    out,
    parse_bots,
    random_seed,
)
from cardkit.cli._tournament import executor_for, progress_bar
from cardkit.engine.bots import Turn
from cardkit.engine.game import Game
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.eval.stats import wilson_interval
from cardkit.play.match import DealRecord, Match, fill_seats, has_match_rule, resolve_bots
from cardkit.play.narrate import Narrator, seat_label, standings_table
from cardkit.play.replay import write_replay
from cardkit.play.runner import seat_rngs
from cardkit.play.simulate import SimulationReport, simulate

#: ``cardkit match`` plays at most this many deals when the game's rule has not ended it.
MATCH_SAFETY_DEALS = 1_000
#: Deals of a ``cardkit match`` of a game without a match-ending rule, unless ``--deals``.
MATCH_DEFAULT_DEALS = 5


def _changed_options(game: Game[Any, Any], rules: Rules) -> str:
    defaults = game.rules().model_dump(mode="json")
    now = rules.model_dump(mode="json")
    changed = [f"{k}={now[k]!r}" for k in now if now[k] != defaults.get(k)]
    return ", ".join(changed)


def _header(
    console: Console,
    game: Game[Any, Any],
    rules: Rules,
    labels: list[str],
    seed: int,
    variant: str | None,
    what: str,
) -> None:
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
    players = game.default_players if players is None else players
    seed = random_seed() if seed is None else seed
    pause = auto_delay(delay)
    rules = rules.with_max_actions(max_actions)
    names = [str(b) for b in fill_seats(parse_bots(bots) or [best_bot(game)], players)]
    factories = resolve_bots(game, names, players)
    state = game.start(players, rules, seed=seed)
    rngs = seat_rngs(seed, players)
    seat_bots = [factory(rng) for factory, rng in zip(factories, rngs, strict=True)]
    console = out()
    _header(console, game, rules, names, seed, variant, "bot demo")
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
    again = f"cardkit demo {game.name} --players {players} --seed {seed} --bots {bots_arg}"
    if variant:
        again += f" --variant {shlex.quote(variant)}"
    again += "".join(f" --rules {shlex.quote(item)}" for item in rules_items or ())
    console.print(Text(f"Same game again: {again}", style="dim"))


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
    json_path: Path | None,
    dask: str | None = None,
) -> None:
    """Play many bot games with a progress bar, then print the results tables."""
    game = load_game(game_name)
    rules = make_rules(game, variant, rules_items)
    seed = random_seed() if seed is None else seed
    names = parse_bots(bots)
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
    console = out()
    print_report(console, game, report, variant)
    if json_path is not None:
        try:
            json_path.write_text(report.model_dump_json(indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {str(json_path)!r}: {exc.strerror or exc}")
        console.print(Text(f"Wrote the report to {json_path}", style="dim"))


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
    console.print(_entries_table(report))
    if 1 < len(report.by_bot) < len(report.entries):
        console.print(_bots_table(report))
    if report.rotate:
        console.print(_seats_table(report))
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
    by_bot.add_column("Win rate", justify="right")
    by_bot.add_column("Wilson 95%", justify="right")
    by_bot.add_column("Loss rate", justify="right")
    if report.has_points:
        by_bot.add_column("Mean points", justify="right")
    if report.has_payments:
        by_bot.add_column("Mean net", justify="right")
    if any(e.mean_place is not None for e in report.entries):
        by_bot.add_column("Mean place", justify="right")
    by_bot.add_column("Completed", justify="right")
    best = max(e.win_rate for e in report.entries)
    for entry in report.entries:
        row: list[str | Text] = [
            str(entry.entry),
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
    totals.add_column("Win rate", justify="right")
    totals.add_column("Wilson 95%", justify="right")
    totals.add_column("Loss rate", justify="right")
    if report.has_points:
        totals.add_column("Mean points", justify="right")
    if report.has_payments:
        totals.add_column("Mean net", justify="right")
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
    by_seat.add_column("Win rate", justify="right")
    by_seat.add_column("Loss rate", justify="right")
    if report.has_points:
        by_seat.add_column("Mean points", justify="right")
    if report.has_payments:
        by_seat.add_column("Mean net", justify="right")
    for seat in report.seats:
        srow: list[str] = [str(seat.seat), _rate(seat.win_rate), _rate(seat.loss_rate)]
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
    summary.add_row("endings", ", ".join(f"{k} {v}" for k, v in report.reasons.items()))
    summary.add_row("decisions", f"{report.decisions} ({report.mean_decisions:.1f} per game)")
    summary.add_row(
        "speed",
        f"{report.games_per_second:,.0f} games/s · {report.decisions_per_second:,.0f} decisions/s"
        f" · {report.elapsed:.2f} s on {report.jobs} job{'s' if report.jobs != 1 else ''}",
    )
    return summary


def match_cmd(
    game_name: str,
    players: int | None,
    bots: str | None,
    seed: int | None,
    deals: int | None,
    max_actions: int | None,
    rules_items: list[str] | None,
    variant: str | None,
    json_path: Path | None,
) -> None:
    """Play a match with bots and print the standings after each deal."""
    game = load_game(game_name)
    rules = make_rules(game, variant, rules_items)
    console = out()
    seed = random_seed() if seed is None else seed
    if deals is None:
        if has_match_rule(game):
            deals = MATCH_SAFETY_DEALS
        else:
            deals = MATCH_DEFAULT_DEALS
            err().print(
                f"[yellow]{game.name} has no rule that ends a match; "
                f"playing {deals} deals (use --deals N).[/]"
            )
    match = Match(
        game,
        players,
        rules,
        bots=parse_bots(bots),
        seed=seed,
        max_deals=deals,
        max_actions=max_actions,
    )
    _header(console, game, rules, match.labels, seed, variant, "match")

    def after(record: DealRecord, m: Match) -> None:
        console.print(_deal_line(record, m.labels))
        console.print(standings_table(m.standings(), title=f"Standings after deal {record.number}"))

    result = match.run(after)
    winners = " and ".join(seat_label(s, match.labels) for s in result.winners)
    if result.finished:
        console.print(Text(f"Match over after {len(result.deals)} deals: {winners} won.", "bold"))
    else:
        console.print(
            Text(f"Stopped after {len(result.deals)} deals: {winners} leading.", style="bold")
        )
    if result.capped_deals:
        console.print(Text(f"{result.capped_deals} deal(s) hit the action cap.", style="yellow"))
    if json_path is not None:
        try:
            json_path.write_text(result.model_dump_json(indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {str(json_path)!r}: {exc.strerror or exc}")
        console.print(Text(f"Wrote the match to {json_path}", style="dim"))


def _deal_line(record: DealRecord, labels: list[str]) -> Text:
    line = Text()
    line.append(f"Deal {record.number}", style="bold")
    line.append(f" (dealer {seat_label(record.dealer, labels)}, {record.decisions} actions): ")
    res = record.result
    if res.capped:
        line.append("stopped by the action cap; no score", style="yellow")
    else:
        won = " and ".join(seat_label(s, labels) for s in res.winners) or "nobody"
        line.append(f"{won} won", style="green")
        line.append(f" ({res.reason.replace('_', ' ')})", style="dim")
    return line
