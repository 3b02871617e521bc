"""Shared pieces of the CLI: consoles, clean errors, option parsing."""

from __future__ import annotations

import difflib
import functools
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console

from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.errors import CardkitError, InvalidRules, UnknownGame
from cardkit.plugins.registry import registry

P = ParamSpec("P")
T = TypeVar("T")

#: Exit code of every error the user can fix (unknown game, bad options, bad files).
USAGE_ERROR = 2
#: Exit code of an unexpected failure (a bug in a game or in cardkit).
INTERNAL_ERROR = 1

#: The games ``cardkit demo`` picks from, in order, when none is named.
DEMO_GAMES = ("tienlen", "palace", "tonk", "crazyeights")


def out() -> Console:
    """The console for results (standard output)."""
    return Console(highlight=False)


def err() -> Console:
    """The console for errors and notes (standard error)."""
    return Console(stderr=True, highlight=False)


def fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    """Print ``Error: message`` in red on standard error and exit with ``code``."""
    err().print(f"[bold red]Error:[/] {_escape(message)}", soft_wrap=True)
    raise typer.Exit(code)


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def clean_errors(func: Callable[P, T]) -> Callable[P, T]:
    """Turn cardkit errors into a red message and exit code 2, never a traceback.

    Unexpected exceptions become exit code 1 with a one-line message; set
    ``CARDKIT_DEBUG=1`` to see the traceback instead.
    """

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return func(*args, **kwargs)
        except (typer.Exit, typer.Abort, SystemExit):
            raise
        except CardkitError as exc:
            message = with_suggestion(exc)
            problems = len(registry().problems) if isinstance(exc, UnknownGame) else 0
            if problems:
                message += f" ({problems} plugin problem(s): see 'cardkit plugins')"
            fail(message)
        except KeyboardInterrupt:
            err().print("[yellow]Interrupted.[/]")
            raise typer.Exit(130) from None
        except Exception as exc:
            if os.environ.get("CARDKIT_DEBUG"):
                raise
            fail(
                f"unexpected {type(exc).__name__}: {exc} "
                "(set CARDKIT_DEBUG=1 to see the traceback)",
                INTERNAL_ERROR,
            )

    return wrapper


#: "no variant 'quik'; variants: pagat, quick" and the like: a name and the names it may be.
_CHOICES = re.compile(r"'([^']+)'; (?:available )?[a-z ]+: ([\w, -]+)$")


def did_you_mean(word: str, choices: Sequence[str]) -> str:
    """`` (did you mean 'tienlen'?)`` for a close choice, else an empty string."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def with_suggestion(exc: CardkitError) -> str:
    """The error's message, with a "did you mean" for a misspelt game, variant or bot."""
    message = str(exc)
    if isinstance(exc, UnknownGame):
        return message + did_you_mean(exc.name, exc.available)
    match = _CHOICES.search(message)
    if match is not None:
        return message + did_you_mean(match.group(1), match.group(2).split(", "))
    return message


def parse_options(items: Sequence[str] | None) -> dict[str, Any]:
    """Parse ``--rules KEY=VALUE`` items; values are JSON when they parse, else text.

    ``pass-lock=false`` gives ``{"pass_lock": False}``; ``name=Bob`` gives
    ``{"name": "Bob"}``; ``house_rules=a,b`` gives ``{"house_rules": "a,b"}``,
    which the rules model reads as the house rules ``a`` and ``b``.

    Raises:
        CardkitError: an item has no ``=`` or no key.
    """
    options: dict[str, Any] = {}
    for item in items or ():
        key, sep, raw = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise CardkitError(f"--rules takes KEY=VALUE, such as pass_lock=false; got {item!r}")
        raw = raw.strip()
        try:
            value: Any = json.loads(raw)
        except ValueError:
            value = raw
        options[key] = value
    return options


def load_game(name: str) -> Game[Any, Any]:
    """The installed game called ``name`` (or an alias); UnknownGame otherwise."""
    return registry().game(name)


