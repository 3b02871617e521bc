"""Which build of cardkit runs: modules compiled with mypyc, or pure Python.

A compiled wheel ships each compiled module twice: as a C extension and as its
``.py`` source. Python imports the extension where both are present. Setting
``CARDKIT_PURE=1`` before ``import cardkit`` makes every module of cardkit and
of its game packages (``cardkit_*``) load from its source instead, for
debugging with the pure-Python build of the same wheel: tracebacks with lines,
``pdb``, coverage.

```python
from cardkit._build import build_name, compiled_modules

print(build_name())         # 'pure Python' or 'compiled with mypyc (14 modules)'
print(compiled_modules())   # the cardkit modules loaded from C extensions now
```
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = [
    "PURE_VARIABLE",
    "build_name",
    "compiled_files",
    "compiled_modules",
    "pure_requested",
    "use_pure_modules",
]

#: The environment variable that forces the pure-Python modules of a compiled build.
PURE_VARIABLE = "CARDKIT_PURE"
_PACKAGES = ("cardkit", "cardkit_")


def pure_requested() -> bool:
    """Whether ``CARDKIT_PURE`` asks for the pure-Python modules (set, and not ``0``)."""
    return os.environ.get(PURE_VARIABLE, "").strip() not in ("", "0")


def _ours(fullname: str) -> bool:
    return fullname.startswith(("cardkit.", "cardkit_"))


class SourceFirstFinder(importlib.abc.MetaPathFinder):
    """Finds cardkit's modules by their ``.py`` source, never their compiled extension."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        """The spec of ``fullname``'s source file, for cardkit's modules only."""
        if not _ours(fullname):
            return None
        name = fullname.rpartition(".")[2]
        for entry in path if path is not None else sys.path:
            folder = Path(entry or ".")
            package = folder / name / "__init__.py"
            if package.is_file():
                return importlib.util.spec_from_file_location(
                    fullname, package, submodule_search_locations=[str(folder / name)]
                )
            module = folder / f"{name}.py"
            if module.is_file():
                return importlib.util.spec_from_file_location(fullname, module)
        return None


def use_pure_modules() -> None:
    """Load cardkit's modules from source from now on (idempotent)."""
    if not any(isinstance(finder, SourceFirstFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFirstFinder())


def compiled_modules() -> list[str]:
    """The names of the loaded cardkit modules that run as C extensions, sorted."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if (name == "cardkit" or name.startswith(_PACKAGES))
        and str(getattr(module, "__file__", None) or "").endswith(suffixes)
    )


def compiled_files() -> list[str]:
    """The cardkit modules this installation has as C extensions, used or not, sorted."""
    import cardkit

    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for folder in map(Path, cardkit.__path__):
        for file in folder.rglob("*"):
            stem = file.name.split(".", 1)[0]
            if file.name.endswith(suffixes) and not stem.endswith("__mypyc"):
                parts = file.relative_to(folder).parent.parts
                found.append(".".join(("cardkit", *parts, stem)))
    return sorted(found)


def build_name() -> str:
    """Which build runs, as ``cardkit --version`` says it.

    ``'pure Python'``; ``'compiled with mypyc (N modules)'``; or, for a compiled
    build run with ``CARDKIT_PURE=1``, ``'pure Python (CARDKIT_PURE: N compiled
    modules not used)'``.
    """
    compiled = compiled_files()
    if not compiled:
        return "pure Python"
    if pure_requested():
        return f"pure Python ({PURE_VARIABLE}: {len(compiled)} compiled modules not used)"
    return f"compiled with mypyc ({len(compiled)} modules)"
