"""``cardkit soak``: random games with every invariant of the contract suite checked at every step.

Each game is dealt from its own seed and played by random bots. Every state
of it, the deal included, is checked the way the contract suite checks
states (`cardkit.testing`): the zones partition the deck, the turn, the
legal actions and the result agree, no view shows a card its seat may not
know, every legal action applies and its text round-trips, illegal actions
are refused and change nothing; every ``save_every``-th state and the last
one survive a save and a load. Each game must then end (or reach the action
cap), refuse corrupted saves of its last state, replay the same from its seed
and from its deck order alone, and show each seat the same views when two
cards hidden from it swap places in the deck.

A broken invariant is a *violation*: it is recorded with the game's seed and
how to replay it, and the soak goes on with the next game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cardkit.cli._common import (
    INTERNAL_ERROR,
    err,
    load_game,
    make_rules,
    out,
    parse_bots,
    random_seed,
)
from cardkit.engine.bots import BotFactory
from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.errors import ContractError, InvalidRules
from cardkit.play.match import resolve_bots
from cardkit.play.runner import seat_rngs
from cardkit.play.simulate import game_seed
from cardkit.testing import (
    Knowledge,
    check_corrupted_saves,
    check_determinism,
    check_illegal_actions,
    check_legal_actions,
    check_non_interference,
    check_save_round_trip,
    check_state,
    random_playout,
    recent_actions,
)

__all__ = ["SoakReport", "Violation", "soak", "soak_cmd", "soak_one"]


@dataclass(frozen=True)
class Violation:
    """One game that broke an invariant.

    Attributes:
        index: the game's number in the soak, from 0.
        seed: the seed it was dealt and played from.
        players: its number of seats.
        message: what broke, and how to replay it.
    """

    index: int
    seed: int
    players: int
    message: str


@dataclass
class SoakReport:
    """What a soak played and found.

    Attributes:
        game: the game's name.
        games: the games played.
        decisions: the actions played in all, over every game.
        capped: the games the action cap stopped.
        violations: the games that broke an invariant.
        seconds: the wall-clock time.
    """

    game: str
    games: int = 0
    decisions: int = 0
    capped: int = 0
    violations: list[Violation] = field(default_factory=list)
    seconds: float = 0.0


def soak_one(
    game: Game[Any, Any],
    players: int,
    seed: int,
    *,
    rules: Rules | None = None,
    max_actions: int = 2000,
    save_every: int = 10,
    bots: Sequence[BotFactory] | None = None,
) -> tuple[int, bool]:
    """Play one random game from ``seed``, checking every state; its decisions and if capped.

    ``bots`` are one factory per seat (default: random bots).

    Raises:
        ContractError: an invariant is broken; the message says how to replay it.
    """
    rng = random.Random(seed)
    knowledge = Knowledge(players)
    states: list[GameState] = []

    def check(state: GameState) -> None:
        number = len(states)
        states.append(state)
        knowledge.observe(state)
        check_state(state, knowledge)
        if not state.is_over:
            check_legal_actions(state, limit=4, rng=rng)
            check_illegal_actions(state, recent_actions(states, number), limit=3, rng=rng)
        if number % save_every == 0:
            check_save_round_trip(state)

    seated = (
        None
        if bots is None
        else [f(r) for f, r in zip(bots, seat_rngs(seed, players), strict=True)]
    )
    playout = random_playout(
        game, players, seed, rules=rules, max_actions=max_actions, bots=seated, on_state=check
    )
    final = playout.final
    check_save_round_trip(final)
    if not playout.capped and not final.is_over:
        raise ContractError(f"{game.name}: the game stopped before its end (seed {seed})")
    if playout.capped and (final.is_over or not playout.result.capped):
        raise ContractError(f"{game.name}: a capped game is reported as {playout.result}")
    check_corrupted_saves(final, rng=rng, leaves=4)
    check_determinism(game, players, seed, rules=rules, max_actions=max_actions)
    check_non_interference(
        game, players, seed, rules=rules, max_actions=max_actions, pairs=1, playout=playout
    )
    return final.action_count, playout.capped


def soak(
    game: Game[Any, Any],
    *,
    games: int,
    seed: int,
    players: int | None = None,
    rules: Rules | None = None,
    max_actions: int = 2000,
    save_every: int = 10,
    bots: Sequence[str] | None = None,
    progress: Callable[[SoakReport], object] | None = None,
) -> SoakReport:
    """Soak ``games`` random games; ``players=None`` cycles through every seat count.

    ``bots`` are bot names of the game, repeated to fill the seats (default:
    random bots, which reach the most varied states).

    Game ``i`` is dealt from ``game_seed(seed, i)`` (as in
    [simulate][cardkit.play.simulate.simulate]). A game that breaks an invariant,
    or raises anything, is a violation; the soak goes on.

    Raises:
        InvalidRules: bad counts or a seat count the game is not played with.
    """
    if games < 1 or max_actions < 1 or save_every < 1:
        raise InvalidRules("games, max_actions and save_every must be at least 1")
    rules = rules if rules is not None else game.rules()
    counts = (
        [players] if players is not None else list(range(game.players.min, game.players.max + 1))
    )
    seated: dict[int, list[BotFactory] | None] = {}
    for count in counts:
        game.start(players=count, rules=rules, seed=0)  # refuses bad seat counts up front
        seated[count] = resolve_bots(game, bots, count) if bots else None
    report = SoakReport(game.name)
    started = time.perf_counter()
    for index in range(games):
        count = counts[index % len(counts)]
        game_s = game_seed(seed, index)
        try:
            decisions, capped = soak_one(
                game,
                count,
                game_s,
                rules=rules,
                max_actions=max_actions,
                save_every=save_every,
                bots=seated[count],
            )
        except Exception as exc:  # a violation of any kind; the soak goes on
            text = str(exc) if isinstance(exc, ContractError) else f"{type(exc).__name__}: {exc}"
            report.violations.append(Violation(index, game_s, count, text))
        else:
            report.decisions += decisions
            report.capped += capped
        report.games += 1
        if progress is not None:
            progress(report)
    report.seconds = time.perf_counter() - started
    return report


GamesOpt = Annotated[int, typer.Option("--games", "-n", help="How many games.", min=1)]
PlayersOpt = Annotated[
    int | None,
    typer.Option("--players", "-p", help="Number of seats (default: every count in turn)."),
]
SeedOpt = Annotated[int | None, typer.Option("--seed", "-s", help="Seed (default: random).")]
BotsOpt = Annotated[
    str | None,
    typer.Option("--bots", "-b", help="Bot names by seat, comma-separated (default: random)."),
]
RulesOpt = Annotated[
    list[str] | None,
    typer.Option("--rules", "-r", help="Set a rules option, KEY=VALUE (repeatable)."),
]
VariantOpt = Annotated[
    str | None, typer.Option("--variant", "-v", help="Start from a named preset.")
]
MaxActionsOpt = Annotated[
    int, typer.Option("--max-actions", help="Cap each game at this many actions.", min=1)
]
SaveEveryOpt = Annotated[
    int,
    typer.Option("--save-every", help="Save and load every Nth state (and the last).", min=1),
]


def soak_cmd(
    game: Annotated[str, typer.Argument(help="A game name or alias (see 'cardkit games').")],
    games: GamesOpt = 100,
    players: PlayersOpt = None,
    seed: SeedOpt = None,
    bots: BotsOpt = None,
    rules_: RulesOpt = None,
    variant: VariantOpt = None,
    max_actions: MaxActionsOpt = 2000,
    save_every: SaveEveryOpt = 10,
) -> None:
    """Play random games checking every contract invariant at every step; count violations."""
    found = load_game(game)
    rules = make_rules(found, variant, rules_)
    seed = random_seed() if seed is None else seed
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeElapsedColumn(), console=err()) as bar:
        task = bar.add_task(found.name, total=games)
        report = soak(
            found,
            games=games,
            seed=seed,
            players=players,
            rules=rules,
            max_actions=max_actions,
            save_every=save_every,
            bots=parse_bots(bots),
            progress=lambda r: bar.update(
                task, completed=r.games, description=f"{found.name} ({len(r.violations)} ✗)"
            ),
        )
    print_soak(report, seed)
    if report.violations:
        raise typer.Exit(INTERNAL_ERROR)


def print_soak(report: SoakReport, seed: int) -> None:
    """The soak's figures, then each violation (the first 10) with its seed."""
    console = out()
    table = Table(title=f"Soak: {report.game} · seed {seed}", title_justify="left")
    for name in ("Games", "Decisions", "Violations", "Capped", "Seconds"):
        table.add_column(name, justify="right")
    table.add_row(
        str(report.games),
        str(report.decisions),
        str(len(report.violations)),
        str(report.capped),
        f"{report.seconds:.1f}",
    )
    console.print(table)
    for v in report.violations[:10]:
        line = f"game #{v.index} (seed {v.seed}, {v.players} players): {v.message}"
        console.print(line, markup=False)
    if len(report.violations) > 10:
        console.print(f"... and {len(report.violations) - 10} more violations")