def default_game() -> Game[Any, Any]:
    """The game ``cardkit demo`` plays when none is named."""
    reg = registry()
    available = reg.available()
    for name in DEMO_GAMES:
        if name in available:
            return reg.game(name)
    if available:
        return reg.game(available[0])
    raise CardkitError(
        "no games are installed; install a game plugin package with pip, "
        "then try again ('cardkit plugins' shows plugins that failed to load)"
    )


def make_rules(game: Game[Any, Any], variant: str | None, items: Sequence[str] | None) -> Rules:
    """The game's rules from ``--variant`` and ``--rules`` (InvalidRules if refused)."""
    options = parse_options(items)
    try:
        rules: Rules = game.rules(variant, **options)
    except InvalidRules as exc:
        unknown = re.search(r"unknown option '(\w+)'", str(exc))
        if unknown is None:
            raise
        hint = did_you_mean(unknown.group(1), list(game.rules_model.model_fields))
        raise InvalidRules(f"{exc}{hint}; see 'cardkit rules {game.name}'") from None
    return rules


def parse_bots(text: str | None) -> list[str] | None:
    """``"greedy,random"`` → ``["greedy", "random"]`` (``None`` when not given)."""
    if text is None:
        return None
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise CardkitError("--bots takes bot names separated by commas, such as greedy,random")
    return names


def seat_count(game: Game[Any, Any], players: int | None) -> int:
    """``--players``: as given when the game is played by that many, else the game's default.

    Raises:
        CardkitError: the game is not played by that many (said with its range).
    """
    if players is None:
        return game.players.default
    if not game.players.min <= players <= game.players.max:
        raise CardkitError(f"--players {players}: {game.title} is played by {_span(game)} players")
    return players


def _span(game: Game[Any, Any]) -> str:
    low, high = game.players.min, game.players.max
    return str(low) if low == high else f"{low} to {high}"


def check_bot_count(names: Sequence[str] | None, seats: int, whose: str = "seat") -> None:
    """``--bots`` names at most one bot a seat (they are repeated in order to fill the seats).

    Raises:
        CardkitError: more bots than seats (said with both counts).
    """
    if names is not None and len(names) > seats:
        raise CardkitError(
            f"--bots names {len(names)} bots ({', '.join(names)}) for {seats} {whose}"
            f"{'s' if seats != 1 else ''}: "
            f"give at most {seats}; they are repeated in order to fill the seats"
        )


def best_bot(game: Game[Any, Any]) -> str:
    """The bot a demo uses by default: the game's
    [best bot][cardkit.engine.catalog.Catalog.best_bot]."""
    return catalog(game).best_bot


def auto_delay(delay: float | None) -> float:
    """``--delay``: as given, else a short pause when a person watches a terminal."""
    if delay is not None:
        if delay < 0:
            raise CardkitError(f"--delay must be 0 or more seconds, not {delay}")
        return delay
    return 0.3 if sys.stdout.isatty() else 0.0


def random_seed() -> int:
    """A fresh seed for commands run without ``--seed`` (printed so it can be reused)."""
    import random

    return random.randrange(1 << 31)


#: The ``--plugins-dir`` of this run (set by the ``cardkit`` callback), for commands to rerun.
_given_plugins_dir: list[str] = []


def remember_plugins_dir(path: object) -> None:
    """Keep the ``--plugins-dir`` given to this run (None: none), for `command_prefix`."""
    _given_plugins_dir[:] = [] if path is None else [str(path)]


def command_prefix() -> str:
    """``cardkit`` and this run's ``--plugins-dir``: the start of a command to rerun."""
    import shlex

    return " ".join(["cardkit", *(f"--plugins-dir {shlex.quote(p)}" for p in _given_plugins_dir)])


def write_json(path: Path, text: str, what: str) -> None:
    """Write the JSON ``text`` to ``path`` (``--out``); say so on standard error."""
    try:
        path.write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {str(path)!r}: {exc.strerror or exc}")
    err().print(f"[dim]Wrote {what} to {_escape(str(path))}[/]", soft_wrap=True)
