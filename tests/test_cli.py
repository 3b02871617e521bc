"""The ``cardkit`` command: every sub-command, its output and its error paths.

The tests use the run-time game ``tinyshed`` (``tests/test_cli_support.py``),
never an installed game plugin, so they pass whatever games are installed.
"""

from __future__ import annotations

import json
import random
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import test_cli_support as tiny
from test_cli_support import ok, refused

import cardkit
from cardkit import catalog
from cardkit.cli import main
from cardkit.cli._app import DEFAULT_MAX_ACTIONS
from cardkit.play.replay import read_replay
from cardkit.play.runner import play_out, seat_rngs
from cardkit.play.simulate import SimulationReport, simulate
from cardkit.plugins.registry import Registry, registry, reset_registry, temporary_plugin


@pytest.fixture(autouse=True)
def _tinyshed() -> Iterator[None]:
    with tiny.installed():
        yield


def test_main_is_the_entry_point() -> None:
    assert callable(main)
    assert "demo" in ok("--help")


# -- games, plugins, rules ---------------------------------------------------------------


def test_games_lists_the_installed_games() -> None:
    out = ok("games")
    line = next(x for x in out.splitlines() if "tinyshed" in x)
    assert "Tiny Shed" in line
    assert "tiny" in line
    assert "2-4 (default 3)" in line
    assert "Play or draw" in line
    assert "long" in line
    assert "quick" in line


def test_games_and_plugins_as_json() -> None:
    games = json.loads(ok("games", "--json"))
    tinyshed = next(g for g in games if g["name"] == "tinyshed")
    assert tinyshed["aliases"] == ["tiny"]
    assert tinyshed["min_players"] == 2
    assert tinyshed["variants"] == ["long", "quick"]
    assert tinyshed["bots"] == ["random", "ismcts", "first", "drawer"]
    data = json.loads(ok("plugins", "--json"))
    mine = next(p for p in data["plugins"] if p["name"] == "tinyshed-tests")
    assert mine["games"] == ["tinyshed"]
    assert mine["bots"] == ["tinyshed:first", "tinyshed:drawer"]
    assert isinstance(data["problems"], list)


def test_games_with_none_installed_says_so() -> None:
    old = registry()
    reset_registry(Registry(load_entry_points=False))
    try:
        out = ok("games")
        assert "No games are installed" in out
        assert "tienlen" not in out  # names no game it does not have
        assert json.loads(ok("games", "--json")) == []
        assert "no games are installed" in refused("demo")
    finally:
        reset_registry(old)


class _BrokenPlugin:
    @cardkit.hookimpl
    def cardkit_register(self, register: Any) -> None:
        raise RuntimeError("this plugin is broken on purpose")


def _plugin_block(out: str, name: str) -> str:
    """The lines of one plugin in 'cardkit plugins' (its row, up to the next rule)."""
    lines = out.splitlines()
    start = next(i for i, x in enumerate(lines) if f" {name} " in x)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith(("├", "└"))), None)
    return " ".join(lines[start:end])


def test_plugins_lists_plugins_and_shows_problems_without_failing() -> None:
    out = ok("plugins")
    line = _plugin_block(out, "tinyshed-tests")
    assert "tinyshed" in line
    assert "tinyshed:first" in line
    assert "tinyshed:long" in line
    problems = registry().problems
    before = len(problems)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", cardkit.plugins.registry.PluginWarning)
            with temporary_plugin(_BrokenPlugin(), "broken"):
                out = ok("plugins")
                games = ok("games")
    finally:
        del problems[before:]
    assert "Plugin problems" in out
    assert "broken on purpose" in out
    assert "problem(s)" in games


def test_rules_shows_options_presets_and_bots() -> None:
    out = ok("rules", "tiny")
    assert "Tiny Shed (tinyshed)" in out
    hand = next(x for x in out.splitlines() if "hand_size" in x)
    assert "int (>= 1, <= 10)" in hand
    assert " 3 " in hand
    assert "Cards dealt to each seat." in hand
    quick = next(x for x in out.splitlines() if "quick" in x)
    assert "hand_size=1" in quick
    assert "One card each." in quick
    long = next(x for x in out.splitlines() if x.lstrip("│ ").startswith("long"))
    assert "tinyshed-tests" in long
    assert "Draws while the stock lasts." in out
    assert "Uniformly random legal actions." in out


def test_rules_as_json() -> None:
    data = json.loads(ok("rules", "tinyshed", "--json"))
    assert data["defaults"] == {"hand_size": 3, "stake": 1, "target": 6, "house_rules": []}
    assert data["variants"]["quick"]["options"] == {"hand_size": 1}
    assert set(data["bots"]) == {"random", "ismcts", "first", "drawer"}
    assert "hand_size" in data["options"]["properties"]


def test_unknown_games_are_clean_errors() -> None:
    for command in (
        ["rules", "nope"],
        ["demo", "nope"],
        ["simulate", "nope"],
        ["match", "nope"],
        ["play", "nope"],
    ):
        out = refused(*command)
        assert "unknown game 'nope'" in out
        assert "tinyshed" in out


