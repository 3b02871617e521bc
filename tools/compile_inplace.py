"""Compile cardkit's hot modules with mypyc in place, beside their sources (or remove them).

The modules are those the compiled wheels compile: pyproject.toml's
``[tool.hatch.build.targets.wheel.hooks.mypyc] include``. In place, an editable
install (``uv sync``) imports the C extensions instead of the sources, so the test
suite runs on the compiled build; ``--clean`` removes them again. CI runs the tests
on both builds this way (``.ci/run``).

    uv run python tools/compile_inplace.py          # build the extensions in src/
    uv run python tools/compile_inplace.py --clean  # back to the pure build
"""

from __future__ import annotations

import argparse
import importlib.machinery
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src"


def compiled_sources() -> list[Path]:
    """The sources the compiled build compiles, as listed in pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = project["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    return [ROOT / path for path in hook["include"]]


def clean() -> list[Path]:
    """Remove the extensions and the build folder an in-place build left; return them."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    removed = [path for path in SOURCE.rglob("*") if path.name.endswith(suffixes)]
    for path in removed:
        path.unlink()
    shutil.rmtree(SOURCE / "build", ignore_errors=True)
    return removed


def build() -> None:
    """Run mypyc on the compiled sources, writing each extension beside its source."""
    clean()
    files = [str(path.relative_to(SOURCE)) for path in compiled_sources()]
    subprocess.run([sys.executable, "-m", "mypyc", *files], cwd=SOURCE, check=True)
    shutil.rmtree(SOURCE / "build", ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the extensions")
    if parser.parse_args().clean:
        print(f"removed {len(clean())} extension files")
    else:
        build()
        print(f"compiled {len(compiled_sources())} modules in place")


if __name__ == "__main__":
    main()
