"""How Tonk's own event kinds read, for a seat and for spectators.

The plugin registers [`PHRASES`][cardkit_tonk.narration.PHRASES] with
`register.add_phrases`, so every narration (the views' `recent` once
they use `game.wording`, the command line, the server's tables) says them;
`draw`, `take`, `discard`, `drop`, `deal` and the kinds whose note reads as
the phrase (`show`, `lock`, `tonk_out`, the Spades side pot's) read by
cardkit's defaults.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardkit.authoring import PhraseLike

__all__ = ["PHRASES"]

#: Tonk's event kinds → phrases.
PHRASES: Mapping[str, PhraseLike] = {
    "spread": "spreads {cards} ({kind} #{spread})",
    "hit": "hits {cards} on {owner:possessive} spread #{spread}",
    "retire": "{owner:possessive} book #{spread} holds all four cards and leaves the table",
    "upcard": "turns up {cards}",
    "spades_pot": lambda event: (
        "The Spades side pot: {note}"
        if event.data.get("winner") is None
        else "The Spades side pot of {pot} goes to {winner:seat}"
    ),
}
