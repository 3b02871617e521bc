"""The bundled contract suite, run on the games named by ``--cardkit-game``.

The pytest plugin ([`cardkit.testing.pytest_plugin`][cardkit.testing.pytest_plugin])
adds this module to a run when ``--cardkit-game`` is given and no other contract test
was collected. It can also be run directly::

    pytest -p cardkit.testing.pytest_plugin --cardkit-game all \
        --pyargs cardkit.testing.contract_tests
"""

from __future__ import annotations

from cardkit.testing.contract import GameContract

__all__ = ["TestGameContract"]


class TestGameContract(GameContract):
    """The game contract, for each game named by ``--cardkit-game``."""
