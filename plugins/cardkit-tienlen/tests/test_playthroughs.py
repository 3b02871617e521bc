"""Recorded playthroughs of Tiến lên: seeded games replayed step by step against ``playthroughs/``.

Each file records every step of one game (seat to act, legal actions, action,
events, every seat's view and the spectator's) and its result. A change of
behaviour shows as a diff; ``pytest --update-playthroughs`` records them again.
"""

from __future__ import annotations

from pathlib import Path

from cardkit.testing.playthrough import Playthrough, playthrough_tests

DIRECTORY = Path(__file__).parent / "playthroughs"

PLAYTHROUGHS = (
    Playthrough("tienlen", players=2, seed=1),
    Playthrough("tienlen", players=4, seed=1),
    Playthrough("tienlen", players=3, seed=1, options={"variant": "pagat"}),
    Playthrough("tienlen", players=2, seed=2, options={"variant": "southern"}),
    Playthrough("tienlen", players=3, seed=3, options={"variant": "quick"}, bots="random"),
)


test_playthrough, test_every_playthrough_file_has_a_spec = playthrough_tests(
    PLAYTHROUGHS, DIRECTORY
)
