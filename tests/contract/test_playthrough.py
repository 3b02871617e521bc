"""The playthrough recorder: files replay as recorded, and every kind of change is caught."""

from __future__ import annotations

from pathlib import Path

import pytest
from cardkit_crazyeights.state import CrazyEightsState

from cardkit import CardkitError
from cardkit.testing import ContractError
from cardkit.testing.playthrough import (
    Playthrough,
    check_playthrough,
    check_playthrough_directory,
    record_playthrough,
    recorded_actions,
    render_playthrough,
    replay_playthrough,
)

SPEC = Playthrough("crazyeights", players=3, seed=4)


def test_a_recording_replays_exactly_and_holds_every_step() -> None:
    """Replaying a fresh recording gives it back; it has every seat's view at every step."""
    text = record_playthrough(SPEC)
    assert replay_playthrough(SPEC, text) == text
    lines = text.splitlines()
    steps = sum(line.startswith("[action ") for line in lines)
    assert steps == len(recorded_actions(text)) > 0
    assert sum(line.startswith("view 2: ") for line in lines) == steps + 1
    assert sum(line.startswith("spectator: ") for line in lines) == steps + 1
    assert lines[-2] == "[result]"
    assert '"capped":false' in lines[-1]
    assert "seed: 4" in lines
    assert "bots: heuristic heuristic heuristic" in lines


def test_the_file_name_names_seats_options_and_seed() -> None:
    """Names come from the spec unless it gives one."""
    assert SPEC.file_name == "3p-default-seed4.txt"
    assert Playthrough("x", 2, 1, {"variant": "quick"}).file_name == "2p-quick-seed1.txt"
    spec = Playthrough("x", 2, 1, {"house_rules": ["a", "b"]})
    assert spec.file_name == "2p-house_rules=a,b-seed1.txt"
    assert Playthrough("x", 2, 1, name="mine").file_name == "mine.txt"


def test_update_writes_and_check_passes(tmp_path: Path) -> None:
    """``update`` records the file; the check then passes."""
    check_playthrough(SPEC, tmp_path, update=True)
    assert (tmp_path / SPEC.file_name).read_text(encoding="utf-8") == record_playthrough(SPEC)
    check_playthrough(SPEC, tmp_path)


def test_update_keeps_the_actions_the_game_still_accepts(tmp_path: Path) -> None:
    """Re-recording replays the recorded prefix and lets the bots go on from the first refusal."""
    check_playthrough(SPEC, tmp_path, update=True)
    path = tmp_path / SPEC.file_name
    first = path.read_text(encoding="utf-8")
    check_playthrough(SPEC, tmp_path, update=True)
    assert path.read_text(encoding="utf-8") == first  # nothing changed: the same file
    old = recorded_actions(first)
    lines = first.splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines) if line.startswith("[action 3] "))
    lines[number] = lines[number].split(": ", 1)[0] + ": play ZZ\n"  # as if the game now refused it
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(ContractError, match="refused"):
        check_playthrough(SPEC, tmp_path)
    check_playthrough(SPEC, tmp_path, update=True)
    new = recorded_actions(path.read_text(encoding="utf-8"))
    assert new[:2] == old[:2]
    assert "play ZZ" not in new
    check_playthrough(SPEC, tmp_path)


def test_a_missing_file_is_an_error(tmp_path: Path) -> None:
    """A spec without its file fails and says how to record it."""
    with pytest.raises(ContractError, match="--update-playthroughs"):
        check_playthrough(SPEC, tmp_path)


def test_a_changed_view_shows_the_first_difference(tmp_path: Path) -> None:
    """A recorded view that the game no longer gives fails at its line, with a diff."""
    check_playthrough(SPEC, tmp_path, update=True)
    path = tmp_path / SPEC.file_name
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines) if line.startswith("view 1: "))
    lines[number] = lines[number].replace('"players":3', '"players":4')
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(ContractError) as info:
        check_playthrough(SPEC, tmp_path)
    message = str(info.value)
    assert f"first difference at line {number + 1}" in message
    assert '-view 1: {"' in message
    assert '+view 1: {"' in message


def test_a_game_that_changed_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Listing the legal actions in another order is a change of behaviour."""
    check_playthrough(SPEC, tmp_path, update=True)
    original = CrazyEightsState.legal_actions
    monkeypatch.setattr(
        CrazyEightsState, "legal_actions", lambda self: tuple(reversed(original(self)))
    )
    with pytest.raises(ContractError, match="no longer replays as recorded"):
        check_playthrough(SPEC, tmp_path)


def test_a_refused_action_ends_the_replay() -> None:
    """An action the game refuses now is written with its refusal, and the replay stops."""
    text = record_playthrough(SPEC)
    actions = recorded_actions(text)
    replayed = render_playthrough(SPEC, [actions[0], "play ZZ", *actions[2:]])
    assert replayed.splitlines()[-1].startswith("refused: unparsable: ")
    assert "[result]" not in replayed


def test_extra_or_missing_actions_are_said() -> None:
    """Actions after the end, or too few to end the game, are written down."""
    actions = recorded_actions(record_playthrough(SPEC))
    longer = render_playthrough(SPEC, [*actions, "pass"])
    assert longer.splitlines()[-1] == "[stopped] the game is over; 1 more actions"
    shorter = render_playthrough(SPEC, actions[:3])
    assert shorter.splitlines()[-1] == "capped: not over after 3 actions"


def test_stale_files_are_refused_and_update_removes_them(tmp_path: Path) -> None:
    """A file that no spec records is an error, and ``update`` deletes it."""
    check_playthrough(SPEC, tmp_path, update=True)
    (tmp_path / "old.txt").write_text("gone\n", encoding="utf-8")
    with pytest.raises(ContractError, match=r"old\.txt"):
        check_playthrough_directory([SPEC], tmp_path)
    check_playthrough_directory([SPEC], tmp_path, update=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == [SPEC.file_name]


def test_bad_bot_specs_are_refused() -> None:
    """Unknown bots and a wrong number of bots are clear errors."""
    with pytest.raises(CardkitError, match="no bot"):
        record_playthrough(Playthrough("crazyeights", 2, 1, bots="nobody"))
    with pytest.raises(CardkitError, match="3 bots for 2 seats"):
        record_playthrough(Playthrough("crazyeights", 2, 1, bots=("random",) * 3))
