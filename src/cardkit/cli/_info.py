"""``cardkit games``, ``plugins`` and ``rules``: what is installed and how it plays."""

from __future__ import annotations

import enum
import inspect
import json
import types
import typing
from typing import Any

from pydantic.fields import FieldInfo
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from cardkit.cli._common import load_game, out
from cardkit.cli._stacked import WIDE, fitted
from cardkit.engine.game import Game
from cardkit.plugins.registry import Registry, registry


def games(as_json: bool = False) -> None:
    """Print the table of installed games (or a JSON list of them)."""
    reg = registry()
    console = out()
    names = reg.available()
    if as_json:
        _print_json(
            console,
            [
                {
                    "name": name,
                    "title": reg.game(name).title,
                    "aliases": reg.aliases(name),
                    "min_players": reg.game(name).min_players,
                    "max_players": reg.game(name).max_players,
                    "default_players": reg.game(name).default_players,
                    "summary": reg.game(name).summary,
                    "variants": sorted(reg.game(name).variants),
                    "bots": list(reg.game(name).bots),
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
        _add_row(
            table,
            name,
            game.title,
            ", ".join(reg.aliases(name)),
            _players(game),
            game.summary,
            ", ".join(sorted(game.variants)),
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
        head.append(f"  {game.title} · {_players(game).replace(' (', ' players (', 1)}")
        lines.append(head)
        more = [f"aliases: {', '.join(reg.aliases(name))}"] if reg.aliases(name) else []
        if game.variants:
            more.append(f"variants: {', '.join(sorted(game.variants))}")
        for text in (game.summary, " · ".join(more)):
            if text:
                lines.append(Padding(Text(text), (0, 0, 0, 4)))
    return Group(*lines)


def _print_json(console: Console, data: Any) -> None:
    """Print JSON as plain text (no colours, no wrapping), for programs to read."""
    console.print(
        json.dumps(data, indent=2, ensure_ascii=False),
        markup=False,
        highlight=False,
        soft_wrap=True,
    )


def _add_row(table: Table, *cells: str | Text) -> None:
    """Add a row whose text cells are plain text (never rich markup)."""
    table.add_row(*(Text(c) if isinstance(c, str) else c for c in cells))


def _players(game: Game[Any, Any]) -> str:
    span = (
        str(game.min_players)
        if game.min_players == game.max_players
        else f"{game.min_players}-{game.max_players}"
    )
    return f"{span} (default {game.default_players})"


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
        _add_row(table, name, "\n".join(lines))
    return table


def plugins(as_json: bool = False) -> None:
    """Print the table of plugins and their load problems (exit 0 either way)."""
    reg = registry()
    console = out()
    if as_json:
        _print_json(
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
            _add_row(problems, problem.plugin, problem.stage, problem.message)
        console.print(problems)
        console.print(
            Text(
                f"{len(reg.problems)} problem(s): the other plugins work; "
                "set CARDKIT_STRICT_PLUGINS=1 to make problems errors.",
                style="red",
            )
        )


def rules(name: str, as_json: bool = False) -> None:
    """Print a game's summary, options, presets and bots."""
    game = load_game(name)
    console = out()
    if as_json:
        _print_json(console, _rules_json(game))
        return
    _print_rules_head(console, game, registry())
    options = _options_table(game)
    console.print(fitted(options, console.width) if options.rows else "This game has no options.")
    _print_house_rules(console, game)
    if game.variants:
        console.print(fitted(_variants_table(game), console.width))
    bots = Table(title="Bots (--bots NAME,...)", title_justify="left")
    bots.add_column("Bot", style="bold cyan", no_wrap=True)
    bots.add_column("Description")
    for bot_name, factory in game.bots.items():
        _add_row(bots, bot_name, _bot_description(factory))
    console.print(fitted(bots, console.width))


def _rules_json(game: Game[Any, Any]) -> dict[str, Any]:
    """What `cardkit rules GAME --json` prints."""
    return {
        "game": game.name,
        "title": game.title,
        "summary": game.summary,
        "rules_version": game.rules_version,
        "options": game.rules_model.model_json_schema(),
        "defaults": game.rules().model_dump(mode="json"),
        "house_rules": {
            h.name: {
                "description": h.description,
                "source": h.source,
                "variants": _presets_with(game, h.name),
            }
            for h in game.house_rules.values()
        },
        "variants": {
            v.name: {"description": v.description, "options": v.options}
            for v in game.variants.values()
        },
        "bots": {n: _bot_description(f) for n, f in game.bots.items()},
    }


def _print_rules_head(console: Console, game: Game[Any, Any], reg: Registry) -> None:
    """The game's title, aliases, summary, players, rules version and rules doc."""
    head = Text()
    head.append(game.title, style="bold")
    head.append(f" ({game.name})", style="cyan")
    aliases = reg.aliases(game.name)
    if aliases:
        head.append(f"  aliases: {', '.join(aliases)}", style="dim")
    console.print(head)
    if game.summary:
        console.print(Text(game.summary))
    model = game.rules_model
    doc = inspect.getdoc(model)
    players = f"Players: {_players(game)} · rules version {game.rules_version}"
    console.print(Text(players, style="dim"))
    if doc and doc != inspect.getdoc(model.__mro__[1]):
        console.print(Text(doc, style="dim"))


def _options_table(game: Game[Any, Any]) -> Table:
    """The game's rules options (house rules apart): type, default, description."""
    options = Table(title="Options", title_justify="left")
    options.add_column("Option", style="bold cyan", no_wrap=True)
    options.add_column("Type")
    options.add_column("Default")
    options.add_column("Description")
    defaults = game.rules().model_dump(mode="json")
    for field_name, field in game.rules_model.model_fields.items():
        if field_name == "house_rules":  # listed under "House rules" below
            continue
        default = (
            json.dumps(defaults[field_name], ensure_ascii=False)
            if field_name in defaults
            else _default_text(field)
        )
        description = " ".join((field.description or "").split())
        _add_row(options, field_name, _type_text(field), default, description)
    return options


def _variants_table(game: Game[Any, Any]) -> Table:
    """The game's presets of options (``--variant NAME``)."""
    table = Table(title="Variants (--variant NAME)", title_justify="left")
    table.add_column("Variant", style="bold cyan", no_wrap=True)
    table.add_column("Description")
    table.add_column("Options")
    table.add_column("From")
    for variant in game.variants.values():
        settings = ", ".join(f"{k}={json.dumps(v)}" for k, v in variant.options.items())
        _add_row(table, variant.name, variant.description, settings, variant.source or game.name)
    return table


def _presets_with(game: Game[Any, Any], house_rule: str) -> list[str]:
    """The presets whose options switch ``house_rule`` on."""
    found = []
    for variant in game.variants.values():
        names = variant.options.get("house_rules", ())
        if isinstance(names, str):
            names = names.split(",")
        if house_rule in [str(n).strip() for n in names]:
            found.append(variant.name)
    return found


def _print_house_rules(console: Console, game: Game[Any, Any]) -> None:
    """The game's house rules, and how to switch them on."""
    rules = game.house_rules
    if not rules:
        console.print(
            Text("No house rules are installed for this game (plugins add them).", style="dim")
        )
        return
    table = Table(title="House rules (--rules house_rules=NAME,...)", title_justify="left")
    table.add_column("House rule", style="bold cyan", no_wrap=True)
    table.add_column("Description")
    table.add_column("From")
    table.add_column("Presets")
    for rule in rules.values():
        presets = ", ".join(f"--variant {v}" for v in _presets_with(game, rule.name))
        _add_row(table, rule.name, rule.description, rule.source or "—", presets)
    console.print(fitted(table, console.width))
    first = next(iter(rules))
    console.print(
        Text(
            f"Off unless named: --rules house_rules={first} (several: house_rules=a,b), "
            "or a preset that names them.",
            style="dim",
        )
    )


def _bot_description(factory: Any) -> str:
    description = getattr(factory, "description", None)
    if isinstance(description, str) and description:
        return description
    doc = inspect.getdoc(factory)
    return doc.splitlines()[0] if doc else ""


def _default_text(field: FieldInfo) -> str:
    if field.default_factory is not None:
        try:
            value = field.default_factory()  # type: ignore[call-arg]
        except TypeError:
            return "(computed)"
    elif field.is_required():
        return "(required)"
    else:
        value = field.default
    if isinstance(value, enum.Enum):
        value = value.value
    try:
        return json.dumps(value, default=str, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)


_BOUNDS = (
    ("ge", ">= "),
    ("gt", "> "),
    ("le", "<= "),
    ("lt", "< "),
    ("min_length", "min length "),
    ("max_length", "max length "),
    ("multiple_of", "multiple of "),
)


def _type_text(field: FieldInfo) -> str:
    text = _annotation_text(field.annotation)
    bounds: list[str] = []
    for meta in field.metadata:
        for attr, sign in _BOUNDS:
            value = getattr(meta, attr, None)
            if value is not None:
                bounds.append(f"{sign}{value}")
    return f"{text} ({', '.join(bounds)})" if bounds else text


def _annotation_text(annotation: Any) -> str:
    if annotation is None or annotation is type(None):
        return "None"
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Literal:
        return " | ".join(json.dumps(a) if isinstance(a, str) else str(a) for a in args)
    if origin in (typing.Union, types.UnionType):
        return " | ".join(_annotation_text(a) for a in args)
    if origin is typing.Annotated:
        return _annotation_text(args[0])
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return " | ".join(json.dumps(m.value) for m in annotation)
    if annotation is Ellipsis:
        return "..."
    if origin is not None:
        inner = ", ".join(_annotation_text(a) for a in args)
        name = getattr(origin, "__name__", str(origin))
        return f"{name}[{inner}]" if inner else name
    return getattr(annotation, "__name__", str(annotation))
