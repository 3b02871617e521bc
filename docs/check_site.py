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
  into bold "slots", or `**`/`__name__` markup left in the text.

Run it on a built site: `python docs/check_site.py SITE_DIR` (exit status 1 and
one line per problem when the site is wrong). CI runs it right after
`mkdocs build --strict`; `tests/test_docs_site.py` checks that it catches each
problem.
"""

from __future__ import annotations

import re
import sys
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
        "slots", "init", "post_init", "str", "repr", "eq", "hash", "lt", "le", "gt", "ge",
        "len", "iter", "next", "contains", "getitem", "call", "enter", "exit", "all", "name",
        "main", "version", "dict", "class", "module", "doc", "new", "bool", "format",
    }
)  # fmt: skip
#: Emphasis markup left as text (Markdown did not render it).
RAW_EMPHASIS = re.compile(r"\*\*\S|\S\*\*|(?<!\w)__\w+__(?!\w)")


class _Page(HTMLParser):
    """Collects the problems of one page while parsing it."""

    def __init__(self, *, api: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.api = api
        self.problems: list[str] = []
        self.stack: list[str] = []
        self.in_article = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_TAGS:
            return
        if tag == "blockquote" and self.stack.count("blockquote") == 1 and self.in_article:
            self.problems.append("nested blockquotes (a '>>>' example read as quotes)")
        self.stack.append(tag)
        if tag == "article":
            self.in_article += 1

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.stack:
            return
        while self.stack:
            top = self.stack.pop()
            if top == "article":
                self.in_article -= 1
            if top == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.in_article or HIDDEN_TAGS & set(self.stack) or not data.strip():
            return
        in_code = bool(CODE_TAGS & set(self.stack))
        excerpt = " ".join(data.split())[:80]
        mention = "code" in self.stack and "pre" not in self.stack  # `# doctest:` in prose
        if "doctest:" in data and not mention:
            self.problems.append(f"visible doctest directive: {excerpt}")
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


def check_page(html: str, *, api: bool = False) -> list[str]:
    """The problems a reader would see on one built page (an empty list when none)."""
    page = _Page(api=api)
    page.feed(html)
    page.close()
    return page.problems


def check_site(site: Path) -> list[str]:
    """Every problem of every page of the built site at `site`, as `page: problem` lines."""
    problems: list[str] = []
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        found = check_page(path.read_text(encoding="utf-8"), api=rel.startswith("api/"))
        problems.extend(f"{rel}: {problem}" for problem in found)
    return problems


def main(argv: list[str]) -> int:
    """Check the site directory given as the one argument; print the problems."""
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python docs/check_site.py SITE_DIR", file=sys.stderr)
        return 2
    site = Path(argv[0])
    if not any(site.rglob("*.html")):
        print(f"{site}: no HTML pages (build the site first)", file=sys.stderr)
        return 2
    problems = check_site(site)
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} problem(s) in the built site", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
