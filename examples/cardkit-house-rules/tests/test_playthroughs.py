"""Recorded playthroughs of the example house rules, replayed against ``playthroughs/``.

Each file records every step of one game (seat to act, legal actions, action,
events, every seat's view and the spectator's) and its result. A change of
behaviour shows as a diff; ``pytest --update-playthroughs`` records them again.
"""

from __future__ import annotations

from pathlib import Path

from cardkit.testing.playthrough import Playthrough, playthrough_tests

DIRECTORY = Path(__file__).parent / "playthroughs"

PLAYTHROUGHS = (
    Playthrough("palace", players=2, seed=2, options={"house_rules": ["eight-skips"]}),
    Playthrough("tonk", players=2, seed=2, options={"house_rules": ["low-drop-double"]}),
)


test_playthrough, test_every_playthrough_file_has_a_spec = playthrough_tests(
    PLAYTHROUGHS, DIRECTORY
)
