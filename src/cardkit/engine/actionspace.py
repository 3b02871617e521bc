"""Fixed action spaces: one number per move, with the same meaning in every state.

A game declares its space with
[`Game.action_space(rules, players)`][cardkit.engine.game.Game.action_space]:
ids `0 … size - 1`, each naming one move for those rules and that player
count, whatever the state. Learning code (the environments of
[cardkit.rl][], an OpenSpiel adapter) numbers the legal moves with it:

```python
space = game.action_space(state.rules, state.players)
ids = space.legal_ids(state)               # ascending ids of the legal actions
action = space.decode(ids[0], state)       # back to the game's action
assert space.encode(action, state) == ids[0]
```

Two kinds of space:

- **exact** ([EnumeratedActionSpace][cardkit.engine.actionspace.EnumeratedActionSpace]):
  every id is one action; `decode(id)` needs no state. Tonk, Crazy Eights
  and the scaffold's game.
- **abstract** ([KeyedActionSpace][cardkit.engine.actionspace.KeyedActionSpace]):
  an id names a kind of move (Tiến lên's "a pair topped by the 9♥", Palace's
  "play two 9s from the hand"); several legal actions may share it, and
  `decode(id, state)` picks the game's documented canonical one among them.
  `encode` is still a function of the action (and the state, for moves whose
  id depends on where the cards come from).

`ids(actions, state)` numbers a whole legal list at once (learning code does it
every step): see `KeyedActionSpace`'s `stateless` and `batch`.

Either way the layout is a tuple of [ActionBlock][cardkit.engine.actionspace.ActionBlock]
(consecutive id ranges with one meaning each), which the docs print.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from cardkit.engine.actions import Action
from cardkit.errors import IllegalAction, InvalidState

if TYPE_CHECKING:
    from cardkit.engine.state import GameState

__all__ = [
    "ActionBlock",
    "ActionSpace",
    "EnumeratedActionSpace",
    "KeyedActionSpace",
    "legal_actions_of",
]

#: The ascending ids of some legal moves and each id's action (see `ActionSpace.legal`).
Numbered = tuple[list[int], list[Action]]


@dataclass(frozen=True)
class ActionBlock:
    """A run of consecutive ids with one meaning: `draw`, `discard <card>`...

    Attributes:
        name: a short name (`"discard"`).
        start: the first id of the block.
        size: how many ids it has.
        text: what one id of it means, for the docs.
    """

    name: str
    start: int
    size: int
    text: str = ""

    @property
    def stop(self) -> int:
        """One past the last id of the block."""
        return self.start + self.size


def legal_actions_of(state: GameState, seat: int | None = None) -> Sequence[Action]:
    """The legal actions of `seat` (default: the seat to act) in `state`; none if it may not act."""
    if not state.is_over and (seat is None or seat == state.to_act):
        return state.legal_actions()
    return ()


class ActionSpace(ABC):
    """A game's fixed numbering of its moves (for given rules and player count).

    Attributes:
        size: the number of ids.
        blocks: the layout, consecutive id ranges that cover `0 … size - 1`.
        exact: whether each id is exactly one action (else ids name kinds of
            moves, and `decode` needs the state).
        stateless: whether an action's id never depends on the state (so it may be kept).
        numbering: a function that `legal` asks first (its answer from the fields, or `None`).
    """

    exact: bool = True
    stateless: bool = False
    numbering: Callable[[GameState, int | None], Numbered | None] | None = None

    def __init__(self, blocks: Sequence[ActionBlock]) -> None:
        """Check that the blocks tile the ids from 0."""
        at = 0
        for block in blocks:
            if block.start != at or block.size < 1:
                raise InvalidState(f"action block {block.name!r} starts at {block.start}, not {at}")
            at = block.stop
        self.blocks = tuple(blocks)
        self.size = at
        self._legal: tuple[object, int | None, Numbered] | None = None

    @abstractmethod
    def encode(self, action: Action, state: GameState | None = None) -> int:
        """The id of `action` (played in `state`, for spaces that need it).

        Raises:
            IllegalAction: the action has no id in this space (code `"no_id"`).
        """

    @abstractmethod
    def decode(self, action_id: int, state: GameState | None = None) -> Action:
        """The action of `action_id` (the legal one it names in `state`, for abstract spaces).

        Raises:
            IllegalAction: no such id, or (with a state) it names no legal
                action there (code `"not_legal"`).
        """

    @abstractmethod
    def name(self, action_id: int) -> str:
        """A readable name of the id (`"discard 7H"`, `"pair top 9H"`)."""

    @property
    def names(self) -> tuple[str, ...]:
        """The name of every id, in id order."""
        return tuple(self.name(i) for i in range(self.size))

    def block_of(self, action_id: int) -> ActionBlock:
        """The block `action_id` belongs to.

        Raises:
            IllegalAction: not an id of this space (code `"not_legal"`).
        """
        for block in self.blocks:
            if block.start <= action_id < block.stop:
                return block
        raise _no_such_id(action_id, self.size)

    def legal(self, state: GameState, seat: int | None = None) -> Numbered:
        """The ascending legal ids of `seat` (default: the seat to act) and each id's action in
        `state` (the canonical one): the `numbering`'s, else the listing's (kept per state)."""
        found = None if self.numbering is None else self.numbering(state, seat)
        if found is not None:
            return found
        cached = self._legal
        if cached is not None and cached[0] is state and cached[1] == seat:
            return cached[2]
        result = self.number(legal_actions_of(state, seat), state)
        self._legal = (state, seat, result)
        return result

    def number(self, actions: Sequence[Action], state: GameState | None = None) -> Numbered:
        """The ascending ids of `actions` (legal in `state`) and, for each id, its action:
        for an id several share (an abstract space), the canonical one among them."""
        chosen: dict[int, Action] = {}
        for i, action in zip(self.ids(actions, state), actions, strict=True):
            held = chosen.get(i)
            if held is None or self._prefer(action, held):
                chosen[i] = action
        ids = sorted(chosen)
        return ids, [chosen[i] for i in ids]

    def ids(self, actions: Sequence[Action], state: GameState | None = None) -> list[int]:
        """The id of each of `actions` (played in `state`), in their order: what `encode`
        gives one by one; a space may work out at once what the actions share.

        Raises:
            IllegalAction: an action has no id in this space (code `"no_id"`).
        """
        return [self.encode(action, state) for action in actions]

    def legal_ids(self, state: GameState, seat: int | None = None) -> list[int]:
        """The ascending ids of the legal actions of `seat` (default: the seat to act)."""
        return self.legal(state, seat)[0]

    def _prefer(self, action: Action, held: Action) -> bool:
        """Whether `action` is the canonical pick over `held` for the same id."""
        return False

    def describe(self) -> str:
        """The layout as a Markdown table (block, ids, meaning), for the docs."""
        rows = ["| block | ids | one id means |", "|---|---|---|"] + [
            f"| `{b.name}` | {b.start}–{b.stop - 1} ({b.size}) | {b.text} |" for b in self.blocks
        ]
        return "\n".join(rows) + f"\n\n{self.size} ids in all."


def _no_such_id(action_id: object, size: int) -> IllegalAction:
    why = f"action id {action_id!r} is not an id (0 to {size - 1})"
    return IllegalAction("not_legal", why, action=action_id)


def _check_id(action_id: Any, size: int) -> int:
    try:
        number: int = int(action_id)
    except (TypeError, ValueError):
        raise _no_such_id(action_id, size) from None
    if number != action_id or not 0 <= number < size:
        raise _no_such_id(action_id, size)
    return number


class EnumeratedActionSpace(ActionSpace):
    """An exact space: a list of actions, id `i` the `i`-th.

    Args:
        actions: every action the game can ever offer (for these rules and
            players), in id order; no two equal.
        blocks: the layout of the list.
        names: the name of each id (default: the action's text).
    """

    exact = True
    stateless = True

    def __init__(
        self,
        actions: Sequence[Action],
        blocks: Sequence[ActionBlock],
        names: Sequence[str] | None = None,
    ) -> None:
        """Index the actions."""
        super().__init__(blocks)
        self.actions = tuple(actions)
        if len(self.actions) != self.size:
            raise InvalidState(f"{len(self.actions)} actions for {self.size} ids")
        self._ids = {a: i for i, a in enumerate(self.actions)}
        if len(self._ids) != self.size:
            raise InvalidState("an enumerated action space lists an action twice")
        self._names = tuple(names) if names is not None else None

    def encode(self, action: Action, state: GameState | None = None) -> int:
        """The id of `action` (the state is not needed).

        Raises:
            IllegalAction: the action is not in the list (code `"no_id"`).
        """
        i = self._ids.get(action)
        if i is None:
            raise IllegalAction("no_id", f"{action} has no id in this action space", action=action)
        return i

    def ids(self, actions: Sequence[Action], state: GameState | None = None) -> list[int]:
        """The id of each of `actions`, in their order (one look-up each; raises as `encode`)."""
        try:
            return list(map(self._ids.__getitem__, actions))
        except KeyError:
            return super().ids(actions, state)  # raises `encode`'s error

    def decode(self, action_id: int, state: GameState | None = None) -> Action:
        """The action of `action_id`; with a state, only if it is legal there.

        Raises:
            IllegalAction: no such id, or not legal in `state` (code `"not_legal"`).
        """
        action = self.actions[_check_id(action_id, self.size)]
        if state is not None and action_id not in self.legal_ids(state):
            raise IllegalAction("not_legal", f"{action} (id {action_id}) is not legal now")
        return action

    def name(self, action_id: int) -> str:
        """The id's name (by default the action's text)."""
        i = _check_id(action_id, self.size)
        return self._names[i] if self._names is not None else str(self.actions[i])


#: The most actions a stateless keyed space keeps the ids of (then it starts again).
_MEMO_LIMIT: Final = 1 << 16


class KeyedActionSpace(ActionSpace):
    """An abstract space: a function gives each action its id; an id may name several.

    Args:
        blocks: the layout.
        key: the id of an action played in a state (the state may be `None`
            for spaces whose ids do not depend on it).
        name: the name of an id.
        canonical: a sort key among the legal actions that share an id: the
            lowest is the one `decode(id, state)` returns (the documented
            canonical choice); a function of the action alone (kept per action).
        stateless: `key` never reads the state, so each action's id is
            worked out once and kept (actions are immutable and hashable).
        batch: the ids of a list of actions played in a state at once, the
            same as `key` one by one (default: `key` one by one); a game
            whose ids read the state works out the state's part once.
    """

    exact = False

    def __init__(
        self,
        blocks: Sequence[ActionBlock],
        key: Callable[[Action, GameState | None], int],
        name: Callable[[int], str],
        canonical: Callable[[Action], Any],
        *,
        stateless: bool = False,
        batch: Callable[[Sequence[Action], GameState | None], list[int]] | None = None,
    ) -> None:
        """Keep the functions."""
        super().__init__(blocks)
        self._key, self._name, self._canonical, self._batch = key, name, canonical, batch
        self.stateless = stateless
        # By id(action), with the action (kept alive: its id is not reused); hashes are Python.
        self._memo: dict[int, tuple[Action, int]] | None = {} if stateless else None
        self._keys: dict[int, tuple[Action, Any]] = {}  # each action's canonical key

    def ids(self, actions: Sequence[Action], state: GameState | None = None) -> list[int]:
        """The id of each of `actions` (played in `state`), in their order (raises as `encode`)."""
        memo = self._memo
        if memo is not None:
            try:
                return [memo[id(action)][1] for action in actions]
            except KeyError:
                if len(memo) > _MEMO_LIMIT:
                    memo.clear()
                found = super().ids(actions, state)
                memo.update((id(a), (a, i)) for a, i in zip(actions, found, strict=True))
                return found
        if self._batch is None:
            return super().ids(actions, state)
        found = self._batch(actions, state)
        size = self.size
        for i, action in zip(found, actions, strict=True):
            if not 0 <= i < size:
                return super().ids([action], state)  # raises `encode`'s error
        return found

    def encode(self, action: Action, state: GameState | None = None) -> int:
        """The id of `action` (played in `state`).

        Raises:
            IllegalAction: the action has no id (code `"no_id"`).
        """
        i = self._key(action, state)
        if not 0 <= i < self.size:
            raise IllegalAction("no_id", f"{action} has no id in this action space", action=action)
        return i

    def decode(self, action_id: int, state: GameState | None = None) -> Action:
        """The canonical legal action of `state` with this id.

        Raises:
            IllegalAction: no such id, no state given, or no legal action of
                `state` has it (code `"not_legal"`).
        """
        number = _check_id(action_id, self.size)
        if state is None:
            raise IllegalAction(
                "not_legal", "this action space is abstract: decode needs the state"
            )
        found = dict(zip(*self.legal(state), strict=True)).get(number)
        if found is not None:
            return found
        raise IllegalAction(
            "not_legal", f"action id {number} ({self.name(number)}) is not legal now"
        )

    def name(self, action_id: int) -> str:
        """The id's name."""
        return self._name(_check_id(action_id, self.size))

    def number(self, actions: Sequence[Action], state: GameState | None = None) -> Numbered:
        """The ascending ids of `actions` and each id's canonical action (see `canonical`)."""
        found = self.ids(actions, state)
        chosen = dict(zip(found, actions, strict=True))
        if len(chosen) < len(found):  # ids shared: the canonical key of each, kept
            canonical, keys = self._canonical, self._keys
            if len(keys) > _MEMO_LIMIT:
                keys.clear()
            best: dict[int, tuple[Any, Action]] = {}
            for i, action in zip(found, actions, strict=True):
                kept = keys.get(id(action))
                if kept is None:
                    kept = keys[id(action)] = (action, canonical(action))
                key = kept[1]
                held = best.get(i)
                if held is None or key < held[0]:
                    best[i] = (key, action)
            chosen = {i: action for i, (_, action) in best.items()}
        ids = sorted(chosen)
        return ids, [chosen[i] for i in ids]

    def _prefer(self, action: Action, held: Action) -> bool:
        return bool(self._canonical(action) < self._canonical(held))
