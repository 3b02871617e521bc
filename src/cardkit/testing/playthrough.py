"""Recorded playthroughs: whole seeded games written to text files, and the check that replays them.

A playthrough records, at every step of one game, the seat to act, the legal
actions, the action taken, the events it caused, and every seat's view (and
the spectator's) as JSON; at the end, the result. Kept under a game's
``tests/playthroughs/``, the files make any change of behaviour visible: a
refactor that should change nothing must leave every file as it was, and a
rules fix shows up as a readable diff:

```python
from pathlib import Path

from cardkit.testing.playthrough import Playthrough, playthrough_tests

PLAYTHROUGHS = (Playthrough("mygame", players=2, seed=1),)
DIRECTORY = Path(__file__).parent / "playthroughs"

test_playthrough, test_every_playthrough_file_has_a_spec = playthrough_tests(
    PLAYTHROUGHS, DIRECTORY
)
```

([playthrough_tests][cardkit.testing.playthrough.playthrough_tests] builds the
two pytest tests from [check_playthrough][cardkit.testing.playthrough.check_playthrough]
and [check_playthrough_directory][cardkit.testing.playthrough.check_playthrough_directory];
call those yourself to check playthroughs some other way.)

The check replays the actions written in the file (not the bots), so the
file stays valid when a bot changes its mind and the diff stays small when
the game changes: the first line that differs is the first change of
behaviour. ``pytest --update-playthroughs`` (an option of
[the pytest plugin][cardkit.testing.pytest_plugin]) records every file
again: it replays the recorded actions while the game still accepts them
and lets the spec's bots choose from the first one it refuses (a missing
file is played by the bots from its seed), so an intended change of rules
changes each file only from where the game now differs.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.engine.state import GameState
from cardkit.errors import CardkitError, IllegalAction
from cardkit.play.runner import play_out, seat_rngs
from cardkit.testing.checks import ContractError

__all__ = [
    "Playthrough",
    "check_playthrough",
    "check_playthrough_directory",
    "describe_difference",
    "playthrough_tests",
    "record_playthrough",
    "recorded_actions",
    "render_playthrough",
    "replay_playthrough",
]

_ACTION = "[action "
_DIFF_LINES = 60
_WINDOW = 120


@dataclass(frozen=True)
class Playthrough:
    """One recorded game: which game, seats, rules, seed and bots.

    Attributes:
        game: the game's name (or an alias).
        players: the number of seats.
        seed: the seed of the deal and of the bots' random generators.
        options: passed as ``game.rules(**options)``; a ``"variant"`` key
            picks a preset.
        bots: the bots that choose the actions when the file is recorded,
            one name per seat or one name for every seat; ``None``: the
            game's ``"heuristic"`` bot if it has one, else ``"random"``.
        max_actions: the recording stops after this many actions (the
            file then ends with ``capped`` instead of a result).
        name: the file's name without ``.txt``; by default built from the
            seats, options and seed (``4p-southern-seed3``).
    """

    game: str
    players: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    bots: str | tuple[str, ...] | None = None
    max_actions: int = 500
    name: str | None = None

    @property
    def file_name(self) -> str:
        """The file this playthrough is kept in, such as ``4p-southern-seed3.txt``."""
        if self.name is not None:
            return f"{self.name}.txt"
        parts = [f"{self.players}p"]
        for key, value in self.options.items():
            text = ",".join(value) if isinstance(value, list | tuple) else str(value)
            parts.append(text if key == "variant" else f"{key}={text}")
        if len(parts) == 1:
            parts.append("default")
        parts.append(f"seed{self.seed}")
        return "-".join(parts).replace(" ", "_").replace("/", "_") + ".txt"

    def __str__(self) -> str:
        return self.file_name.removesuffix(".txt")

    def start(self) -> GameState:
        """The deal this playthrough starts from."""
        game = _game(self.game)
        state: GameState = game.start(
            players=self.players, rules=game.rules(**dict(self.options)), seed=self.seed
        )
        return state

    def bot_names(self, game: Game[Any, Any]) -> tuple[str, ...]:
        """The bot of each seat, by name."""
        if self.bots is None:
            return ("heuristic" if "heuristic" in catalog(game).bots else "random",) * self.players
        if isinstance(self.bots, str):
            return (self.bots,) * self.players
        if len(self.bots) != self.players:
            raise CardkitError(f"{self}: {len(self.bots)} bots for {self.players} seats")
        return self.bots


def _game(name: str) -> Game[Any, Any]:
    import cardkit

    return cardkit.load_game(name)


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _header(spec: Playthrough, state: GameState, bots: str) -> list[str]:
    setup = state.setup
    game = state.game
    return [
        f"# A recorded playthrough of {game.title} ({game.name}): every step of one seeded game.",
        "# The test replays the actions below and compares; pytest --update-playthroughs",
        "# records it again, keeping the actions the game still accepts (bots play on).",
        "# Views are JSON, one line per seat; 'spectator' is the view of seat None.",
        f"game: {game.name}",
        f"players: {setup.players}",
        f"seed: {spec.seed}",
        f"options: {_json(dict(spec.options))}",
        f"rules: {_json(setup.rules.model_dump(mode='json'))}",
        f"dealer: {setup.dealer}",
        f"deck: {setup.deck}",
        f"bots: {bots}",
    ]


def _state_lines(state: GameState) -> list[str]:
    lines = [f"events: {_json([e.to_json_dict() for e in state.last_events])}"]
    if state.is_over:
        lines.append("to_act: none (the game is over)")
    else:
        lines.append(f"to_act: {state.to_act}")
        lines.append(f"legal: {_json([str(a) for a in state.legal_actions()])}")
    for seat in range(state.players):
        lines.append(f"view {seat}: {_json(state.view(seat).model_dump(mode='json'))}")
    lines.append(f"spectator: {_json(state.view(None).model_dump(mode='json'))}")
    return lines


def _step(state: GameState, text: str) -> GameState | IllegalAction:
    """The state after the action written as ``text``, or why it is refused."""
    for action in state.legal_actions():
        if str(action) == text:
            return state.apply(action)
    try:
        return state.apply(text)
    except IllegalAction as exc:
        return exc


def render_playthrough(
    spec: Playthrough, actions: Sequence[str], *, bots: str | None = None
) -> str:
    """The playthrough text of ``spec``'s deal followed by ``actions`` (their text forms).

    Stops early, and says so, when an action is refused or the game ends
    before the actions do; ends with ``capped`` when the actions run out
    before the game ends.
    """
    state = spec.start()
    names = bots if bots is not None else " ".join(spec.bot_names(state.game))
    lines = [*_header(spec, state, names), "", "[deal]", *_state_lines(state)]
    for number, text in enumerate(actions, 1):
        if state.is_over:
            lines += ["", f"[stopped] the game is over; {len(actions) - number + 1} more actions"]
            break
        lines += ["", f"{_ACTION}{number}] seat {state.to_act}: {text}"]
        after = _step(state, text)
        if isinstance(after, IllegalAction):
            lines.append(f"refused: {after.code}: {after}")
            break
        state = after
        lines += _state_lines(state)
    else:
        lines += ["", "[result]"]
        if state.is_over:
            lines.append(_json(state.result().model_dump(mode="json")))
        else:
            lines.append(f"capped: not over after {state.action_count} actions")
    return "\n".join(lines) + "\n"


def record_playthrough(spec: Playthrough, keep: Sequence[str] = ()) -> str:
    """Play ``spec``'s game with its bots and return the playthrough text.

    Args:
        spec: the game to record.
        keep: action texts (an earlier recording's) to play first, as long
            as each is still legal and the game goes on; the bots play the
            rest. Re-recording after a change of rules then changes a file
            only from the first action the game now refuses.
    """
    state = spec.start()
    game = state.game
    names = spec.bot_names(game)
    missing = sorted(set(names) - catalog(game).bots.keys())
    if missing:
        raise CardkitError(
            f"{spec}: {game.name} has no bot {missing}; bots: {sorted(catalog(game).bots)}"
        )
    for text in keep:
        if state.is_over or state.action_count >= spec.max_actions:
            break
        after = _step(state, text)
        if isinstance(after, IllegalAction):
            break
        state = after
    rngs = seat_rngs(spec.seed, spec.players)
    bots = [catalog(game).bots[name](rng) for name, rng in zip(names, rngs, strict=True)]
    played = play_out(state, bots, rngs, max_actions=spec.max_actions - state.action_count)
    return render_playthrough(spec, [str(a) for a in played.state.history])


def recorded_actions(text: str) -> list[str]:
    """The action texts written in a playthrough file, in order."""
    actions = []
    for line in text.splitlines():
        if line.startswith(_ACTION):
            actions.append(line.split(": ", 1)[1])
    return actions


def replay_playthrough(spec: Playthrough, text: str) -> str:
    """The playthrough text obtained by replaying the actions recorded in ``text``."""
    bots = next((line[6:] for line in text.splitlines() if line.startswith("bots: ")), None)
    return render_playthrough(spec, recorded_actions(text), bots=bots)


def _first_difference(expected: list[str], actual: list[str]) -> str:
    for number, (old, new) in enumerate(zip(expected, actual, strict=False), 1):
        if old != new:
            at = next(
                (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
                min(len(old), len(new)),
            )
            start = max(0, at - _WINDOW // 2)
            return (
                f"first difference at line {number}, column {at + 1}:\n"
                f"  recorded: ...{old[start : at + _WINDOW]}\n"
                f"  now:      ...{new[start : at + _WINDOW]}"
            )
    shorter = "recording" if len(expected) < len(actual) else "replay"
    return f"the {shorter} ends at line {min(len(expected), len(actual))}"


def describe_difference(name: str, expected: str, actual: str) -> str:
    """A message for a playthrough that no longer replays as recorded: where, and a diff."""
    old, new = expected.splitlines(), actual.splitlines()
    diff = list(difflib.unified_diff(old, new, "recorded", "now", n=1, lineterm=""))
    shown = [line if len(line) <= 2 * _WINDOW else line[: 2 * _WINDOW] + " ..." for line in diff]
    more = len(shown) - _DIFF_LINES
    if more > 0:
        shown = [*shown[:_DIFF_LINES], f"... {more} more diff lines"]
    return (
        f"the playthrough {name} no longer replays as recorded; "
        f"{_first_difference(old, new)}\n"
        "if the change is intended, rewrite the files with: pytest --update-playthroughs\n"
        + "\n".join(shown)
    )


def check_playthrough(spec: Playthrough, directory: Path, *, update: bool = False) -> None:
    """Replay ``spec``'s file in ``directory`` and compare; with ``update``, record it again.

    ``update`` keeps the recorded actions that are still legal (see
    [record_playthrough][cardkit.testing.playthrough.record_playthrough]);
    delete a file to record it afresh from its seed.

    Raises:
        ContractError: the file is missing, or replaying its actions no
            longer gives the recorded text; the message shows the first
            difference and a diff.
    """
    path = directory / spec.file_name
    if update:
        keep = recorded_actions(path.read_text(encoding="utf-8")) if path.exists() else []
        directory.mkdir(parents=True, exist_ok=True)
        path.write_text(record_playthrough(spec, keep), encoding="utf-8")
        return
    if not path.exists():
        raise ContractError(
            f"no recorded playthrough {path}; record it with: pytest --update-playthroughs"
        )
    expected = path.read_text(encoding="utf-8")
    actual = replay_playthrough(spec, expected)
    if actual != expected:
        raise ContractError(describe_difference(str(path), expected, actual))


def check_playthrough_directory(
    specs: Iterable[Playthrough], directory: Path, *, update: bool = False
) -> None:
    """Refuse recorded files that no spec names (with ``update``, delete them).

    Raises:
        ContractError: ``directory`` holds playthrough files of no spec.
    """
    wanted = {spec.file_name for spec in specs}
    stale = sorted(p for p in directory.glob("*.txt") if p.name not in wanted)
    if update:
        for path in stale:
            path.unlink()
    elif stale:
        names = ", ".join(p.name for p in stale)
        raise ContractError(
            f"{directory} holds playthroughs no spec records: {names}; "
            "delete them or rewrite the directory with: pytest --update-playthroughs"
        )


def playthrough_tests(
    specs: Sequence[Playthrough], directory: Path
) -> tuple[Callable[[Playthrough, bool], None], Callable[[bool], None]]:
    """The two pytest tests of a game's recorded playthroughs, to assign in a test module.

    The first is parametrised by ``specs`` and checks each one's file in
    ``directory`` ([check_playthrough][cardkit.testing.playthrough.check_playthrough]);
    the second refuses files no spec names
    ([check_playthrough_directory][cardkit.testing.playthrough.check_playthrough_directory]).
    Both take the ``update_playthroughs`` fixture of
    [the pytest plugin][cardkit.testing.pytest_plugin], so ``pytest --update-playthroughs``
    records the files again. Needs pytest (the ``testing`` extra).
    """
    import pytest

    specs = tuple(specs)

    @pytest.mark.parametrize("spec", specs, ids=str)
    def test_playthrough(spec: Playthrough, update_playthroughs: bool) -> None:
        """Replaying the recorded actions gives the recorded steps, views and result."""
        check_playthrough(spec, directory, update=update_playthroughs)

    def test_every_playthrough_file_has_a_spec(update_playthroughs: bool) -> None:
        """No recorded file is left over from a spec that was removed."""
        check_playthrough_directory(specs, directory, update=update_playthroughs)

    return test_playthrough, test_every_playthrough_file_has_a_spec
