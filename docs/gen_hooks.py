"""The docs' generated parts: the hooks reference, and the facts the pages state.

**The hooks reference** (``docs/api/hooks.md``): the reference of every hook, from the hook
specifications.

The hooks are the core's ([`cardkit.plugins.hookspecs`][cardkit.plugins.hookspecs]) and those each
installed
game publishes through ``cardkit_add_hookspecs``; for each one the page gives
its name, signature, options (``firstresult``) and docstring. Run it after
changing a hookspec::

    uv run python docs/gen_hooks.py

``tests/test_docs.py`` fails when the page is out of date, or a hook has no
docstring.

**The facts** (which games are installed, their packages, aliases and player counts): a
page or the README states them inside a region,
``<!-- facts:NAME -->`` ... ``<!-- /facts -->`` (on one line, or around whole lines with
a blank line inside each marker), whose body this module writes from the installed
games' registrations (``NAME`` is one of [`FACTS`][]). mkdocs runs this file as a hook
(``hooks:`` in mkdocs.yml), so the built site always says what is installed; the same
script run by hand rewrites the regions of the sources, and ``tests/test_docs_facts.py``
fails when a committed region disagrees (the README is read on GitHub and PyPI, where
no hook runs). ``docs/check_site.py`` fails on a player count, a list of game names or
a test count stated by hand that disagrees.
"""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy

import cardkit
from cardkit.plugins.registry import Registry

__all__ = [
    "FACTS",
    "PAGE",
    "REGION",
    "GameFacts",
    "HookDoc",
    "fill_regions",
    "game_facts",
    "hook_docs",
    "on_page_markdown",
    "render",
    "render_fact",
    "undocumented",
]

#: The page this script writes.
PAGE = Path(__file__).resolve().parent / "api" / "hooks.md"
#: The repository's root: where the game packages and the README are.
ROOT = Path(__file__).resolve().parents[1]
#: A region of generated facts in a page: its opening marker, body and closing marker.
REGION = re.compile(
    r"<!-- facts:(?P<name>[a-z0-9][a-z0-9:-]*) -->(?P<body>.*?)<!-- /facts -->", re.S
)
#: The tutorial that writes each example game, for the games table.
TUTORIALS = {
    "cardkit-crazyeights": "tutorials/write-a-game-plugin.md",
    "cardkit-spades": "tutorials/write-a-trick-taking-game.md",
}

_ROLE = re.compile(r":(?:class|meth|func|mod|data|attr|exc|obj):`~?([^`]+)`")


@dataclass(frozen=True)
class HookDoc:
    """One hook specification, ready to document.

    Attributes:
        name: the hook's name.
        module: the module that specifies it (``cardkit.plugins.hookspecs``).
        signature: its signature, as written in the module.
        options: its pluggy options that are set (``firstresult``, ``historic``).
        doc: its docstring, dedented (empty when it has none).
    """

    name: str
    module: str
    signature: str
    options: tuple[str, ...]
    doc: str


def hook_docs(pm: pluggy.PluginManager) -> list[HookDoc]:
    """Every hook specified in ``pm``: the core's first, then by module, each in source order."""
    docs = []
    for name, caller in vars(pm.hook).items():
        spec = getattr(caller, "spec", None)
        if spec is None:
            continue
        function = spec.function
        options = tuple(k for k in ("firstresult", "historic") if spec.opts.get(k))
        docs.append(
            HookDoc(
                name=name,
                module=function.__module__,
                signature=_signature(name, function),
                options=options,
                doc=inspect.getdoc(function) or "",
            )
        )
    return sorted(
        docs, key=lambda d: (d.module != "cardkit.plugins.hookspecs", d.module, _line(pm, d))
    )


def _annotation(annotation: object) -> str:
    return annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)


def _signature(name: str, function: Callable[..., object]) -> str:
    """``name(arg: Type, ...) -> Type``, with the annotations as written in the source."""
    signature = inspect.signature(function)
    params = []
    for param in signature.parameters.values():
        empty = param.annotation is inspect.Parameter.empty
        params.append(param.name if empty else f"{param.name}: {_annotation(param.annotation)}")
    returns = signature.return_annotation
    tail = "" if returns is inspect.Signature.empty else f" -> {_annotation(returns)}"
    return f"{name}({', '.join(params)}){tail}"


def _line(pm: pluggy.PluginManager, doc: HookDoc) -> int:
    function = getattr(pm.hook, doc.name).spec.function
    return int(function.__code__.co_firstlineno)


def undocumented(pm: pluggy.PluginManager) -> list[str]:
    """The names of the hooks whose specification has no docstring."""
    return [d.name for d in hook_docs(pm) if not d.doc.strip()]


