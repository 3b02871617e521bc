"""``cardkit match``: a series of deals played by bots, with the standings after each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.text import Text

from cardkit.cli._common import (
    best_bot,
    check_bot_count,
    err,
    load_game,
    make_rules,
    out,
    parse_bots,
    random_seed,
    seat_count,
    write_json,
)
from cardkit.cli._run import header
from cardkit.engine.game import Game
from cardkit.play.match import DealRecord, Match, has_match_rule
from cardkit.play.narrate import seat_label, standings_table

#: ``cardkit match`` plays at most this many deals when the game's rule has not ended it.
MATCH_SAFETY_DEALS = 1_000
#: Deals of a ``cardkit match`` of a game without a match-ending rule, unless ``--deals``.
MATCH_DEFAULT_DEALS = 5


def match_cmd(
    game_name: str,
    players: int | None,
    bots: str | None,
    seed: int | None,
    deals: int | None,
    max_actions: int | None,
    rules_items: list[str] | None,
    variant: str | None,
    out_path: Path | None,
    as_json: bool = False,
) -> None:
    """Play a match with bots and print the standings after each deal (or the JSON)."""
    game = load_game(game_name)
    rules = make_rules(game, variant, rules_items)
    console = out()
    seed = random_seed() if seed is None else seed
    players = seat_count(game, players)
    given = parse_bots(bots)
    check_bot_count(given, players)
    match = Match(
        game,
        players,
        rules,
        bots=given or [best_bot(game)],
        seed=seed,
        max_deals=_deal_limit(game, deals),
        max_actions=max_actions,
    )
    if as_json:
        result = match.run()
        text = result.model_dump_json(indent=2)
        if out_path is not None:
            write_json(out_path, text, "the match")
        typer.echo(text)
        return
    header(console, game, rules, match.labels, seed, variant, "match")

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
    if out_path is not None:
        write_json(out_path, result.model_dump_json(indent=2), "the match")


def _deal_limit(game: Game[Any, Any], deals: int | None) -> int:
    """The most deals to play: ``--deals``, else the safety cap of a game whose rule ends
    a match, else a few (and the command says so)."""
    if deals is not None:
        return deals
    if has_match_rule(game):
        return MATCH_SAFETY_DEALS
    err().print(
        f"[yellow]{game.name} has no rule that ends a match; "
        f"playing {MATCH_DEFAULT_DEALS} deals (use --deals N).[/]"
    )
    return MATCH_DEFAULT_DEALS


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
