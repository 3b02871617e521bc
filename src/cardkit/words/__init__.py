"""The words layer: how events and cards are said to people.

[`wording`][cardkit.words.wording] holds the phrase table every game extends (the
core's phrases, a game's own, its house rules'), and the English helpers it uses.
It sits below the engine because the engine's events and games carry their
wording; narrating whole games (which needs states) is
[`cardkit.play.narrate`][cardkit.play.narrate].

May import: [`cardkit.cards`][cardkit.cards] and [`cardkit.errors`][cardkit.errors].
"""
