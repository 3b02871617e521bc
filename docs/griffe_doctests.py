"""A griffe extension: docstring examples render as code on the API pages.

The docstrings of cardkit show their examples the doctest way, a `>>>` line
followed by its output, in the running text (tests/test_doctests.py runs them).
Markdown reads `>>>` as three nested blockquotes and `__slots__` as bold
"slots", so mkdocstrings would show them garbled. This extension, loaded by
mkdocs.yml for the API reference, fences every such example as a `pycon` code
block and drops the `# doctest: ...` directives, which are for the test runner,
not the reader. The sources stay plain doctests.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

#: The start of an example: a prompt at the start of a line.
_PROMPT = re.compile(r"^(\s*)>>>( |$)")
#: A doctest directive at the end of a source line, with the spaces before it.
_DIRECTIVE = re.compile(r"\s*#\s*doctest:.*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def fence_examples(text: str) -> str:
    """`text` with each bare doctest example (up to the next blank line) fenced as `pycon`."""
    out: list[str] = []
    lines = text.splitlines()
    in_fence = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if _FENCE.match(line):
            in_fence = not in_fence
        prompt = None if in_fence else _PROMPT.match(line)
        if prompt is None:
            out.append(line)
            i += 1
            continue
        indent = prompt.group(1)
        if out and out[-1].strip():
            out.append("")
        out.append(f"{indent}```pycon")
        while i < len(lines) and lines[i].strip():
            example = lines[i]
            if example.lstrip().startswith((">>>", "...")):
                example = _DIRECTIVE.sub("", example)
            out.append(example)
            i += 1
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fence the doctest examples of every docstring griffe loads."""

    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Rewrite the docstring of `obj`, once the object tree is built."""
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_examples(obj.docstring.value)
