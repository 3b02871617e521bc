"""``cardkit new plugin NAME`` and ``cardkit new house-rule GAME NAME``: write a working
game plugin package, or a house-rule package, from the templates."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

import cardkit
from cardkit.cli._common import clean_errors, out
from cardkit.cli.scaffold import (
    PluginNames,
    cardkit_checkout,
    game_plugin_source,
    join_workspace,
    new_house_rule,
    new_plugin,
)
from cardkit.errors import CardkitError
from cardkit.plugins.registry import registry

__all__ = ["new_app"]

new_app = typer.Typer(
    name="new",
    help="Create a new package from a template: 'cardkit new plugin NAME', "
    "'cardkit new house-rule GAME NAME'.",
    no_args_is_help=True,
)


@new_app.command("plugin")
@clean_errors
def plugin(
    name: Annotated[
        str,
        typer.Argument(
            help="The game's name: lower-case letters, digits and hyphens (such as demo-game)."
        ),
    ],
    directory: Annotated[
        Path,
        typer.Option(
            "--dir",
            help="Where to write the package folder cardkit-NAME (default: here).",
            file_okay=False,
        ),
    ] = Path("."),
) -> None:
    """Write a game plugin package that passes its own tests (with the conformance kit)."""
    if name in registry().available():  # cardkit-NAME would clash with the installed game
        raise CardkitError(f"a game named {name!r} is already installed; choose another name")
    root = new_plugin(name, directory)
    names = PluginNames.from_name(name)
    files = sorted(p for p in root.rglob("*") if p.is_file())
    console = out()
    console.print(Text(f"Wrote {names.distribution} ({len(files)} files) in {root}", style="bold"))
    for path in files:
        console.print(Text(f"  {path.relative_to(root)}", style="dim"))
    checkout = join_workspace(root)
    console.print(Text("Next:", style="bold"))
    for line in next_steps(root, names, checkout):
        console.print(Text(f"  {line}"), soft_wrap=True)  # a command stays one line


@new_app.command("house-rule")
@clean_errors
def house_rule(
    game: Annotated[str, typer.Argument(help="The game: palace, tienlen or tonk.")],
    name: Annotated[
        str,
        typer.Argument(help="The rule's name: lower-case letters, digits and hyphens."),
    ],
    directory: Annotated[
        Path,
        typer.Option(
            "--dir", help="Where to write the package folder cardkit-NAME.", file_okay=False
        ),
    ] = Path("."),
) -> None:
    """Write a house-rule package for GAME that passes its tests (and the contract suite)."""
    root = new_house_rule(game, name, directory)
    names = PluginNames.from_name(name)
    files = sorted(p for p in root.rglob("*") if p.is_file())
    console = out()
    console.print(Text(f"Wrote {names.distribution} ({len(files)} files) in {root}", style="bold"))
    for path in files:
        console.print(Text(f"  {path.relative_to(root)}", style="dim"))
    checkout = join_workspace(root)
    console.print(Text("Next:", style="bold"))
    demo = f"cardkit demo {game} --rules house_rules={names.name} --seed 1"
    plugin = game_plugin_source(game)
    for line in next_steps(root, names, checkout, demo, also=[plugin or f"cardkit-{game}"]):
        console.print(Text(f"  {line}"), soft_wrap=True)  # a command stays one line


def next_steps(
    root: Path,
    names: PluginNames,
    checkout: Path | None,
    demo: str = "",
    also: Sequence[Path | str] = (),
) -> list[str]:
    """The commands that install and test the new package, as printed.

    ``also`` are the other packages it needs that are not on the package index
    (a house rule's game plugin): a project folder, or a distribution name
    found in the cardkit clone's ``plugins/``.
    """
    demo = demo or f"cardkit demo {names.name} --seed 1"
    if checkout is not None:
        where = root.resolve().relative_to(checkout).as_posix()
        return [
            f"cd {checkout}",
            "uv sync --all-packages          # the new package is a member of this workspace",
            f"uv run pytest {where}",
            f"uv run {demo}",
        ]
    source = cardkit_checkout(Path(cardkit.__file__).parent) or Path("PATH/TO/cardkit")
    extra = [p if isinstance(p, Path) else source / "plugins" / p for p in also]
    what = " and ".join(["cardkit", *(p.name for p in extra)])
    editable = " ".join(f"-e {shlex.quote(str(p))}" for p in [source, *extra])
    return [
        f"cd {root}",
        f"# {what} are not on the package index yet: install them from a local clone"
        if extra
        else "# cardkit is not on the package index yet: install it from a local clone",
        f'uv venv && uv pip install {editable} -e ".[test]"',
        ".venv/bin/pytest                # its tests and the contract suite",
        f".venv/bin/{demo}",
    ]
