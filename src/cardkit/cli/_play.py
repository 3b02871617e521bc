"""``cardkit play``: you against bots in the terminal, seeing only your own view."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from cardkit.cli import _play_match
from cardkit.cli._common import (
    best_bot,
    check_bot_count,
    fail,
    load_game,
    make_rules,
    out,
    parse_bots,
    random_seed,
    seat_count,
)
from cardkit.cli._play_deal import _Deal, _finish
from cardkit.engine.game import Game
from cardkit.engine.state import GameState
from cardkit.errors import CardkitError
from cardkit.play.match import Match, fill_seats, resolve_bots
from cardkit.play.narrate import action_lines, seat_label, standings_table
from cardkit.play.replay import ReplayStep, read_replay
from cardkit.play.runner import seat_rngs


def play(
    game_name: str | None,
    players: int | None,
    seat: int,
    bots: str | None,
    seed: int | None,
    rules_items: list[str] | None,
    variant: str | None,
    save: Path | None,
    deals: int | None,
    resume: Path | None = None,
) -> None:
    """Play one game (or a match of ``deals`` deals) against bots; or go on with a saved one.

    ``seat`` is the seat's index (``--seat`` minus 1: people count seats from 1).
    """
    if resume is not None:
        _resume(resume, seat, bots, seed, save, deals)
        return
    if game_name is None:
        raise CardkitError("name the game to play (see 'cardkit games'), or --resume FILE")
    game = load_game(game_name)
    rules = make_rules(game, variant, rules_items)
    players = seat_count(game, players)
    seed = random_seed() if seed is None else seed
    names, specs = _seats(game, players, seat, bots)
    console = out()
    _intro(console, game, players, seed, seat, names)
    if deals is None:
        state = game.start(players, rules, seed=seed)
        _single(console, game, state, seat, names, specs, seed, save)
        return
    if deals < 1:
        fail(f"--deals must be at least 1, not {deals}")
    match = Match(game, players, rules, bots=specs, seed=seed, max_deals=deals)
    match.labels = list(names)
    _play_match.play_match(console, match, seat, save, specs, _Deal, _finish)


def _seats(
    game: Game[Any, Any], players: int, seat: int, bots: str | None
) -> tuple[list[str], list[str]]:
    if not 0 <= seat < players:
        fail(f"--seat {seat + 1}: the seats are 1 to {players}")
    given = parse_bots(bots)
    check_bot_count(given, players - 1, "other seat")
    others = [str(b) for b in fill_seats(given or [best_bot(game)], players - 1)]
    names = [*others[:seat], "you", *others[seat:]]
    return names, [n if s != seat else "random" for s, n in enumerate(names)]


def _intro(
    console: Console, game: Game[Any, Any], players: int, seed: int, seat: int, names: list[str]
) -> None:
    head = Text(game.title, style="bold")
    head.append(f" · {players} players · seed {seed}", style="dim")
    console.print(head)
    opponents = ", ".join(seat_label(s, names) for s in range(players) if s != seat)
    console.print(
        Text(
            f"You are Seat {seat + 1}. Opponents: {opponents}. Type a move (or its number from "
            "'help'); 'help' also lists the commands: hand, pile, scores, history, rules, "
            "undo, save, quit.",
            style="dim",
        )
    )


def _single(
    console: Console,
    game: Game[Any, Any],
    state: GameState,
    seat: int,
    names: list[str],
    specs: list[str],
    seed: int,
    save: Path | None,
    moves: Iterable[ReplayStep] = (),
) -> None:
    factories = resolve_bots(game, specs, state.players)
    rngs = seat_rngs(seed, state.players)
    seat_bots = [f(r) for f, r in zip(factories, rngs, strict=True)]
    deal = _Deal(console, game, state, seat, names, seat_bots, rngs, save)
    deal.restore(moves)  # a resumed game's moves: undo and history go back through them
    for event in state.last_events if state.action_count == 0 else ():
        deal.since.extend(action_lines(event.seat, "", (event,), names, wording=game.wording))
    _finish(deal, deal.play(), save)


def _resume(
    path: Path, seat: int, bots: str | None, seed: int | None, save: Path | None, deals: int | None
) -> None:
    """Go on with the game saved in ``path`` (saved back there unless ``--save`` says where).

    A match file, or the deal in play of a match (``x-deal2.json`` next to
    ``x.json``), goes on with the whole match.
    """
    if deals is not None:
        raise CardkitError("--resume goes on where the save left off; leave out --deals")
    match_path = _play_match.match_file_for(path)
    if match_path is not None:
        _resume_match(match_path, save)
        return
    rep = read_replay(path)
    state = rep.final
    if state.is_over:
        raise CardkitError(f"the game in {path} is over; watch it with: cardkit replay {path}")
    seed = rep.saved.seed if seed is None and rep.saved.seed is not None else seed
    seed = random_seed() if seed is None else seed
    names, specs = _seats(rep.game, state.players, seat, bots)
    console = out()
    _intro(console, rep.game, state.players, seed, seat, names)
    moves = state.action_count
    said = f"Resuming {path} after {moves} move{'s' if moves != 1 else ''}."
    console.print(Text(said, style="dim"))
    _single(console, rep.game, state, seat, names, specs, seed, save or path, rep.steps())


def _resume_match(path: Path, save: Path | None) -> None:
    """Go on with the match saved in the match file ``path``, deal by deal to its end."""
    match, record, current = _play_match.load_match(path)
    if match.is_over:
        raise CardkitError(f"the match in {path} is over; watch a deal: cardkit replay DEAL_FILE")
    console = out()
    _intro(console, match.game, match.players, match.seed, record.seat, match.labels)
    played = len(match.deals)
    said = f"Resuming the match in {path}: {played} of up to {record.max_deals} deals played"
    console.print(Text(said + (", one in play." if current is not None else "."), style="dim"))
    if played:
        console.print(standings_table(match.standings(), f"Standings after deal {played}"))
    _play_match.play_match(
        console, match, record.seat, save or path, record.bots, _Deal, _finish, current
    )
