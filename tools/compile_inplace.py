"""Compile cardkit's hot modules with mypyc in place, beside their sources (or remove them).

The modules are those the compiled wheels compile: the ``[tool.hatch.build.targets.wheel.
hooks.mypyc] include`` of pyproject.toml, and of each seed game plugin's
(``plugins/*/pyproject.toml``). In place, an editable install (``uv sync``) imports the
C extensions instead of the sources, so the test suite runs on the compiled build;
``--clean`` removes them again. CI runs the tests on both builds this way (``.ci/run``).

    uv run python tools/compile_inplace.py          # build the extensions in src/
    uv run python tools/compile_inplace.py --clean  # back to the pure build

The projects compile one per core at once (``--jobs N`` to choose).
"""

from __future__ import annotations

import argparse
import importlib.machinery
import os
import shutil
import subprocess
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor
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


def compile_project(project: Path) -> int:
    """Run mypyc on `project`'s compiled sources, writing each extension beside its source;
    return how many modules it compiled. Its output is printed whole when it ends."""
    source = project / "src"
    files = [str(path.relative_to(source)) for path in compiled_sources(project)]
    if not files:
        return 0
    # mypyc writes its C and its cache under build/ in the working directory: each project
    # has its own, so two projects compile at once without sharing a file.
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *files],
        cwd=source,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    print(done.stdout, end="", flush=True)
    if done.returncode:
        raise SystemExit(f"mypyc failed on {project.relative_to(ROOT) or '.'} ({done.returncode})")
    shutil.rmtree(source / "build", ignore_errors=True)
    return len(files)


def build(jobs: int) -> int:
    """Compile each project's sources in place, `jobs` projects at a time (each mypyc run
    uses one CPU); return how many modules were compiled."""
    clean()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return sum(pool.map(compile_project, PROJECTS))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the extensions")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="projects compiled at once"
    )
    args = parser.parse_args()
    if args.clean:
        print(f"removed {len(clean())} extension files")
    else:
        print(f"compiled {build(max(args.jobs, 1))} modules in place")


if __name__ == "__main__":
    main()
