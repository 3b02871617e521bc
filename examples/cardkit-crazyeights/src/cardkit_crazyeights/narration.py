"""How Crazy Eights' own event kinds read; `draw`, `pass`, `out` and `deal` read by the defaults.

The plugin registers [`PHRASES`][cardkit_crazyeights.narration.PHRASES] with
`register.add_phrases`; every narration says them: the views' `recent`,
`cardkit play` and `watch`, the server's tables.
"""

from collections.abc import Mapping

from cardkit.authoring import Phrase, PhraseLike

#: Crazy Eights' event kinds → phrases (an eight names a suit: "Seat 1 plays 8♦ and names
#: clubs", "You play 8♦ and name clubs").
PHRASES: Mapping[str, PhraseLike] = {
    "play": Phrase(
        "plays {cards}[ and names {suit:suit}]", you="play {cards}[ and name {suit:suit}]"
    ),
    "bury": "The starter {cards} is an eight: it is buried in the stock",
    "reshuffle": "The discard pile is shuffled into the stock ({card_count})",
    "blocked": "The game is blocked: {note}",
}
