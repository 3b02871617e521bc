"""The ``cardkit`` command: its options and sub-commands (typer)."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Annotated

import typer

from cardkit.cli import (
    _info,
    _match_cmd,
    _new,
    _play,
    _replay,
    _rules_info,
    _run,
    _serve,
    _soak,
    _tournament,
)
from cardkit.cli._common import clean_errors, fail, remember_plugins_dir
from cardkit.cli._options import (
    DEFAULT_MAX_ACTIONS,
    BotsOpt,
    DaskOpt,
    GameArg,
    JobsOpt,
    JsonOpt,
    MaxActionsOpt,
    OutOpt,
    PlayersOpt,
    RulesOpt,
    SeedOpt,
    VariantOpt,
    complete_games,
)
from cardkit.cli._usage import CardkitGroup
from cardkit.errors import CardkitError
from cardkit.plugins.registry import PluginWarning

app = typer.Typer(
    cls=CardkitGroup,
    name="cardkit",
    help="Card games as plugins: list them, read their rules, watch bots, simulate, play, replay.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    # Help texts are plain text: rich markup would eat `[eval]` in "cardkit[eval]".
    rich_markup_mode=None,
)
app.add_typer(_new.new_app, name="new")


def _print_version(value: bool) -> None:
    if value:
        import platform
        from importlib.metadata import version

        from cardkit._build import build_name

        typer.echo(
            f"cardkit {version('cardkit')}, {build_name()} (Python {platform.python_version()})"
        )
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print cardkit's version and exit.",
            callback=_print_version,
            is_eager=True,
        ),
    ] = False,
    plugins_dir: Annotated[
        Path | None,
        typer.Option(
            "--plugins-dir",
            help="Also load single-file plugins from this directory (like CARDKIT_PLUGINS_DIR).",
            exists=True,
            file_okay=False,
        ),
    ] = None,
) -> None:
    """Card games as plugins: list them, read their rules, watch bots, simulate, play, replay."""
    # Plugin problems are listed by 'cardkit plugins', not as Python warnings.
    warnings.filterwarnings("ignore", category=PluginWarning)
    remember_plugins_dir(plugins_dir)
    if plugins_dir is not None:
        from cardkit.plugins.registry import Registry, reset_registry

        try:
            reset_registry(Registry(plugins_dir=plugins_dir))
        except CardkitError as exc:  # CARDKIT_STRICT_PLUGINS=1 and a broken plugin
            fail(str(exc))


@app.command("games")
@clean_errors
def games(
    as_json: Annotated[bool, typer.Option("--json", help="Print them as JSON.")] = False,
) -> None:
    """List the installed games: names, aliases, players, summaries and variants."""
    _info.games(as_json)


@app.command("plugins")
@clean_errors
def plugins(
    as_json: Annotated[bool, typer.Option("--json", help="Print them as JSON.")] = False,
) -> None:
    """List the plugins, what each added (games, house rules, presets, bots), and problems."""
    _info.plugins(as_json)


@app.command("rules")
@clean_errors
def rules(
    game: GameArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print it as JSON.")] = False,
) -> None:
    """Show a game's options (type, default, description), house rules, presets and bots."""
    _rules_info.rules(game, as_json)


@app.command("demo")
@clean_errors
def demo(
    game: Annotated[
        str | None,
        typer.Argument(help="The game (default: tienlen, palace, tonk or crazyeights)."),
    ] = None,
    players: PlayersOpt = None,
    seed: SeedOpt = None,
    bots: BotsOpt = None,
    delay: Annotated[
        float | None,
        typer.Option(
            "--delay",
            help="Seconds between moves (default: a short pause on a terminal, 0 otherwise).",
        ),
    ] = None,
    max_actions: MaxActionsOpt = DEFAULT_MAX_ACTIONS,
    rules_: RulesOpt = None,
    variant: VariantOpt = None,
    save: Annotated[
        Path | None,
        typer.Option("--save", help="Write the game's replay file here.", dir_okay=False),
    ] = None,
) -> None:
    """Watch a bot-vs-bot game narrated move by move, then its result."""
    _run.demo(game, players, seed, bots, delay, max_actions, rules_, variant, save)


@app.command("simulate")
@clean_errors
def simulate(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.", min=1)] = 1000,
    players: PlayersOpt = None,
    bots: BotsOpt = None,
    seed: SeedOpt = None,
    jobs: JobsOpt = 1,
    dask: DaskOpt = None,
    rules_: RulesOpt = None,
    variant: VariantOpt = None,
    max_actions: MaxActionsOpt = DEFAULT_MAX_ACTIONS,
    rotate: Annotated[
        bool,
        typer.Option("--rotate/--fixed", help="Rotate the bots through the seats game by game."),
    ] = False,
    as_json: JsonOpt = False,
    out_path: OutOpt = None,
) -> None:
    """Play many bot games: win and loss rates with 95% intervals, mean points or payments."""
    _run.simulate_cmd(
        game,
        games,
        players,
        bots,
        seed,
        jobs,
        rules_,
        variant,
        max_actions,
        rotate,
        out_path,
        dask,
        as_json,
    )


