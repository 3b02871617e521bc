"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).

The bot searches one tree of its own information sets. Each iteration deals
a world consistent with its view ([Turn.sample_worlds][cardkit.engine.bots.Turn.sample_worlds]),
walks the tree choosing among the actions that are legal in that world by
UCB1 with availability counts, adds one node, plays the world out at random
and credits every node on the path with the result of the seat that acted
there. The move is the root action visited most often.

It is generic over games: it uses only the game contract (legal actions,
``apply``, ``result``) on the worlds it is given, never the real state. It is
registered as the ``ismcts`` bot of every game.

>>> import cardkit
>>> from cardkit.eval.ismcts import ISMCTSBot
>>> game = cardkit.load_game("tienlen")  # doctest: +SKIP
>>> bot = ISMCTSBot(iterations=200)      # doctest: +SKIP
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from typing import Any

from cardkit.engine._registry_link import default_registry
from cardkit.engine.actions import Action
from cardkit.engine.bots import Bot, BotFactory, Turn
from cardkit.engine.catalog import catalog
from cardkit.engine.results import GameResult
from cardkit.engine.state import GameState
from cardkit.errors import InvalidRules

__all__ = ["DEFAULT_ITERATIONS", "ISMCTSBot", "rewards"]

#: The search budget of the registered ``ismcts`` bot, in iterations per move.
DEFAULT_ITERATIONS = 300
#: How many worlds a move deals at most; iterations cycle through them.
WORLD_POOL = 48
#: A random playout stops after this many actions and scores as a draw.
PLAYOUT_CAP = 400


def rewards(result: GameResult) -> list[float]:
    """What a finished game is worth to each seat, in ``[0, 1]``.

    A win is worth 1 (shared among the winners); a game that ranks everyone
    adds a small bonus for a better place, so the search also prefers second
    place to last when it cannot win. A capped game is a draw.
    """
    n = result.players
    if result.capped:
        return [1.0 / n] * n
    net = result.net
    low, high = min(net), max(net)
    if high > low:  # a game of payments: what matters is the money
        return [(v - low) / (high - low) for v in net]
    if not result.winners:
        return [1.0 / n] * n
    out = [0.0] * n
    share = 1.0 / len(result.winners)
    for seat in result.winners:
        out[seat] = share
    if len(result.order) == n and n > 2:
        for place, seat in enumerate(result.order):
            out[seat] = 0.9 * out[seat] + 0.1 * (n - 1 - place) / (n - 1)
    return out


