"""The OpenSpiel game of one cardkit game, for one player count and rules.

[`game_type`][cardkit.openspiel._game.game_type] describes a cardkit game as
OpenSpiel's `GameType` does (every cardkit game is sequential, with explicit
stochastic chance, imperfect information and terminal, zero-sum returns), and
[`game_class`][cardkit.openspiel._game.game_class] makes the `pyspiel.Game`
subclass that OpenSpiel instantiates with the game's parameters.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pyspiel

from cardkit.engine.actionspace import ActionSpace
from cardkit.engine.game import Game
from cardkit.engine.state import GameState
from cardkit.errors import InvalidRules
from cardkit.openspiel._observer import CardkitObserver
from cardkit.openspiel._params import game_parameters, rules_from_parameters
from cardkit.openspiel._returns import Returns, returns_for
from cardkit.openspiel._state import CardkitState, Shared
from cardkit.rl.observe import ObservationLayout

__all__ = ["CardkitGame", "game_class", "game_type", "short_name"]


def short_name(game: Game[Any, Any]) -> str:
    """The name OpenSpiel knows `game` by: ``cardkit_<name>``."""
    return f"cardkit_{game.name}"


def game_type(game: Game[Any, Any]) -> Any:
    """OpenSpiel's `GameType` of `game`, with its parameters and their defaults."""
    params: dict[str, Any] = {**game_parameters(game), "returns": "auto"}
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"cardkit {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.players.max,
        min_num_players=game.players.min,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def _space(game: Game[Any, Any], rules: Any, players: int) -> ActionSpace:
    space = game.action_space(rules, players)
    if space is None:
        raise InvalidRules(f"{game.name} declares no fixed action space; OpenSpiel needs one")
    return space


class CardkitGame(pyspiel.Game):  # type: ignore[misc]
    """One cardkit game as OpenSpiel sees it, for the given parameters.

    [`game_class`][cardkit.openspiel._game.game_class] makes one subclass per cardkit
    game, naming it in `cardkit` and its OpenSpiel type in `kind`.
    """

    cardkit: ClassVar[Game[Any, Any]]
    kind: ClassVar[Any]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        """The game for OpenSpiel's `params` (see [cardkit.openspiel._params][])."""
        game = self.cardkit
        given = dict(params or {})
        returns_kind = str(given.pop("returns", "auto"))
        players, rules = rules_from_parameters(game, given)
        self.players = players
        self.rules = rules
        self.space = _space(game, rules, players)
        self.returns: Returns = returns_for(game, rules, players, returns_kind)
        deck = game.new_deck(rules)
        self.deck_size = len(deck)
        self.deck_indices = tuple(sorted(card.index for card in deck))
        self.distinct = len(set(self.deck_indices)) == self.deck_size
        self.layout = Shared(ObservationLayout(game.start(players, rules, deck=deck)))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=self.deck_indices[-1] + 1,
            num_players=players,
            min_utility=self.returns.low,
            max_utility=self.returns.high,
            utility_sum=0.0,
            max_game_length=self.deck_size + _cap(rules),
        )
        super().__init__(self.kind, info, {**given, "returns": returns_kind})

    def new_initial_state(self) -> CardkitState:
        """The start of a playout: the deck is drawn first, card by card."""
        return CardkitState(self)

    def max_chance_nodes_in_history(self) -> int:
        """One chance node per card of the deck."""
        return self.deck_size

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The observer of one seat: information state (perfect recall) or observation."""
        recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return CardkitObserver(self.layout.value, self.players, perfect_recall=recall)

    def state_of(self, world: GameState) -> CardkitState:
        """The OpenSpiel state whose history deals `world`'s deck and plays its moves."""
        state = CardkitState(self)
        for card in world.setup.deck:
            state.apply_action(card.index)
        for action in world.history:
            replay = state.table
            assert replay is not None
            state._forced = Shared(action)
            state.apply_action(self.space.encode(action, replay))
        return state


def game_class(game: Game[Any, Any]) -> type[CardkitGame]:
    """The `pyspiel.Game` subclass of `game` (OpenSpiel calls it with the parameters)."""
    name = f"{game.name.title()}OpenSpielGame"
    return type(name, (CardkitGame,), {"cardkit": game, "kind": game_type(game)})


def _cap(rules: Any) -> int:
    """The game's action cap (its rules' ``max_actions``)."""
    cap = getattr(rules, "max_actions", None)
    return int(cap) if cap is not None else 10_000
