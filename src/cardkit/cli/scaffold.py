"""Scaffolding: ``cardkit new plugin NAME`` writes a working game plugin package, and
``cardkit new house-rule GAME NAME`` a house-rule package for one of the bundled games.

The package holds a small but complete shedding game on
[`GenericState`][cardkit.engine.generic.GenericState] (match the pile's suit or rank,
draw unseen from a stock; option ``hand_size``, a preset and a bot),
registered through the ``cardkit`` entry point, with tests that use the
conformance kit
([`cardkit.testing.contract.GameContract`][cardkit.testing.contract.GameContract]). It
passes its own tests as written, so a plugin author starts from green and changes the
game step by step::

    from cardkit.cli.scaffold import new_plugin

    root = new_plugin("demo-game", "/tmp")   # /tmp/cardkit-demo-game

The templates live in ``cardkit/cli/templates/plugin``; ``{{key}}`` in a
template (and ``__module__`` in a path) is replaced by the names of
[`PluginNames`][cardkit.cli.scaffold.PluginNames].

A house-rule package (``cardkit/cli/templates/house-rule``, see
[`new_house_rule`][cardkit.cli.scaffold.new_house_rule]) holds the whole rule
in its ``plugin.py``: the rule's declaration, and a working implementation
of one of the game's own hooks (Palace: a 5 skips the next player; Tonk: a
low winning drop pays double; Tiến lên: a pair of 3s beats a single 2), with
a scenario test and the contract suite with the rule on.
"""

from __future__ import annotations

import datetime
import fnmatch
import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from cardkit.errors import CardkitError

__all__ = [
    "HOUSE_RULE_GAMES",
    "MAX_NAME_LENGTH",
    "PluginNames",
    "ScaffoldError",
    "cardkit_checkout",
    "game_plugin_source",
    "house_rule_files",
    "join_workspace",
    "new_house_rule",
    "new_plugin",
    "plugin_files",
]

#: The games a house-rule package can be written for: those with house-rule hooks.
HOUSE_RULE_GAMES = ("palace", "tienlen", "tonk")

#: The longest game name accepted (the names derived from it must fit a line).
MAX_NAME_LENGTH = 24
_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


class ScaffoldError(CardkitError):
    """The plugin package cannot be written: a bad name, or the directory exists."""


@dataclass(frozen=True)
class PluginNames:
    """Every name of a new plugin package, derived from the game's name.

    Attributes:
        name: the game's name, also its entry point name (``demo-game``).
        distribution: the package to install (``cardkit-demo-game``).
        module: the import package (``cardkit_demo_game``).
        title: the display name (``Demo Game``).
        class_name: the prefix of its classes (``DemoGame``).
    """

    name: str
    distribution: str
    module: str
    title: str
    class_name: str

    @classmethod
    def from_name(cls, name: str) -> PluginNames:
        """Derive the names from a game name such as ``demo-game``.

        A leading ``cardkit-`` is dropped: ``cardkit-demo-game`` names the
        game ``demo-game`` too.

        Raises:
            ScaffoldError: the name is not lower-case letters, digits and
                single hyphens, starting with a letter, of at most
                [`MAX_NAME_LENGTH`][cardkit.cli.scaffold.MAX_NAME_LENGTH] characters.
        """
        game = name.strip()
        if game.startswith("cardkit-"):
            game = game[len("cardkit-") :]
        if not _NAME.fullmatch(game) or len(game) > MAX_NAME_LENGTH:
            raise ScaffoldError(
                f"{name!r} cannot name a game plugin: use lower-case letters, digits and single "
                f"hyphens, starting with a letter, at most {MAX_NAME_LENGTH} characters "
                "(such as 'demo-game')"
            )
        parts = game.split("-")
        return cls(
            name=game,
            distribution=f"cardkit-{game}",
            module="cardkit_" + game.replace("-", "_"),
            title=" ".join(part.capitalize() for part in parts),
            class_name="".join(part.capitalize() for part in parts),
        )

    def placeholders(self, year: int) -> dict[str, str]:
        """The value of each ``{{key}}`` of the templates."""
        return {
            "name": self.name,
            "distribution": self.distribution,
            "module": self.module,
            "title": self.title,
            "Class": self.class_name,
            "year": str(year),
        }


def _templates(kind: str = "plugin") -> Traversable:
    return resources.files("cardkit.cli") / "templates" / kind


def _walk(folder: Traversable, prefix: str = "") -> list[tuple[str, Traversable]]:
    found: list[tuple[str, Traversable]] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.is_dir():
            if entry.name != "__pycache__":
                found.extend(_walk(entry, f"{prefix}{entry.name}/"))
        elif entry.name.endswith(".tmpl"):
            found.append((prefix + entry.name.removesuffix(".tmpl"), entry))
    return found


