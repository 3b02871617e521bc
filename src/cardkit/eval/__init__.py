"""Evaluation: determinization, search bots, tournaments with ratings, executors.

- [cardkit.eval.determinize][cardkit.eval.determinize]: full states consistent
  with one seat's view, for search bots.
- [cardkit.eval.ismcts][cardkit.eval.ismcts]: the information-set MCTS bot,
  registered as ``ismcts`` for every game.
- [cardkit.eval.tournament][cardkit.eval.tournament]: round robins with
  duplicate deals, openskill ratings and confidence intervals (needs the
  ``cardkit[eval]`` extra for the ratings).
- [cardkit.eval.executors][cardkit.eval.executors]: process pools and Dask
  clusters for [simulate][cardkit.simulate.simulate] and tournaments.
"""
