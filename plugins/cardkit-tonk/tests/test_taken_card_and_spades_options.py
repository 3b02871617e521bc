"""Options 20, 25 and 27 as the spec now words them (issue 9).

- option 20 (``spades_ace_high = false``) with the Spades side pot (4.2
  SPADES_POT): every participant shows their *highest* spade, and with the
  ace low the ace is the lowest spade;
- option 25 (``take_discard_must_use``): while the taken card is unused it
  may not be bonus-discarded, and neither ``discard`` nor ``drop`` (under
  ``drop_timing = anytime``) is legal;
- option 27 (``forbid_discard_of_taken_card``): the taken card may still go
  out as the last card in hand, a run out.

Every deck is explicit: the cards given, then the rest in canonical order.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_tonk import TonkState
from cardkit_tonk.testing import play, stacked_deck

import cardkit
from cardkit import CardSet, Deck, IllegalAction, parse_cards
from cardkit.cards.card import STANDARD_CARDS

GAME = cardkit.load_game("tonk")


def deck_of(prefix: str) -> Deck:
    """The deck that starts with ``prefix`` (top first), the rest in canonical order."""
    head = parse_cards(prefix)
    return Deck([*head, *(c for c in STANDARD_CARDS if c not in head)])


def start(players: int, deck: Deck, **options: Any) -> TonkState:
    """Deal ``deck`` to ``players`` seats (dealer: the last seat) under ``options``."""
    state = GAME.start(players=players, rules=GAME.rules(**options), deck=deck)
    assert isinstance(state, TonkState)
    return state


def legal(state: TonkState) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in state.legal_actions()]


# -- option 20: the side pot with the ace low ---------------------------------------------


def test_spades_ace_low_shows_the_highest_spade_not_the_ace() -> None:
    # A is dealt AS 8S 2H 3H 4D, B 2S 5C 6C 9D KH; the upcard is 7D.
    deck = deck_of("AS 2S 8S 5C 2H 6C 3H 9D 4D KH 7D")
    state = start(2, deck, spades_side_pot=True, spades_ace_high=False)
    state = play(state, "join", "join")
    pot = state.view(None).spades
    assert pot is not None
    assert {seat: str(card) for seat, card in pot.shown.items()} == {0: "8S", 1: "2S"}
    assert pot.winner == 0
    shows = [e for e in state.events if e.kind == "spades_show"]
    assert [(e.seat, [c.code for c in e.cards]) for e in shows] == [(0, ["8S"]), (1, ["2S"])]
    over = state.apply("drop")
    spades = over.result().details["spades"]
    assert isinstance(spades, dict)
    assert spades["net"] == [1, -1]


def test_spades_ace_low_shows_the_ace_only_when_it_is_the_only_spade() -> None:
    # A holds only AS among the spades; B holds 2S: the ace is lowest, B takes the pot.
    deck = deck_of("AS 2S 2H 5C 3H 6C 4H 9D 4D KH 7D")
    state = play(start(2, deck, spades_side_pot=True, spades_ace_high=False), "join", "join")
    pot = state.view(None).spades
    assert pot is not None
    assert {seat: str(card) for seat, card in pot.shown.items()} == {0: "AS", 1: "2S"}
    assert pot.winner == 1


def test_spades_ace_high_still_shows_the_ace() -> None:
    deck = deck_of("AS 2S 8S 5C 2H 6C 3H 9D 4D KH 7D")
    state = play(start(2, deck, spades_side_pot=True), "join", "join")
    pot = state.view(None).spades
    assert pot is not None
    assert {seat: str(card) for seat, card in pot.shown.items()} == {0: "AS", 1: "2S"}
    assert pot.winner == 0


# -- option 25: take_discard_must_use ---------------------------------------------------

#: A draws 9C, spreads 7S 7H 7D and 2H 3H 4H and discards 7C; B takes 7C.
_MUST_USE_DECK = "7S AH 7H 8D 7D 8C 7C JD 2H QC 3H KD 4H KC 3C 9C"


def _b_took_7c(**options: Any) -> TonkState:
    state = start(2, deck_of(_MUST_USE_DECK), hand_size=7, take_discard_must_use=True, **options)
    if state.phase == "drop_window":  # drop_timing = anytime: both seats are polled first
        state = play(state, "pass", "pass")
    state = play(state, "draw", "spread 7D 7H 7S", "spread 2H 3H 4H", "discard 7C", "take")
    assert state.to_act == 1
    assert state.hand(1) == CardSet.parse("7C 8C 8D JD QC KC KD AH")
    return state


def test_take_discard_must_use_no_bonus_discard_of_the_unused_taken_card() -> None:
    state = _b_took_7c(hit_bonus_discard="per_hit")
    book, run = (s.id for s in state.spreads)
    state = state.apply(f"hit AH {run}")  # a hit on A: one bonus discard earned
    actions = legal(state)
    assert "bonus 7C" not in actions
    assert f"hit 7C {book}" in actions
    assert not [a for a in actions if a.startswith("discard")]
    with pytest.raises(IllegalAction) as err:
        state.apply("bonus 7C")
    assert err.value.code == "must_use"
    assert "bonus 8C" in actions  # other cards may go as the bonus discard
    used = state.apply(f"hit 7C {book}")
    assert "discard 8C" in legal(used)


def test_take_discard_must_use_no_discard_and_no_drop_while_the_card_is_unused() -> None:
    state = _b_took_7c(drop_timing="anytime")
    actions = legal(state)
    assert "drop" not in actions
    assert not [a for a in actions if a.startswith("discard")]
    for action in ("drop", "discard 8C", "discard 7C"):
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert err.value.code == "must_use", action
    book = state.spreads[0].id
    used = state.apply(f"hit 7C {book}")
    assert "drop" in legal(used)
    assert "discard 8C" in legal(used)


# -- option 27: forbid_discard_of_taken_card ----------------------------------------------


def test_forbid_discard_of_taken_card_allows_it_as_the_last_card_a_run_out() -> None:
    hands = ["2C 3C 4C 5C 6C", "2S 6D 8S JH QD"]
    deck = stacked_deck(hands, upcard="KH")
    state = play(start(2, deck, forbid_discard_of_taken_card=True), "take")
    assert "discard KH" not in legal(state)
    state = state.apply("spread 2C 3C 4C 5C 6C")
    assert legal(state) == ["discard KH"]
    over = state.apply("discard KH")
    assert over.is_over
    assert over.result().reason == "run_out"
    assert over.result().net == [1, -1]
