"""Spades' rules: sealed bids, follow suit, broken spades, tricks, and the score of a deal."""

from __future__ import annotations

import random
from typing import Any

import pytest
from cardkit_spades.game import Spades
from cardkit_spades.state import SpadesState

from cardkit import Deck, IllegalAction
from cardkit.testing import check_result

GAME = Spades()
# Seat 0 is dealt every club, seat 1 every diamond, seat 2 every heart, seat 3 every spade.
SUITED = [" ".join(f"{r}{s}" for r in "23456789TJQKA") for s in "CDHS"]


def start(hands: list[str] = SUITED, **options: Any) -> SpadesState:
    """A deal of `hands` to seats 0-3 (the dealer is seat 3, so seat 0 leads)."""
    deck = Deck.stacked(4, hands, size=13)
    return GAME.start(players=4, rules=GAME.rules(**options), deck=deck)


def bid(state: SpadesState, *bids: str) -> SpadesState:
    for text in bids:
        state = state.apply(text)
    return state


def test_bids_are_sealed_until_every_seat_has_bid() -> None:
    """No view shows another seat's bid, or says it in `recent`, before the reveal."""
    state = bid(start(), "bid 3", "bid 0", "bid 13")
    for seat in range(4):
        view = state.view(seat)
        assert view.bids == [b if s == seat else None for s, b in enumerate([3, 0, 13, None])]
        assert view.bid_made == [True, True, True, False]
        said = [line.split(" ", 2)[-1] for line in view.recent]  # without "Seat N" or "You"
        assert not any("3" in line or "13" in line or "nil" in line for line in said), said
    assert state.view(None).bids == [None] * 4
    assert state.to_act == 3
    state = state.apply("bid 4")
    assert state.view(None).bids == [3, 0, 13, 4]
    assert "Every choice is revealed: 3, nil, 13, 4" in state.view(1).recent
    assert "Seat 2 bids nil" in state.view(0).recent
    assert state.to_act == 0


def test_follow_suit_and_broken_spades() -> None:
    """A spade may not be led before spades are broken, unless the hand holds only spades."""
    hands = [
        "AS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        "2S 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AD AH",
    ]
    state = bid(start(hands), "bid 1", "bid 1", "bid 1", "bid 1")
    with pytest.raises(IllegalAction) as refused:
        state.apply("play AS")
    assert refused.value.code == "spades_not_broken"
    state = state.apply("play 2C")
    state = state.apply("play 2S")  # seat 1 holds no club: any card, a spade too
    with pytest.raises(IllegalAction) as refused:
        state.apply("play 2H")
    assert refused.value.code == "must_follow"
    state = bid(state, "play AC", "play AD")
    assert state.f.broken
    assert state.to_act == 1  # the 2♠ trumps the trick
    assert state.view(3).last_trick == list(state.f.last.cards)  # type: ignore[union-attr]
    assert "Seat 2 takes the trick with 2♠" in state.view(0).recent


def _play_out(state: SpadesState) -> SpadesState:
    """Play the first legal action to the end (dealt SUITED, seat 3 takes all 13 tricks)."""
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


def test_scoring_contracts_nils_and_bags() -> None:
    """Seat 3 takes all 13 tricks: both nils of seats 0 and 2 are made; seats 1 and 3 take bags."""
    state = _play_out(bid(start(), "bid 0", "bid 2", "bid 0", "bid 4"))
    assert state.f.tricks[3] == 13
    result = state.result()
    # Team 0-2: two nils made (+200). Team 1-3: bid 6, took 13: 60 + 7 bags.
    assert result.team_points == [200, 67]
    assert result.points == [200, 67, 200, 67]
    assert result.details["bags"] == [0, 7]
    assert result.winners == [0, 2]
    assert result.teams == [[0, 2], [1, 3]]


def test_bags_carry_over_and_cost_the_penalty() -> None:
    """7 bags carried in, 7 more this deal: 14 bags, one penalty of 100, 4 carried on."""
    first = _play_out(bid(start(), "bid 0", "bid 2", "bid 0", "bid 4")).result()
    deck = Deck.stacked(4, SUITED, size=13)
    state = GAME.start(players=4, deck=deck, previous=first)
    result = _play_out(bid(state, "bid 0", "bid 2", "bid 0", "bid 4")).result()
    assert result.team_points == [200, 67 - 100]
    assert result.details["bags"] == [0, 4]
    free = _play_out(bid(start(bag_penalty=0), "bid 1", "bid 2", "bid 1", "bid 4")).result()
    assert free.team_points == [-20, 67]


def test_failed_nil_and_blind_nil() -> None:
    """A blind nil is bid before looking, and the hand shows only after; it scores 200."""
    state = start(blind_nil=True)
    assert state.view(0).hand is None
    assert [str(a) for a in state.legal_actions()] == ["blind", "look"]
    state = bid(state, "blind", "look", "bid 3", "look", "bid 2", "look", "bid 0")
    assert state.view(0).hand is not None
    assert state.view(1).blind == [0]
    result = _play_out(state).result()
    # Team 0-2: blind nil made (+200), seat 2 bid 2 and took 0 (-20). Team 1-3: seat 3's
    # nil fails (13 tricks: -100), seat 1 bid 3 and took 0 (-30); 13 bags.
    assert result.team_points == [180, -130 - 100]
    with pytest.raises(IllegalAction) as refused:
        start(nil=False).apply("bid 0")
    assert refused.value.code == "no_nil"


def test_a_tie_says_it_is_a_tie() -> None:
    """Both partnerships on -130 (seed 7000039, random play): no winner, reason "tie"."""
    state = GAME.start(players=4, seed=7000039)
    rng = random.Random(7000039)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    assert result.team_points == [-130, -130]
    assert (result.reason, result.winners, result.losers) == ("tie", [], [])
    check_result(state)  # the contract: a result with no winner says why
    assert _play_out(bid(start(), "bid 0", "bid 2", "bid 0", "bid 4")).result().reason == "played"
