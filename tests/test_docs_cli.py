"""The command-line page documents every command and every option the command has.

``docs/cli.md`` opens with an overview of the commands and has a section
``## `cardkit COMMAND ...` `` for each; the options of a command are named in
its section or in the table of options shared by several commands. The truth
is the command itself (its click parameters), so a new command or option
without docs fails here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer.main

from cardkit.cli._app import app
from cardkit.cli._common import DEMO_GAMES

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
OVERVIEW = PAGE.split("```text\n", 1)[1].split("```", 1)[0]
SHARED = PAGE.split("## Options shared by several commands", 1)[1].split("\n## ", 1)[0]


def _commands() -> dict[str, Any]:
    """Every command (a click command) by its full name (``new plugin``), from the app itself."""
    found: dict[str, Any] = {}
    root: Any = typer.main.get_command(app)
    for name, command in root.commands.items():
        if hasattr(command, "commands"):  # a group: `new plugin`, `new house-rule`
            found.update({f"{name} {sub}": c for sub, c in command.commands.items()})
        else:
            found[name] = command
    return found


COMMANDS = _commands()


def section(page: str, command: str) -> str | None:
    """The text of the section of ``cardkit COMMAND`` on the page, or None."""
    for part in re.split(r"^## ", page, flags=re.MULTILINE):
        if part.startswith(f"`cardkit {command}`") or part.startswith(f"`cardkit {command} "):
            return part
    return None


def undocumented_options(command: Any, text: str) -> list[str]:
    """The long options of ``command`` that neither ``text`` nor the shared table names.

    An option is named where it is written, in a table, the prose or an example.
    """
    options = [o for p in command.params for o in p.opts if o.startswith("--")]
    named = set(re.findall(r"(?<![\w-])--[\w-]+", text + SHARED))
    return [o for o in options if o not in named]


def test_the_commands_are_found() -> None:
    assert {"serve", "tournament", "new plugin", "new house-rule"} <= set(COMMANDS)


@pytest.mark.parametrize("command", sorted({c.split()[0] for c in COMMANDS}))
def test_the_overview_lists_every_command(command: str) -> None:
    assert re.search(rf"^  {command}\b", OVERVIEW, flags=re.MULTILINE), OVERVIEW


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_has_a_section_naming_its_options(command: str) -> None:
    text = section(PAGE, command)
    assert text is not None, f"docs/cli.md has no section ## `cardkit {command} ...`"
    assert undocumented_options(COMMANDS[command], text) == []


def test_an_undocumented_option_is_caught() -> None:
    text = "## `cardkit serve`\n\n| `--host` | the address |\n"
    missing = undocumented_options(COMMANDS["serve"], section(text, "serve") or "")
    assert "--allow-origin" in missing
    assert "--host" not in missing


def test_the_demo_names_the_games_it_prefers_in_order() -> None:
    text = section(PAGE, "demo")
    assert text is not None
    assert f"# the first of {', '.join(DEMO_GAMES)}\n" in text
