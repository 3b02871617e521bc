"""Installed plugins: entry points, `load`/`disable`, single-file plugins, API versions."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from plugin_support import FakeEntryPoint, fake_entry_points, game_called, games_plugin

import cardkit
from cardkit import PluginError
from cardkit.plugins.registry import PluginWarning, Registry

# -- entry points ----------------------------------------------------------------------------


def test_installed_plugins_are_loaded_from_entry_points(
    monkeypatch: pytest.MonkeyPatch, shed: Any
) -> None:
    """Each entry point of the group is loaded and its distribution recorded."""
    calls = fake_entry_points(monkeypatch, FakeEntryPoint("shed", games_plugin(shed)))
    registry = Registry()
    assert calls == [{"group": "cardkit"}]
    assert registry.available() == ["shed"]
    info = registry.plugins["shed"]
    assert (info.distribution, info.version, info.source) == ("cardkit-shed", "9.9", "entry point")


def test_an_entry_point_that_fails_to_import_is_reported(
    monkeypatch: pytest.MonkeyPatch, shed: Any
) -> None:
    """An import error is a problem naming the plugin; the other plugins load."""
    fake_entry_points(
        monkeypatch,
        FakeEntryPoint("broken", ModuleNotFoundError("No module named 'cardkit_broken'")),
        FakeEntryPoint("shed", games_plugin(shed)),
    )
    with pytest.warns(PluginWarning, match="plugin 'broken' \\(import\\): ModuleNotFoundError"):
        registry = Registry()
    assert registry.available() == ["shed"]
    assert [(p.plugin, p.stage) for p in registry.problems] == [("broken", "import")]
    assert "cardkit_broken" in registry.problems[0].message
    assert "broken" not in registry.plugins


def test_an_import_failure_is_a_plugin_error_in_strict_mode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """CARDKIT_STRICT_PLUGINS=1 stops at the first broken plugin."""
    fake_entry_points(monkeypatch, FakeEntryPoint("broken", ImportError("nope")))
    monkeypatch.setenv("CARDKIT_STRICT_PLUGINS", "1")
    with pytest.raises(PluginError, match="plugin 'broken' \\(import\\): ImportError: nope"):
        Registry()


def test_duplicate_games_across_entry_points(monkeypatch: pytest.MonkeyPatch, shed: Any) -> None:
    """Entry points load in name order; the later duplicate is reported and skipped."""
    first, second = game_called(shed, "shed"), game_called(shed, "shed")
    fake_entry_points(
        monkeypatch,
        FakeEntryPoint("zeta", games_plugin(second)),
        FakeEntryPoint("alpha", games_plugin(first)),
    )
    with pytest.warns(PluginWarning, match="'zeta' \\(games\\).*already registered by 'alpha'"):
        registry = Registry()
    assert registry.game("shed") is first


def test_the_real_installation_has_no_problems() -> None:
    """The plugins of this workspace load cleanly."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", PluginWarning)
        registry = Registry()
    assert registry.problems == []
    assert "crazyeights" in registry.available()


# -- plugin API versions ------------------------------------------------------------------


@pytest.mark.parametrize("declared", ["2.0", "1.9", "0.1", "one"])
def test_an_installed_plugin_built_for_another_api_is_skipped(
    monkeypatch: pytest.MonkeyPatch, shed: Any, declared: str
) -> None:
    old = games_plugin(shed)
    old.CARDKIT_API_VERSION = declared
    fake_entry_points(monkeypatch, FakeEntryPoint("old", old))
    with pytest.warns(PluginWarning, match="API"):
        registry = Registry()
    assert registry.available() == []
    (problem,) = registry.problems
    assert declared in problem.message
    assert cardkit.API_VERSION in problem.message


def test_an_installed_plugin_must_declare_its_api_version(
    monkeypatch: pytest.MonkeyPatch, shed: Any
) -> None:
    undeclared = games_plugin(shed)
    del undeclared.CARDKIT_API_VERSION
    fake_entry_points(monkeypatch, FakeEntryPoint("undeclared", undeclared))
    with pytest.warns(PluginWarning, match="declares no CARDKIT_API_VERSION"):
        registry = Registry()
    assert registry.available() == []


def test_an_older_minor_api_version_is_compatible(
    monkeypatch: pytest.MonkeyPatch, shed: Any
) -> None:
    assert cardkit.plugins.registry.api_compatible("1.0", "1.3")
    assert not cardkit.plugins.registry.api_compatible("1.4", "1.3")
    assert not cardkit.plugins.registry.api_compatible("2.0", "1.3")
    fake_entry_points(monkeypatch, FakeEntryPoint("shed", games_plugin(shed)))
    assert shed.name in Registry().available()


def test_load_and_disable_select_installed_plugins(
    monkeypatch: pytest.MonkeyPatch, shed: Any
) -> None:
    fake_entry_points(
        monkeypatch,
        FakeEntryPoint("one", games_plugin(game_called(shed, "one"))),
        FakeEntryPoint("two", games_plugin(game_called(shed, "two"))),
    )
    monkeypatch.setenv("CARDKIT_LOAD_PLUGINS", "two")
    only = Registry()
    assert only.available() == ["two"]
    assert "one" in only.skipped
    monkeypatch.delenv("CARDKIT_LOAD_PLUGINS")
    monkeypatch.setenv("CARDKIT_DISABLE_PLUGINS", "two")
    assert Registry().available() == ["one"]


def test_single_file_plugins_load_from_a_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    fake_entry_points(monkeypatch)
    (tmp_path / "house.py").write_text(
        "import cardkit\n"
        "from cardkit.testing import checks  # a real import works from a plugins dir\n"
        "CARDKIT_API_VERSION = '1.0'\n"
        "@cardkit.hookimpl\n"
        "def cardkit_register(register):\n"
        "    raise RuntimeError('ran')\n"
    )
    (tmp_path / "broken.py").write_text("raise ImportError('broken on purpose')\n")
    monkeypatch.setenv("CARDKIT_PLUGINS_DIR", str(tmp_path))
    with pytest.warns(PluginWarning):
        registry = Registry()
    assert registry.plugins["house"].source == "plugins dir"
    stages = {(p.plugin, p.stage) for p in registry.problems}
    assert stages == {("broken", "import"), ("house", "register")}
