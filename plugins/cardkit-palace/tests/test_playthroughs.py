"""Recorded playthroughs of Palace: seeded games replayed step by step against ``playthroughs/``.

Each file records every step of one game (seat to act, legal actions, action,
events, every seat's view and the spectator's) and its result. A change of
behaviour shows as a diff; ``pytest --update-playthroughs`` records them again.
"""

from __future__ import annotations

from pathlib import Path

from cardkit.testing.playthrough import Playthrough, playthrough_tests

DIRECTORY = Path(__file__).parent / "playthroughs"

PLAYTHROUGHS = (
    Playthrough("palace", players=2, seed=1),
    Playthrough("palace", players=3, seed=1, options={"variant": "shithead"}),
    Playthrough("palace", players=4, seed=1, options={"variant": "bga"}),
    Playthrough("palace", players=5, seed=1, options={"variant": "quick"}),
    Playthrough("palace", players=2, seed=2, options={"variant": "table"}),
)


test_playthrough, test_every_playthrough_file_has_a_spec = playthrough_tests(
    PLAYTHROUGHS, DIRECTORY
)
