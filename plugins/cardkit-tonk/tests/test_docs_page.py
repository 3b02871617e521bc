"""The code examples of docs/games/tonk.md run as written and print what they show."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "tonk.md"


def python_blocks() -> list[str]:
    """The ```python blocks of the page."""
    if not DOC.exists():
        return []
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


@pytest.mark.skipif(not DOC.exists(), reason="the docs are not next to this checkout")
@pytest.mark.parametrize("number", range(3))
def test_docs_example_runs(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = python_blocks()
    assert len(blocks) == 3
    code = blocks[number]
    exec(compile(code, f"{DOC.name}[{number}]", "exec"), {"__name__": "tonk_docs"})
    printed = capsys.readouterr().out.splitlines()
    expected = [line.strip()[2:] for line in code.splitlines() if line.strip().startswith("# ")]
    assert printed == expected


@pytest.mark.skipif(not DOC.exists(), reason="the docs are not next to this checkout")
def test_every_option_is_in_the_table() -> None:
    from cardkit_tonk import TonkRules

    from cardkit import Rules

    text = DOC.read_text(encoding="utf-8")
    for name in TonkRules.model_fields.keys() - Rules.model_fields.keys():  # not the core's
        assert f"| `{name}` |" in text, name
