"""The default view model of GenericState shows the declared zones (issue 21)."""

from __future__ import annotations

from typing import ClassVar

from cardkit import Game, Rules, Setup
from cardkit.authoring import Players
from cardkit.engine.generic import GenericState
from cardkit.engine.views import ZoneView
from tests.test_grammar import AskState, Fields


class PlainAskState(GenericState[Rules, Fields]):
    """The test game of `tests/test_grammar.py` with no view model of its own."""

    __slots__ = ()
    grammar = AskState.grammar
    zone_specs = AskState.zone_specs
    check_ask = AskState.check_ask
    do_ask = AskState.do_ask
    final_result = AskState.final_result


class PlainAskGame(Game[Rules, PlainAskState]):
    """The same game, on the default view model."""

    name: ClassVar[str] = "plainask"
    title: ClassVar[str] = "Ask"
    players: ClassVar[Players] = Players(2, 5, default=4)
    rules_model: ClassVar[type[Rules]] = Rules

    def deal(self, setup: Setup[Rules]) -> PlainAskState:
        """Three cards each; seat 0 asks first."""
        hands, _ = setup.deck.deal_sets(setup.players, 3)
        return PlainAskState.first(self, setup, Fields(tuple(hands), 0))


def test_the_default_view_model_shows_the_declared_zones() -> None:
    state = PlainAskGame().start(players=3, seed=1)
    view = state.view(0)
    assert isinstance(view, ZoneView)
    data = view.model_dump(mode="json")
    assert sorted(data["hand"]) == sorted(c.code for c in state.f.hands[0])
    assert data["hand_counts"] == [3, 3, 3]
    assert data["legal_actions"] == [str(a) for a in state.legal_actions()]
    spectator = state.view(None).model_dump(mode="json")
    assert spectator.get("hand") is None
    assert type(view).model_validate_json(view.model_dump_json()) == view
