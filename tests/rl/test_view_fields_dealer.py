"""The view fields an observation encodes come from `view_extra` and the dealer, without a
view built, where they hold them all: the core adds the dealer to every view, so the
examples no longer put it in `view_extra` (issue 37), and the encoder adds it too."""

from __future__ import annotations

from typing import Any

import pytest

import cardkit
from cardkit.rl.fields import FieldCodec, scalar_fields


def test_spades_view_fields_are_read_without_building_a_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = cardkit.load_game("spades").start(seed=2, dealer=2)
    codec = FieldCodec(scalar_fields(type(state.view(0))), 4)

    def no_view(self: Any, seat: int | None = None) -> Any:
        raise AssertionError("a view was built")

    monkeypatch.setattr(type(state), "view", no_view)
    scalars = codec.scalars(state, 0)
    assert scalars["dealer"] == 2
