"""A sealed choice made for one seat (a pass) is revealed to its giver and receiver only.

Bids are revealed to every seat once all are made; passes must not be: in
Hearts each seat sees the cards it passed and the ones it received, never
the other passes. The views, the events and the contract kit keep to that.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from cardkit_spades.game import Spades
from cardkit_spades.state import SpadesState

from cardkit.engine.simultaneous import Sealed
from cardkit.testing import ContractError
from cardkit.testing.sealed import check_sealed_choices

PASSES = ("2C 3C 4C", "AS KS QS", "5H 6H 7H", "9D TD JD")
LEFT = (1, 2, 3, 0)


def _passed(kind: str = "pass") -> tuple[Sealed[str], list[Any]]:
    passes: Sealed[str] = Sealed.open(4, receivers=LEFT)
    events: list[Any] = []
    for seat, cards in enumerate(PASSES):
        passes, events = passes.choose(seat, cards, kind=kind)
    return passes, events


def test_a_pass_is_seen_by_its_giver_and_receiver_only() -> None:
    passes, _ = _passed()
    assert passes.complete
    assert passes.seen_by(1) == [PASSES[0], PASSES[1], None, None]
    assert passes.seen_by(0) == [PASSES[0], None, None, PASSES[3]]
    assert passes.seen_by(None) == [None] * 4
    assert passes.sees(2, 1)
    assert not passes.sees(2, 0)


def test_the_events_of_a_pass_name_no_card() -> None:
    """Events are public: the reveal says who passed to whom, never what."""
    _, events = _passed()
    said = json.dumps([e.to_json_dict() for e in events]) + " ".join(e.describe() for e in events)
    for cards in PASSES:
        for code in cards.split():
            assert code not in said
    assert [e.describe() for e in events][-4:] == [
        "Seat 1 passes to seat 2",
        "Seat 2 passes to seat 3",
        "Seat 3 passes to seat 4",
        "Seat 4 passes to seat 1",
    ]


def test_bids_are_still_revealed_to_everyone() -> None:
    bids: Sealed[int] = Sealed.open(3)
    for seat, bid in enumerate((2, 4, 0)):
        bids, events = bids.choose(seat, bid, kind="bid")
    assert bids.seen_by(None) == [2, 4, 0]
    assert events[1].describe() == "Every choice is revealed: 2, 4, 0"
    assert bids.receivers is None


def test_receivers_name_one_seat_per_seat() -> None:
    with pytest.raises(ValueError, match="one seat of 0-3 per seat"):
        Sealed.open(4, receivers=(1, 2, 3))
    with pytest.raises(ValueError, match="one seat of 0-3 per seat"):
        Sealed.open(4, receivers=(1, 2, 3, 4))


def _with_bids(state: SpadesState, bids: Sealed[int]) -> SpadesState:
    other = type(state).first(state.game, state.setup, state.f._replace(bids=bids))
    object.__setattr__(other, "_log", state._log)
    return other


class _LeakyPasses(SpadesState):
    """A view that shows every choice once all are made (the leak `Sealed` had by design)."""

    __slots__ = ()

    def view_extra(self, seat: int | None) -> dict[str, Any]:
        return {**super().view_extra(seat), "bids": list(self.f.bids.values)}


def test_the_contract_kit_catches_a_pass_shown_to_a_third_seat() -> None:
    """With receivers, a complete sealed field is checked too: a seat that neither gave nor
    received a choice must not see it (the views through `seen_by` keep to it)."""
    start = Spades().start(players=4, seed=5)
    private = Sealed((3, 1, 4, 2), receivers=LEFT)
    check_sealed_choices(_with_bids(start, private))
    leaky = _LeakyPasses.first(start.game, start.setup, start.f)
    with pytest.raises(ContractError, match="after every seat has chosen"):
        check_sealed_choices(_with_bids(leaky, private))


def test_a_bid_snapshot_is_as_before() -> None:
    """The receivers are written only when given: a bid's snapshot keeps its old form."""
    start = Spades().start(players=4, seed=5)
    assert start.snapshot()["bids"] == {"values": [None] * 4}
    private = _with_bids(start, Sealed.open(4, receivers=LEFT))
    assert private.snapshot()["bids"] == {"values": [None] * 4, "receivers": list(LEFT)}