def _render(text: str, values: dict[str, str], where: str) -> str:
    def value(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            raise ScaffoldError(f"template {where} uses an unknown placeholder {{{{{key}}}}}")
        return values[key]

    return _PLACEHOLDER.sub(value, text)


def plugin_files(names: PluginNames, *, year: int | None = None) -> dict[str, str]:
    """The files of the plugin package: relative path → text.

    ``gitignore`` becomes ``.gitignore`` and ``__module__`` the module's
    name; nothing is written to disk.
    """
    values = names.placeholders(year or datetime.date.today().year)
    files: dict[str, str] = {}
    for path, entry in _walk(_templates()):
        target = path.replace("__module__", names.module)
        if target == "gitignore":
            target = ".gitignore"
        files[target] = _render(entry.read_text(encoding="utf-8"), values, path)
    return files


def house_rule_files(game: str, names: PluginNames, *, year: int | None = None) -> dict[str, str]:
    """The files of a house-rule package for `game`: relative path → text.

    `names` are the rule's (its name is the house rule's and the entry point's).

    Raises:
        ScaffoldError: `game` is not one of
            [`HOUSE_RULE_GAMES`][cardkit.cli.scaffold.HOUSE_RULE_GAMES].
    """
    if game not in HOUSE_RULE_GAMES:
        raise ScaffoldError(
            f"no house-rule template for {game!r}: the games with house-rule hooks are "
            + ", ".join(HOUSE_RULE_GAMES)
        )
    values = {**names.placeholders(year or datetime.date.today().year), "game": game}
    files: dict[str, str] = {}
    for path, entry in _walk(_templates("house-rule")):
        if path.startswith("games/"):
            if not path.startswith(f"games/{game}/"):
                continue
            where = "src/__module__" if path.endswith("plugin.py") else "tests"
            target = f"{where}/{path.rsplit('/', 1)[1]}"
        else:
            target = ".gitignore" if path == "gitignore" else path
        files[target.replace("__module__", names.module)] = _render(
            entry.read_text(encoding="utf-8"), values, path
        )
    return files


def new_house_rule(game: str, name: str, directory: str | Path = ".") -> Path:
    """Write the house-rule package of the rule `name` for `game` into `directory`.

    Returns the package's root, ``directory/cardkit-<name>``.

    Raises:
        ScaffoldError: a bad name, a game without house-rule hooks, ``directory``
            is not a directory, or the package's directory already exists.
    """
    names = PluginNames.from_name(name)
    return _write(names, house_rule_files(game, names), Path(directory))


def new_plugin(name: str, directory: str | Path = ".") -> Path:
    """Write the plugin package for the game ``name`` into ``directory``.

    Returns the package's root, ``directory/cardkit-<name>``.

    Raises:
        ScaffoldError: a bad name, ``directory`` is not a directory, or the
            package's directory already exists (nothing is overwritten).
    """
    names = PluginNames.from_name(name)
    return _write(names, plugin_files(names), Path(directory))


def _write(names: PluginNames, files: dict[str, str], parent: Path) -> Path:
    if not parent.is_dir():
        raise ScaffoldError(f"{str(parent)!r} is not a directory; create it first")
    root = parent / names.distribution
    if root.exists():
        raise ScaffoldError(f"{str(root)!r} already exists; nothing was written")
    root.mkdir()
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _is_checkout(folder: Path) -> bool:
    try:
        data = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return False
    workspace = data.get("tool", {}).get("uv", {}).get("workspace")
    return data.get("project", {}).get("name") == "cardkit" and isinstance(workspace, dict)


def cardkit_checkout(start: str | Path) -> Path | None:
    """The cardkit checkout (a uv workspace) that ``start`` is inside, or ``None``."""
    folder = Path(start).resolve()
    for candidate in (folder, *folder.parents):
        if _is_checkout(candidate):
            return candidate
    return None


def _project_name(folder: Path) -> str | None:
    try:
        data = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return None
    name = data.get("project", {}).get("name")
    return name if isinstance(name, str) else None


def game_plugin_source(game: str) -> Path | None:
    """The project folder of the installed plugin of `game` (``.../plugins/cardkit-tonk``).

    A house-rule package depends on its game's plugin, which is not on the
    package index either: outside a checkout it is installed from this folder.
    ``None`` when the plugin is not installed from a folder (a wheel).
    """
    import importlib.util

    distribution = f"cardkit-{game}"
    spec = importlib.util.find_spec(distribution.replace("-", "_"))
    if spec is None or spec.origin is None:
        return None
    for folder in Path(spec.origin).resolve().parents:
        if _project_name(folder) == distribution:
            return folder
    return None


def join_workspace(package: str | Path) -> Path | None:
    """Make a new plugin package a member of the cardkit checkout it is in, as ``uv init`` does.

    The package gets ``cardkit = { workspace = true }`` as its source of cardkit,
    and the checkout's ``[tool.uv.workspace] members`` the package's folder
    unless a pattern there covers it already. Returns the checkout, or ``None``
    (nothing changed) when the package is not inside one.
    """
    root = Path(package).resolve()
    checkout = cardkit_checkout(root.parent)
    if checkout is None:
        return None
    member = root.relative_to(checkout).as_posix()
    project = checkout / "pyproject.toml"
    text = project.read_text(encoding="utf-8")
    members = tomllib.loads(text)["tool"]["uv"]["workspace"].get("members", [])
    if not any(fnmatch.fnmatchcase(member, pattern) for pattern in members):
        opening = re.search(r"^members\s*=\s*\[", text, re.MULTILINE)
        if opening is None:
            text = text.replace(
                "[tool.uv.workspace]\n", f'[tool.uv.workspace]\nmembers = ["{member}"]\n'
            )
        else:
            at = opening.end()
            text = f'{text[:at]}"{member}", {text[at:]}'
        project.write_text(text, encoding="utf-8")
    ours = root / "pyproject.toml"
    ours.write_text(
        ours.read_text(encoding="utf-8")
        + "\n# cardkit comes from the checkout this package is in (a uv workspace member).\n"
        + "[tool.uv.sources]\ncardkit = { workspace = true }\n",
        encoding="utf-8",
    )
    return checkout