class _Node:
    """One information set of the searching seat: children by action, statistics."""

    __slots__ = ("available", "children", "hint", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action leading here
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.hint: Hashable | None = None  # the playout policy's choice here, tried first


def _key(action: Action) -> Hashable:
    return str(action)


class ISMCTSBot:
    """Information-set MCTS: searches worlds dealt from its view, within a budget.

    Args:
        rng: ignored (the turn's generator drives the search, so games replay).
        iterations: search iterations per move.
        milliseconds: or a wall-clock budget per move (not reproducible:
            the number of iterations depends on the machine).
        exploration: the UCB1 constant.
        worlds: how many worlds a move deals at most (iterations cycle
            through them).
        playout: who plays the playouts: ``"random"``, the name of one of
            the game's bots, ``"best"``
            ([Catalog.best_bot][cardkit.engine.catalog.Catalog.best_bot]),
            or ``"auto"``: the game's bot named ``"greedy"`` when it has
            one (a fast, decent policy), else random moves.
        prior: the bot whose move each new node tries first and favours
            (``"best"``: the game's best bot; ``"random"``: none).
        bias: the bonus of the prior's move in UCB1, divided by the square
            root of one plus its visits.

    Raises:
        InvalidRules: a budget that is not positive, or both budgets given.
    """

    name = "ismcts"
    description = "Information-set Monte Carlo tree search over worlds dealt from its view."

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        iterations: int | None = None,
        milliseconds: float | None = None,
        exploration: float = 0.5,
        worlds: int = WORLD_POOL,
        playout: str = "auto",
        prior: str = "best",
        bias: float = 0.5,
    ) -> None:
        """Make a bot with an iterations budget (default) or a milliseconds one."""
        if iterations is not None and milliseconds is not None:
            raise InvalidRules("give ISMCTS an iterations budget or a milliseconds one, not both")
        if iterations is None and milliseconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise InvalidRules(
                f"iterations must be a whole number of at least 1, not {iterations!r}"
            )
        if milliseconds is not None and not milliseconds > 0:
            raise InvalidRules(f"milliseconds must be more than 0, not {milliseconds!r}")
        if worlds < 1:
            raise InvalidRules(f"worlds must be at least 1, not {worlds!r}")
        self.iterations = iterations
        self.milliseconds = milliseconds
        self.exploration = exploration
        self.worlds = worlds
        self.playout = playout
        self.bias = bias
        self.prior = prior
        self._prior_bot: Bot | None = None
        self._policy_bot: Bot | None = None

    @classmethod
    def for_checks(cls, rng: random.Random | None = None) -> ISMCTSBot:
        """The same search with a tiny budget, for the contract suite's whole games."""
        return cls(rng, iterations=2, worlds=1)

    def choose(self, turn: Turn) -> Action:
        """The root action the search visited most (the only one, if there is one)."""
        legal = turn.legal
        if len(legal) == 1:
            return legal[0]
        rng = turn.rng
        budget = self.iterations or 10**9
        pool = turn.sample_worlds(min(self.worlds, budget), rng)
        if not pool:  # no consistent world was found: the game's best bot decides
            return self._fallback(turn)
        deadline = (
            time.perf_counter() + self.milliseconds / 1000 if self.milliseconds is not None else 0.0
        )
        root = _Node(turn.seat)
        for i in range(budget):
            self._iterate(root, pool[i % len(pool)], rng)
            if deadline and time.perf_counter() >= deadline:
                break
        by_text = {_key(a): a for a in legal}
        best = max(
            (k for k in root.children if k in by_text),
            key=lambda k: (root.children[k].visits, root.children[k].total),
            default=None,
        )
        return by_text[best] if best is not None else legal[0]

    @staticmethod
    def _fallback(turn: Turn) -> Action:
        # A cardkit.Game, which this module (imported by cardkit.engine.game) cannot name.
        game: Any = default_registry().game(turn.view.game)
        found = catalog(game)
        factory: BotFactory = found.bots[found.best_bot]
        return factory(turn.rng).choose(turn)

    def _iterate(self, root: _Node, world: GameState, rng: random.Random) -> None:
        path: list[_Node] = []
        node = root
        state = world
        while not state.is_over:
            legal = state.legal_actions()
            actor = state.to_act
            assert actor is not None
            keys = [_key(a) for a in legal]
            untried = [i for i, k in enumerate(keys) if k not in node.children]
            for k in keys:
                child = node.children.get(k)
                if child is not None:
                    child.available += 1
            if node.hint is None and self.bias and len(legal) > 1:
                node.hint = self._hint(state, legal, actor, rng)
            if untried:
                hinted = [i for i in untried if keys[i] == node.hint]
                i = hinted[0] if hinted else untried[rng.randrange(len(untried))]
                child = _Node(actor)
                child.available = 1
                node.children[keys[i]] = child
                path.append(child)
                state = state.apply(legal[i])
                break
            i = self._select(node, keys)
            node = node.children[keys[i]]
            path.append(node)
            state = state.apply(legal[i])
        score = rewards(self._playout(state, rng))
        for visited in path:
            visited.visits += 1
            visited.total += score[visited.seat]

    def _hint(
        self, state: GameState, legal: Sequence[Action], actor: int, rng: random.Random
    ) -> Hashable:
        if self._prior_bot is None:
            name = catalog(state.game).best_bot if self.prior == "best" else self.prior
            if name == "random":
                return ""
            self._prior_bot = self._bot(state, name)
        return _key(self._prior_bot.choose(Turn(state, actor, legal, rng)))

    def _select(self, node: _Node, keys: Sequence[Hashable]) -> int:
        c = self.exploration
        bias = self.bias
        best, best_value = 0, -math.inf
        for i, k in enumerate(keys):
            child = node.children[k]
            value = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if k == node.hint:
                value += bias / (1 + child.visits) ** 0.5
            if value > best_value:
                best, best_value = i, value
        return best

    def _playout(self, state: GameState, rng: random.Random) -> GameResult:
        """The playout policy to the end (or the cap, scored as a draw)."""
        policy = self._policy(state)
        for _ in range(PLAYOUT_CAP):
            if state.is_over:
                return state.result()
            legal = state.legal_actions()
            if policy is None or len(legal) == 1:
                action = legal[rng.randrange(len(legal))]
            else:
                seat = state.to_act
                assert seat is not None
                action = policy.choose(Turn(state, seat, legal, rng))
            state = state.apply(action)
        if state.is_over:
            return state.result()
        return GameResult.capped_at(state.players, PLAYOUT_CAP)

    def _policy(self, state: GameState) -> Bot | None:
        if self._policy_bot is None:
            name = self.playout
            if name == "auto":
                name = "greedy" if "greedy" in catalog(state.game).bots else "random"
            elif name == "best":
                name = catalog(state.game).best_bot
            if name == "random":
                return None
            self._policy_bot = self._bot(state, name)
        return self._policy_bot

    @staticmethod
    def _bot(state: GameState, name: str) -> Bot:
        factory = catalog(state.game).bots.get(name)
        if factory is None or name == "ismcts":
            raise InvalidRules(f"{state.game.name} has no bot {name!r} to guide ISMCTS")
        return factory(random.Random(0))
