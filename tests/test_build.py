"""The build that runs: compiled modules, and CARDKIT_PURE forcing their sources."""

from __future__ import annotations

import difflib
import importlib
import importlib.machinery
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardkit
from cardkit import _build


def _package_with_a_broken_extension(root: Path) -> None:
    """``cardkit_buildcheck.fast``: its source, beside an extension file that cannot load."""
    package = root / "cardkit_buildcheck"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "fast.py").write_text("WHERE = 'source'\n")
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (package / f"fast{suffix}").write_bytes(b"not an ELF file")


@pytest.mark.parametrize("pure", ["1", ""])
def test_cardkit_pure_loads_sources_instead_of_extensions(tmp_path: Path, pure: str) -> None:
    _package_with_a_broken_extension(tmp_path)
    code = "import cardkit, cardkit_buildcheck.fast as f; print(f.WHERE)"
    env = {"PYTHONPATH": str(tmp_path), "CARDKIT_PURE": pure, "PATH": ""}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    if pure:
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "source"
    else:  # Python prefers the extension: here, one that cannot load
        assert done.returncode != 0
        assert "ImportError" in done.stderr


def test_source_first_finder_leaves_other_packages_alone() -> None:
    finder = _build.SourceFirstFinder()
    assert finder.find_spec("json.decoder", None) is None
    assert finder.find_spec("cardkitx", None) is None


def test_pure_requested_reads_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    for value, expected in [("1", True), ("yes", True), ("0", False), ("", False)]:
        monkeypatch.setenv(_build.PURE_VARIABLE, value)
        assert _build.pure_requested() is expected
    monkeypatch.delenv(_build.PURE_VARIABLE)
    assert not _build.pure_requested()


def test_build_name_matches_the_modules_that_run() -> None:
    importlib.import_module("cardkit.cards.cardset")
    compiled = _build.compiled_files()
    name = _build.build_name()
    if not compiled:
        assert name == "pure Python"
        assert _build.compiled_modules() == []
    elif _build.pure_requested():
        assert name.startswith("pure Python (CARDKIT_PURE")
        assert _build.compiled_modules() == []
    else:
        assert name == f"compiled with mypyc ({len(compiled)} modules)"
        assert "cardkit.cards.cardset" in _build.compiled_modules()
    assert all(module.startswith("cardkit.") for module in compiled)
    assert Path(cardkit.__file__).suffix == ".py"  # the package's own module stays source


def test_a_compiled_run_really_runs_compiled_modules() -> None:
    """`.ci/run`'s second pass sets CARDKIT_EXPECT_COMPILED: it must not test sources."""
    expected = os.environ.get("CARDKIT_EXPECT_COMPILED", "")
    if not expected:
        pytest.skip("only in the compiled pass (CARDKIT_EXPECT_COMPILED names a module)")
    importlib.import_module(expected)
    assert expected in _build.compiled_modules()


#: Bot games recorded on both builds: every installed game, two seeds, its own bots and random.
_BOT_GAMES = """
import json, cardkit
from cardkit._build import compiled_modules
from cardkit.testing.playthrough import Playthrough, record_playthrough
specs = [
    Playthrough(name, players=cardkit.load_game(name).players.default, seed=seed, bots=bots)
    for name in cardkit.available_games()
    for seed, bots in ((1, None), (2, "random"))
]
games = {f"{spec.game} {spec}": record_playthrough(spec) for spec in specs}
print(json.dumps({"games": games, "compiled": compiled_modules()}))
"""


def _record_bot_games(pure: bool) -> dict[str, str]:
    env = {**os.environ, _build.PURE_VARIABLE: "1" if pure else ""}
    done = subprocess.run(
        [sys.executable, "-c", _BOT_GAMES], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    recorded = json.loads(done.stdout)
    assert ("cardkit.cards.cardset" not in recorded["compiled"]) is pure, recorded["compiled"]
    games: dict[str, str] = recorded["games"]
    return games


def _first_lines_that_differ(pure: str, compiled: str) -> str:
    diff = difflib.unified_diff(
        pure.splitlines(), compiled.splitlines(), "pure", "compiled", n=0, lineterm=""
    )
    return "\n".join(line[:300] for line in itertools.islice(diff, 12))


@pytest.mark.slow
def test_bots_play_the_same_games_on_both_builds() -> None:
    """Playthroughs recorded afresh by the bots read the same, byte for byte, on both builds.

    The recorded playthrough tests replay the actions written in their files, so
    they compare everything but the bots' choices; this lets the bots choose.
    """
    if not _build.compiled_files():
        pytest.skip("a pure installation: there is no compiled build to compare")
    compiled, pure = _record_bot_games(pure=False), _record_bot_games(pure=True)
    assert compiled.keys() == pure.keys()
    assert len(compiled) >= 2 * 6
    for name, text in compiled.items():
        assert text == pure[name], f"{name} differs:\n{_first_lines_that_differ(pure[name], text)}"


def test_compiled_abstract_classes_have_isinstance_caches_of_their_own() -> None:
    """A native class under an abstract base (GameState, Sequence) answers isinstance from
    caches of its own: a "no" about it is never remembered as a "no" about its base.

    mypyc builds native classes without ``ABCMeta.__new__``; without
    ``cardkit.engine._native.own_abc_caches`` a list that is not a ``Listing`` stopped
    being a ``Sequence`` in the whole process, and a plain ``GameState`` that is not a
    ``GenericState`` stopped being a ``GameState``.
    """
    from collections.abc import Sequence

    from cardkit.engine.generic import GenericState
    from cardkit.engine.listing import Listing
    from cardkit.engine.state import GameState

    class Actions(list[object]):
        pass

    class PlainState(GameState):
        pass

    assert not isinstance(Actions(), Listing)
    assert isinstance(Actions(), Sequence)
    assert not issubclass(PlainState, GenericState)
    assert issubclass(PlainState, GameState)
    for name in _build.compiled_modules():
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and value.__module__ == name
                and hasattr(value, "_abc_impl")
                and not getattr(value, "_is_protocol", False)
            ):
                assert "_abc_impl" in vars(value), f"{name}.{value.__qualname__}"
