"""Recorded playthroughs of Gin Rummy, replayed step by step against ``playthroughs/``.

Each file records every step of one deal (seat to act, legal actions, action,
events, every seat's view and the spectator's) and its result. A change of
behaviour shows as a diff; ``pytest --update-playthroughs`` records them again.
"""

from pathlib import Path

from cardkit.testing.playthrough import Playthrough, playthrough_tests

DIRECTORY = Path(__file__).parent / "playthroughs"

PLAYTHROUGHS = (
    Playthrough("ginrummy", players=2, seed=1),
    Playthrough("ginrummy", players=2, seed=2, options={"variant": "big-gin"}),
    Playthrough("ginrummy", players=2, seed=3, bots=("heuristic", "random")),
)


test_playthrough, test_every_playthrough_file_has_a_spec = playthrough_tests(
    PLAYTHROUGHS, DIRECTORY
)
