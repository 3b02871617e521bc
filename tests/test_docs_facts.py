"""The facts the docs and the README state come from one place: the installed games.

``docs/gen_hooks.py`` writes every ``<!-- facts:NAME -->`` region (at build time, as a
mkdocs hook, and in the sources when run by hand); these tests fail when a committed
region is stale (the README is read on GitHub and PyPI, where no hook runs), and show
that ``docs/check_site.py`` catches a fact stated by hand that disagrees.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File
from mkdocs.structure.pages import Page

import cardkit

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


gen_hooks = _load(DOCS / "gen_hooks.py", "cardkit_docs_gen_hooks")
check_site = _load(DOCS / "check_site.py", "cardkit_docs_check_site")
TRUTH = check_site.Truth.installed()


def _sources() -> list[str]:
    return [p.relative_to(ROOT).as_posix() for p in gen_hooks.sources()]


# -- the regions ----------------------------------------------------------------------------------


@pytest.mark.parametrize("source", _sources())
def test_every_facts_region_is_up_to_date(source: str) -> None:
    path = ROOT / source
    text = path.read_text(encoding="utf-8")
    filled = gen_hooks.fill_regions(text, cardkit.registry(), base=gen_hooks._source_base(path))
    assert filled == text, f"{source} states stale facts: run `uv run python docs/gen_hooks.py`"


def test_the_pages_that_state_the_games_use_regions() -> None:
    regions = {
        source: {m["name"] for m in gen_hooks.REGION.finditer((ROOT / source).read_text())}
        for source in _sources()
    }
    assert "games" in regions["docs/index.md"]
    assert "openspiel-games" in regions["docs/tutorials/use-cardkit-in-openspiel.md"]
    assert "packages" in regions["docs/getting-started.md"]
    assert "game-titles" in regions["README.md"]
    for game in ("tonk", "palace", "tienlen", "spades"):
        assert f"players:{game}" in regions[f"docs/games/{game}.md"]


def inline_regions_starting_a_line(text: str) -> list[str]:
    """The one-line regions that open a line: CommonMark (GitHub, PyPI) makes such a
    line a raw HTML block, so its Markdown (bold, code) would show as typed."""
    found = []
    for match in gen_hooks.REGION.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        if "\n" not in match["body"] and not text[line_start : match.start()].strip():
            found.append(match.group(0))
    return found


@pytest.mark.parametrize("source", _sources())
def test_a_one_line_region_sits_inside_its_line(source: str) -> None:
    assert inline_regions_starting_a_line((ROOT / source).read_text(encoding="utf-8")) == []


def test_a_region_opening_a_line_is_caught() -> None:
    text = "the games\n<!-- facts:game-titles -->**Tonk**<!-- /facts -->\nare plugins\n"
    assert inline_regions_starting_a_line(text) == [
        "<!-- facts:game-titles -->**Tonk**<!-- /facts -->"
    ]
    assert inline_regions_starting_a_line("the games <!-- facts:x -->y<!-- /facts -->") == []
    block = "Games:\n\n<!-- facts:games -->\n\n| a |\n\n<!-- /facts -->\n"
    assert inline_regions_starting_a_line(block) == []


def test_a_stale_region_is_rewritten() -> None:
    text = "Tonk takes <!-- facts:players:tonk -->2 to 5<!-- /facts --> players.\n"
    filled = gen_hooks.fill_regions(text, cardkit.registry())
    assert filled == "Tonk takes <!-- facts:players:tonk -->2 to 6<!-- /facts --> players.\n"
    table = "Games:\n\n<!-- facts:games -->\n\nold\n\n<!-- /facts -->\n"
    filled = gen_hooks.fill_regions(table, cardkit.registry(), base="../")
    assert filled.startswith("Games:\n\n<!-- facts:games -->\n\n| game |")
    assert filled.endswith("|\n\n<!-- /facts -->\n")
    assert "[Tonk](../games/tonk.md)" in filled


def test_an_unknown_fact_is_refused() -> None:
    with pytest.raises(KeyError, match="no fact 'winners'"):
        gen_hooks.fill_regions("<!-- facts:winners -->x<!-- /facts -->", cardkit.registry())


def test_the_games_table_lists_every_installed_game_with_its_players() -> None:
    table = gen_hooks.render_fact("games", cardkit.registry())
    for name in cardkit.available_games():
        game = cardkit.load_game(name)
        row = next(
            line
            for line in table.splitlines()
            if f"`{game.name}`" in line or f"`cardkit-{name}`" in line
        )
        assert game.title in row
        if game.players.min == game.players.max:
            assert f"| {game.players.min} |" in row
        else:
            assert (
                f"{game.players.min} to {game.players.max}, default {game.players.default}" in row
            )


def test_the_openspiel_table_gives_each_game_its_range() -> None:
    table = gen_hooks.render_fact("openspiel-games", cardkit.registry())
    assert "| `cardkit_crazyeights` | 4 (2-5) |" in table
    assert "| `cardkit_tonk` | 3 (2-6) |" in table
    assert "| `cardkit_spades` | 4 |" in table


def test_the_mkdocs_hook_fills_a_page_with_links_from_where_it_is() -> None:
    config = MkDocsConfig()
    config.load_dict({"site_name": "t", "docs_dir": str(DOCS), "site_dir": "/tmp/unused"})
    file = File("tutorials/x.md", str(DOCS), "/tmp/unused", use_directory_urls=True)
    page = Page("X", file, config)
    markdown = "<!-- facts:games -->\n\n\n\n<!-- /facts -->\n"
    filled = gen_hooks.on_page_markdown(markdown, page=page, config=config, files=None)
    assert "[Palace](../games/palace.md)" in filled
    assert gen_hooks.on_page_markdown("no facts", page=page, config=config, files=None) == (
        "no facts"
    )


def test_mkdocs_runs_the_hook() -> None:
    assert re.search(r"^hooks:\n  - docs/gen_hooks\.py$", (ROOT / "mkdocs.yml").read_text(), re.M)


# -- facts stated by hand --------------------------------------------------------------------------


def _page(body: str) -> str:
    return f"<html><body><article>{body}</article></body></html>"


@pytest.mark.parametrize(
    ("body", "game", "problem"),
    [
        (  # the OpenSpiel table of issue 39
            "<table><tr><td><code>cardkit_crazyeights</code></td><td>4 (2-7)</td>"
            "<td>70</td></tr></table>",
            None,
            "Crazy Eights takes 2 to 5 players, not 2 to 7",
        ),
        ("<p>Tonk is for 2 to 5 players.</p>", None, "Tonk takes 2 to 6 players"),
        ("<ul><li><strong>Players.</strong> 2 to 5 players.</li></ul>", "tonk", "Tonk takes"),
        ("<p>The number of players (2-3, default 4)</p>", "tienlen", "Tiến lên takes 2 to 4"),
        (
            "<p>the games — <strong>Tiến lên</strong> (Thirteen), <strong>Palace</strong> and "
            "<strong>Tonk</strong> — are plugins</p>",
            None,
            "a list of the games without Crazy Eights, Gin Rummy, Spades",
        ),
        (
            "<pre><code>print(available_games())  # ['crazyeights', 'palace', 'tienlen', 'tonk']"
            "</code></pre>",
            None,
            "the installed games are",
        ),
        ("<p>15 min 8 s for the 3,649 tests of the whole suite</p>", None, "a count of tests"),
    ],
)
def test_a_fact_stated_by_hand_that_disagrees_is_caught(
    body: str, game: str | None, problem: str
) -> None:
    found = check_site.check_page(_page(body), truth=TRUTH, game=game)
    assert any(problem in line for line in found), found


@pytest.mark.parametrize(
    "body",
    [
        "<table><tr><td><code>cardkit_crazyeights</code></td><td>4 (2-5)</td></tr></table>",
        "<p>Tonk is for 2 to 6 players; with 2 to 3 players the deal is bigger.</p>",
        "<p>in games with a stock (Tonk, Palace, Crazy Eights) a world keeps it</p>",
        "<p>the games — Crazy Eights, Gin Rummy, Palace, Spades, Tiến lên and Tonk — are "
        "plugins</p>",
        "<p><!-- facts:players:tonk -->9 to 9<!-- /facts --> players</p>",
        "<p>the tests play 200 games</p>",
    ],
)
def test_a_fact_that_agrees_or_is_generated_is_not_a_problem(body: str) -> None:
    assert check_site.check_page(_page(body), truth=TRUTH) == []


def test_the_site_check_knows_a_game_page() -> None:
    assert check_site._page_game("games/tonk/index.html", TRUTH) == "tonk"
    assert check_site._page_game("games/index.html", TRUTH) is None


def test_the_readme_states_no_fact_that_disagrees() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    problems = [
        problem
        for paragraph in check_site.paragraphs(text)
        for problem in check_site.fact_problems(paragraph, TRUTH)
    ]
    assert problems == []


def test_the_readme_check_reads_paragraphs_without_regions() -> None:
    text = "A **Tonk** game.\n\nthe games — <!-- facts:game-titles -->x<!-- /facts --> — end\n"
    assert list(check_site.paragraphs(text)) == ["A Tonk game.", "the games —  — end\n"]


def test_the_quick_run_time_is_stated_in_one_place() -> None:
    """The README says how long the quick run takes; pyproject's comment points to it."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    comments = "\n".join(line for line in pyproject.splitlines() if line.lstrip().startswith("#"))
    assert not re.search(r"\b(?:minutes?|seconds?|hours?)\b", comments)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(r'`uv run pytest -m "not slow"` \(about [^)]* minutes', readme)


_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def test_the_house_rule_tutorial_counts_what_its_package_registers() -> None:
    text = (DOCS / "tutorials" / "write-a-house-rule.md").read_text(encoding="utf-8")
    info = cardkit.registry().plugins["house-rules"]
    rules = re.search(r"^- (\w+) \*\*house rules\*\*", text, flags=re.MULTILINE)
    presets = re.search(r"^- (\w+) \*\*presets\*\*", text, flags=re.MULTILINE)
    assert rules is not None
    assert presets is not None
    assert _NUMBERS[rules[1]] == len(info.house_rules), info.house_rules
    assert _NUMBERS[presets[1]] == len(info.variants), info.variants
    for rule in info.house_rules:
        assert f"`{rule.split(':')[1]}`" in text.split("## ", 1)[0]