@app.command("tournament")
@clean_errors
def tournament(
    game: GameArg,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="Two or more bots, comma-separated (default: every bot but ismcts).",
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option(
            "--games", "-n", help="At least this many games (whole duplicate sets).", min=1
        ),
    ] = 200,
    players: PlayersOpt = None,
    seed: SeedOpt = None,
    jobs: JobsOpt = 1,
    dask: DaskOpt = None,
    rules_: RulesOpt = None,
    variant: VariantOpt = None,
    max_actions: MaxActionsOpt = DEFAULT_MAX_ACTIONS,
    as_json: JsonOpt = False,
    out_path: OutOpt = None,
) -> None:
    """Round robin between bots with duplicate deals: ratings, win rates, head to head."""
    _tournament.tournament_cmd(
        game,
        bots,
        games,
        players,
        seed,
        jobs,
        dask,
        rules_,
        variant,
        max_actions,
        as_json,
        out_path,
    )


@app.command("match")
@clean_errors
def match(
    game: GameArg,
    players: PlayersOpt = None,
    bots: BotsOpt = None,
    seed: SeedOpt = None,
    deals: Annotated[
        int | None,
        typer.Option(
            "--deals",
            "-d",
            help="Stop after N deals if the game's own rule has not ended the match.",
            min=1,
        ),
    ] = None,
    max_actions: MaxActionsOpt = DEFAULT_MAX_ACTIONS,
    rules_: RulesOpt = None,
    variant: VariantOpt = None,
    as_json: JsonOpt = False,
    out_path: OutOpt = None,
) -> None:
    """Play a match (a series of deals) with bots; standings after each deal."""
    _match_cmd.match_cmd(
        game, players, bots, seed, deals, max_actions, rules_, variant, out_path, as_json
    )


@app.command("play")
@clean_errors
def play(
    game: Annotated[
        str | None,
        typer.Argument(
            help="A game name or alias (see 'cardkit games'); not needed with --resume.",
            autocompletion=complete_games,
        ),
    ] = None,
    players: PlayersOpt = None,
    seat: Annotated[
        int, typer.Option("--seat", help="Your seat, counted from 1 (default: 1).")
    ] = 1,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="Bots for the other seats, comma-separated, repeated to fill them.",
        ),
    ] = None,
    seed: SeedOpt = None,
    rules_: RulesOpt = None,
    variant: VariantOpt = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            help="Write the game here when you leave or it ends (also on Ctrl-C).",
            dir_okay=False,
        ),
    ] = None,
    deals: Annotated[
        int | None,
        typer.Option("--deals", "-d", help="Play a match of up to N deals instead of one game."),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            help="Go on with a game saved with --save or 'save' (saved back to it).",
            exists=True,
            dir_okay=False,
        ),
    ] = None,
) -> None:
    """Play against bots in the terminal: you see only your own view."""
    _play.play(game, players, seat - 1, bots, seed, rules_, variant, save, deals, resume)


@app.command("replay")
@clean_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A replay file (a saved game's JSON).")],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            help="Also show this seat's view (seats counted from 1) before each of its moves.",
        ),
    ] = None,
    delay: Annotated[float, typer.Option("--delay", help="Seconds between moves.")] = 0.0,
    reveal: Annotated[
        bool, typer.Option("--reveal", help="Show every seat's dealt hand first.")
    ] = False,
    start: Annotated[
        int, typer.Option("--start", help="Start telling the game after move N.", min=0)
    ] = 0,
    step: Annotated[
        bool,
        typer.Option("--step", help="Step through it: Enter for the next move, b for back."),
    ] = False,
) -> None:
    """Narrate a saved game from its file (validated first)."""
    _replay.replay_cmd(file, None if seat is None else seat - 1, delay, reveal, start, step)


@app.command("serve")
@clean_errors
def serve(
    host: _serve.HostOpt = "127.0.0.1",
    port: _serve.PortOpt = 8000,
    db: _serve.DbOpt = "cardkit-tables.sqlite3",
    workers: _serve.WorkersOpt = 1,
    bot_delay: _serve.BotDelayOpt = 0.6,
    deal_pause: _serve.DealPauseOpt = 4.0,
    max_tables: _serve.MaxTablesOpt = 200,
    max_message_bytes: _serve.MaxMessageOpt = 4096,
    actions_per_second: _serve.RateOpt = 10.0,
    allow_origin: _serve.OriginOpt = None,
    idle_expiry: _serve.IdleExpiryOpt = None,
    bot: _serve.BotPathOpt = None,
) -> None:
    """Host tables: a lobby and a browser table over HTTP and WebSocket (the server extra)."""
    _serve.serve(
        host,
        port,
        db,
        workers=workers,
        bot_delay=bot_delay,
        deal_pause=deal_pause,
        max_tables=max_tables,
        max_message_bytes=max_message_bytes,
        actions_per_second=actions_per_second,
        allowed_origins=allow_origin or [],
        idle_expiry=idle_expiry,
        bots=bot or [],
    )


app.command("soak")(clean_errors(_soak.soak_cmd))


def main() -> None:
    """Run the ``cardkit`` command."""
    app()
