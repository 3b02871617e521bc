"""Check the built documentation site for pages that render wrong.

`mkdocs build --strict` checks links and includes, not how a page reads. This
reads every built HTML page and reports what a reader would see broken:

- a leftover `--8<--` (a snippet include that was not expanded);
- Python code set as prose: a line starting with `class ` or `def ` outside
  `<code>`/`<pre>` (a snippet included outside a code fence);
- `>>>` outside a code block, or what Markdown makes of it: a docstring
  example rendered as nested blockquotes;
- a visible `doctest:` directive (`# doctest: +SKIP` shown to the reader in
  an example; naming one in inline code, as this list does, is fine);
- raw Markdown emphasis on the API pages: a dunder such as `__slots__` turned
  into bold "slots", or `**`/`__name__` markup left in the text;
- a backslash-escaped pipe shown as `\\|` (a `|` in code inside a table cell);
- a paragraph ending in `::`, a reStructuredText literal block that Markdown
  left as text;
- a fact stated by hand that disagrees with the installed games (the facts
  regions that `docs/gen_hooks.py` writes are the truth): a game's range of
  players ("2 to 5 players", "players (2-4", "4 (2-7)" in a table row), a
  list of game names (`['palace', 'tienlen', 'tonk']`) or of game titles in
  a sentence that leaves some out, and any count of the test suite's tests
  ("3,649 tests": it goes stale the next day, so the docs state none).

Run it on a built site: `python docs/check_site.py SITE_DIR` (exit status 1 and
one line per problem when the site is wrong). CI runs it right after
`mkdocs build --strict`; `tests/test_docs_site.py` checks that it catches each
problem.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

#: Tags whose text is code: what is inside them may look like code.
CODE_TAGS = frozenset({"code", "pre", "kbd", "samp"})
#: Tags whose text is never shown as page content.
HIDDEN_TAGS = frozenset({"script", "style", "template"})
#: Void elements (no end tag), which must not be pushed on the tag stack.
VOID_TAGS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
#: Python definitions at the start of a line of prose.
CODE_LINE = re.compile(r"^\s*(?:async\s+)?(?:class|def)\s+\w+\s*[(:]")
#: What Markdown makes of `__name__`: the dunder names a docstring mentions.
DUNDERS = frozenset(
    {
        "slots",
        "init",
        "post_init",
        "str",
        "repr",
        "eq",
        "hash",
        "lt",
        "le",
        "gt",
        "ge",
        "len",
        "iter",
        "next",
        "contains",
        "getitem",
        "call",
        "enter",
        "exit",
        "all",
        "name",
        "main",
        "version",
        "dict",
        "class",
        "module",
        "doc",
        "new",
        "bool",
        "format",
    }
)
#: Emphasis markup left as text (Markdown did not render it).
RAW_EMPHASIS = re.compile(r"\*\*\S|\S\*\*|(?<!\w)__\w+__(?!\w)")


#: Elements whose text is one statement, checked for facts as a whole.
BLOCK_TAGS = frozenset(
    {"p", "li", "tr", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "blockquote"}
)
#: A game's range of players: "2 to 6 players", "players (2-4"; not "with 2 to 3 players".
PLAYER_RANGES = (
    re.compile(r"(?<!with )\b(\d+) (?:to|–) (\d+) players\b"),
    re.compile(r"\bplayers \((\d+) ?(?:to|–|-) ?(\d+)\b"),
)
#: A table cell "4 (2-7)": a default and a range of players.
CELL_RANGE = re.compile(r"^\s*\d+ \((\d+) ?[-–] ?(\d+)\)\s*$")
#: A Python list of three or more short names: ['palace', 'tienlen', 'tonk'].
NAME_LIST = re.compile(r"\[\s*'[\w-]+'(?:\s*,\s*'[\w-]+'){2,}\s*\]")
#: Words that say the list after them is of all the games: "the games — Tiến lên, ...".
_ALL_GAMES = re.compile(r"\b(?:the|all|every|installed|shipped) games?\b[^.:;]*$", re.I)
#: A count of tests, large enough to be the suite's: "3,649 tests", "1200 tests".
TEST_COUNT = re.compile(r"\b(?:\d{3,}|\d{1,3}(?:,\d{3})+) (?:tests|passed)\b")


@dataclass(frozen=True)
class Truth:
    """What is installed: each game's names and range of players."""

    #: name → (title, min players, max players)
    games: dict[str, tuple[str, int, int]]
    #: every name a game answers to (names and aliases) → its name
    names: dict[str, str]

    @classmethod
    def installed(cls) -> Truth:
        """The truth of the games installed with this Python."""
        import cardkit

        registry = cardkit.registry()
        games, names = {}, {}
        for name in registry.available():
            game = registry.game(name)
            games[name] = (game.title, game.players.min, game.players.max)
            names[name] = name
            names.update(dict.fromkeys(registry.aliases(name), name))
        return cls(games, names)

    def enumerations(self, text: str) -> list[set[str]]:
        """The games of each list of all the games in a text.

        A run of titles ("Tiến lên, Palace and Tonk") is such a list when it follows
        closely on "the games", "every game", "installed games" or "shipped games",
        as in "the games — Tiến lên, Palace and Tonk — are plugins"; a run that only
        names some games ("in games with a stock (Tonk, Palace, Crazy Eights)") is not.
        """
        titles = sorted((t for t, _, _ in self.games.values()), key=len, reverse=True)
        by_title = {t: name for name, (t, _, _) in self.games.items()}
        one = "(?:" + "|".join(re.escape(t) for t in titles) + r")(?: \([^)]*\))?"
        run = re.compile(f"{one}(?:(?:, and |, | and | or ){one})+")
        found = []
        text = " ".join(text.split())
        for match in run.finditer(text):
            if _ALL_GAMES.search(text[max(0, match.start() - 40) : match.start()]):
                found.append({by_title[t] for t in titles if t in match.group(0)})
        return found

    def named_in(self, text: str) -> set[str]:
        """The games a text names, by title, name, package or OpenSpiel name."""
        found = set()
        for name, (title, _, _) in self.games.items():
            words = (title, f"cardkit-{name}", f"cardkit_{name}", f"`{name}`", f"'{name}'")
            if any(w in text for w in words):
                found.add(name)
        return found


