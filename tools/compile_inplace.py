"""Compile cardkit's hot modules with mypyc in place, beside their sources (or remove them).

The modules are those the compiled wheels compile: the ``[tool.hatch.build.targets.wheel.
hooks.mypyc] include`` of pyproject.toml, and of each seed game plugin's
(``plugins/*/pyproject.toml``). In place, an editable install (``uv sync``) imports the
C extensions instead of the sources, so the test suite runs on the compiled build;
``--clean`` removes them again. CI runs the tests on both builds this way (``.ci/run``).

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
#: The projects with compiled modules: the core, then the seed game plugins.
PROJECTS = [ROOT, *sorted(ROOT.glob("plugins/*/"))]


def compiled_sources(project: Path) -> list[Path]:
    """The sources `project` compiles, as listed in its pyproject.toml (none: no hook)."""
    config = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    hooks = config.get("tool", {}).get("hatch", {}).get("build", {}).get("targets", {})
    hook = hooks.get("wheel", {}).get("hooks", {}).get("mypyc", {})
    return [project / path for path in hook.get("include", [])]


def clean() -> list[Path]:
    """Remove the extensions and the build folders an in-place build left; return them."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    removed = []
    for project in PROJECTS:
        source = project / "src"
        removed += [path for path in source.rglob("*") if path.name.endswith(suffixes)]
        shutil.rmtree(source / "build", ignore_errors=True)
    for path in removed:
        path.unlink()
    return removed


def build() -> int:
    """Run mypyc on each project's compiled sources, writing each extension beside its
    source; return how many modules were compiled."""
    clean()
    count = 0
    for project in PROJECTS:
        source = project / "src"
        files = [str(path.relative_to(source)) for path in compiled_sources(project)]
        if files:
            subprocess.run([sys.executable, "-m", "mypyc", *files], cwd=source, check=True)
            shutil.rmtree(source / "build", ignore_errors=True)
            count += len(files)
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the extensions")
    if parser.parse_args().clean:
        print(f"removed {len(clean())} extension files")
    else:
        print(f"compiled {build()} modules in place")


if __name__ == "__main__":
    main()
