"""The argument and option types the ``cardkit`` sub-commands share (typer aliases)."""

from __future__ import annotations

from typing import Annotated

import typer


def complete_games(incomplete: str) -> list[str]:
    """The installed game names that start with what has been typed (shell completion)."""
    from cardkit.plugins.registry import registry

    return [name for name in registry().available() if name.startswith(incomplete)]


GameArg = Annotated[
    str,
    typer.Argument(
        help="A game name or alias (see 'cardkit games').", autocompletion=complete_games
    ),
]
PlayersOpt = Annotated[
    int | None,
    typer.Option("--players", "-p", help="Number of seats (default: the game's)."),
]
SeedOpt = Annotated[
    int | None,
    typer.Option("--seed", "-s", help="Seed: the same seed plays the same game (default: random)."),
]
BotsOpt = Annotated[
    str | None,
    typer.Option(
        "--bots",
        "-b",
        help="Bot names by seat, comma-separated, repeated to fill the seats "
        "(e.g. greedy,random). See 'cardkit rules GAME'.",
    ),
]
RulesOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--rules",
        "-r",
        help="Set a rules option, KEY=VALUE (repeatable); values are JSON when they parse "
        '(true, 3, "x"), else text. House rules: house_rules=NAME,NAME.',
    ),
]
VariantOpt = Annotated[
    str | None,
    typer.Option("--variant", "-v", help="Start from a named preset of the game's options."),
]
JobsOpt = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        help="Worker processes (0: one per CPU); a short run stays in one process.",
        min=0,
    ),
]
DaskOpt = Annotated[
    str | None,
    typer.Option(
        "--dask",
        help="Play on the Dask cluster whose scheduler is at this address "
        "(tcp://HOST:8786; needs cardkit[eval]).",
    ),
]
#: Bot games stop at the game's own action cap (its ``max_actions`` rule) unless
#: ``--max-actions`` sets another: every game is finite.
DEFAULT_MAX_ACTIONS = None

MaxActionsOpt = Annotated[
    int | None,
    typer.Option(
        "--max-actions",
        help="Cap each game at this many actions (the max_actions rule; default: the "
        "game's own cap). A capped game has no winner and scores nothing.",
        min=1,
    ),
]
