"""``GameContract``: the contract suite as a pytest test class to subclass.

In a game plugin's tests:

```python
from cardkit.testing.contract import GameContract

class TestMyGame(GameContract):
    game_name = "mygame"
```

Every test then runs once per player count (``players.min`` to
``players.max``) and per rule set of `GameContract.rule_sets`. Without
``game_name``, the class checks the games named on the command line with
``--cardkit-game NAME`` (see
[`cardkit.testing.pytest_plugin`][cardkit.testing.pytest_plugin]), and is skipped when
there are none.

This module needs pytest and hypothesis; the plain checks in
[`cardkit.testing`][cardkit.testing] need neither.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardkit import load_game
from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.engine.generic import GenericState
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.testing.actionids import check_action_spaces
from cardkit.testing.checks import (
    check_bots,
    check_corrupted_saves,
    check_determinism,
    check_illegal_actions,
    check_legal_actions,
    check_non_interference,
    check_random_playouts,
    check_rules_model,
    check_save_round_trip,
    random_playout,
    recent_actions,
)
from cardkit.testing.copies import check_copies
from cardkit.testing.fastlisting import check_fast_listing
from cardkit.testing.houserules import check_house_rules
from cardkit.testing.loops import check_policy_loops
from cardkit.testing.midgame import check_midgame_non_interference
from cardkit.testing.refusals import check_refusal_non_interference

__all__ = ["ContractCase", "GameContract", "selected_games"]

_HYPOTHESIS = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
)


def selected_games(config: pytest.Config) -> list[str]:
    """The game names given with ``--cardkit-game`` (``all``: every installed game)."""
    import cardkit

    values: list[str] = config.getoption("cardkit_game", default=None) or []
    names = [name.strip() for value in values for name in value.split(",") if name.strip()]
    if "all" in names:
        return cardkit.available_games()
    return names


@dataclass(frozen=True)
class ContractCase:
    """One game, player count and rule set that the contract tests run on.

    Attributes:
        game: the game.
        players: the number of seats.
        rules: the rules.
        options: the options the rules were built from.
    """

    game: Game[Any, Any]
    players: int
    rules: Rules
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        """A test id such as ``crazyeights-3p`` or ``crazyeights-3p-variant=draw-one``."""
        label = f"{self.game.name}-{self.players}p"
        if self.options:
            label += "-" + ",".join(f"{k}={v}" for k, v in self.options.items())
        return label


class GameContract:
    """The contract tests of one game; subclass it and set `game_name`.

    Each game's first case (its first player count, first rule set) runs in
    every run; the other cases are marked `slow`, so `pytest -m "not slow"`
    is a quick check and a whole `pytest` run checks every case.

    Class attributes a subclass may set:
        game_name: the game to check (a name or an alias). ``None`` checks
            the games given with ``--cardkit-game``.
        player_counts: the seat counts to check (default: min to max).
        rule_sets: option sets to check, each passed as
            ``game.rules(**options)`` (a ``"variant"`` key picks a preset).
        seeds: the seeds of the random games.
        max_actions: the action cap of a random game; a capped game is
            reported as capped and its states are checked all the same.
        examples: how many seeds hypothesis tries in the seed-driven tests.
        stride: the per-state checks (legal and illegal actions, saves)
            run on every ``stride``-th state of a game...
        max_states: ...but on at most this many states of one game.
        house_rule_plugins: plugins registered while the house-rule test runs,
            whose house rules it checks with the installed ones (probe rules,
            such as `cardkit_tienlen.probes.BeatProbes()`).
    """

    game_name: ClassVar[str | None] = None
    player_counts: ClassVar[Sequence[int] | None] = None
    rule_sets: ClassVar[Sequence[Mapping[str, Any]]] = ({},)
    seeds: ClassVar[Sequence[int]] = (0, 1, 2)
    max_actions: ClassVar[int] = 1000
    examples: ClassVar[int] = 4
    stride: ClassVar[int] = 3
    max_states: ClassVar[int] = 40
    house_rule_plugins: ClassVar[Sequence[object]] = ()

    @classmethod
    def contract_games(cls, config: pytest.Config) -> list[str]:
        """The names of the games to check: `game_name`, else ``--cardkit-game``."""
        if cls.game_name is not None:
            return [cls.game_name]
        return selected_games(config)

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        """Parametrise ``contract_case`` over games, player counts and rule sets."""
        if "contract_case" not in metafunc.fixturenames:
            return
        params = []
        for name in self.contract_games(metafunc.config):
            game = load_game(name)
            counts = self.player_counts or range(game.players.min, game.players.max + 1)
            cases = [(players, options) for players in counts for options in self.rule_sets]
            for number, (players, options) in enumerate(cases):
                case = ContractCase(game, players, game.rules(**options), dict(options))
                # The quick run (-m "not slow") checks each game's first case; the rest are slow.
                marks = () if number == 0 else (pytest.mark.slow,)
                params.append(pytest.param(case, id=case.id, marks=marks))
        if not params:
            reason = "no game to check: set game_name, or pass --cardkit-game NAME"
            params.append(pytest.param(None, id="no-game", marks=pytest.mark.skip(reason=reason)))
        metafunc.parametrize("contract_case", params, scope="class")

    # -- helpers ----------------------------------------------------------------------

    def _playout(self, case: ContractCase, seed: int) -> list[GameState]:
        playout = random_playout(
            case.game, case.players, seed, rules=case.rules, max_actions=self.max_actions
        )
        return playout.states

    def _sampled(self, states: list[GameState]) -> list[GameState]:
        """Every ``stride``-th state, at most ``max_states`` of them evenly spread, and the last."""
        picked = states[:: self.stride]
        if len(picked) > self.max_states:
            step = len(states) / self.max_states
            picked = [states[int(i * step)] for i in range(self.max_states)]
        if states[-1] is not picked[-1]:
            picked.append(states[-1])
        return picked

    # -- the tests -----------------------------------------------------------------------

    def test_rules_and_metadata(self, contract_case: ContractCase) -> None:
        """Metadata, rules model, presets and seat counts follow the contract."""
        check_rules_model(contract_case.game)

    def test_random_playouts(self, contract_case: ContractCase) -> None:
        """Random games end with a result or hit the cap; every state keeps every invariant."""
        case = contract_case
        reports = check_random_playouts(
            case.game, case.players, self.seeds, self.max_actions, rules=case.rules
        )
        assert len(reports) == len(self.seeds)

    def test_legal_actions_apply(self, contract_case: ContractCase) -> None:
        """Every listed legal action applies, and its text form round-trips."""
        rng = random.Random(0)
        for state in self._sampled(self._playout(contract_case, self.seeds[0])):
            check_legal_actions(state, limit=25, rng=rng)

    def test_illegal_actions_change_nothing(self, contract_case: ContractCase) -> None:
        """Nonsense, other seats' actions and near-misses raise IllegalAction and change nothing."""
        rng = random.Random(0)
        states = self._playout(contract_case, self.seeds[0])
        for state in self._sampled(states):
            check_illegal_actions(state, recent_actions(states, state.action_count), rng=rng)

    def test_same_seed_same_game(self, contract_case: ContractCase) -> None:
        """The same seed, or the same deck order alone, gives the same game."""
        case = contract_case

        @settings(_HYPOTHESIS, max_examples=self.examples)
        @given(seed=st.integers(min_value=0, max_value=2**32 - 1))
        def same_game(seed: int) -> None:
            check_determinism(
                case.game, case.players, seed, rules=case.rules, max_actions=self.max_actions
            )

        same_game()

    def test_fast_listing_equals_the_checks(self, contract_case: ContractCase) -> None:
        """A `GenericState`'s `list_legal` lists exactly what its checks accept, on random
        states (cheap where it keeps the default listing); other games skip it."""
        checked = 0
        for seed in self.seeds:
            for state in self._sampled(self._playout(contract_case, seed)):
                if not isinstance(state, GenericState):
                    pytest.skip(f"{contract_case.game.name} is not on GenericState: no checks")
                check_fast_listing(state)
                checked += 1
        assert checked > 0

    def test_save_round_trip(self, contract_case: ContractCase) -> None:
        """``load_state(to_json())`` gives the same state at many points of a game."""
        for state in self._sampled(self._playout(contract_case, self.seeds[0])):
            check_save_round_trip(state)

    def test_states_pickle_copy_and_compare_by_value(self, contract_case: ContractCase) -> None:
        """``pickle``, ``copy.deepcopy`` and ``copy.copy`` give equal states, same ``to_json()``."""
        states = self._playout(contract_case, self.seeds[0])
        for state in {id(s): s for s in (states[0], states[len(states) // 2], states[-1])}.values():
            check_copies(state)

    def test_corrupted_saves_refused(self, contract_case: ContractCase) -> None:
        """Corrupted saves (text, setup, deck, actions, snapshot) raise InvalidState."""
        states = self._playout(contract_case, self.seeds[0])
        rng = random.Random(0)
        for state in {id(s): s for s in (states[0], states[len(states) // 2], states[-1])}.values():
            assert check_corrupted_saves(state, rng=rng) > 0

    def test_views_do_not_depend_on_hidden_cards(self, contract_case: ContractCase) -> None:
        """Swapping two cards hidden from a seat changes nothing in its view."""
        case = contract_case

        @settings(_HYPOTHESIS, max_examples=self.examples)
        @given(seed=st.integers(min_value=0, max_value=2**32 - 1))
        def non_interference(seed: int) -> None:
            check_non_interference(
                case.game, case.players, seed, rules=case.rules, max_actions=self.max_actions
            )

        non_interference()

    def test_views_do_not_depend_on_unseen_cards_mid_game(
        self, contract_case: ContractCase
    ) -> None:
        """Mid-game, and wherever an unexpected seat is to act, swapping two cards a seat
        never saw between two other seats' hands changes nothing in its view."""
        case = contract_case

        @settings(_HYPOTHESIS, max_examples=self.examples)
        @given(seed=st.integers(min_value=0, max_value=2**32 - 1))
        def mid_game(seed: int) -> None:
            check_midgame_non_interference(
                case.game, case.players, seed, rules=case.rules, max_actions=self.max_actions
            )

        mid_game()

    def test_refusals_say_only_what_the_seat_may_know(self, contract_case: ContractCase) -> None:
        """From every seat and the spectator, bad inputs are refused the same way when two
        cards the sender never saw swap places (`act_as` decides who may act first)."""
        case = contract_case

        @settings(_HYPOTHESIS, max_examples=self.examples)
        @given(seed=st.integers(min_value=0, max_value=2**32 - 1))
        def refusals(seed: int) -> None:
            check_refusal_non_interference(
                case.game, case.players, seed, rules=case.rules, max_actions=self.max_actions
            )

        refusals()

    def test_readme_loop_ends_or_is_capped(self, contract_case: ContractCase) -> None:
        """The README loop with ``legal_actions()[0]`` and ``[-1]`` ends within the
        action cap, or is reported as capped, and the state does not grow on the way."""
        case = contract_case
        reports = check_policy_loops(
            case.game, case.players, rules=case.rules, max_actions=self.max_actions
        )
        assert [r.pick for r in reports] == [0, -1]

    def test_bots_choose_legal_actions(self, contract_case: ContractCase) -> None:
        """Every registered bot plays whole games with legal actions only."""
        case = contract_case
        check_bots(
            case.game, case.players, self.seeds[:1], rules=case.rules, max_actions=self.max_actions
        )

    def test_action_ids_keep_their_meaning(self, contract_case: ContractCase) -> None:
        """Every legal action has an id of the game's action space, and each id decodes to
        the same move in every state of random games (games without a space skip it)."""
        case = contract_case
        if case.game.action_space(case.rules, case.players) is None:
            pytest.skip(f"{case.game.name} declares no action space")
        check_action_spaces(
            case.game, case.players, self.seeds, rules=case.rules, max_actions=self.max_actions
        )

    def test_every_house_rule_keeps_the_contract(self, contract_case: ContractCase) -> None:
        """With each house rule of the game on (installed, or a probe of
        `house_rule_plugins`), random games keep every invariant and the fast
        listing equals the checks (`cardkit.testing.houserules`)."""
        case = contract_case
        if not catalog(case.game).house_rules and not self.house_rule_plugins:
            pytest.skip(f"{case.game.name} has no house rule installed")
        check_house_rules(
            case.game,
            case.players,
            self.seeds[:1],
            options=case.options,
            plugins=self.house_rule_plugins,
            max_actions=min(self.max_actions, 300),
        )
