"""The ``cardkit`` command's `match`, `replay` and `--plugins-dir`, as ``tests/test_cli.py``
tests the rest: on the run-time game ``tinyshed``, never an installed game plugin."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import test_cli_support as tiny
from test_cli_support import ok, refused

import cardkit
from cardkit.authoring import MatchPolicy
from cardkit.play.replay import read_replay
from cardkit.plugins.registry import registry, reset_registry, temporary_plugin


@pytest.fixture(autouse=True)
def _tinyshed() -> Iterator[None]:
    with tiny.installed():
        yield


# -- match -----------------------------------------------------------------------------


def test_match_prints_standings_after_each_deal(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    out = ok(
        "match",
        "tinyshed",
        "-p",
        "3",
        "-b",
        "first,random",
        "-s",
        "4",
        "-r",
        "target=12",
        "--out",
        str(path),
    )
    data = json.loads(path.read_text())
    deals = len(data["deals"])
    assert data["finished"] is True
    for number in range(1, deals + 1):
        assert f"Standings after deal {number}" in out
        assert f"Deal {number} (dealer" in out
    assert f"Match over after {deals} deals" in out
    assert "Last deal" in out
    assert "Deals won" in out


def test_match_stops_after_the_given_deals() -> None:
    out = ok("match", "tiny", "--seed", "1", "--deals", "2", "--rules", "target=1000")
    assert "Standings after deal 2" in out
    assert "Standings after deal 3" not in out
    assert "Stopped after 2 deals" in out


class _EndlessPlugin:
    @cardkit.hookimpl
    def cardkit_register(self, register: Any) -> None:
        class Endless(tiny.TinyShed):  # type: ignore[name-defined,misc]
            name = "endless"
            match = MatchPolicy()

        register.add_game(Endless())


def test_match_of_a_game_without_a_match_rule_plays_a_few_deals() -> None:
    with temporary_plugin(_EndlessPlugin(), "endless-plugin"):
        out = ok("match", "endless", "--seed", "3")
        assert "has no rule that ends a match" in out
        assert "Standings after deal 5" in out
        assert "Standings after deal 6" not in out
        assert "Standings after deal 2" in ok("match", "endless", "--seed", "3", "--deals", "2")


def test_match_with_capped_deals_says_so() -> None:
    out = ok(
        "match",
        "tiny",
        "-s",
        "2",
        "-d",
        "2",
        "-b",
        "drawer",
        "--max-actions",
        "2",
        "-r",
        "hand_size=5",
    )
    assert "stopped by the action cap" in out
    assert "2 deal(s) hit the action cap" in out


# -- replay ----------------------------------------------------------------------------


def _saved(tmp_path: Path, seed: int = 3) -> Path:
    path = tmp_path / "game.json"
    ok("demo", "tiny", "--seed", str(seed), "--players", "3", "--save", str(path))
    return path


def test_replay_narrates_a_saved_game(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    out = ok("replay", str(path))
    assert "replay of game.json · 3 players · seed 3" in out
    assert "Result: shed" in out
    rep = read_replay(path)
    numbered = [x for x in out.splitlines() if x[:4].strip().isdigit()]
    assert len(numbered) == rep.actions
    assert "Your view" not in out


def test_replay_from_a_seat_shows_that_seats_view(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    out = ok("replay", str(path), "--seat", "1")
    assert "Your view" in out
    assert "hand sizes" in out
    assert "--seat 7: the seats are 1 to 3" in refused("replay", str(path), "--seat", "7")


def test_replay_refuses_corrupt_and_missing_files(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    data = json.loads(path.read_text())
    data["actions"][0] = "play ZZ"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert "saved action #1" in refused("replay", str(bad))
    data = json.loads(path.read_text())
    data["snapshot"]["turn"] = 2 if data["snapshot"]["turn"] != 2 else 1
    bad.write_text(json.dumps(data))
    assert "snapshot does not match" in refused("replay", str(bad))
    bad.write_text("{not json")
    assert "not a valid saved game" in refused("replay", str(bad))
    bad.write_bytes(b"\xff\xfe\x00garbage")
    assert "not a valid saved game" in refused("replay", str(bad))
    assert "cannot read replay file" in refused("replay", str(tmp_path / "missing.json"))
    data = json.loads(path.read_text())
    data["game"] = "no-such-game"
    bad.write_text(json.dumps(data))
    assert "unknown game 'no-such-game'" in refused("replay", str(bad))


# -- plugins directory ---------------------------------------------------------------------


def test_plugins_dir_loads_single_file_plugins(tmp_path: Path) -> None:
    tiny.plugin_dir(tmp_path)
    old = registry()
    try:
        out = ok("--plugins-dir", str(tmp_path), "games")
        assert "dirshed" in out
        assert "plugins dir" in ok("--plugins-dir", str(tmp_path), "plugins")
    finally:
        reset_registry(old)
