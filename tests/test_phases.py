"""Phases: a state says which action kinds apply now, and the core keeps the others out.

Spades declares a bidding phase (bid, blind, look) and a playing phase (play): an
action of the other phase gets that phase's refusal without its check being asked,
and the reference listing neither builds nor checks the other phase's actions.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_spades.state import BIDDING, PLAYING, Bid, Blind, Look, Play, SpadesState

import cardkit
from cardkit.authoring import Phase
from cardkit.engine.generic import GenericState
from cardkit.errors import IllegalAction, Refusal, Refused


def _start(cls: type[SpadesState] = SpadesState, **rules: Any) -> SpadesState:
    game = cardkit.load_game("spades")
    start = game.start(players=4, rules=game.rules(**rules), seed=3)
    assert isinstance(start, SpadesState)
    return cls.first(start.game, start.setup, start.f, start.last_events)


def _bid_out(state: SpadesState) -> SpadesState:
    while state.current_phase() is BIDDING:
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, Bid)))
    return state


def test_an_action_of_another_phase_gets_that_phase_s_refusal() -> None:
    """The codes and messages the checks gave before phases are the phases' own."""
    bidding = _start()
    card = next(iter(bidding.f.hands[bidding.f.seat]))
    refused = Refusal("bidding", "every seat bids before the first lead")
    assert bidding.refusal(Play(card)) == refused
    playing = _bid_out(bidding)
    assert playing.current_phase() is PLAYING
    refused = Refusal("not_bidding", "the bidding is over: play a card")
    assert playing.refusal(Bid(4)) == playing.refusal(Look()) == playing.refusal(Blind()) == refused
    with pytest.raises(IllegalAction) as error:
        playing.apply("bid 4")
    assert error.value.code == "not_bidding"


def test_the_listing_asks_no_check_of_another_phase() -> None:
    """While bidding no play is built or checked; while playing no bid is."""
    asked: list[str] = []

    class Counted(SpadesState):
        __slots__ = ()

        def check_play(self, action: Play) -> Refusal | None:
            asked.append("play")
            return super().check_play(action)

        def check_bid(self, action: Bid) -> Refusal | None:
            asked.append("bid")
            return super().check_bid(action)

    state = _start(Counted)
    assert not any(isinstance(a, Play) for a in state.candidate_actions())
    assert len(state.reference_legal()) == 14
    assert set(asked) == {"bid"}
    asked.clear()
    playing = _bid_out(state)
    asked.clear()
    assert playing.reference_legal()
    assert set(asked) == {"play"}


def test_the_listing_is_every_action_the_refusal_accepts() -> None:
    """Through whole deals, the phase's listing equals every candidate of the grammar that
    `refusal` (phase, then check) accepts, in order: the phases change nothing that is legal."""
    for seed in (1, 2):
        game = cardkit.load_game("spades")
        state = game.start(players=4, rules=game.rules(blind_nil=True), seed=seed)
        assert isinstance(state, SpadesState)
        while not state.is_over:
            every = state.grammar.candidates(
                state.deck_cards(), players=4, sources=state.source_cards
            )
            assert state.reference_legal() == [a for a in every if state.refusal(a) is None]
            state = state.apply(state.legal_actions()[-1])


def test_a_subclass_s_phase_holds() -> None:
    """A house rule overriding `current_phase` is played with its own; a phase without a
    refusal of its own says which forms apply now."""

    class LookFirst(SpadesState):
        __slots__ = ()

        def current_phase(self) -> Phase:
            return LOOKING if not self.f.looked >> self.f.seat & 1 else super().current_phase()

    state = _start(LookFirst, blind_nil=True)
    assert state.legal_actions() == (Look(),)
    assert state.refusal(Blind()) == Refusal(Refused.NOT_NOW, "not now: write 'look'")
    assert Look() in _start(blind_nil=True).legal_actions()
    assert Blind() in _start(blind_nil=True).legal_actions()


LOOKING = Phase(Look)


def test_a_phase_names_action_classes_of_the_grammar() -> None:
    """A phase of no kind, of something not an action class, or of an action not in the
    game's grammar is refused with a TypeError."""
    with pytest.raises(TypeError, match="action classes"):
        Phase()
    with pytest.raises(TypeError, match="action classes"):
        Phase(int)  # type: ignore[arg-type]

    class Stray(Look):
        pass

    class Broken(SpadesState):
        __slots__ = ()

        def current_phase(self) -> Phase:
            return stray

    stray = Phase(Stray)
    with pytest.raises(TypeError, match="Stray, not in its grammar"):
        _start(Broken).legal_actions()


def test_a_game_without_phases_asks_none() -> None:
    """The default: every kind applies always, and `current_phase` is not asked."""
    state = cardkit.load_game("crazyeights").start(players=3, seed=1)
    assert isinstance(state, GenericState)
    assert state.current_phase() is None
    assert not type(state)._phased
    assert SpadesState._phased
