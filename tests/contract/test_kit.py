"""The contract checks themselves: each one passes a correct game and catches a broken one.

Every broken game here is Crazy Eights with one deliberate bug, built by
subclassing its state; each test shows that the check meant to catch that
bug raises ``ContractError`` (and that the correct game passes it).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import pytest
from cardkit_crazyeights.game import CrazyEights
from cardkit_crazyeights.rules import CrazyEightsRules
from cardkit_crazyeights.state import CrazyEightsState, Pass
from contract_support import GOOD, ShowsTheNextCard, a_state, broken, check_each
from pydantic import ConfigDict

import cardkit
from cardkit import Action, Card, CardSet, GameResult, IllegalAction, Turn, catalog
from cardkit.engine.zones import Seen, Zone
from cardkit.testing import (
    ContractError,
    check_bots,
    check_corrupted_saves,
    check_determinism,
    check_game,
    check_random_playouts,
    check_rules_model,
    check_save_round_trip,
    check_zone_bits,
    check_zones,
    corrupted_saves,
    random_playout,
    replay_recipe,
)

# -- the correct game passes everything ---------------------------------------------


def test_the_example_game_passes_the_whole_contract() -> None:
    """check_game runs every check for 2-5 players, without a complaint."""
    report = check_game(GOOD, seeds=range(2))
    assert sorted(report.playouts) == [2, 3, 4, 5]
    assert report.views_compared > 50
    assert report.corruptions > 100
    assert all(not r.capped for reports in report.playouts.values() for r in reports)


def test_check_game_accepts_one_player_count_and_options() -> None:
    """players may be a single count; rules are passed through."""
    report = check_game(GOOD, 2, rules=GOOD.rules(variant="draw-one"), seeds=[3])
    assert list(report.playouts) == [2]


# -- zones ----------------------------------------------------------------------------


class LosesACard(CrazyEightsState):
    __slots__ = ()

    def zones(self) -> Mapping[str, Sequence[Card] | CardSet]:
        zones = dict(super().zones())
        zones["stock"] = self.f.stock[:-1]
        return zones


class DuplicatesACard(CrazyEightsState):
    __slots__ = ()

    def zones(self) -> Mapping[str, Sequence[Card] | CardSet]:
        zones = dict(super().zones())
        zones["extra"] = (self.f.discard[-1],)
        return zones


class RepeatsACardInAZone(CrazyEightsState):
    __slots__ = ()

    def zones(self) -> Mapping[str, Sequence[Card] | CardSet]:
        zones = dict(super().zones())
        zones["discard"] = (*self.f.discard, self.f.discard[0])
        zones["stock"] = self.f.stock
        return zones


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (LosesACard, "cards lost"),
        (DuplicatesACard, "is in zones"),
        (RepeatsACardInAZone, "twice in zone 'discard'"),
    ],
)
def test_zones_must_partition_the_deck(state_class: type[CrazyEightsState], message: str) -> None:
    """A card lost, in two zones, or twice in one zone is caught."""
    check_zones(a_state(GOOD))
    with pytest.raises(ContractError, match=message):
        check_zones(a_state(broken(state_class)))


def _pile_bits(cards: Sequence[Card]) -> tuple[int, int, int]:
    return sum(c.bit for c in cards), len(cards), cards[-1].bit if cards else 0


def _with_bits(hand: Any, discard: Any) -> tuple[Zone, ...]:
    """Crazy Eights' zones, its hands and discard pile giving `bits`."""
    specs = {zone.name: zone for zone in CrazyEightsState.zone_specs}
    return (
        dataclasses.replace(specs["hand"], bits=hand),
        specs["stock"],
        Zone("discard", seen=Seen.TOP, top_key="top", bits=discard),
    )


class GivesItsBits(CrazyEightsState):
    __slots__ = ()
    zone_specs = _with_bits(
        lambda s: [(h.mask, len(h), 0) for h in s.f.hands], lambda s: _pile_bits(s.f.discard)
    )


class MiscountsItsDiscard(CrazyEightsState):
    __slots__ = ()
    zone_specs = _with_bits(
        lambda s: [(h.mask, len(h), 0) for h in s.f.hands],
        lambda s: _pile_bits(s.f.discard[:-1]),
    )


class GivesTheNextSeatsHand(CrazyEightsState):
    __slots__ = ()
    zone_specs = _with_bits(
        lambda s: [(h.mask, len(h), 0) for h in (*s.f.hands[1:], s.f.hands[0])],
        lambda s: _pile_bits(s.f.discard),
    )


