"""Phases: a state says which action kinds apply now, and the core keeps the others out.

Spades declares a bidding phase (bid, blind, look) and a playing phase (play): an
action of the other phase gets that phase's refusal without its check being asked,
and the reference listing neither builds nor checks the other phase's actions. Gin
Rummy declares its five phases by name (`phases`), its field `phase` naming the current
one, and its kinds that only their phase allows have no check.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_ginrummy.state import (
    DISCARD,
    DRAW,
    LAYOFF,
    OFFER,
    STOCK,
    Done,
    Draw,
    GinState,
    LayOff,
    Pass,
    Take,
)
from cardkit_spades.state import BIDDING, PLAYING, Bid, Blind, Look, Play, SpadesState

import cardkit
from cardkit.authoring import Phase
from cardkit.engine._moves import phase_only
from cardkit.engine.generic import GenericState
from cardkit.errors import IllegalAction, InvalidState, Refusal, Refused


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


def _gin() -> GinState:
    state = cardkit.load_game("ginrummy").start(players=2, seed=1)
    assert isinstance(state, GinState)
    return state


def test_a_kind_a_declared_phase_names_needs_no_check() -> None:
    """Gin Rummy declares its phases by name (the field `phase` names the current one): take,
    pass, draw and done have no check, so they are legal exactly while a phase naming them is
    current, and refused with that phase's refusal, which says its name, otherwise."""
    state = _gin()
    assert not hasattr(GinState, "check_take")
    assert GinState._moves[Take][0] is phase_only
    assert state.current_phase() is OFFER
    assert state.legal_actions() == (Take(), Pass())
    assert state.refusal(Draw()) == Refusal(Refused.NOT_NOW, "not allowed in the offer phase")
    discarding = state.apply(Take())
    assert discarding.current_phase() is DISCARD
    refused = Refusal(Refused.NOT_NOW, "not allowed in the discard phase")
    assert discarding.refusal(Take()) == discarding.refusal(Done()) == refused
    assert not any(isinstance(a, Take | Pass | Draw | Done) for a in discarding.legal_actions())


def test_a_kind_with_no_check_and_no_phase_is_refused_when_the_class_is_made() -> None:
    """A misspelt or forgotten check never makes a move legal: with no phase declared, or no
    declared phase naming the kind, the class is refused; so is a kind no phase names."""
    with pytest.raises(TypeError, match="needs check_done and do_done"):

        class NoLayoffPhase(GinState):
            __slots__ = ()
            grammar = GinState.grammar  # declared: else the phases' kinds, with no `done`
            phases = (OFFER, STOCK, DRAW, DISCARD, Phase(LayOff, name="layoff"))

    with pytest.raises(TypeError, match="needs check_take and do_take"):
        type("NoPhases", (GinState,), {"__slots__": (), "phases": ()})

    with pytest.raises(TypeError, match="phases name no Done"):

        class NeverDone(GinState):
            __slots__ = ()
            grammar = GinState.grammar
            phases = (OFFER, STOCK, DRAW, DISCARD, Phase(LayOff, name="layoff"))

            def check_done(self, action: Done) -> Refusal | None:
                return None


def test_declared_phases_are_named_once_and_name_kinds_of_the_grammar() -> None:
    """An unnamed phase, two of one name, or a phase naming a kind not in the grammar is
    refused when the class is made; a `phase` field naming no phase when it is asked."""
    for phases, said in (
        ((OFFER, STOCK, DRAW, DISCARD, LAYOFF, Phase(Done)), "has no name"),
        ((OFFER, STOCK, DRAW, DISCARD, LAYOFF, Phase(Done, name="draw")), "name of another"),
        ((OFFER, STOCK, DRAW, DISCARD, LAYOFF, Phase(Look, name="look")), "Look, not in its"),
        ([OFFER, STOCK, DRAW, DISCARD, LAYOFF], "a tuple of Phase objects"),
    ):
        body = {"__slots__": (), "grammar": GinState.grammar, "phases": phases}  # declared
        with pytest.raises(TypeError, match=said):
            type("Broken", (GinState,), body)
    state = _gin()
    lost = GinState.first(state.game, state.setup, state.f._replace(phase="dealing"))
    with pytest.raises(InvalidState, match="'dealing', not one of the phases: offer, stock"):
        lost.current_phase()
