"""The build that runs: compiled modules, and CARDKIT_PURE forcing their sources."""

from __future__ import annotations

import importlib
import importlib.machinery
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
