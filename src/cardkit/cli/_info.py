"""``cardkit games`` and ``plugins``: what is installed (``rules``: `_rules_info`)."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from cardkit.cli._common import out
from cardkit.cli._stacked import WIDE
from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.plugins.registry import Registry, registry


def games(as_json: bool = False) -> None:
    """Print the table of installed games (or a JSON list of them)."""
    reg = registry()
    console = out()
    names = reg.available()
    if as_json:
        print_json(
            console,
            [
                {
                    "name": name,
                    "title": reg.game(name).title,
                    "aliases": reg.aliases(name),
                    "min_players": reg.game(name).players.min,
                    "max_players": reg.game(name).players.max,
                    "default_players": reg.game(name).players.default,
                    "summary": reg.game(name).summary,
                    "variants": sorted(catalog(reg.game(name)).variants),
                    "bots": list(catalog(reg.game(name)).bots),
                }
                for name in names
            ],
        )
        return
    if not names:
        console.print(
            Text(
                "No games are installed. Install a game plugin package with pip; "
                "'cardkit plugins' shows plugins that failed to load."
            )
        )
        return
    table = Table(title="Installed games", title_justify="left")
    table.add_column("Game", style="bold cyan", no_wrap=True)
    table.add_column("Title")
    table.add_column("Aliases")
    table.add_column("Players", justify="center")
    table.add_column("Summary")
    table.add_column("Variants")
    for name in names:
        game = reg.game(name)
        add_row(
            table,
            name,
            game.title,
            ", ".join(reg.aliases(name)),
            players_text(game),
            game.summary,
            ", ".join(sorted(catalog(game).variants)),
        )
    console.print(table if console.width >= WIDE else _games_stacked(reg, names))
    if reg.problems:
        console.print(
            Text(f"{len(reg.problems)} plugin problem(s): see 'cardkit plugins'.", style="red")
        )


def _games_stacked(reg: Registry, names: list[str]) -> Group:
    """The games on a narrow terminal: a paragraph each, the names whole, wrapped under
    an indent (a squeezed table said the summaries a word a line and cut the names)."""
    lines: list[RenderableType] = [Text("Installed games", style="italic")]
    for name in names:
        game = reg.game(name)
        head = Text(name, style="bold cyan")
        head.append(f"  {game.title} · {players_text(game).replace(' (', ' players (', 1)}")
        lines.append(head)
        more = [f"aliases: {', '.join(reg.aliases(name))}"] if reg.aliases(name) else []
        if catalog(game).variants:
            more.append(f"variants: {', '.join(sorted(catalog(game).variants))}")
        for text in (game.summary, " · ".join(more)):
            if text:
                lines.append(Padding(Text(text), (0, 0, 0, 4)))
    return Group(*lines)


def print_json(console: Console, data: Any) -> None:
    """Print JSON as plain text (no colours, no wrapping), for programs to read."""
    console.print(
        json.dumps(data, indent=2, ensure_ascii=False),
        markup=False,
        highlight=False,
        soft_wrap=True,
    )


def add_row(table: Table, *cells: str | Text) -> None:
    """Add a row whose text cells are plain text (never rich markup)."""
    table.add_row(*(Text(c) if isinstance(c, str) else c for c in cells))


def players_text(game: Game[Any, Any]) -> str:
    span = (
        str(game.players.min)
        if game.players.min == game.players.max
        else f"{game.players.min}-{game.players.max}"
    )
    return f"{span} (default {game.players.default})"


def _plugins_table(reg: Registry) -> Table:
    """Two columns, the second wrapped between names, so that it fits 80 columns."""
    table = Table(title="Plugins", title_justify="left", show_header=False, show_lines=True)
    table.add_column("Plugin", style="bold cyan", no_wrap=True)
    table.add_column("What it adds", overflow="fold")
    for name, info in sorted(reg.plugins.items()):
        source = getattr(info, "source", "") or ""
        lines = [
            " ".join(
                p
                for p in (
                    info.distribution or "",
                    info.version or "",
                    f"({source})" if source else "",
                )
                if p
            )
        ]
        for label, items in (
            ("games", info.games),
            ("house rules", getattr(info, "house_rules", [])),
            ("variants", info.variants),
            ("bots", info.bots),
        ):
            if items:
                lines.append(f"{label}: " + ", ".join(items))
        add_row(table, name, "\n".join(lines))
    return table


def plugins(as_json: bool = False) -> None:
    """Print the table of plugins and their load problems (exit 0 either way)."""
    reg = registry()
    console = out()
    if as_json:
        print_json(
            console,
            {
                "plugins": [
                    {
                        "name": name,
                        "distribution": info.distribution,
                        "version": info.version,
                        "source": getattr(info, "source", None),
                        "api_version": getattr(info, "api_version", None),
                        "games": list(info.games),
                        "house_rules": list(getattr(info, "house_rules", [])),
                        "variants": list(info.variants),
                        "bots": list(info.bots),
                    }
                    for name, info in sorted(reg.plugins.items())
                ],
                "problems": [
                    {"plugin": p.plugin, "stage": p.stage, "message": p.message}
                    for p in reg.problems
                ],
                "skipped": dict(sorted((getattr(reg, "skipped", {}) or {}).items())),
            },
        )
        return
    table = _plugins_table(reg)
    if reg.plugins:
        console.print(table)
    else:
        console.print("No plugins are installed.")
    skipped: dict[str, str] = getattr(reg, "skipped", {}) or {}
    if skipped:
        console.print(
            Text(
                "Not loaded on purpose: "
                + "; ".join(f"{n} ({why})" for n, why in sorted(skipped.items())),
                style="dim",
            )
        )
    if reg.problems:
        problems = Table(title="Plugin problems", title_justify="left", style="red")
        problems.add_column("Plugin", style="bold red")
        problems.add_column("Stage", style="red")
        problems.add_column("Problem", style="red")
        for problem in reg.problems:
            add_row(problems, problem.plugin, problem.stage, problem.message)
        console.print(problems)
        console.print(
            Text(
                f"{len(reg.problems)} problem(s): the other plugins work; "
                "set CARDKIT_STRICT_PLUGINS=1 to make problems errors.",
                style="red",
            )
        )
