"""The plugin-fault suite: every kind of broken plugin, loaded from a plugins directory.

Each broken plugin is a real ``.py`` file in a plugins directory, loaded the
way ``--plugins-dir`` and ``CARDKIT_PLUGINS_DIR`` load them. Whatever it
does (exit, raise ``KeyboardInterrupt`` or another ``BaseException``, call
the cardkit API while it is imported, print), it is reported as a plugin
problem, and every installed game still lists and plays.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cardkit
from cardkit.cli import app
from cardkit.plugins import registry as plugins_module
from cardkit.plugins.registry import PluginWarning, Registry, registry, reset_registry
from cardkit.testing import random_playout

#: The games installed in this workspace (the plugins and the example).
INSTALLED = ("crazyeights", "palace", "tienlen", "tonk")

HEADER = "import cardkit\nCARDKIT_API_VERSION = '1.0'\n"


def in_hook(stage: str, body: str) -> str:
    """A plugin whose hook ``cardkit_add_hookspecs`` (``stage="hookspecs"``) or
    ``cardkit_register`` (``stage="register"``) runs ``body``."""
    hook = (
        "cardkit_add_hookspecs(pluginmanager)"
        if stage == "hookspecs"
        else "cardkit_register(register)"
    )
    return f"{HEADER}\n@cardkit.hookimpl\ndef {hook}:\n    {body}\n"


#: name -> (plugin source, stage of the expected problem or None, text the problem contains)
BROKEN: dict[str, tuple[str, str | None, str]] = {
    "import_error": ("raise ImportError('broken on purpose')\n", "import", "ImportError"),
    "syntax_error": ("def broken(:\n", "import", "SyntaxError"),
    "sys_exit": ("import sys\nsys.exit(4)\n", "import", "SystemExit: 4"),
    "keyboard_interrupt": ("raise KeyboardInterrupt\n", "import", "KeyboardInterrupt"),
    "base_exception": (
        "class Boom(BaseException):\n    pass\nraise Boom('boom')\n",
        "import",
        "Boom: boom",
    ),
    "generator_exit": ("raise GeneratorExit('odd')\n", "import", "GeneratorExit"),
    "getattr_exit": (
        "def __getattr__(name):\n    raise SystemExit(9)\n",
        "import",
        "SystemExit: 9",
    ),
    "api_too_new": ("CARDKIT_API_VERSION = '99.0'\n", "import", "API 99.0"),
    "hook_sys_exit": (in_hook("register", "raise SystemExit(3)"), "register", "SystemExit: 3"),
    "hook_interrupt": (
        in_hook("register", "raise KeyboardInterrupt"),
        "register",
        "KeyboardInterrupt",
    ),
    "hook_base_exception": (
        in_hook("register", "raise BaseException('bots gone')"),
        "register",
        "BaseException: bots gone",
    ),
    "hookspecs_exit": (in_hook("hookspecs", "raise SystemExit(5)"), "hookspecs", "SystemExit"),
    "hook_raises": (in_hook("register", "1 / 0"), "register", "ZeroDivisionError"),
    "duplicate_game": (
        in_hook("register", "register.add_game(__import__('cardkit_tienlen').TienLen())"),
        "games",
        "already registered",
    ),
    "not_a_game": (
        in_hook("register", "register.add_game('chess')"),
        "register",
        "cardkit.Game instance",
    ),
    "reentrant_load_game": (
        "import cardkit\ncardkit.load_game('tienlen')\n",
        "import",
        "still loading",
    ),
    "reentrant_reload": (
        "from cardkit.plugins.registry import registry\nregistry().load_entry_points()\n",
        "import",
        "already loading plugins",
    ),
    "reentrant_list": ("import cardkit\nSEEN = cardkit.available_games()\n", None, ""),
    "prints": (
        "print('{not json')\n" + in_hook("register", "print('[also not json')"),
        None,
        "",
    ),
}


def write(directory: Path, names: list[str] | tuple[str, ...]) -> Path:
    """Write the broken plugins ``names`` into ``directory``."""
    directory.mkdir(exist_ok=True)
    for name in names:
        (directory / f"{name}.py").write_text(BROKEN[name][0], encoding="utf-8")
    return directory


def load(directory: Path) -> Registry:
    """A registry with the installed plugins and the plugins directory (warnings hidden)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        return Registry(plugins_dir=directory)