def test_a_zone_s_bits_must_be_those_of_its_cards() -> None:
    """`Zone.bits` (the fast readers' mask, count and top) must agree with the zone's cards,
    shared or per seat."""
    check_each(check_zone_bits, broken(GivesItsBits))
    with pytest.raises(ContractError, match="zone 'discard': bits gives"):
        check_zone_bits(a_state(broken(MiscountsItsDiscard)))
    with pytest.raises(ContractError, match="zone 'hand:0': bits gives"):
        check_zone_bits(a_state(broken(GivesTheNextSeatsHand)))


# -- turn, result and legal actions -----------------------------------------------------


class ResultBeforeTheEnd(CrazyEightsState):
    __slots__ = ()

    def result(self) -> GameResult:
        return GameResult(reason="early", players=self.players, actions=self.action_count)


class LegalActionsWhenOver(CrazyEightsState):
    __slots__ = ()

    def legal_actions(self) -> tuple[Action, ...]:
        return super().legal_actions() or (Pass(),)


class NoLegalActions(CrazyEightsState):
    __slots__ = ()

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.action_count == 3 else super().legal_actions()


class ListsAnActionTwice(CrazyEightsState):
    __slots__ = ()

    def legal_actions(self) -> tuple[Action, ...]:
        legal = super().legal_actions()
        return (*legal, legal[0])


class WrongActionCount(CrazyEightsState):
    __slots__ = ()

    def result(self) -> GameResult:
        return super().result().model_copy(update={"actions": 0})


class NoWinnerNoWhy(CrazyEightsState):
    """A finished game that names no winner, its reason still "went_out"."""

    __slots__ = ()

    def result(self) -> GameResult:
        return super().result().model_copy(update={"winners": [], "points": []})


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (ResultBeforeTheEnd, "result\\(\\) returned a result before the end"),
        (NoWinnerNoWhy, "names no winner and its reason 'went_out' does not say why"),
        (LegalActionsWhenOver, "the game is over but legal_actions"),
        (NoLegalActions, "not over but legal_actions\\(\\) is empty"),
        (ListsAnActionTwice, "the same action twice"),
        (WrongActionCount, "result\\(\\).actions is 0"),
    ],
)
def test_turn_and_result_invariants(state_class: type[CrazyEightsState], message: str) -> None:
    """check_random_playouts checks the turn, legal-action and result invariants on every state."""
    with pytest.raises(ContractError, match=message):
        check_random_playouts(broken(state_class), 3, range(3), 300)


def test_every_state_of_a_playout_is_checked() -> None:
    """The initial state is checked too, not only those after an action."""

    class BadFromTheDeal(NoLegalActions):
        __slots__ = ()

        def legal_actions(self) -> tuple[Action, ...]:
            return () if self.action_count == 0 else CrazyEightsState.legal_actions(self)

    with pytest.raises(ContractError, match="apply 0 actions"):
        check_random_playouts(broken(BadFromTheDeal), 2, [0], 50)


# -- determinism and saves --------------------------------------------------------------


class GlobalRandomReshuffle(CrazyEightsState):
    """Shuffles the stock with the global random generator at every draw."""

    __slots__ = ()

    def _apply(self, action: Action) -> Any:
        new = super()._apply(action)
        if self.f.stock and isinstance(action, type(self.legal_actions()[-1])):
            stock = list(new.f.stock)
            random.shuffle(stock)
            object.__setattr__(new, "f", new.f._replace(stock=tuple(stock)))
        return new


class ReshufflesFromTheSeed(CrazyEightsState):
    """Takes hidden randomness from the seed: the deck order alone no longer replays the game."""

    __slots__ = ()

    def _apply(self, action: Action) -> Any:
        new = super()._apply(action)
        if self.setup.seed is not None and len(new.f.stock) > 1:
            stock = list(new.f.stock)
            random.Random(self.setup.seed + self.action_count).shuffle(stock)
            object.__setattr__(new, "f", new.f._replace(stock=tuple(stock)))
        return new


def test_same_seed_same_game() -> None:
    """Global randomness, or randomness from the seed instead of the deck, is caught."""
    for seed in range(3):
        check_determinism(GOOD, 3, seed)
    with pytest.raises(ContractError, match="differ"):
        check_determinism(broken(GlobalRandomReshuffle), 3, 0)
    with pytest.raises(ContractError, match="deck order alone"):
        check_determinism(broken(ReshufflesFromTheSeed), 3, 0)


class SnapshotWithIdentity(CrazyEightsState):
    __slots__ = ()

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "id": id(self)}


def test_saves_round_trip() -> None:
    """load_state(to_json()) is the same state; a snapshot that is not a pure function is caught."""
    for state in random_playout(GOOD, 4, 2).states[::5]:
        check_save_round_trip(state)
    with pytest.raises(ContractError, match="load_state\\(to_json\\(\\)\\) raised"):
        check_save_round_trip(a_state(broken(SnapshotWithIdentity)))


