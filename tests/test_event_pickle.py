"""An `Event` copies and pickles by value, its ``data`` included."""

from __future__ import annotations

import copy
import pickle
from types import MappingProxyType

import pytest

from cardkit import Card, Event


@pytest.mark.parametrize(
    "event",
    [
        Event("pass", 2),
        Event("play", 0, (Card.parse("3S"), Card.parse("3H")), note="a pair"),
        Event("draw", 1, count=2),
        Event("round_end", None, data=MappingProxyType({"scores": [3, -1], "who": "A & B"})),
        Event("bid", 3, data={"bid": 4}),
    ],
)
def test_an_event_pickles_and_copies_with_its_data(event: Event) -> None:
    for back in (pickle.loads(pickle.dumps(event)), copy.deepcopy(event), copy.copy(event)):
        assert back == event
        assert tuple(back[:5]) == tuple(event[:5])
        assert dict(back.data) == dict(event.data)
        with pytest.raises(TypeError):
            back.data["planted"] = 1  # type: ignore[index]
