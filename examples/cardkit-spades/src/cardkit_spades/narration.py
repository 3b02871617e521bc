"""How Spades' own event kinds read; the core words `bid`, `choose`, `play`, `trick`,
`trumps_broken` and `reveal`."""

from __future__ import annotations

from collections.abc import Mapping

from cardkit.words.wording import PhraseLike

__all__ = ["PHRASES"]

#: Spades' own event kinds → phrases.
PHRASES: Mapping[str, PhraseLike] = {
    "look": "looks at their cards",
    "score": "The hand is scored: {note}",
}
