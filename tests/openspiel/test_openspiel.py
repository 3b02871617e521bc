"""The OpenSpiel adapter (`cardkit.openspiel`), checked by OpenSpiel's own tools.

For every installed game: OpenSpiel's random simulation test (with
serialization), full games of OpenSpiel's MCTS and ISMCTS bots against
uniform random whose returns are those of cardkit's own result for the same
deck and moves, and the hidden-information swap on the information-state
tensors and strings.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the open-spiel wheel is not installed here")

import cardkit  # noqa: E402
import cardkit.openspiel  # noqa: E402
from cardkit.cards.card import Card  # noqa: E402
from cardkit.cards.deck import Deck  # noqa: E402
from cardkit.engine.state import GameState  # noqa: E402
from cardkit.rl.rewards import REWARDS, pays  # noqa: E402
from cardkit.testing.hidden import check_non_interference  # noqa: E402

NAMES = cardkit.openspiel.register()
GAMES = [n.removeprefix("cardkit_") for n in NAMES]


def _counts(name: str) -> list[int]:
    game = cardkit.load_game(name)
    return list(range(game.players.min, game.players.max + 1))


# Two players of every game in the quick run; the other counts with the slow tests.
CASES = [
    pytest.param(name, players, marks=() if players == 2 else pytest.mark.slow)
    for name in GAMES
    for players in _counts(name)
]


def _load(name: str, players: int, **params: Any) -> Any:
    return pyspiel.load_game(f"cardkit_{name}", {"players": players, **params})


def test_every_installed_game_with_an_action_space_is_registered() -> None:
    """`pyspiel.load_game` gives every installed game with a fixed action space."""
    assert {"tienlen", "palace", "tonk", "crazyeights"} <= set(GAMES)
    registered = set(pyspiel.registered_names())
    assert {f"cardkit_{n}" for n in GAMES} <= registered


def test_game_type_and_info() -> None:
    """The game type and info say what cardkit's contract promises."""
    game = _load("tonk", 3)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 3
    space = cardkit.load_game("tonk").action_space(cardkit.load_game("tonk").rules(), 3)
    assert space is not None
    assert game.num_distinct_actions() == space.size
    assert game.max_chance_outcomes() == 52


def test_rules_options_are_parameters() -> None:
    """Rules options, a variant and bad parameters."""
    game = _load("tonk", 2, stake=3)
    assert game.rules.stake == 3
    assert game.get_parameters()["stake"] == 3
    assert _load("tonk", 2, variant="texas").rules == cardkit.load_game("tonk").rules(
        variant="texas"
    )
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'dance'"):
        _load("tonk", 2, dance=1)
    with pytest.raises(cardkit.InvalidRules, match="stake"):
        _load("tonk", 2, stake=0)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_simulation_with_serialization(name: str, players: int) -> None:
    """OpenSpiel's random simulation test, serialization included."""
    game = _load(name, players, max_actions=400)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _cardkit_returns(state: Any, name: str) -> list[float]:
    """The returns of the same deck and moves, played by cardkit alone."""
    history = state.history()
    game = cardkit.load_game(name)
    size = state.get_game().deck_size
    deck = Deck(Card.from_index(i) for i in history[:size])
    rules = state.get_game().rules
    replay: GameState = game.start(state.get_game().players, rules, deck=deck)
    for _, text in state.moves:
        replay = replay.apply(text)
    assert replay.is_over
    return pays(REWARDS[state.get_game().returns.kind], replay.result())


def _play(game: Any, bots: list[Any], rng: np.random.RandomState) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_mcts_and_ismcts_against_random(name: str) -> None:
    """OpenSpiel's MCTS and ISMCTS bots play a game each; returns are cardkit's.

    Where the determinizer finds no world for ISMCTS (`NoWorld`, Crazy
    Eights after long draws), the game is played again from another seed, up
    to 20. The bot draws its worlds from its own generator
    (`seeded_resampler`), so the same deals end so in every run.
    """
    from open_spiel.python.algorithms import ismcts, mcts

    game = _load(name, max(2, cardkit.load_game(name).players.min), max_actions=300)
    for seed in range(20):
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        searchers = [
            mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng),
            ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng),
        ]
        searchers[1].set_resampler(cardkit.openspiel.seeded_resampler(rng))
        try:
            for searcher in searchers:
                others = [
                    pyspiel.make_uniform_random_bot(s, seed) for s in range(1, game.num_players())
                ]
                bots = [searcher, *others]
                state = _play(game, bots, rng)
                assert state.returns() == pytest.approx(_cardkit_returns(state, name))
        except cardkit.openspiel.NoWorld:
            continue  # this deal's draws left the determinizer no world: another deal
        return
    pytest.fail(f"no deal of {name} in 20 let ISMCTS find its worlds")


@pytest.mark.parametrize("name", GAMES)
def test_information_state_tensors_ignore_hidden_cards(name: str) -> None:
    """Swapping two cards a seat never saw changes none of its information state."""
    game = cardkit.load_game(name)
    os_game = _load(name, min(max(3, game.players.min), game.players.max))
    players = os_game.players

    def observe(state: GameState, seat: int | None) -> Any:
        if seat is None or state.is_over or state.to_act is None:
            return None
        spiel = os_game.state_of(state)
        return (
            np.asarray(spiel.information_state_tensor(seat)).tobytes(),
            spiel.information_state_string(seat),
            np.asarray(spiel.observation_tensor(seat)).tobytes(),
        )

    compared = check_non_interference(
        cardkit.load_game(name), players, 3, rules=os_game.rules, max_actions=12, observe=observe
    )
    assert compared > 0


def test_resampled_worlds_share_the_information_state() -> None:
    """A world drawn for ISMCTS gives the seat the same information state, other cards."""
    game = _load("tonk", 3)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while state.is_chance_node() or state.move_number() < 6:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    draws = random.Random(5)
    worlds = [state.resample_from_infostate(seat, draws.random) for _ in range(5)]
    for world in worlds:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
    assert len({str(w) for w in worlds}) > 1