def fact_problems(text: str, truth: Truth, *, tag: str = "p", game: str | None = None) -> list[str]:
    """The facts that one statement (the text of a `tag` element) gets wrong.

    `game` is the game the page is about, for a statement that names none.
    """
    problems = []
    excerpt = " ".join(text.split())[:80]
    named = truth.named_in(text)
    about = next(iter(named)) if len(named) == 1 else (game if not named else None)
    ranges = [m.groups() for pattern in PLAYER_RANGES for m in pattern.finditer(text)]
    if tag == "tr":
        ranges += [m.groups() for cell in text.split("\t") if (m := CELL_RANGE.match(cell))]
    for low, high in ranges:
        if about is not None:
            title, least, most = truth.games[about]
            if (int(low), int(high)) != (least, most):
                problems.append(
                    f"{title} takes {least} to {most} players, not {low} to {high}: {excerpt}"
                )
    for listed in NAME_LIST.findall(text):
        items = re.findall(r"'([\w-]+)'", listed)
        if all(i in truth.names for i in items) and sorted(items) != sorted(truth.games):
            problems.append(f"the installed games are {sorted(truth.games)}, not {listed}")
    for run in truth.enumerations(text):
        if len(run) >= 3 and run != set(truth.games):
            missing = ", ".join(truth.games[g][0] for g in sorted(set(truth.games) - run))
            problems.append(f"a list of the games without {missing}: {excerpt}")
    if found := TEST_COUNT.search(text):
        problems.append(f"a count of tests ({found.group(0)}) goes stale: leave it out: {excerpt}")
    return problems


