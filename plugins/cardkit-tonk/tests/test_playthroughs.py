"""Recorded playthroughs of Tonk: seeded games replayed step by step against ``playthroughs/``.

Each file records every step of one game (seat to act, legal actions, action,
events, every seat's view and the spectator's) and its result. A change of
behaviour shows as a diff; ``pytest --update-playthroughs`` records them again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.testing.playthrough import (
    Playthrough,
    check_playthrough,
    check_playthrough_directory,
)

DIRECTORY = Path(__file__).parent / "playthroughs"

PLAYTHROUGHS = (
    Playthrough("tonk", players=2, seed=1),
    Playthrough("tonk", players=3, seed=1, options={"variant": "texas"}),
    Playthrough("tonk", players=4, seed=1, options={"variant": "ten-or-less"}),
    Playthrough("tonk", players=6, seed=1),
    Playthrough("tonk", players=2, seed=3, bots="random"),
)


@pytest.mark.parametrize("spec", PLAYTHROUGHS, ids=str)
def test_playthrough(spec: Playthrough, update_playthroughs: bool) -> None:
    """Replaying the recorded actions gives the recorded steps, views and result."""
    check_playthrough(spec, DIRECTORY, update=update_playthroughs)


def test_every_playthrough_file_has_a_spec(update_playthroughs: bool) -> None:
    """No recorded file is left over from a spec that was removed."""
    check_playthrough_directory(PLAYTHROUGHS, DIRECTORY, update=update_playthroughs)
