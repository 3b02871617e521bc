"""Every Python block of the docs runs as a reader pastes it, or says it is a fragment.

A reader copies the blocks of a page one after another into a Python session
(or a file) and expects them to run. So, for every page of ``docs/`` and the
README, this runs the page's ```` ```python ```` blocks in page order, in one
namespace per page (``__name__`` is ``"__main__"``, the working directory an
empty temporary one, the process-wide registry a fresh one).

The rule for doc writers: a block that cannot run as written (a signature, a
method pulled out of its class, a quote of a file that its own tests run, a
client that needs a server) gets the marker ``<!-- fragment -->`` on the line
right above its fence, with a reason if it helps: ``<!-- fragment: needs a
Dask scheduler -->``. The marker is an HTML comment, so neither the site nor
GitHub shows it; the prose around the block tells the reader what it is.

A block whose first line is a comment naming a Python file (``# eight_skips.py:
a house rule``, ``# ~/cardkit-plugins/jack_skips.py``) is that file: the check
also saves it there (in the temporary directory, which stands for ``~`` too,
and is on ``sys.path``), so that the blocks after it can import it.

A page whose blocks start worker processes (``jobs=`` above 1) is run the way
a reader runs a script, pasted into one file and started with ``python``
(workers are started with ``spawn``, which imports that file again): those
are slow tests.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardkit.plugins.registry import Registry, registry, reset_registry

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

#: The marker of a block that is not meant to run alone (the line right above its fence).
FRAGMENT = re.compile(r"^<!-- fragment(?::[^>]*)? -->$")
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n`]*)$")
_LANGUAGES = frozenset({"python", "py", "python3"})
#: The first line of a block that is a file: ``# name.py`` or ``# ~/dir/name.py``.
_FILE = re.compile(r"^# (?:~/)?(?P<path>[\w./-]+\.py)\b")
#: Code that starts worker processes: such a page runs as a file, in a slow test.
_WORKERS = re.compile(r"\bjobs\s*=\s*(?!1\b)(?:\d+|[A-Za-z_])")

#: Pages owned by other helpers whose blocks do not run yet: what is left, and by whom.
NOT_YET: dict[str, str] = {
    "server/protocol.md": (
        "the server helpers' page: its HTTP client (line 196) needs a running server; "
        "mark it <!-- fragment: needs a running server -->"
    ),
    "tutorials/train-an-agent.md": (
        "the rl helpers' page: line 79 lacks its imports (View), the quotes of "
        "examples/train_tonk.py and the sb3-contrib block need <!-- fragment -->"
    ),
}


@dataclass(frozen=True)
class Block:
    """One fenced code block of a page."""

    line: int  #: the line of its opening fence (1-based)
    language: str  #: the first word of the fence's info string
    code: str  #: its text, dedented by the fence's indentation
    fragment: bool  #: marked ``<!-- fragment -->`` on the line above


def code_blocks(text: str) -> list[Block]:
    """The fenced code blocks of a Markdown page, in page order."""
    lines = text.splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if match is None:
            i += 1
            continue
        indent, fence = match["indent"], match["fence"]
        info = match["info"].strip()
        body: list[str] = []
        j = i + 1
        while j < len(lines):
            stripped = lines[j].strip()
            if stripped.startswith(fence) and not stripped.strip(fence[0]):
                break
            body.append(lines[j].removeprefix(indent))
            j += 1
        above = lines[i - 1].strip() if i else ""
        language = info.split()[0].lstrip(".{").rstrip("}") if info else ""
        blocks.append(Block(i + 1, language, "\n".join(body) + "\n", bool(FRAGMENT.match(above))))
        i = j + 1
    return blocks


def runnable(text: str) -> list[Block]:
    """The Python blocks of a page that must run: every one not marked a fragment."""
    return [b for b in code_blocks(text) if b.language in _LANGUAGES and not b.fragment]


def pages() -> list[str]:
    """Every Markdown page of the docs (relative to docs/), and the README."""
    found = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))
    return [*found, "../README.md"]


def _text(page: str) -> str:
    return (DOCS / page).read_text(encoding="utf-8")


def starts_workers(text: str) -> bool:
    """Whether a page's runnable blocks start worker processes."""
    return any(_WORKERS.search(b.code) for b in runnable(text))


def _param(page: str) -> object:
    marks = []
    if page in NOT_YET:
        marks.append(pytest.mark.xfail(reason=NOT_YET[page], strict=False))
    return pytest.param(page, marks=marks, id=page)