class _Page(HTMLParser):
    """Collects the problems of one page while parsing it."""

    def __init__(self, *, api: bool, truth: Truth | None = None, game: str | None = None) -> None:
        super().__init__(convert_charrefs=True)
        self.api = api
        self.truth = truth
        self.game = game
        self.problems: list[str] = []
        self.stack: list[str] = []
        self.in_article = 0
        self.in_facts = False
        self.blocks: list[tuple[str, list[str]]] = []  # the open statements: tag, texts

    def handle_comment(self, data: str) -> None:
        if data.strip().startswith("facts:"):
            self.in_facts = True
        elif data.strip() == "/facts":
            self.in_facts = False

    def _close_block(self) -> None:
        tag, texts = self.blocks.pop()
        if tag == "p" and self.in_article and "".join(texts).rstrip().endswith("::"):
            excerpt = " ".join("".join(texts).split())[-80:]
            self.problems.append(f"a reStructuredText '::' left as text: {excerpt}")
        if self.truth is not None and self.in_article:
            text = "".join(texts)
            self.problems.extend(fact_problems(text, self.truth, tag=tag, game=self.game))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_TAGS:
            return
        if tag == "blockquote" and self.stack.count("blockquote") == 1 and self.in_article:
            self.problems.append("nested blockquotes (a '>>>' example read as quotes)")
        self.stack.append(tag)
        if tag == "article":
            self.in_article += 1
        if tag in BLOCK_TAGS:
            self.blocks.append((tag, []))
        elif tag in ("td", "th") and self.blocks:
            self.blocks[-1][1].append("\t")

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.stack:
            return
        while self.stack:
            top = self.stack.pop()
            if top in BLOCK_TAGS and self.blocks:
                self._close_block()
            if top == "article":
                self.in_article -= 1
            if top == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.in_article or HIDDEN_TAGS & set(self.stack) or not data.strip():
            return
        if self.blocks and not self.in_facts:
            self.blocks[-1][1].append(data)
        in_code = bool(CODE_TAGS & set(self.stack))
        excerpt = " ".join(data.split())[:80]
        mention = "code" in self.stack and "pre" not in self.stack  # `# doctest:` in prose
        if "doctest:" in data and not mention:
            self.problems.append(f"visible doctest directive: {excerpt}")
        if "\\|" in data:
            self.problems.append(f"a backslash-escaped pipe shown as text: {excerpt}")
        if "--8<--" in data and not in_code:
            self.problems.append(f"snippet include left as text: {excerpt}")
        if in_code:
            return
        if ">>>" in data:
            self.problems.append(f"'>>>' outside a code block: {excerpt}")
        for line in data.splitlines():
            if CODE_LINE.match(line):
                self.problems.append(f"Python code set as prose: {line.strip()[:80]}")
        if self.api:
            if self.stack and self.stack[-1] in ("strong", "em") and data.strip() in DUNDERS:
                self.problems.append(f"dunder rendered as emphasis: <{self.stack[-1]}>{data}")
            if RAW_EMPHASIS.search(data):
                self.problems.append(f"raw Markdown emphasis: {excerpt}")


def check_page(
    html: str, *, api: bool = False, truth: Truth | None = None, game: str | None = None
) -> list[str]:
    """The problems a reader would see on one built page (an empty list when none).

    With `truth`, the facts the page states are checked too; `game` is the game
    the page is about.
    """
    page = _Page(api=api, truth=truth, game=game)
    page.feed(html)
    page.close()
    return page.problems


def _page_game(rel: str, truth: Truth) -> str | None:
    """The game a page is about: `games/tonk/index.html` is Tonk's."""
    parts = rel.split("/")
    if len(parts) == 3 and parts[0] == "games" and parts[1] in truth.games:
        return parts[1]
    return None


def check_site(site: Path, truth: Truth | None = None) -> list[str]:
    """Every problem of every page of the built site at `site`, as `page: problem` lines."""
    problems: list[str] = []
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        game = _page_game(rel, truth) if truth is not None else None
        facts = truth if not rel.startswith("changelog/") else None  # history: facts of then
        html = path.read_text(encoding="utf-8")
        found = check_page(html, api=rel.startswith("api/"), truth=facts, game=game)
        problems.extend(f"{rel}: {problem}" for problem in found)
    return problems


def paragraphs(markdown: str) -> Iterable[str]:
    """The paragraphs of a Markdown text (the README), without emphasis and facts regions."""
    text = re.sub(r"<!-- facts:[a-z0-9][a-z0-9:-]* -->.*?<!-- /facts -->", "", markdown, flags=re.S)
    for chunk in re.split(r"\n\s*\n", text):
        yield chunk.replace("**", "")


def main(argv: list[str]) -> int:
    """Check the site directory given as the one argument; print the problems."""
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python docs/check_site.py SITE_DIR", file=sys.stderr)
        return 2
    site = Path(argv[0])
    if not any(site.rglob("*.html")):
        print(f"{site}: no HTML pages (build the site first)", file=sys.stderr)
        return 2
    problems = check_site(site, Truth.installed())
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} problem(s) in the built site", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
