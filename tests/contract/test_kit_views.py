"""The contract checks of views: each one passes a correct game and catches a broken one
(Crazy Eights with one bug planted, as in ``test_kit.py``)."""

from __future__ import annotations

from collections.abc import Collection

import pytest
from cardkit_crazyeights.state import CrazyEightsState
from contract_support import GOOD, ShowsTheNextCard, a_state, broken

from cardkit import CardSet
from cardkit.authoring import SheddingView
from cardkit.testing import (
    ContractError,
    Knowledge,
    cards_mentioned,
    check_non_interference,
    check_random_playouts,
    check_state,
    check_views,
    random_playout,
)

# -- views --------------------------------------------------------------------------------


class SpectatorSeesAHand(CrazyEightsState):
    __slots__ = ()

    def view(self, seat: int | None = None) -> SheddingView:
        view = super().view(seat)
        return view if seat is not None else view.model_copy(update={"hand": list(self.f.hands[0])})


class SeatSeesItsNeighbour(CrazyEightsState):
    __slots__ = ()

    def view(self, seat: int | None = None) -> SheddingView:
        view = super().view(seat)
        if seat is None:
            return view
        other = list(self.f.hands[(seat + 1) % self.players])
        return view.model_copy(update={"hand": [*(view.hand or []), *other[:1]]})


class WrongLegalActionsInView(CrazyEightsState):
    __slots__ = ()

    def view(self, seat: int | None = None) -> SheddingView:
        view = super().view(seat)
        return view.model_copy(update={"legal_actions": [*view.legal_actions[:1], "pass"]})


class WrongToActInView(CrazyEightsState):
    __slots__ = ()

    def view(self, seat: int | None = None) -> SheddingView:
        return super().view(seat).model_copy(update={"to_act": 0})


class NamesAMissingZone(CrazyEightsState):
    __slots__ = ()

    def visible_zones(self, seat: int | None) -> Collection[str]:
        return ("discard", "table")


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (ShowsTheNextCard, "may not know"),
        (SpectatorSeesAHand, "the spectator view shows"),
        (SeatSeesItsNeighbour, "view\\(\\d\\) shows"),
        (WrongLegalActionsInView, "legal.actions"),
        (WrongToActInView, "to_act is 0, expected"),
        (NamesAMissingZone, "names the zone 'table'"),
    ],
)
def test_views_are_checked(state_class: type[CrazyEightsState], message: str) -> None:
    """Views that leak a card, or disagree with the state, are caught."""
    with pytest.raises(ContractError, match=message):
        check_random_playouts(broken(state_class), 3, range(3), 300)


def test_views_are_checked_against_what_a_seat_has_seen() -> None:
    """A card a seat once held and played stays known to it, so views may mention it later."""
    playout = random_playout(GOOD, 3, 2, max_actions=40)
    knowledge = Knowledge(3)
    for state in playout.states:
        knowledge.observe(state)
    final = playout.final
    assert isinstance(final, CrazyEightsState)
    hand_now = final.f.hands[0]
    assert knowledge.known(0) >= hand_now
    assert knowledge.known(None) >= CardSet(final.f.discard)
    assert not knowledge.known(None) & CardSet(final.f.stock) - CardSet(
        c for s in playout.states for e in s.last_events for c in e.cards
    )
    check_views(final, knowledge)


def test_a_single_state_can_be_checked_without_history() -> None:
    """check_state works on any state; it then trusts only what is visible now."""
    check_state(a_state(GOOD, actions=20))
    with pytest.raises(ContractError, match="may not know"):
        check_state(a_state(broken(ShowsTheNextCard)))


class LeaksTheStockOrder(CrazyEightsState):
    """Shows no card code, but a number that depends on the stock order."""

    __slots__ = ()

    def view(self, seat: int | None = None) -> SheddingView:
        view = super().view(seat)
        digest = sum(i * c.index for i, c in enumerate(self.f.stock)) % 1000
        return view.model_copy(update={"recent": [*view.recent, f"luck {digest}"]})


def test_non_interference_catches_what_the_card_scan_cannot() -> None:
    """A view that depends on the stock order, without naming a card, is caught by swapping."""
    leaky = broken(LeaksTheStockOrder)
    check_random_playouts(leaky, 3, range(2), 200)  # no card code: the scan sees nothing
    assert check_non_interference(GOOD, 3, 0) > 0
    with pytest.raises(ContractError, match="swap places in the deck"):
        check_non_interference(leaky, 3, 0)


def test_cards_mentioned_reads_codes_pretty_forms_keys_and_words() -> None:
    """Codes and pretty forms are found in values, keys and words; other words are not cards."""
    data = {
        "QS": 1,
        "hand": ["TH", "2c"],
        "note": "Seat 1 plays 10♥, then K♠; as is a word, and so is AS-ish",
        "nested": [{"x": ("AD",)}],
        "n": 3,
    }
    assert str(cards_mentioned(data)) == "AD TH QS KS"
    assert not cards_mentioned(["as", "A", "10", "ZZ", 12, None])
