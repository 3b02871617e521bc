"""Evaluation (a front end): search bots, fairness checks, tournaments with ratings.

- [cardkit.eval.ismcts][cardkit.eval.ismcts]: the information-set MCTS bot,
  registered as ``ismcts`` for every game through the bot registry (this
  package's plugin, [cardkit.eval.plugin][cardkit.eval.plugin]); it samples
  worlds with [cardkit.engine.determinize][cardkit.engine.determinize].
- [cardkit.eval.tournament][cardkit.eval.tournament]: round robins with
  duplicate deals, openskill ratings and confidence intervals (needs the
  ``cardkit[eval]`` extra for the ratings).
- [cardkit.play.executors][cardkit.play.executors] (in the play layer, which
  simulations use too): process pools and Dask clusters for tournaments.

May import: [`cardkit.play`][cardkit.play] and every layer below it. Independent of
the other front ends (`server`, `rl`, `testing`); only `cli` builds on it.
"""
