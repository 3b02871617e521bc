"""``cardkit rules GAME``: a game's options, variants, house rules and bots, and how it plays."""

from __future__ import annotations

import enum
import inspect
import json
import types
import typing
from typing import Any

from pydantic.fields import FieldInfo
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardkit.cli._common import load_game, out
from cardkit.cli._info import add_row, players_text, print_json
from cardkit.cli._stacked import fitted
from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.plugins.registry import Registry, registry


def rules(name: str, as_json: bool = False) -> None:
    """Print a game's summary, options, presets and bots."""
    game = load_game(name)
    console = out()
    if as_json:
        print_json(console, _rules_json(game))
        return
    _print_rules_head(console, game, registry())
    options = _options_table(game)
    console.print(fitted(options, console.width) if options.rows else "This game has no options.")
    _print_house_rules(console, game)
    if catalog(game).variants:
        console.print(fitted(_variants_table(game), console.width))
    bots = Table(title="Bots (--bots NAME,...)", title_justify="left")
    bots.add_column("Bot", style="bold cyan", no_wrap=True)
    bots.add_column("Description")
    for bot_name, factory in catalog(game).bots.items():
        add_row(bots, bot_name, _bot_description(factory))
    console.print(fitted(bots, console.width))


def _rules_json(game: Game[Any, Any]) -> dict[str, Any]:
    """What `cardkit rules GAME --json` prints."""
    return {
        "game": game.name,
        "title": game.title,
        "summary": game.summary,
        "rules_version": game.rules_model.version,
        "options": game.rules_model.model_json_schema(),
        "defaults": game.rules().model_dump(mode="json"),
        "house_rules": {
            h.name: {
                "description": h.description,
                "source": h.source,
                "variants": _presets_with(game, h.name),
            }
            for h in catalog(game).house_rules.values()
        },
        "variants": {
            v.name: {"description": v.description, "options": v.options}
            for v in catalog(game).variants.values()
        },
        "bots": {n: _bot_description(f) for n, f in catalog(game).bots.items()},
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
    players = f"Players: {players_text(game)} · rules version {game.rules_model.version}"
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
        add_row(options, field_name, _type_text(field), default, description)
    return options


def _variants_table(game: Game[Any, Any]) -> Table:
    """The game's presets of options (``--variant NAME``)."""
    table = Table(title="Variants (--variant NAME)", title_justify="left")
    table.add_column("Variant", style="bold cyan", no_wrap=True)
    table.add_column("Description")
    table.add_column("Options")
    table.add_column("From")
    for variant in catalog(game).variants.values():
        settings = ", ".join(f"{k}={json.dumps(v)}" for k, v in variant.options.items())
        add_row(table, variant.name, variant.description, settings, variant.source or game.name)
    return table


def _presets_with(game: Game[Any, Any], house_rule: str) -> list[str]:
    """The presets whose options switch ``house_rule`` on."""
    found = []
    for variant in catalog(game).variants.values():
        names = variant.options.get("house_rules", ())
        if isinstance(names, str):
            names = names.split(",")
        if house_rule in [str(n).strip() for n in names]:
            found.append(variant.name)
    return found


def _print_house_rules(console: Console, game: Game[Any, Any]) -> None:
    """The game's house rules, and how to switch them on."""
    rules = catalog(game).house_rules
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
        add_row(table, rule.name, rule.description, rule.source or "—", presets)
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
