"""Cheap legality: the reference listing takes a form's cards from its source zone, makes no
text of the candidates, and lists exactly what the slow path over the whole deck lists.

`Form(any_cards=True)` (issue 24's cost point, without timing): the checks asked and the
actions built per decision are the same at 3 of 13 cards (286 legal actions) as at 2 of 8
(28); the lazy listing is the eager one (same order, same actions, the same random games);
a wrong declaration fails the contract's listing check.
"""

from __future__ import annotations

import importlib.util
import itertools
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import cardkit
from cardkit import (
    Action,
    Card,
    CardSet,
    Form,
    GenericState,
    Grammar,
    Refusal,
    Refused,
    Seen,
    Zone,
    hookimpl,
)
from cardkit.engine.bots import RandomBot, Turn
from cardkit.engine.listing import Listing, unrank_combination
from cardkit.eval.ismcts import ISMCTSBot
from cardkit.testing._support import ContractError
from cardkit.testing.checks import check_game
from cardkit.testing.fastlisting import check_fast_listing, check_fast_listings, has_fast_listing


def _passgame() -> ModuleType:
    """The benchmarks' passing game (`benchmarks/passgame.py`), imported from its file."""
    name = "cardkit_bench_passgame"
    if name not in sys.modules:
        path = Path(__file__).resolve().parents[1] / "benchmarks" / "passgame.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


PASS = _passgame()
GAME = PASS.PassGame()


def _states(give: int, hand: int, seed: int, listing: str = "hand") -> list[Any]:
    rules = GAME.rules(hand=hand, give=give, listing=listing, rounds=2)
    state = GAME.start(4, rules, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize(("give", "hand"), [(2, 8), (3, 13)])
def test_the_listing_from_the_hand_equals_the_slow_path_over_the_deck(give: int, hand: int) -> None:
    slow_class = PASS.STATES[give, "deck"]
    for seed in range(2):
        for state in _states(give, hand, seed)[: 3 if give == 3 else None]:
            fast = state.legal_actions()
            assert len(fast) == len(set(fast))
            assert len(state.candidate_actions()) < 300
            # The same state under the class whose form takes its cards from the deck.
            slow = slow_class.first(state.game, state.setup, state.f)
            assert len(slow.candidate_actions()) > 1000
            assert set(slow.legal_actions()) == set(fast)
            assert sorted(map(str, fast)) == sorted(map(str, slow.legal_actions()))


def test_listing_and_applying_listed_actions_make_no_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_text(action: object) -> str:
        raise AssertionError("an action was turned into text")

    states = _states(3, 13, 1)
    monkeypatch.setattr(PASS.Give, "__str__", no_text)
    rng = random.Random(0)
    state = GAME.start(4, GAME.rules(listing="hand"), seed=2)
    while not state.is_over:
        legal = state.legal_actions()
        assert len(legal) == 286
        state = state.apply(rng.choice(legal))
    assert states[-1].is_over


def test_candidates_are_built_once_per_form() -> None:
    """Two states whose seat to act holds the same hand list the very same objects."""
    state = _states(2, 8, 3)[0]
    twin = GAME.start(4, state.rules, deck=state.setup.deck)
    assert twin is not state
    listed = twin.candidate_actions()
    assert listed == state.candidate_actions()
    assert all(a is b for a, b in zip(listed, state.candidate_actions(), strict=True))


@dataclass(frozen=True, slots=True)
class _Put(Action):
    card: Card

    def __str__(self) -> str:
        return f"put {self.card.code}"


def test_a_source_that_is_not_a_zone_is_refused() -> None:
    with pytest.raises(TypeError, match="'put' takes its cards from 'hands', which is not a zone"):

        class _Wrong(GenericState[Any, Any]):
            __slots__ = ()
            grammar = Grammar(Form("put", _Put, cards=1, source="hands"))
            zone_specs = (Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER),)

            def check_put(self, action: _Put) -> None:
                return None

            def do_put(self, action: _Put) -> Any:
                return self


