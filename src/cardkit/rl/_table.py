"""What both environments share: the game, its spaces, the state and its encoding."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cardkit.engine.actions import Action
from cardkit.engine.actionspace import ActionSpace, EnumeratedActionSpace
from cardkit.engine.game import Game
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.errors import IllegalAction, InvalidRules
from cardkit.rl._exactids import ExactIds
from cardkit.rl.actions import ActionCodec, LegalDiscrete
from cardkit.rl.observe import ObservationLayout
from cardkit.rl.rewards import RewardFunction, pays, reward_function

Observation = dict[str, npt.NDArray[Any]]
#: A seat's legal ids, their actions, and whether it may act (its masks: from the ids).
_Legal = tuple[list[int], list[Action], bool]
_NOT_ACTING: _Legal = ([], [], False)
#: How many legal lists the numbering memo holds before it starts again; if fewer than
#: one in `_MEMO_HITS` look-ups found one, the game makes fresh lists: the memo is dropped
#: (judged first at `_MEMO_FIRST` lists: a memo that never hits costs its upkeep each step).
_MEMO_LIMIT = 4096
_MEMO_FIRST = 512
_MEMO_HITS = 8

#: A mask's dtype, given to `np.frombuffer` as the object: numpy converts `dtype=np.int8`
#: (a type, by keyword) at every call, about half of the call's cost.
_INT8: Final = np.dtype(np.int8)

#: Ids for a game without an action space: every legal action is indexed.
EXTRA_WITHOUT_LIST = 256


def resolve_game(game: str | Game[Any, Any]) -> Game[Any, Any]:
    """The game object for a name (or the object itself)."""
    if isinstance(game, Game):
        return game
    from cardkit import load_game

    return load_game(game)


class Table:
    """One game being played: the state, its encoding and its spaces.

    Action ids come from the game's fixed action space
    ([`Game.action_space`][cardkit.engine.game.Game.action_space]); a game
    that declares none gets the older numbering of
    [ActionCodec][cardkit.rl.actions.ActionCodec] (the legal actions by text),
    whose ids are not fixed.

    Args:
        game: the game.
        players: the number of seats (default: the game's default).
        rules: the rules (default: the game's defaults).
        reward: a reward name or function ([cardkit.rl.rewards][]).
        view_fields: carry the game's scalar view fields in observations.
        extra_actions: for a game without an action space: ids for its legal
            actions.
        max_steps: truncate a game after this many actions.
        candidates: put the exact legal moves in the observation, as this
            many padded card planes with a mask (0: not).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        players: int | None,
        rules: Rules | None,
        reward: str | RewardFunction,
        view_fields: bool,
        extra_actions: int | None,
        max_steps: int,
        candidates: int = 0,
    ) -> None:
        """Deal a probe game to derive the layout and the spaces."""
        self.game = game
        self.rules = game.rules() if rules is None else rules
        probe = game.start(players=players, rules=self.rules, seed=0)
        self.players = probe.players
        if not isinstance(max_steps, int) or max_steps < 1:
            raise InvalidRules(f"max_steps must be a positive number of actions, not {max_steps!r}")
        if not isinstance(candidates, int) or candidates < 0:
            raise InvalidRules(f"candidates must be 0 or a positive number, not {candidates!r}")
        self.max_steps = max_steps
        self.reward = reward_function(reward)
        self.layout = ObservationLayout(probe, view_fields=view_fields)
        self._view_fields = view_fields
        self.space = game.action_space(self.rules, self.players)
        if extra_actions is None:
            extra_actions = EXTRA_WITHOUT_LIST
        # Every game with a grammar has an action space; the codec numbers the others' moves.
        self.codec = ActionCodec((), extra_actions, self.layout.cards)
        self.n = self.codec.n if self.space is None else self.space.size
        self.candidates = candidates
        self.observation_space = spaces.Dict(self._spaces())
        self.state: GameState = probe
        self.steps = 0
        self._cached_state: GameState | None = None
        # The entries of the current state: its seat to act's (`None`: not yet), other seats'.
        self._acting_entry: _Legal | None = None
        self._cached: dict[int, _Legal] = {}
        self._to_act: int | None = None
        self._zero = bytes(self.n)
        # By id(legal list), for spaces whose ids read only the actions: the list (kept
        # alive, so its id is not reused) and its entry; `None`: not kept.
        stateless = self.space is None or self.space.stateless
        self._memo: dict[int, tuple[Sequence[Action], _Legal]] | None = {} if stateless else None
        self._memo_hits = 0
        self._masks: dict[tuple[int, ...], npt.NDArray[np.int8]] = {}  # by the legal ids
        self._encoders: dict[tuple[type, int], Callable[[Any], npt.NDArray[np.float32]]] = {}
        self._result_of: GameState | None = None
        self._result: GameResult | None = None
        # A space with a `numbering` (or its own `legal`) numbers a state's legal moves itself
        # (Palace's turns); the table calls the numbering straight (a compiled function).
        space = self.space
        self._numbering = None if space is None else space.numbering
        own = space is not None and (
            self._numbering is not None or type(space).legal is not ActionSpace.legal
        )
        self._space_lists = own
        self._exact = ExactIds(space) if isinstance(space, EnumeratedActionSpace) else None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its arguments and the game being played: a copy derives its layout and
        spaces again, and keeps nothing of what the table keeps to step fast (encoders,
        legal lists numbered by `id`, masks, the current state's entries)."""
        arguments = (
            self.game,
            self.players,
            self.rules,
            self.reward,
            self._view_fields,
            self.codec.extra,
            self.max_steps,
            self.candidates,
        )
        return _restored, (arguments, self.state, self.steps)

    def _spaces(self) -> dict[str, spaces.Space[Any]]:
        low, high = self.layout.bounds()
        found: dict[str, spaces.Space[Any]] = {
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(self.n,), dtype=np.int8),
        }
        if self.candidates:
            k, cards = self.candidates, self.layout.cards
            found["candidates"] = spaces.Box(0, 1, shape=(k, cards), dtype=np.int8)
            found["candidate_ids"] = spaces.Box(-1, self.n - 1, shape=(k,), dtype=np.int64)
            found["candidate_mask"] = spaces.Box(0, 1, shape=(k,), dtype=np.int8)
        return found

    def action_space(self) -> LegalDiscrete:
        """A new action space of this table's size."""
        return LegalDiscrete(self.n)

    def deal(self, seed: int) -> None:
        """Start a new game from `seed`."""
        self.state = self.game.start(players=self.players, rules=self.rules, seed=seed)
        self.steps = 0

    def _acting_state(self, seat: int) -> GameState | None:
        """The state whose seat to act is `seat` as `view(seat)` shows it, or `None`.

        While a private window asks another seat (Palace, rules 4.5), the
        next player's view shows it to act in the state with every window
        declined; its mask must show those moves, or it would tell that a
        window is open.
        """
        state = self.state
        if state.is_over or state.shown_to_act(seat) != seat:
            return None
        if state.to_act == seat:
            return state
        public = getattr(state, "public_state", None)
        return None if public is None else cast("GameState", public())

    def acting(self) -> int | None:
        """The seat to act now, `None` once the game is over (read once per state)."""
        if self.state is not self._cached_state:
            self._changed()
        return self._to_act

    def _changed(self) -> None:
        """A new state: drop the last one's entries, read its seat to act once. (The seat to
        act's entry has its own attribute: most states need no dict of entries.)"""
        state = self._cached_state = self.state
        self._acting_entry = None
        if self._cached:
            self._cached = {}
        self._to_act = None if state.is_over else state.to_act

    def _entry(self, seat: int) -> _Legal:
        """The legal ids, actions and mask of `seat` now (kept until the state changes)."""
        state = self.state
        if state is not self._cached_state:
            self._changed()
        elif seat == self._to_act:
            kept = self._acting_entry
            if kept is not None:
                return kept
        else:
            found = self._cached.get(seat)
            if found is not None:
                return found
        if seat == self._to_act:  # its own legal actions
            found = self._acting_entry = self._numbered(state)
            return found
        acting = self._acting_state(seat)
        found = _NOT_ACTING if acting is None else self._numbered(acting)
        self._cached[seat] = found
        return found

    def _numbered(self, state: GameState) -> _Legal:
        """The entry of `state`'s seat to act: from the memo when its legal list is known."""
        if self._space_lists:  # the space numbers the legal moves without their listing
            assert self.space is not None
            numbering = self._numbering
            told = None if numbering is None else numbering(state, None)
            ids, actions = self.space.legal(state) if told is None else told
            return ids, actions, True
        memo = self._memo
        if memo is None:
            return self._new_entry(state, state.legal_actions())
        legal = state.legal_actions()
        kept = memo.get(id(legal))
        if kept is not None and kept[0] is legal:
            self._memo_hits += 1
            return kept[1]
        size = len(memo)
        if size >= _MEMO_LIMIT or (size == _MEMO_FIRST and self._memo_hits * _MEMO_HITS < size):
            memo.clear()
            if self._memo_hits * _MEMO_HITS < size:  # the lists are not shared
                self._memo = None
            self._memo_hits = 0
        found = memo[id(legal)] = (legal, self._new_entry(state, legal))
        return found[1]

    def _new_entry(self, state: GameState, legal: Sequence[Action]) -> _Legal:
        ids, actions = self._number(state, legal)  # (not a starred tuple: mypyc builds a list)
        return ids, actions, True

    def _shared(self, ids: list[int]) -> npt.NDArray[np.int8]:
        """The read-only mask of these ids, kept by the ids (shared by every state with them)."""
        masks = self._masks
        key = tuple(ids)
        mask = masks.get(key)
        if mask is None:  # a read-only array (of bytes)
            if len(masks) >= _MEMO_LIMIT:
                masks.clear()
            buffer = bytearray(self._zero)
            for i in ids:
                buffer[i] = 1
            mask = masks[key] = np.frombuffer(bytes(buffer), _INT8)
        return mask

    def _number(self, state: GameState, legal: Sequence[Action]) -> tuple[list[int], list[Action]]:
        """The ascending ids of the `legal` actions of `state`'s seat to act, and their actions
        (the listed objects themselves: `apply` finds them listed by identity)."""
        space, exact = self.space, self._exact
        if space is None:
            return self.codec.legal(state, legal)
        found = None if exact is None else exact.number(legal)
        return space.number(legal, state) if found is None else found

    def legal(self, seat: int) -> tuple[list[int], list[Action]]:
        """The ascending legal ids of `seat` as its view shows them, and their actions."""
        ids, actions, _ = self._entry(seat)
        return ids, actions

    def legal_mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The action mask of `seat`: the legal ids its view shows, else zeros (a new array,
        written from the ids: masks repeat too seldom for a kept one's copy to cost less)."""
        buffer = bytearray(self._zero)
        for i in self._entry(seat)[0]:
            buffer[i] = 1
        return np.frombuffer(buffer, _INT8)

    def shared_mask(self, seat: int) -> npt.NDArray[np.int8] | None:
        """The read-only action mask of `seat` (`None`: it may not act), kept by its ids."""
        ids, _, acting = self._entry(seat)
        return self._shared(ids) if acting else None

    def observe(self, seat: int) -> Observation:
        """The observation of `seat` now."""
        state = self.state
        encode = self._encoders.get((type(state), seat))
        if encode is None:  # the table's states all have its number of players
            encode = self._encoders[type(state), seat] = self.layout.encoder(state, seat)
        found: Observation = {"observation": encode(state), "action_mask": self.legal_mask(seat)}
        if self.candidates:
            found.update(self._candidates(seat))
        return found

    def _candidates(self, seat: int) -> Observation:
        """The exact legal moves of `seat`: card planes, their ids, a mask (padded, cut at k)."""
        k = self.candidates
        planes = np.zeros((k, self.layout.cards), dtype=np.int8)
        ids = np.full(k, -1, dtype=np.int64)
        mask = np.zeros(k, dtype=np.int8)
        state = self._acting_state(seat)
        if state is not None:
            actions = sorted(state.legal_actions(), key=self.codec.text)[:k]
            n = len(actions)
            if n:
                planes[:n] = self.codec.action_cards(actions)
                mask[:n] = 1
                if self.space is not None:
                    ids[:n] = [self.space.encode(a, state) for a in actions]
        return {"candidates": planes, "candidate_ids": ids, "candidate_mask": mask}

    def play(self, seat: int, chosen: Any) -> None:
        """Apply the action with id `chosen` for `seat` (raises `IllegalAction`)."""
        ids, actions, _ = self._entry(seat)
        if type(chosen) is int:
            number = chosen
        else:
            try:
                number = int(chosen)
            except (TypeError, ValueError):
                number = -1
            if number != chosen:
                number = -1
        at = bisect_left(ids, number)
        if at == len(ids) or ids[at] != number:
            shown = ", ".join(f"{i} ({a})" for i, a in zip(ids[:40], actions, strict=False))
            raise IllegalAction(
                "not_legal",
                f"action id {chosen!r} is not legal now; expected one of: {shown or 'none'}",
                action=chosen,
            )
        action = actions[at]
        state = self.state
        if seat == self._to_act:  # one of its legal actions (`act_as` is `apply`, see
            self.state = state._apply_listed(action)  # cardkit.engine.windows): not checked again
        else:
            self.state = state.act_as(seat, action)
        self.steps += 1

    def play_on(self, seat: int, chosen: Any) -> int:
        """`play`, then the seat to act next (-1: the game is over or cut off at `max_steps`)."""
        self.play(seat, chosen)
        to_act = self.acting()
        if to_act is None or self.steps >= self.max_steps:
            return -1
        return to_act

    def result(self) -> GameResult:
        """The finished game's result, worked out once per final state."""
        state = self.state
        if self._result_of is not state or self._result is None:
            self._result = state.result()
            self._result_of = state
        return self._result

    @property
    def terminated(self) -> bool:
        """Whether the game ended by its rules (a game stopped at its action cap did not)."""
        return self.state.is_over and not self.result().capped

    @property
    def truncated(self) -> bool:
        """Whether a cap stopped the game before its end: `max_steps`, or the game's own
        action cap (`rules.max_actions`: the state is then over, its result `capped`)."""
        if self.state.is_over:
            return self.result().capped
        return self.steps >= self.max_steps

    def payoffs(self) -> list[float]:
        """What the finished game pays each seat."""
        return pays(self.reward, self.result())


def _restored(arguments: tuple[Any, ...], state: GameState, steps: int) -> Table:
    """A pickled table: built again from its arguments, at the state and step it was at.
    (A function, not `__setstate__`: with one, CPython 3.11 ran 0.9% more instructions per
    Palace env step on the pure build, measured by callgrind.)"""
    table = Table(*arguments)
    table.state, table.steps = state, steps
    return table
