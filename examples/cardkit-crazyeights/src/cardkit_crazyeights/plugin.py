"""The hook implementations of cardkit-crazyeights; nothing else.

cardkit finds this module through the entry point declared in
``pyproject.toml``::

    [project.entry-points.cardkit]
    crazyeights = "cardkit_crazyeights.plugin"
"""

from __future__ import annotations

from cardkit import hookimpl
from cardkit.authoring import RegisterBot, RegisterGame, RegisterPhrases
from cardkit_crazyeights.bots import HeuristicBot
from cardkit_crazyeights.game import CrazyEights
from cardkit_crazyeights.narration import PHRASES

#: The cardkit plugin API this plugin is built for.
CARDKIT_API_VERSION = "1.0"


@hookimpl
def cardkit_register_games(register: RegisterGame) -> None:
    """Register Crazy Eights (also known as ``eights`` and ``crazy-eights``)."""
    register(CrazyEights())


@hookimpl
def cardkit_register_bots(register: RegisterBot) -> None:
    """Register the heuristic bot."""
    register("crazyeights", "heuristic", HeuristicBot)


@hookimpl
def cardkit_register_phrases(register: RegisterPhrases) -> None:
    """Word Crazy Eights' own event kinds (an eight naming a suit, a reshuffle)."""
    register("crazyeights", PHRASES)