def _markdown(text: str) -> str:
    """Docstring text as Markdown: Sphinx roles become code, ``::`` a colon."""
    text = _ROLE.sub(lambda m: f"`{m.group(1)}`", text)
    return re.sub(r"::$", ":", text, flags=re.MULTILINE)


def _owners(registry: Registry) -> dict[str, str]:
    """Top-level package → the titles of the games its plugin registered."""
    owners: dict[str, str] = {}
    for name, info in registry.plugins.items():
        plugin = registry.pm.get_plugin(name)
        module = getattr(plugin, "__name__", None)
        if isinstance(module, str) and info.games:
            titles = [registry.game(g).title for g in info.games]
            owners[module.split(".")[0]] = ", ".join(titles)
    return owners


def render(registry: Registry) -> str:
    """The Markdown of the hooks reference for the hooks of ``registry``."""
    owners = _owners(registry)
    out = [
        "# Hooks",
        "",
        "<!-- Generated by docs/gen_hooks.py from the hook specifications: do not edit by",
        "     hand; run `uv run python docs/gen_hooks.py` (tests/test_docs.py checks it). -->",
        "",
        "A plugin implements a hook by defining a function (or a method of a plugin object)",
        "with the hook's name, marked `@cardkit.hookimpl`. It may leave out arguments it does",
        "not use. The core's hooks register games, house rules, presets and bots; the games'",
        "own hooks are their variation points, which house-rule plugins implement (see",
        "[Plugins](../concepts/plugins.md) and the tutorial",
        "[Write a house rule](../tutorials/write-a-house-rule.md)).",
    ]
    modules: dict[str, list[HookDoc]] = {}
    for doc in hook_docs(registry.pm):
        modules.setdefault(doc.module, []).append(doc)
    for module_name, docs in modules.items():
        module: ModuleType | None = sys.modules.get(module_name)
        if module_name == "cardkit.plugins.hookspecs":
            heading = "Core hooks"
        else:
            heading = f"{owners.get(module_name.split('.')[0], module_name)} hooks"
        out += ["", f"## {heading} (`{module_name}`)", ""]
        intro = inspect.getdoc(module) if module is not None else None
        if intro:
            out += [_markdown(intro), ""]
        for doc in docs:
            out += [f"### `{doc.name}`", ""]
            if doc.options:
                out += [" ".join(f"`{o}`" for o in doc.options), ""]
            out += [
                "<!-- fragment: a signature -->",
                "```python",
                f"def {doc.signature}: ...",
                "```",
                "",
            ]
            out += [_markdown(doc.doc) if doc.doc else "*(No documentation.)*", ""]
    return "\n".join(out).rstrip() + "\n"


# -- the facts the pages state --------------------------------------------------------------------