QUICK = [_param(p) for p in pages() if not starts_workers(_text(p))]
AS_FILES = [_param(p) for p in pages() if starts_workers(_text(p))]


@pytest.fixture
def reader(tmp_path: Path) -> Iterator[Path]:
    """An empty working directory and a fresh process-wide registry, restored afterwards."""
    old_registry, old_cwd, old_modules = registry(), Path.cwd(), set(sys.modules)
    reset_registry(Registry())
    os.chdir(tmp_path)
    sys.path.insert(0, str(tmp_path))
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        for name in set(sys.modules) - old_modules:
            if str(tmp_path) in str(getattr(sys.modules[name], "__file__", None) or ""):
                del sys.modules[name]
        os.chdir(old_cwd)
        reset_registry(old_registry)


def run_page(page: str, text: str) -> None:
    """Run the page's runnable blocks in order in one namespace; fail naming the block."""
    namespace: dict[str, object] = {"__name__": "__main__"}
    for block in runnable(text):
        where = f"docs/{page}:{block.line}"
        file = _FILE.match(block.code)
        if file:
            path = Path(file["path"])
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(block.code, encoding="utf-8")
        try:
            exec(compile(block.code, where, "exec"), namespace)
        except Exception as error:
            pytest.fail(
                f"{where}: the block fails as pasted ({type(error).__name__}: {error}); "
                "fix it, or mark it <!-- fragment --> on the line above its fence",
                pytrace=False,
            )


@pytest.mark.parametrize("doc", QUICK)
def test_every_python_block_runs_in_page_order(doc: str, reader: Path) -> None:
    run_page(doc, _text(doc))


@pytest.mark.slow
@pytest.mark.parametrize("doc", AS_FILES)
def test_a_page_that_starts_workers_runs_pasted_into_a_file(doc: str, tmp_path: Path) -> None:
    for block in runnable(_text(doc)):
        if file := _FILE.match(block.code):
            (tmp_path / file["path"]).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / file["path"]).write_text(block.code, encoding="utf-8")
    script = tmp_path / "pasted.py"
    script.write_text("\n".join(b.code for b in runnable(_text(doc))), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]


# -- the checks themselves ------------------------------------------------------------------------


SAMPLE = """\
Some text.

```python
x = 1
```

<!-- fragment: a method, out of its class -->
```python
def f(self): ...
```

- in a list:

    ```py
    y = x + 1
    ```

```console
$ cardkit games
```
"""


def test_blocks_and_fragments_are_found() -> None:
    blocks = code_blocks(SAMPLE)
    assert [(b.line, b.language, b.fragment) for b in blocks] == [
        (3, "python", False),
        (8, "python", True),
        (14, "py", False),
        (18, "console", False),
    ]
    assert blocks[2].code == "y = x + 1\n"
    assert [b.code for b in runnable(SAMPLE)] == ["x = 1\n", "y = x + 1\n"]


def test_a_block_that_fails_as_pasted_is_caught(reader: Path) -> None:
    with pytest.raises(pytest.fail.Exception, match=r"docs/p\.md:3: .*NameError"):
        run_page("p.md", "Text.\n\n```python\nprint(state)\n```\n")
    run_page("p.md", "Text.\n\n<!-- fragment -->\n```python\nprint(state)\n```\n")


def test_blocks_run_in_page_order_in_one_namespace(reader: Path) -> None:
    run_page("p.md", "```python\nx = 2\n```\n\nthen\n\n```python\nassert x == 2\n```\n")


def test_a_block_that_is_a_file_can_be_imported_by_the_next(reader: Path) -> None:
    text = "```python\n# helper_mod.py: a module\nVALUE = 3\n```\n\n"
    run_page("p.md", text + "```python\nimport helper_mod\nassert helper_mod.VALUE == 3\n```\n")
    assert (reader / "helper_mod.py").is_file()


def test_a_page_that_starts_workers_is_run_as_a_file() -> None:
    assert starts_workers("```python\nsimulate('tonk', jobs=2)\n```\n")
    assert starts_workers("```python\nsimulate('tonk', jobs=jobs)\n```\n")
    assert not starts_workers("```python\nsimulate('tonk', jobs=1)\n```\n")
    assert not starts_workers("<!-- fragment -->\n```python\nsimulate('tonk', jobs=2)\n```\n")
    assert "concepts/matches.md" in {p.values[0] for p in AS_FILES}  # type: ignore[attr-defined]
