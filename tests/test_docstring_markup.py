"""Docstrings use the markup the API reference renders.

mkdocstrings renders Markdown: a Sphinx role (a colon, a role name, a colon and a
backticked target) would show up literally on the API pages, so none may be left in
the sources of the core, the plugins, the examples, the scaffold's templates or the
tests. Cross references are written ``[`Name`][cardkit.module.Name]`` instead.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_ROLES = "class|meth|func|attr|mod|data|exc|obj|const|py:[a-z]+"
#: A Sphinx role; built from parts so this file does not match itself.
ROLE = re.compile(":(?:" + _ROLES + "):" + "`")
#: A Sphinx field list entry (``:param x:``, ``:returns:``) at the start of a line.
FIELD = re.compile(r"^\s*:(?:param|type|returns?|rtype|raises|ivar|cvar|var)\b[^:]*:", re.M)
SOURCES = ("src", "plugins", "examples", "tests", "benchmarks", "docs")


def leftover_markup(text: str) -> list[str]:
    """The lines of ``text`` with a Sphinx role or field list entry."""
    return [line.strip() for line in text.splitlines() if ROLE.search(line) or FIELD.match(line)]


def _source_files() -> list[Path]:
    files: list[Path] = []
    for top in SOURCES:
        for pattern in ("*.py", "*.tmpl"):
            files.extend(p for p in (ROOT / top).rglob(pattern) if ".venv" not in p.parts)
    return sorted(files)


def test_the_sources_are_found() -> None:
    names = {p.name for p in _source_files()}
    assert {"card.py", "game.py.tmpl", "test_docstring_markup.py"} <= names


def test_no_sphinx_role_or_field_list_is_left() -> None:
    found = {
        str(path.relative_to(ROOT)): lines
        for path in _source_files()
        if (lines := leftover_markup(path.read_text(encoding="utf-8")))
    }
    assert found == {}


@pytest.mark.parametrize(
    "line",
    [
        "    Build it with " + ":class" + ":`Card`.",
        "see " + ":meth" + ":`~cardkit.Game.start`",
        "    :param" + " seat: the seat",
        "    :returns" + ": the card",
    ],
)
def test_a_leftover_role_is_caught(line: str) -> None:
    assert leftover_markup(f'"""Doc.\n\n{line}\n"""') != []


def test_cross_references_are_not_caught() -> None:
    assert leftover_markup('"""See [`Card.parse`][cardkit.cards.card.Card.parse]: a b."""') == []
