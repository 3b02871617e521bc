"""The play layer: running games, matches and simulations, and telling them.

[`runner`][cardkit.play.runner] plays one game with bots,
[`match`][cardkit.play.match] a series of deals with standings,
[`simulate`][cardkit.play.simulate] many games on worker pools through
[`executors`][cardkit.play.executors] (processes, threads or a Dask cluster),
[`replay`][cardkit.play.replay] reads saved games back, and
[`narrate`][cardkit.play.narrate] tells a game's events to a seat.

May import: [`cardkit.plugins`][cardkit.plugins], [`cardkit.engine`][cardkit.engine],
[`cardkit.words`][cardkit.words], [`cardkit.cards`][cardkit.cards] and
[`cardkit.errors`][cardkit.errors]. The front ends (`cli`, `server`, `rl`,
`eval`, `testing`) build on it.
"""
