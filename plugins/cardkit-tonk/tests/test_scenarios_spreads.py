"""Counting, books, runs and hits (scenarios 1-7 of the Tonk spec, section 8).

Seats are A = 0, B = 1, C = 2; the dealer is the last seat unless a test
says otherwise, so A acts first. Every deck is explicit (see
``cardkit_tonk.testing.stacked_deck``); the scenarios of the other sections
are in the other ``test_scenarios_*`` modules.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_tonk import TonkState
from cardkit_tonk.spreads import BOOK, run_kind
from cardkit_tonk.testing import legal, play, start

from cardkit import CardSet, IllegalAction


def valid(kind: Any, cards: str) -> bool:
    """Whether the cards form a valid meld of a spread kind."""
    return bool(kind.is_valid_mask(CardSet.parse(cards).mask))


# 1 ------------------------------------------------------------------------------------
def test_01_counting() -> None:
    state = start(["KS QD 7C AH 2S", "2C 3C 4C 5C 6C"], upcard="9D")
    assert state.count(0) == 30
    assert state.view(0).count == 30


# 2 ------------------------------------------------------------------------------------
def test_02_books() -> None:
    assert valid(BOOK, "7S 7H 7D")
    assert valid(BOOK, "7S 7H 7D 7C")
    assert not valid(BOOK, "7S 7H")
    assert not valid(BOOK, "7S 7H 8S")
    state = play(start(["7S 7H 7D 7C 8S", "2C 3C 4C 5D 6D"], upcard="9D", stock="KH"), "draw")
    actions = legal(state)
    assert "spread 7D 7H 7S" in actions
    assert "spread 7C 7D 7H 7S" in actions
    for bad in ("spread 7S 7H", "spread 7S 7H 8S"):
        with pytest.raises(IllegalAction):
            state.apply(bad)


# 3 ------------------------------------------------------------------------------------
def test_03_runs_default_aces() -> None:
    run = run_kind("low_or_high")
    for ok in ("9D TD JD", "AH 2H 3H", "QH KH AH"):
        assert valid(run, ok), ok
    for bad in ("9D TD JC", "KH AH 2H", "3H 5H 6H"):
        assert not valid(run, bad), bad
    # the same through the game: the spreads a 10-card holding may lay
    state = play(
        start(
            ["QH KH AH 2H 3H 9D TD JD JC", "2C 3C 4C 5C 6C 7C 8C 9C TC"],
            upcard="5S",
            stock="5H",
            hand_size=9,
        ),
        "draw",
    )
    actions = legal(state)
    assert "spread 9D TD JD" in actions
    assert "spread AH 2H 3H" in actions
    assert "spread QH KH AH" in actions
    for bad in ("spread 9D TD JC", "spread KH AH 2H"):
        assert str(state.parse_action(bad)) not in actions
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        assert err.value.code == "invalid_spread"
    with pytest.raises(IllegalAction, match="corner"):
        state.apply("spread KH AH 2H")


# 4 ------------------------------------------------------------------------------------
def test_04_runs_ace_low_only() -> None:
    run = run_kind("low_only")
    assert not valid(run, "QH KH AH")
    assert valid(run, "AH 2H 3H")
    state = play(
        start(
            ["QH KH AH 2H 3H", "2C 3C 4C 5C 6C"], upcard="5S", stock="9D", ace_in_runs="low_only"
        ),
        "draw",
    )
    assert "spread AH 2H 3H" in legal(state)
    assert "spread QH KH AH" not in legal(state)


def _b_lays(
    a: str, b: str, spread: str, *, stock: str = "2S 3S 4S", **options: Any
) -> tuple[TonkState, TonkState]:
    """A draws and discards; B draws, lays ``spread`` and discards; A draws.

    Returns the state at A's second turn start and after A's draw.
    """
    state = start([a, b], upcard="TD", stock=stock, **options)
    first, second = stock.split()[:2]
    state = play(state, "draw", f"discard {first}", "draw", f"spread {spread}", f"discard {second}")
    return state, state.apply("draw")


# 5 ------------------------------------------------------------------------------------
def test_05_hits_on_a_run() -> None:
    _, state = _b_lays("4C 8C 9C 8D KH", "5C 6C 7C QS QD", "5C 6C 7C")
    assert state.spreads[0].owner == 1
    actions = legal(state)
    assert "hit 4C 1" in actions
    assert "hit 8C 1" in actions
    assert "hit 9C 1" not in actions  # not adjacent
    assert "hit 8D 1" not in actions  # another suit
    with pytest.raises(IllegalAction) as err:
        state.apply("hit 9C 1")
    assert err.value.code == "invalid_hit"
    after = state.apply("hit 8C 1")
    assert "hit 9C 1" in legal(after)
    after = after.apply("hit 9C 1")
    assert [c.code for c in after.view(0).spreads[0].cards] == ["5C", "6C", "7C", "8C", "9C"]


# 6 ------------------------------------------------------------------------------------
def test_06_ace_hits() -> None:
    _, state = _b_lays("AS 2H 3H 4H 9D", "JS QS KS 8C 8D", "JS QS KS")
    assert "hit AS 1" in legal(state)
    _, state = _b_lays("AS 2H 3H 4H 9D", "JS QS KS 8C 8D", "JS QS KS", ace_in_runs="low_only")
    assert "hit AS 1" not in legal(state)
    _, state = _b_lays("KS 9H 9D 5C 6D", "AS 2S 3S 8C 8D", "AS 2S 3S", stock="2C 3C 4C")
    assert "hit KS 1" not in legal(state)  # K A 2 would turn the corner
    with pytest.raises(IllegalAction):
        state.apply("hit KS 1")


# 7 ------------------------------------------------------------------------------------
def test_07_hit_on_a_book_retires_it() -> None:
    state = start(["TC 2D 3D 8H 9S", "TS TH TD KC QC"], upcard="JH", stock="5S 4C 6S")
    state = play(state, "draw", "discard 5S", "draw", "spread TS TH TD", "discard 4C")
    state = state.apply("draw")
    assert str(state.discard_top) == "4C"
    state = state.apply("hit TC 1")
    view = state.view(0)
    assert view.spreads == []
    assert [s.id for s in view.retired] == [1]
    assert len(view.retired[0].cards) == 4
    assert str(view.discard_top) == "4C"
    assert not [a for a in legal(state) if a.startswith("hit")]
    assert state.drop_locks == (0, 1)  # a hit on B's book
    kinds = [e.kind for e in state.last_events]
    assert "retire" in kinds
