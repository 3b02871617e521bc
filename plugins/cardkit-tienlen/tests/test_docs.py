"""The code examples of docs/games/tienlen.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "tienlen.md"


def python_blocks() -> list[str]:
    if not DOC.exists():
        return []
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


@pytest.mark.skipif(not DOC.exists(), reason="the docs are not next to this checkout")
@pytest.mark.parametrize("number", range(2))
def test_docs_example_runs(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = python_blocks()
    assert len(blocks) == 2
    code = blocks[number]
    exec(compile(code, f"{DOC.name}[{number}]", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    expected = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    assert printed == expected