def test_corrupted_saves_cover_every_part_of_a_save() -> None:
    """The generic corruptions touch the text, the setup, the deck, the actions and the snapshot."""
    states = random_playout(GOOD, 3, 1).states
    state = next(s for s in states[10:] if len(states[s.action_count - 1].legal_actions()) > 2)
    descriptions = [d for d, _ in corrupted_saves(state)]
    for expected in (
        "the text cut in half",
        "another game's name",
        "an unknown rules option",
        "swapped, seed removed",
        "twice in the deck",
        "a card missing from the deck",
        "another seed",
        "replaced by nonsense",
        "its last action removed",
        "its last action replaced by",
        "an extra action",
        "['seat'] changed",
        "a card removed from snapshot",
        "duplicated in snapshot",
        "a card moved from snapshot",
        "an unknown key in the snapshot",
    ):
        assert any(expected in d for d in descriptions), expected
    assert check_corrupted_saves(state) == len(descriptions)
    assert check_corrupted_saves(random_playout(GOOD, 2, 5).final) > 30


def test_a_lenient_loader_is_caught() -> None:
    """A game that loads saves without checking them fails the corrupted-save check."""

    def lenient_load(self: CrazyEights, text: str | bytes) -> CrazyEightsState:
        data = json.loads(text)
        state = self.start(players=data["players"], deck=" ".join(data["deck"]), dealer=0)
        for action in data["actions"]:
            state = state.apply(action)
        return state

    game = broken(CrazyEightsState, load_state=lenient_load)
    with pytest.raises(ContractError, match="expected InvalidState"):
        check_corrupted_saves(a_state(game))


# -- rules and bots -------------------------------------------------------------------------


def test_rules_model_is_checked() -> None:
    """Metadata, seat counts and unknown options are checked."""
    check_rules_model(GOOD)

    class NoTitle(CrazyEights):
        title: ClassVar[str] = ""

    class CountsNotPlayers(CrazyEights):
        players: ClassVar[Any] = (2, 6)

    class LaxRules(CrazyEightsRules):
        model_config = ConfigDict(frozen=True, extra="allow")

    class LaxGame(CrazyEights):
        rules_model: ClassVar[type[CrazyEightsRules]] = LaxRules

    with pytest.raises(ContractError, match="no title"):
        check_rules_model(NoTitle())
    with pytest.raises(ContractError, match=r"players must be a Players\(min, max"):
        check_rules_model(CountsNotPlayers())
    with pytest.raises(ContractError, match=r"no_such_option_xyzzy.*was accepted"):
        check_rules_model(LaxGame())


class AlwaysPasses:
    """A bot that ignores the rules."""

    description = "passes"

    def __init__(self, rng: random.Random | None = None) -> None:
        """Make the bot."""

    def choose(self, turn: Turn) -> Action:
        """Always pass."""
        return Pass()


def test_bots_must_choose_legal_actions() -> None:
    """Every registered bot is played; one that picks an illegal action is caught."""
    reports = check_bots(cardkit.load_game("crazyeights"), 3, [0, 1])
    assert set(reports) >= {"random", "heuristic"}
    game = CrazyEights()
    catalog(game).add_bot("passer", AlwaysPasses)
    with pytest.raises(ContractError, match="bot 'passer' chose"):
        check_bots(game, 3, [0])


# -- capped games ------------------------------------------------------------------------------


class NeverEnds(CrazyEightsState):
    """Everybody passes forever."""

    __slots__ = ()

    def legal_actions(self) -> tuple[Action, ...]:
        return (Pass(),)

    def _apply(self, action: Action) -> Any:
        if action != Pass():
            raise IllegalAction("only_pass", "only pass")
        return self.evolve(action, (), seat=(self.f.seat + 1) % self.players)


def test_a_capped_game_is_reported_as_capped_and_still_checked() -> None:
    """A game that hits the cap is capped (no winner, no loser), and its states are checked."""
    reports = check_random_playouts(broken(NeverEnds), 3, [0, 1], max_actions=40)
    assert [(r.capped, r.actions, r.result.winners) for r in reports] == [(True, 40, [])] * 2
    assert all(r.result.reason == "capped" for r in reports)

    class NeverEndsAndLeaks(NeverEnds, ShowsTheNextCard):
        __slots__ = ()

    with pytest.raises(ContractError, match="may not know"):
        check_random_playouts(broken(NeverEndsAndLeaks), 3, [0], max_actions=40)


def test_failures_say_how_to_replay() -> None:
    """A failure message holds the start call and the actions."""
    state = a_state(GOOD, players=2, seed=9, actions=3)
    recipe = replay_recipe(state)
    assert "seed=9" in recipe
    assert "dealer=1" in recipe
    assert str([str(a) for a in state.history]) in recipe
    with pytest.raises(ContractError, match="replay: game 'crazyeights'"):
        check_zones(a_state(broken(LosesACard)))
