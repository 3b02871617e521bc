"""`GenericState`'s third type parameter types `state.view(seat)` as the game's view model."""

from __future__ import annotations

from pathlib import Path

from mypy import api

SNIPPET = """
from typing import Any, assert_type

from cardkit import GenericState, Rules, View
from cardkit_crazyeights.state import CrazyEightsState
from cardkit.authoring import SheddingView
from cardkit_palace.state import PalaceState
from cardkit_palace.views import PalaceView
from cardkit_tienlen.state import TienLenState
from cardkit_tienlen.views import TienLenView
from cardkit_tonk.state import TonkState
from cardkit_tonk.views import TonkView


def typed(
    eights: CrazyEightsState,
    palace: PalaceState,
    tienlen: TienLenState,
    tonk: TonkState,
    plain: GenericState[Rules, Any],
) -> None:
    assert_type(eights.view(0), SheddingView)
    assert_type(palace.view(None), PalaceView)
    assert_type(tienlen.view(1), TienLenView)
    assert_type(tonk.view(0), TonkView)
    assert_type(plain.view(1), View)
"""


def test_each_games_view_is_typed_as_its_view_model_without_an_override(tmp_path: Path) -> None:
    """mypy --strict sees each game's own view type (no `view` override needed)."""
    snippet = tmp_path / "snippet.py"
    snippet.write_text(SNIPPET)
    out, err, status = api.run(
        ["--strict", "--cache-dir", str(tmp_path / "cache"), "--no-error-summary", str(snippet)]
    )
    assert status == 0, out + err
