"""The plugins layer: pluggy hook specifications, the registry, loading and the plugin guard.

[`hookspecs`][cardkit.plugins.hookspecs] declares every ``cardkit_*`` hook;
[`registry`][cardkit.plugins.registry] finds plugins (entry points, a plugins
directory, run-time registration), runs their hooks, and keeps the games, house
rules, variants, bots and phrases they register, reporting a broken plugin
without taking the others down.

May import: [`cardkit.engine`][cardkit.engine], [`cardkit.words`][cardkit.words],
[`cardkit.cards`][cardkit.cards] and [`cardkit.errors`][cardkit.errors].
"""
