"""The game contract, run on every installed game and every player count.

``--cardkit-game NAME`` (with ``-p cardkit.testing.pytest_plugin``) narrows
the run to some games; by default every game of ``cardkit.available_games()``
is checked.
"""

from __future__ import annotations

import pytest

import cardkit
from cardkit.testing.contract import GameContract, selected_games


@pytest.mark.slow
class TestInstalledGames(GameContract):
    """Every installed game passes the contract suite, for min..max players.

    Marked slow: each game's own tests run the same suite on its default rules.
    """

    @classmethod
    def contract_games(cls, config: pytest.Config) -> list[str]:
        """The games named by ``--cardkit-game``, else every installed game."""
        return selected_games(config) or cardkit.available_games()


def test_crazyeights_is_installed() -> None:
    """The example plugin is a workspace member, so the contract always checks at least one game."""
    assert "crazyeights" in cardkit.available_games()