class _TinyHouseRules:
    """A run-time plugin declaring a house rule of tinyshed, and a preset that turns it on."""

    @cardkit.hookimpl
    def cardkit_register(self, register: Any) -> None:
        register.add_house_rule("tinyshed", "high-stakes", "Every payment is doubled.")
        register.add_variant(
            "tinyshed", "casino", {"house_rules": ["high-stakes"], "stake": 5}, "Big money."
        )


@pytest.fixture
def house_rules() -> Iterator[None]:
    with temporary_plugin(_TinyHouseRules(), "tiny-house"):
        yield
    catalog(cardkit.load_game("tinyshed"))._variants.pop(
        "casino", None
    )  # presets outlive their plugin


def test_rules_lists_house_rules_and_how_to_turn_them_on(house_rules: None) -> None:
    out = ok("rules", "tiny")
    assert "House rules (--rules house_rules=NAME,...)" in out
    line = next(x for x in out.splitlines() if x.lstrip("│ ").startswith("high-stakes"))
    assert "Every payment is doubled." in line
    assert "tiny-house" in line
    assert "--variant casino" in line
    assert "--rules house_rules=high-stakes" in out
    options = out.split("Options", 1)[1].split("House rules", 1)[0]
    assert "house_rules" not in options  # shown in its own table, not as an option
    data = json.loads(ok("rules", "tiny", "--json"))
    assert data["house_rules"] == {
        "high-stakes": {
            "description": "Every payment is doubled.",
            "source": "tiny-house",
            "variants": ["casino"],
        }
    }


def test_rules_says_when_a_game_has_no_house_rules() -> None:
    assert "No house rules are installed for this game" in ok("rules", "tiny")
    assert json.loads(ok("rules", "tiny", "--json"))["house_rules"] == {}


def test_plugins_lists_the_house_rules_of_each_plugin(house_rules: None) -> None:
    line = _plugin_block(ok("plugins"), "tiny-house")
    assert "tinyshed:high-stakes" in line
    data = json.loads(ok("plugins", "--json"))
    mine = next(p for p in data["plugins"] if p["name"] == "tiny-house")
    assert mine["house_rules"] == ["tinyshed:high-stakes"]
    assert mine["variants"] == ["tinyshed:casino"]
    assert next(p for p in data["plugins"] if p["name"] == "tinyshed-tests")["house_rules"] == []