@dataclass(frozen=True)
class GameFacts:
    """What the pages say about one installed game, from its registration.

    Attributes:
        name: its registered name (``tonk``).
        title: its title (``Tonk``).
        package: the distribution that registers it (``cardkit-tonk``).
        example: whether the package is one of the repository's examples/ (not plugins/).
        aliases: its other names.
        min_players: the fewest seats it takes.
        max_players: the most seats it takes.
        default_players: the seats it is played with when none are given.
    """

    name: str
    title: str
    package: str
    example: bool
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    default_players: int

    @property
    def players(self) -> str:
        """The player counts as the pages write them: ``2 to 6``."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players} to {self.max_players}"


def game_facts(registry: Registry) -> list[GameFacts]:
    """The facts of every game registered in ``registry``, by name."""
    packages = {g: info.distribution for info in registry.plugins.values() for g in info.games}
    facts = []
    for name in registry.available():
        game = registry.game(name)
        package = packages.get(name) or "?"
        facts.append(
            GameFacts(
                name=name,
                title=game.title,
                package=package,
                example=(ROOT / "examples" / package).is_dir(),
                aliases=tuple(registry.aliases(name)),
                min_players=game.players.min,
                max_players=game.players.max,
                default_players=game.players.default,
            )
        )
    return facts


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _games_table(games: list[GameFacts], base: str) -> str:
    rows = ["| game | package | aliases | players |", "|---|---|---|---|"]
    for g in games:
        page = f"games/{g.name}.md"
        title = f"[{g.title}]({base}{page})" if (ROOT / "docs" / page).is_file() else g.title
        if g.example:
            tutorial = TUTORIALS.get(g.package)
            more = f"example: [tutorial]({base}{tutorial})" if tutorial else "an example"
            title += f" ({more})"
        aliases = ", ".join(f"`{a}`" for a in g.aliases) or "—"
        players = g.players
        if g.min_players != g.max_players:
            players += f", default {g.default_players}"
        rows.append(f"| {title} | `{g.package}` | {aliases} | {players} |")
    return "\n".join(rows)


def _packages(registry: Registry) -> str:
    """The game and house-rule packages, as their wheels name them: the plugins', then examples'."""
    names = sorted({i.distribution for i in registry.plugins.values()} - {"cardkit"})
    wheels = [f"`{n.replace('-', '_')}`" for n in names if (ROOT / "plugins" / n).is_dir()]
    examples = [f"`{n.replace('-', '_')}`" for n in names if (ROOT / "examples" / n).is_dir()]
    text = ", ".join(wheels)
    return f"{text} and the examples {_and(examples)}" if examples else text


def _openspiel_table(registry: Registry) -> str:
    """The OpenSpiel names, player counts, sizes and utilities of the installed games."""
    import pyspiel  # the openspiel extra, installed with the development tools

    import cardkit.openspiel

    cardkit.openspiel.register()
    rows = [
        "| OpenSpiel name | players: default (range) | distinct actions (default rules) "
        "| chance outcomes | utility |",
        "|---|---|---|---|---|",
    ]
    for g in game_facts(registry):
        spiel = pyspiel.load_game(f"cardkit_{g.name}")
        utility = f"{spiel.min_utility():g} .. {spiel.max_utility():g}"
        stake = getattr(registry.game(g.name).rules(), "stake", None)
        if stake is not None and spiel.max_utility() != 1:
            utility += f" at stake {stake}"
        players = str(g.default_players)
        if g.min_players != g.max_players:
            players += f" ({g.min_players}-{g.max_players})"
        rows.append(
            f"| `cardkit_{g.name}` | {players} "
            f"| {spiel.num_distinct_actions()} | {spiel.max_chance_outcomes()} | {utility} |"
        )
    return "\n".join(rows)


#: The regions a page may hold: name → what it says (``players:GAME`` takes a game's name).
FACTS = {
    "games": "a table of the installed games: title, package, aliases, players",
    "game-titles": "the installed games' titles in bold, by name: **Crazy Eights** ... **Tonk**",
    "packages": "the packages of the games and house rules, as their wheels name them",
    "openspiel-games": "the installed games as OpenSpiel games: players, actions, utility",
    "players:GAME": "the game's player counts: 2 to 6",
}


def render_fact(name: str, registry: Registry, *, base: str = "") -> str:
    """The text of the region ``name``; ``base`` leads the links (the page's way to docs/).

    Raises:
        KeyError: no such fact (see [`FACTS`][]), or ``players:GAME`` names no game.
    """
    games = game_facts(registry)
    if name == "games":
        return _games_table(games, base)
    if name == "game-titles":
        return _and([f"**{g.title}**" for g in games])
    if name == "packages":
        return _packages(registry)
    if name == "openspiel-games":
        return _openspiel_table(registry)
    if name.startswith("players:"):
        by_name = {g.name: g for g in games}
        return by_name[name.removeprefix("players:")].players
    raise KeyError(f"no fact {name!r}; the facts are {', '.join(FACTS)}")


def fill_regions(text: str, registry: Registry, *, base: str = "") -> str:
    """``text`` with the body of every facts region written from ``registry``.

    A region on one line gets its text inline; a region around whole lines gets its
    text between blank lines (Markdown then reads a table or a list inside it).
    """
    cache: dict[str, str] = {}

    def fill(match: re.Match[str]) -> str:
        name = match["name"]
        if name not in cache:
            cache[name] = render_fact(name, registry, base=base)
        body = cache[name]
        if "\n" in match["body"]:
            body = f"\n\n{body}\n\n"
        return f"<!-- facts:{name} -->{body}<!-- /facts -->"

    return REGION.sub(fill, text)


def _base(src_uri: str) -> str:
    """The relative way from a page (``tutorials/x.md``) to the docs' root: ``../``."""
    return "../" * src_uri.count("/")


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """The mkdocs hook: every page's facts regions, written from the installed games."""
    if "<!-- facts:" not in markdown:
        return markdown
    return fill_regions(markdown, cardkit.registry(), base=_base(page.file.src_uri))


def sources() -> list[Path]:
    """The files whose facts regions this script writes: every docs page and the README."""
    return [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]


def _source_base(path: Path) -> str:
    if path == ROOT / "README.md":
        return "docs/"
    return _base(path.relative_to(ROOT / "docs").as_posix())


def main() -> None:
    """Write the hooks page and the facts regions (from every installed plugin); say where."""
    registry = cardkit.registry()
    PAGE.write_text(render(registry), encoding="utf-8")
    print(f"wrote {PAGE}")
    for path in sources():
        text = path.read_text(encoding="utf-8")
        filled = fill_regions(text, registry, base=_source_base(path))
        if filled != text:
            path.write_text(filled, encoding="utf-8")
            print(f"wrote the facts of {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
