"""``import cardkit``: exactly the names of ``__all__``, and no command-line dependencies."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import cardkit

#: Run in a fresh interpreter: what ``import cardkit`` alone binds and imports.
_PROBE = """
import json, sys
import cardkit
cli = {"typer", "rich", "click"}
report = {
    "public": sorted(n for n in vars(cardkit) if n in cardkit.__all__ or n[0] != "_"),
    "cli": sorted(cli & {m.split(".")[0] for m in sys.modules}),
}
for name in cardkit.available_games():
    state = cardkit.load_game(name).start(seed=1)
    state = state.apply(state.legal_actions()[0])
    state.view(0).model_dump_json()
    cardkit.load_game(name).load_state(state.to_json())
report["cli_after_playing"] = sorted(cli & {m.split(".")[0] for m in sys.modules})
print(json.dumps(report))
"""


@pytest.mark.slow
def test_import_cardkit_binds_only_all_and_no_cli_library() -> None:
    """A fresh ``import cardkit`` binds only ``__all__``; playing a game loads no typer or rich."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True, timeout=120
    )
    report = json.loads(done.stdout)
    assert report["public"] == sorted(cardkit.__all__)
    assert report["cli"] == []
    assert report["cli_after_playing"] == []


def test_dir_lists_all_and_nothing_else() -> None:
    """``dir(cardkit)`` is ``__all__``: no ``Any``, ``annotations`` or submodules."""
    assert dir(cardkit) == sorted(cardkit.__all__)
    assert not {"Any", "annotations", "plugins", "state"} & set(dir(cardkit))


def test_submodules_are_still_reached_by_name() -> None:
    """``cardkit.cards.melds`` and ``from cardkit.plugins import registry`` import the submodule."""
    from cardkit.plugins import registry

    assert cardkit.plugins.registry is registry
    assert cardkit.cards.melds.NOfAKind.__module__.startswith("cardkit.cards.melds")
    assert cardkit.engine.state.GameState is cardkit.GameState


def test_an_unknown_attribute_is_an_attribute_error() -> None:
    """A name that is neither public nor a submodule raises AttributeError naming it."""
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        _ = cardkit.nothing_here
    with pytest.raises(AttributeError):
        _ = cardkit._private
