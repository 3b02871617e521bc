"""The engine layer: what a game is, and how one is played move by move.

Rules, states and the generic state, setups, zones and their views, the
action grammar and typed arguments, actions, events, windows, results, views,
saves, the [`Game`][cardkit.engine.game.Game] object, the bot contract
([`bots`][cardkit.engine.bots]: `Bot`, `Turn`, `RandomBot`) and determinization
(sampling full states consistent with what a seat knows). A game sees the
plugin registry only through the protocol in `_registry_link`.

May import: [`cardkit.cards`][cardkit.cards], [`cardkit.words`][cardkit.words] and
[`cardkit.errors`][cardkit.errors].
"""