def test_house_rules_from_the_command_line(house_rules: None, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    out = ok(
        "demo", "tiny", "--seed", "4", "--rules", "house_rules=high-stakes", "--save", str(path)
    )
    assert "house_rules=['high-stakes']" in out
    assert "--rules house_rules=high-stakes" in out  # "Same game again" keeps the rules
    saved = read_replay(path).saved
    assert saved.rules["house_rules"] == ["high-stakes"]
    assert saved.house_rule_sources == {"high-stakes": "tiny-house"}
    assert "Result: shed" in ok("replay", str(path))
    assert "house_rules=['high-stakes']" in ok("demo", "tiny", "--seed", "4", "--variant", "casino")
    both = ok("demo", "tiny", "--seed", "4", "-r", "house_rules=high-stakes, high-stakes")
    assert "house_rules=['high-stakes']" in both
    refusal = refused("demo", "tiny", "--rules", "house_rules=high-stakes,low-stakes")
    assert "no house rule 'low-stakes'" in refusal
    assert "high-stakes (from tiny-house)" in refusal
    assert "not a house rule name" in refused("demo", "tiny", "--rules", "house_rules=a b")


def test_a_replay_needing_a_missing_house_rule_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    with temporary_plugin(_TinyHouseRules(), "tiny-house"):
        ok("demo", "tiny", "--seed", "4", "--rules", "house_rules=high-stakes", "--save", str(path))
    catalog(cardkit.load_game("tinyshed"))._variants.pop("casino", None)
    out = refused("replay", str(path))
    assert "house rule 'high-stakes'" in out
    assert "tiny-house" in out


# -- demo ------------------------------------------------------------------------------


def test_demo_narrates_a_whole_game_and_its_result() -> None:
    out = ok("demo", "tinyshed", "--seed", "3", "--players", "3")
    assert "Tiny Shed · bot demo · 3 players · seed 3" in out
    assert "Seat 3 (first) deals" in out  # seats for people count from 1
    assert "acts first" in out
    assert "Result: shed" in out
    assert "winner" in out
    # The same game as the library plays with that seed and the default bot.
    game = cardkit.load_game("tinyshed")
    rngs = seat_rngs(3, 3)
    played = play_out(game.start(3, seed=3), [tiny.FirstCardBot(r) for r in rngs], rngs)
    numbered = [x for x in out.splitlines() if x[:4].strip().isdigit()]
    assert len(numbered) == played.decisions
    winner = played.result.winners[0]
    assert any(f"Seat {winner + 1} (first)" in x and "winner" in x for x in out.splitlines())
    assert "cardkit demo tinyshed --players 3 --seed 3 --bots first" in out


def test_demo_is_reproducible_and_takes_bots_rules_and_variants() -> None:
    args = ("demo", "tiny", "--seed", "8", "--bots", "random,drawer", "--rules", "stake=2")
    assert ok(*args) == ok(*args)
    out = ok(*args)
    assert "Seat 1 (random)" in out
    assert "Seat 2 (drawer)" in out
    assert "stake=2" in out
    quick = ok("demo", "tiny", "--seed", "1", "--variant", "quick", "--players", "2")
    assert "variant quick" in quick
    assert "1 each" in quick


def test_demo_picks_the_first_preferred_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardkit.cli import _common

    monkeypatch.setattr(_common, "DEMO_GAMES", ("no-such-game", "tinyshed"))
    assert "Tiny Shed · bot demo" in ok("demo", "--seed", "2")


def test_demo_stops_at_the_action_cap() -> None:
    out = ok("demo", "tiny", "--seed", "2", "--bots", "drawer", "--max-actions", "3")
    assert "Stopped after 3 actions" in out
    assert "Result: capped" in out


def test_demo_refuses_bad_options() -> None:
    assert "no bot 'nope'" in refused("demo", "tiny", "--bots", "nope")
    assert "KEY=VALUE" in refused("demo", "tiny", "--rules", "hand_size")
    assert "hand_size" in refused("demo", "tiny", "--rules", "hand_size=99")
    assert "unknown option 'colour'" in refused("demo", "tiny", "--rules", "colour=red")
    assert "no variant 'nope'" in refused("demo", "tiny", "--variant", "nope")
    assert "played by 2 to 4" in refused("demo", "tiny", "--players", "9")
    assert "--delay" in refused("demo", "tiny", "--delay", "-1")
    assert "--max-actions" in refused("demo", "tiny", "--max-actions", "0")


class _CrashBot:
    description = "Raises."

    def __init__(self, rng: random.Random) -> None:
        pass

    def choose(self, turn: Any) -> Any:
        raise RuntimeError("boom")


def test_a_bug_in_a_game_or_bot_is_one_clean_line() -> None:
    catalog(cardkit.load_game("tinyshed")).add_bot("crash", _CrashBot)
    out = refused("demo", "tiny", "--bots", "crash", code=1)
    assert "unexpected RuntimeError: boom" in out
    assert "CARDKIT_DEBUG" in out


def test_demo_saves_a_replay(tmp_path: Path) -> None:
    path = tmp_path / "demo.json"
    ok("demo", "tiny", "--seed", "5", "--save", str(path))
    rep = read_replay(path)
    assert rep.result is not None
    assert rep.saved.seed == 5


# -- simulate --------------------------------------------------------------------------


def test_simulate_prints_results_and_writes_json(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    args = ["--games", "60", "--players", "3", "--bots", "first,random,drawer", "--seed", "4"]
    out = ok("simulate", "tinyshed", *args, "--out", str(path))
    assert "Results by seat and bot" in out
    for column in ("Win rate", "Loss rate", "Mean points", "Mean net", "Mean place"):
        top, _, bottom = column.partition(" ")  # headers of two lines keep the cells whole
        assert re.search(rf"\b{top}\b.*\n.*\b{bottom}\b", out), column
    assert "games/s" in out
    assert "decisions/s" in out
    assert "60 (60 completed, 0 capped)" in out
    report = SimulationReport.model_validate_json(path.read_text())
    expected = simulate(
        "tinyshed",
        games=60,
        players=3,
        bots=["first", "random", "drawer"],
        seed=4,
        max_actions=DEFAULT_MAX_ACTIONS,  # the game's own cap, as the command line
    )
    assert report.outcome() == expected.outcome()
    drawer = next(x for x in out.splitlines() if "drawer" in x)
    assert "100.0%" in drawer  # it always loses


@pytest.mark.slow
def test_simulate_with_jobs_and_rotation_gives_the_same_report(tmp_path: Path) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    args = ["tinyshed", "-n", "40", "-p", "4", "-b", "first,random", "-s", "6", "--rotate"]
    out = ok("simulate", *args, "--out", str(one), "--jobs", "1")
    ok("simulate", *args, "--out", str(two), "--jobs", "2")
    a = SimulationReport.model_validate_json(one.read_text())
    b = SimulationReport.model_validate_json(two.read_text())
    assert a.outcome() == b.outcome()
    assert b.jobs == 1  # 40 tiny games: too little work to start processes for
    assert "Results by bot (all its seats)" in out
    assert "Results by seat (any bot)" in out


def test_simulate_reports_capped_games() -> None:
    out = ok(
        "simulate",
        "tiny",
        "-n",
        "10",
        "-b",
        "drawer",
        "--max-actions",
        "2",
        "--rules",
        "hand_size=5",
    )
    assert "10 (0 completed, 10 capped)" in out
    assert "action cap" in out


def test_simulate_refuses_bad_options(tmp_path: Path) -> None:
    refused("simulate", "tiny", "--games", "0")
    refused("simulate", "tiny", "--jobs", "-1")
    assert "no bot" in refused("simulate", "tiny", "-n", "2", "--bots", "nope")
    assert "cannot write" in refused(
        "simulate", "tiny", "-n", "2", "--out", str(tmp_path / "no" / "dir" / "r.json")
    )
