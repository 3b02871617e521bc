"""The documentation tells the truth.

- Every hook, the core's and every installed game's published hookspecs, has
  a docstring and a section in the hooks reference (``docs/api/hooks.md``),
  which is up to date with ``docs/gen_hooks.py`` (the datasette way).
- The tutorials quote files and sections that exist, and the programs they
  show run and print what they say.
"""

from __future__ import annotations

import asyncio
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pluggy
import pytest

import cardkit
from cardkit import Rank, catalog
from cardkit.plugins.registry import Registry

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
TUTORIALS = ("write-a-house-rule.md", "use-cardkit-in-your-app.md", "train-an-agent.md")


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


gen_hooks = _load(DOCS / "gen_hooks.py", "cardkit_docs_gen_hooks")


def _hook_names() -> set[str]:
    return {doc.name for doc in gen_hooks.hook_docs(cardkit.registry().pm)}


# -- the hooks reference ----------------------------------------------------------------------


def test_every_hook_has_a_docstring() -> None:
    assert gen_hooks.undocumented(cardkit.registry().pm) == []


def test_the_hooks_of_the_core_and_of_the_games_are_found() -> None:
    modules = {doc.module for doc in gen_hooks.hook_docs(cardkit.registry().pm)}
    assert "cardkit.plugins.hookspecs" in modules
    for game, module in (
        ("palace", "cardkit_palace.hookspecs"),
        ("tonk", "cardkit_tonk.hookspecs"),
    ):
        if game in cardkit.available_games():
            assert module in modules
    assert {"cardkit_register", "cardkit_add_hookspecs"} <= _hook_names()


def test_every_hook_is_in_the_hooks_reference() -> None:
    text = gen_hooks.PAGE.read_text(encoding="utf-8")
    documented = set(re.findall(r"^### `(\w+)`$", text, flags=re.MULTILINE))
    hooks = _hook_names()
    assert hooks - documented == set(), "hooks missing from docs/api/hooks.md"
    assert documented - hooks == set(), "docs/api/hooks.md documents hooks that do not exist"


def test_the_hooks_reference_is_up_to_date() -> None:
    text = gen_hooks.PAGE.read_text(encoding="utf-8")
    assert text == gen_hooks.render(cardkit.registry()), (
        "docs/api/hooks.md is out of date: run `uv run python docs/gen_hooks.py`"
    )


def test_a_hook_without_a_docstring_is_caught() -> None:
    """The check fails for an undocumented hookspec (the check itself can fail)."""
    hookspec = pluggy.HookspecMarker("cardkit")

    class Specs:
        @hookspec
        def documented_hook(self, rank: int) -> None:
            """What it does, and when it runs."""

        @hookspec(firstresult=True)
        def silent_hook(self, rank: int) -> int | None: ...

    pm = pluggy.PluginManager("cardkit")
    pm.add_hookspecs(Specs)
    assert gen_hooks.undocumented(pm) == ["silent_hook"]
    docs = {d.name: d for d in gen_hooks.hook_docs(pm)}
    assert docs["silent_hook"].options == ("firstresult",)
    assert docs["silent_hook"].signature == "silent_hook(self, rank: int) -> int | None"


# -- the tutorials --------------------------------------------------------------------------------

_SNIPPET = re.compile(r'^--8<-- "([^":]+)(?::([\w-]+))?"$', flags=re.MULTILINE)


@pytest.mark.parametrize("page", TUTORIALS)
def test_the_tutorials_quote_real_files_and_sections(page: str) -> None:
    text = (DOCS / "tutorials" / page).read_text(encoding="utf-8")
    quoted = _SNIPPET.findall(text)
    assert quoted
    for path, section in quoted:
        source = ROOT / path
        assert source.is_file(), path
        if section:
            body = source.read_text(encoding="utf-8")
            assert f"--8<-- [start:{section}]" in body, f"{path}:{section}"
            assert f"--8<-- [end:{section}]" in body, f"{path}:{section}"


@pytest.mark.slow
def test_the_app_example_prints_what_the_tutorial_shows() -> None:
    text = (DOCS / "tutorials" / "use-cardkit-in-your-app.md").read_text(encoding="utf-8")
    command = "python examples/embed_app.py tonk --players 3 --seed 5"
    block = text.split(f"$ {command}\n", 1)[1].split("```", 1)[0]
    done = subprocess.run(
        [sys.executable, *command.split()[1:]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout == block


@pytest.mark.parametrize("game", ["tonk", "crazyeights"])
def test_the_app_example_plays_any_game_to_its_end(game: str) -> None:
    embed = _load(ROOT / "examples" / "embed_app.py", "cardkit_embed_app_example")
    players = cardkit.load_game(game).players.default
    table = embed.Table(game, players, seed=11)
    state = asyncio.run(table.run())
    assert state.is_over
    assert state.action_count == sum(1 for line in table.log if "refused" not in line)
    assert cardkit.load_game(game).load_state(state.to_json()).snapshot() == state.snapshot()


def test_the_one_file_house_rule_works(tmp_path: Path) -> None:
    text = (DOCS / "tutorials" / "write-a-house-rule.md").read_text(encoding="utf-8")
    start = text.index("# ~/cardkit-plugins/jack_skips.py\n")
    (tmp_path / "jack_skips.py").write_text(text[start : text.index("```", start)])
    registry = Registry(plugins_dir=tmp_path)
    assert registry.plugins["jack_skips"].source == "plugins dir"
    assert registry.plugins["jack_skips"].api_version == "1.0"
    assert registry.plugins["jack_skips"].house_rules == ["palace:jack-skips"]
    palace = registry.game("palace")
    assert catalog(palace).house_rules["jack-skips"].source == "jack_skips"
    house = palace.rules(house_rules="jack-skips")
    assert palace.start(4, house, seed=1).tables.effects[Rank.JACK].skip == 1
    assert palace.start(4, seed=1).tables.effects[Rank.JACK].skip == 0
    assert "jack-skips" not in catalog(cardkit.load_game("palace")).house_rules


# -- the overviews link every page ----------------------------------------------------------------


def _links(text: str) -> set[str]:
    return set(re.findall(r"\]\(([^)#\s]+\.md)(?:#[^)]*)?\)", text))


def test_the_concepts_overview_links_every_concept_page() -> None:
    pages = {p.name for p in (DOCS / "concepts").glob("*.md")} - {"index.md"}
    links = _links((DOCS / "concepts" / "index.md").read_text(encoding="utf-8"))
    assert pages - links == set()


def test_the_readme_links_every_concept_game_and_tutorial_page() -> None:
    links = _links((ROOT / "README.md").read_text(encoding="utf-8"))
    for folder in ("concepts", "games", "tutorials"):
        pages = {f"docs/{folder}/{p.name}" for p in (DOCS / folder).glob("*.md")}
        assert pages - links - {"docs/concepts/index.md"} == set(), folder


def test_an_overview_without_a_page_is_caught() -> None:
    assert _links("- [Cards](cards.md): values\n- [Melds](melds.md#kinds)") == {
        "cards.md",
        "melds.md",
    }
