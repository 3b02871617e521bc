"""The cardkit pytest plugin: ``--cardkit-game NAME``, the ``cardkit_game`` fixture, the suite.

Load it with ``-p``:

```console
pytest -p cardkit.testing.pytest_plugin --cardkit-game crazyeights
```

``--cardkit-game`` may be repeated, take a comma-separated list, or be
``all`` for every installed game. When it is given and no collected test
belongs to a [`GameContract`][cardkit.testing.contract.GameContract] subclass, the
bundled contract suite (`cardkit.testing.contract_tests`) is added to the
run, so the command above checks an installed game with no test file at all.
A test module of a plugin can instead subclass ``GameContract`` and leave
``game_name`` unset to check the games named on the command line.

The ``cardkit_game`` fixture is the (first) game named by ``--cardkit-game``;
tests that use it are skipped when the option is not given.

``--update-playthroughs`` makes the playthrough checks
([cardkit.testing.playthrough][]) record their files again instead of
comparing; tests read it through the ``update_playthroughs`` fixture.

cardkit registers this module as a pytest plugin (the ``pytest11`` entry
point), so in an environment where cardkit is installed ``pytest
--cardkit-game NAME`` works without ``-p``. It is harmless otherwise: it
imports the contract suite (and hypothesis) only when ``--cardkit-game`` is
given or a test asks for the ``cardkit_game`` fixture.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardkit.engine.game import Game

__all__ = [
    "cardkit_game",
    "pytest_addoption",
    "pytest_collection_modifyitems",
    "pytest_configure",
    "update_playthroughs",
]


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--cardkit-game NAME``."""
    group = parser.getgroup("cardkit", "cardkit game contract")
    group.addoption(
        "--cardkit-game",
        action="append",
        default=[],
        dest="cardkit_game",
        metavar="NAME",
        help=(
            "check this installed cardkit game (a name or an alias) against the game "
            "contract; repeat it, separate names with commas, or say 'all'"
        ),
    )
    group.addoption(
        "--update-playthroughs",
        action="store_true",
        default=False,
        dest="update_playthroughs",
        help=(
            "record the playthrough files (tests/playthroughs/) again instead of "
            "checking that they still replay as recorded"
        ),
    )


def pytest_configure(config: pytest.Config) -> None:
    """Register the `slow` marker the contract suite puts on all but each game's first case."""
    config.addinivalue_line(
        "markers", "slow: a long cross-check or a test that starts processes (-m 'not slow')"
    )


@pytest.fixture(scope="session")
def update_playthroughs(request: pytest.FixtureRequest) -> bool:
    """Whether ``--update-playthroughs`` was given (see [cardkit.testing.playthrough][])."""
    return bool(request.config.getoption("update_playthroughs", default=False))


@pytest.fixture(scope="session")
def cardkit_game(request: pytest.FixtureRequest) -> Game[Any, Any]:
    """The game named by ``--cardkit-game`` (the first one); skips the test without it."""
    import cardkit
    from cardkit.testing.contract import selected_games

    names = selected_games(request.config)
    if not names:
        pytest.skip("no game selected: pass --cardkit-game NAME")
    return cardkit.load_game(names[0])


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    """Add the bundled contract suite when games are selected and no contract test was collected.

    Runs first, so that ``-k`` and ``-m`` select among the added tests too.
    """
    if not config.getoption("cardkit_game", default=None):
        return
    from cardkit.testing.contract import GameContract, selected_games

    if not selected_games(config):
        return
    for item in items:
        cls = getattr(item, "cls", None)
        if isinstance(cls, type) and issubclass(cls, GameContract):
            return
    from cardkit.testing import contract_tests

    module = pytest.Module.from_parent(session, path=Path(contract_tests.__file__))
    items.extend(session.genitems(module))