def _game(give: int, hand: int, listing: str, seed: int) -> list[Any]:
    """Every state of a random game (the random bot's pick: `rng.choice`)."""
    rules = GAME.rules(hand=hand, give=give, listing=listing, rounds=2)
    state = GAME.start(4, rules, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def test_unranking_gives_the_combinations_in_itertools_order() -> None:
    for n, k in [(13, 3), (8, 2), (5, 5), (6, 1)]:
        expected = list(itertools.combinations(range(n), k))
        assert [unrank_combination(n, k, r) for r in range(len(expected))] == expected
    with pytest.raises(IndexError):
        unrank_combination(8, 2, 28)


@pytest.mark.parametrize(("give", "hand"), [(2, 8), (3, 13)])
def test_the_lazy_listing_is_the_eager_one_in_order(give: int, hand: int) -> None:
    for state in _game(give, hand, "any", seed=1)[:-1]:
        lazy = state.legal_actions()
        assert isinstance(lazy, Listing)
        eager = PASS.STATES[give, "hand"].first(state.game, state.setup, state.f)
        listed = eager.legal_actions()
        assert type(listed) is tuple
        assert len(lazy) == len(listed) == len(eager.reference_legal())
        assert list(lazy) == list(listed)
        assert [lazy[i] for i in range(len(lazy))] == list(listed)
        assert lazy[-1] == listed[-1]
        assert lazy[3:9:2] == listed[3:9:2]
        assert all(action in lazy for action in listed[::7])
        held = state.f.hands[state.f.seat]
        not_held = next(iter(CardSet(state.game.new_deck(state.rules)) - held))
        assert PASS.Give((not_held, *list(held)[1:give])) not in lazy
        with pytest.raises(IndexError):
            lazy[len(lazy)]


def test_same_seeds_give_the_same_random_games_lazy_or_eager() -> None:
    for seed in range(3):
        lazy = [str(a) for a in _game(3, 13, "any", seed)[-1].history]
        eager = [str(a) for a in _game(3, 13, "hand", seed)[-1].history]
        assert lazy == eager


def _counting(listing: str, give: int) -> tuple[type[Any], dict[str, int]]:
    """A pass state class counting its check's calls and the actions built."""
    counts = {"checks": 0, "built": 0}
    base = PASS.STATES[give, listing]
    form = base.grammar.forms[0]

    def build(*cards: Any) -> Any:
        counts["built"] += 1
        return PASS.Give(cards)

    counted = Form(
        "pass", PASS.Give, cards=give, build=build, source="hand", any_cards=form.any_cards
    )

    class Counting(base):  # type: ignore[misc,valid-type]
        __slots__ = ()
        grammar = Grammar(counted)

        def check_pass(self, action: Any) -> Refusal | None:
            counts["checks"] += 1
            return super().check_pass(action)  # type: ignore[no-any-return]

    return Counting, counts


def _per_decision(listing: str, give: int, hand: int) -> tuple[int, int, int]:
    """The most checks and builds of one decision in a random game, and the legal actions."""
    cls, counts = _counting(listing, give)
    rules = GAME.rules(hand=hand, give=give, listing=listing, rounds=2)
    start = GAME.start(4, rules, seed=5)
    state = cls.first(GAME, start.setup, start.f)
    rng = random.Random(5)
    most_checks = most_built = legal = 0
    while not state.is_over:
        counts["checks"] = counts["built"] = 0
        actions = state.legal_actions()
        state = state.apply(rng.choice(actions))
        legal = max(legal, len(actions))
        most_checks, most_built = (
            max(most_checks, counts["checks"]),
            max(most_built, counts["built"]),
        )
    return most_checks, most_built, legal


def test_a_decision_asks_the_same_checks_at_286_and_28_legal_actions() -> None:
    checks_286, built_286, legal_286 = _per_decision("any", 3, 13)
    checks_28, _, legal_28 = _per_decision("any", 2, 8)
    assert (legal_286, legal_28) == (286, 28)
    # One check lists the phase, one accepts the chosen action (`in` asks the check).
    assert checks_286 == checks_28 == 2
    # At most the first combination and the chosen one are built (actions are kept per form).
    assert built_286 <= 2
    # The eager listing checks every candidate: what the declaration saves.
    assert _per_decision("hand", 3, 13)[0] >= 286


def _wrong_class() -> type[Any]:
    """A pass form declared `any_cards` whose check refuses to pass a heart: a wrong declaration."""
    base = PASS.STATES[3, "any"]

    class NoHearts(base):  # type: ignore[misc,valid-type]
        __slots__ = ()
        grammar = base.grammar

        def check_pass(self, action: Any) -> Refusal | None:
            if any(card.suit is not None and card.suit.code == "H" for card in action.cards):
                return Refusal(Refused.NOT_IN_HAND, "no hearts may be passed")
            return super().check_pass(action)  # type: ignore[no-any-return]

    return NoHearts


def test_a_wrong_any_cards_declaration_fails_the_listing_check() -> None:
    start = GAME.start(4, GAME.rules(listing="any"), seed=0)
    state = _wrong_class().first(GAME, start.setup, start.f)
    assert has_fast_listing(state)
    with pytest.raises(ContractError, match="which its checks refuse"):
        check_fast_listing(state)


def test_every_state_of_random_passing_games_lists_what_its_checks_accept() -> None:
    assert check_fast_listings(GAME, 4, range(2), rules=GAME.rules(listing="any")) > 10


def test_any_cards_needs_a_source_and_fixed_cards() -> None:
    with pytest.raises(TypeError, match="declares any_cards: it needs a source zone"):
        Form("pass", PASS.Give, cards=3, any_cards=True)
    with pytest.raises(TypeError, match="declares any_cards"):
        Form("pass", PASS.Give, cards=-1, source="hand", any_cards=True)


def test_a_phase_whose_check_refuses_every_pass_lists_a_tuple() -> None:
    """No lazy part when the one combination asked is refused (here: no seat holds 3 cards)."""
    start = GAME.start(4, GAME.rules(listing="any", hand=2, give=3), seed=0)
    assert start.legal_actions() == ()
    assert isinstance(start, GenericState)
    assert type(start.legal_actions()) is tuple


@pytest.fixture
def registered() -> Iterator[Any]:
    """The passing game registered in the process-wide registry (saves load it by name)."""

    class Plugin:
        @hookimpl
        def cardkit_register(self, register: Any) -> None:
            register.add_game(PASS.PassGame())

    registry = cardkit.registry()
    registry.register(Plugin(), "passbench-plugin")
    try:
        yield registry.game("passbench")
    finally:
        registry.unregister("passbench-plugin")


def test_the_passing_game_with_lazy_listings_keeps_the_whole_contract(registered: Any) -> None:
    rules = registered.rules(listing="any", rounds=1)
    report = check_game(registered, 4, rules=rules, seeds=range(2), every=3)
    assert report.views_compared > 0


def test_ismcts_and_the_random_bot_choose_from_a_lazy_listing(registered: Any) -> None:
    state = registered.start(4, registered.rules(listing="any"), seed=3)
    legal = state.legal_actions()
    assert isinstance(legal, Listing)
    for bot in (RandomBot(), ISMCTSBot(iterations=30)):
        action = bot.choose(Turn(state, 0, legal, random.Random(1)))
        assert action in legal
        assert state.apply(action).action_count == 1
