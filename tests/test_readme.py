"""The README's usage example runs as printed."""

from __future__ import annotations

import re
from pathlib import Path

import cardkit

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_usage_example_runs(capsys: object) -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert blocks, "the README has no Python example"
    namespace: dict[str, object] = {}
    exec(compile(blocks[0], "README.md", "exec"), namespace)
    state = namespace["state"]
    assert isinstance(state, cardkit.GameState)
    assert state.is_over
    assert state.game.name == "tienlen"


def test_the_readme_names_the_two_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "uv run cardkit demo" in text
    assert "uv run pytest" in text
