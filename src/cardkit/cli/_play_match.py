"""``cardkit play --deals N``: a match at the terminal, saved and resumed as a match.

With ``--save x.json`` each deal is saved to its own replay file
(``x-deal1.json``, ``x-deal2.json``...) and ``x.json`` itself is the *match
file*: the game, rules, seats, seed and number of deals, the finished deals'
files and the deal in play. ``cardkit play --resume x.json`` (or ``--resume
x-deal2.json``, the deal that was in play) rebuilds the match from it: the
finished deals are replayed from their files to recover the totals and the
dealer, and the match goes on from the saved deal to its end.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError
from rich.console import Console
from rich.text import Text

from cardkit.cli._common import command_prefix, load_game
from cardkit.engine.state import GameState
from cardkit.errors import CardkitError, InvalidState
from cardkit.play.match import Match, has_match_rule
from cardkit.play.narrate import seat_label, standings_table
from cardkit.play.replay import Replay, read_replay

#: The ``format`` of a match file.
MATCH_FORMAT = "cardkit.match/1"


class MatchFile(BaseModel):
    """What ``x.json`` records of a match played with ``cardkit play --deals N --save x.json``."""

    model_config = ConfigDict(extra="forbid")

    format: str = MATCH_FORMAT
    game: str
    players: int
    rules: dict[str, Any]
    seed: int
    max_deals: int
    seat: int
    labels: list[str]
    bots: list[str]
    finished: list[str] = []
    current: str | None = None


def deal_file(save: Path, number: int) -> Path:
    """The replay file of deal ``number`` of the match saved as ``save``."""
    return save.with_name(f"{save.stem}-deal{number}{save.suffix}")


def match_file_for(path: Path) -> Path | None:
    """The match file ``path`` belongs to: itself, or ``x.json`` for ``x-dealN.json``; or None."""
    candidates = [path]
    stem, sep, number = path.stem.rpartition("-deal")
    if sep and number.isdigit():
        candidates.append(path.with_name(f"{stem}{path.suffix}"))
    for candidate in candidates:
        try:
            data = json.loads(candidate.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
            return candidate
    return None


def _write(save: Path, match: Match, seat: int, specs: list[str], current: Path | None) -> None:
    record = MatchFile(
        game=match.game.name,
        players=match.players,
        rules=match.rules.model_dump(mode="json"),
        seed=match.seed,
        max_deals=match.max_deals or len(match.deals) + 1,
        seat=seat,
        labels=list(match.labels),
        bots=specs,
        finished=[deal_file(save, d.number).name for d in match.deals],
        current=None if current is None else current.name,
    )
    try:
        save.write_text(record.model_dump_json(indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise CardkitError(f"cannot write {str(save)!r}: {exc.strerror or exc}") from None


def play_match(
    console: Console,
    match: Match,
    seat: int,
    save: Path | None,
    specs: list[str],
    deal_type: Callable[..., Any],
    finish: Callable[[Any, bool, Path | None], None],
    resumed: Replay | None = None,
) -> None:
    """Play the match's deals at the terminal (the first from ``resumed`` if given, its
    moves taken back in so that undo and history go on from them).

    ``deal_type`` and ``finish`` are ``cardkit play``'s hand at the terminal
    and its ending (given by `cardkit.cli._play`, which imports this module).
    """
    names = list(match.labels)
    if has_match_rule(match.game) and match.max_deals is not None:
        console.print(Text(f"A match of up to {match.max_deals} deals.", style="dim"))
    while not match.is_over:
        console.print(Text(f"Deal {match.next_number}", style="bold"))
        state = match.start_deal() if resumed is None else resumed.final
        seat_bots, rngs = match.bots_for_deal()
        deal = deal_type(console, match.game, state, seat, names, seat_bots, rngs, save)
        if resumed is not None:
            deal.restore(resumed.steps())
            resumed = None
        deal.standings = lambda: standings_table(match.standings())
        deal_save = None
        if save is not None:
            deal_save = deal_file(save, match.next_number)
            deal.save = deal_save
            _write(save, match, seat, specs, deal_save)
        quit_ = deal.play()
        finish(deal, quit_, deal_save)
        if quit_:
            if save is not None:
                again = f"{command_prefix()} play --resume {save}"
                console.print(Text(f"Go on with the match later: {again}", style="dim"))
            return
        record = match.finish_deal(deal.state)
        console.print(standings_table(match.standings(), f"Standings after deal {record.number}"))
    if save is not None:
        _write(save, match, seat, specs, None)
    result = match.result()
    said = match_over(result.winners, names, result.finished, len(match.deals))
    console.print(Text(said, style="bold"))


def match_over(winners: list[int], names: list[str], finished: bool, deals: int) -> str:
    """``Match over: You won.``, or, stopped by ``--deals``, who leads after those deals."""
    who = " and ".join(seat_label(s, names) for s in winners) or "nobody"
    if finished:
        return f"Match over: {who} {'win' if who == 'You' else 'won'}."
    many = len(winners) > 1 or who == "You"
    played = f"{deals} deal{'s' if deals != 1 else ''}"
    return f"Match over after {played} (--deals): {who} {'lead' if many else 'leads'}."


def load_match(path: Path) -> tuple[Match, MatchFile, Replay | None]:
    """The match saved in the match file ``path``, its record, and the deal in play (or None).

    Raises:
        InvalidState: the file, or a deal file it names, is not valid or does
            not belong to this match.
    """
    try:
        record = MatchFile.model_validate_json(path.read_text(encoding="utf-8"))
    except ValidationError as exc:
        raise InvalidState(
            f"{path} is not a valid match file ({exc.error_count()} errors)"
        ) from None
    game = load_game(record.game)
    match = Match(
        game,
        record.players,
        record.rules,
        bots=record.bots,
        seed=record.seed,
        max_deals=record.max_deals,
    )
    match.labels = list(record.labels)
    for name in record.finished:
        state = read_replay(path.with_name(name)).final
        _check_deal(match, state, path.with_name(name))
        match.finish_deal(state)
    current = None
    if record.current is not None and not match.is_over:
        current = read_replay(path.with_name(record.current))
        _check_deal(match, current.final, path.with_name(record.current))
        if current.final.is_over:
            match.finish_deal(current.final)
            current = None
    return match, record, current


def _check_deal(match: Match, state: GameState, path: Path) -> None:
    expected = match.start_deal()
    if state.setup.seed != expected.setup.seed or state.players != match.players:
        raise InvalidState(f"{path} is not deal {match.next_number} of this match")