@pytest.fixture(autouse=True)
def _not_strict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDKIT_STRICT_PLUGINS", raising=False)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_broken_plugin_is_reported_and_the_games_still_list(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """One broken plugin: the problem names it and its stage; the installed games are all there."""
    _source, stage, text = BROKEN[name]
    reg = load(write(tmp_path, [name]))
    mine = [p for p in reg.problems if p.plugin == name]
    if stage is None:
        assert mine == []
    else:
        assert [p.stage for p in mine] == [stage], reg.problems
        assert text in mine[0].message
    assert set(INSTALLED) <= set(reg.available())
    assert capsys.readouterr().out == ""  # nothing a plugin printed reached stdout


def test_all_broken_plugins_together_and_every_game_plays(tmp_path: Path) -> None:
    """With every broken plugin in one directory, each installed game plays a whole game."""
    reg = load(write(tmp_path, list(BROKEN)))
    expected = {name for name, (_s, stage, _t) in BROKEN.items() if stage is not None}
    assert {p.plugin for p in reg.problems} == expected
    for name in INSTALLED:
        game = reg.game(name)
        playout = random_playout(game, game.players.min, seed=1, max_actions=3000)
        assert playout.final.is_over or playout.capped


def test_a_plugin_using_the_api_at_import_is_imported_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process-wide registry is built once; the plugin sees it being built."""
    counter = tmp_path / "count.txt"
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "curious.py").write_text(
        "import cardkit\n"
        f"with open({str(counter)!r}, 'a') as f:\n"
        "    f.write('x')\n"
        "SEEN = cardkit.available_games()\n"
        "REGISTRY = cardkit.registry()\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("CARDKIT_PLUGINS_DIR", str(plugins))
    monkeypatch.setattr(plugins_module, "_registry", None)
    with warnings.catch_warnings():
        warnings.simplefilter("error", PluginWarning)
        games = cardkit.available_games()
    assert counter.read_text() == "x"
    assert set(INSTALLED) <= set(games)
    module = registry().pm.get_plugin("curious")
    assert module.SEEN == []  # games are registered once every plugin is imported
    assert module.REGISTRY is registry()
    assert registry().problems == []


def test_a_real_ctrl_c_while_plugins_load_still_interrupts(tmp_path: Path) -> None:
    """A SIGINT delivered while a plugin is imported is the user's: KeyboardInterrupt escapes."""
    (tmp_path / "slow.py").write_text(
        "import os, signal, time\nos.kill(os.getpid(), signal.SIGINT)\ntime.sleep(5)\n",
        encoding="utf-8",
    )
    with pytest.raises(KeyboardInterrupt):
        load(tmp_path)
    # The handler of the host is back in place afterwards.
    import signal

    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_run_time_registration_contains_base_exceptions(tmp_path: Path) -> None:
    """cardkit.register of a plugin whose hook exits reports it instead of exiting."""

    class Exiting:
        CARDKIT_API_VERSION = "1.0"

        @cardkit.hookimpl
        def cardkit_register(self, register: Any) -> None:
            raise SystemExit(7)

    reg = Registry(load_entry_points=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        reg.register(Exiting(), "exiting")
    assert [(p.plugin, p.stage) for p in reg.problems] == [("exiting", "register")]
    assert "SystemExit: 7" in reg.problems[0].message


def test_games_json_stays_json_when_a_plugin_prints(tmp_path: Path) -> None:
    """``cardkit games --json`` starts with JSON although a plugin prints while loading."""
    directory = write(tmp_path, ["prints", "sys_exit", "keyboard_interrupt"])
    old = registry()
    try:
        result = CliRunner().invoke(app, ["--plugins-dir", str(directory), "games", "--json"])
        assert result.exit_code == 0, result.output
        listed = {entry["name"] for entry in json.loads(result.stdout)}
        assert set(INSTALLED) <= listed
        assert "{not json" in result.stderr
        plugins = CliRunner().invoke(app, ["--plugins-dir", str(directory), "plugins"])
        assert plugins.exit_code == 0
        assert "sys_exit" in plugins.stdout
        assert "SystemExit: 4" in plugins.stdout
    finally:
        reset_registry(old)


CLI = ("-c", "import sys; from cardkit.cli import main; sys.argv[0] = 'cardkit'; main()")


def _cardkit(*args: str, plugins_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CARDKIT_PLUGINS_DIR": str(plugins_dir), "COLUMNS": "200"}
    env.pop("CARDKIT_STRICT_PLUGINS", None)
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, timeout=300, check=False
    )


@pytest.mark.slow
def test_cardkit_games_survives_a_plugin_that_exits(tmp_path: Path) -> None:
    """The real command, in its own process: ``sys.exit(4)`` in a plugin no longer exits 4."""
    directory = write(tmp_path, ["sys_exit", "prints"])
    done = _cardkit(*CLI, "games", "--json", plugins_dir=directory)
    assert done.returncode == 0, done.stderr
    assert {g["name"] for g in json.loads(done.stdout)} >= set(INSTALLED)


@pytest.mark.slow
def test_simulate_workers_report_a_broken_plugin_once(tmp_path: Path) -> None:
    """With two worker processes, the PluginWarning is printed once, by the parent."""
    directory = write(tmp_path, ["import_error"])
    code = (
        "from cardkit.play.simulate import simulate\n"
        "report = simulate('tonk', games=40, players=2, jobs=2, seed=1)\n"
        "print(report.games)\n"
    )
    done = _cardkit("-c", code, plugins_dir=directory)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "40"
    assert done.stderr.count("PluginWarning") == 1, done.stderr
    cli = _cardkit(*CLI, "simulate", "tonk", "-n", "40", "-j", "2", plugins_dir=directory)
    assert cli.returncode == 0, cli.stderr
    assert "PluginWarning" not in cli.stderr
