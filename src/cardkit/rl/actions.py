"""Action ids: a small `Discrete` space for any game.

For a game without an action space (every game with a grammar has one:
`Game.action_space`). Ids `0 … len(fixed) - 1` are a fixed action list given
to the codec (the environments give none); the `extra` ids after them index
the legal actions that are not in that list (all of them without a list),
sorted by their text, DouZero style. `info["action_cards"]`
describes the cards each legal action names, so an agent can score actions
by their cards rather than by their slot.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
from gymnasium.spaces import Discrete
from gymnasium.spaces.space import MaskNDArray

from cardkit.cards.card import Card
from cardkit.engine.actions import Action
from cardkit.errors import IllegalAction, InvalidCard, InvalidState

__all__ = ["ActionCodec", "LegalDiscrete", "SeatMasks", "SeatSpace"]

_CACHE_LIMIT = 200_000
#: Row `b` holds the eight bits of the byte `b`, lowest first.
_BITS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little")


class LegalDiscrete(Discrete):
    """A `Discrete` space whose `sample()` without a mask picks a legal action.

    The environment keeps `legal` up
    to date, so generic tools that sample without a mask (Gymnasium's
    `check_env`, a random baseline) play legal moves; a mask passed
    explicitly wins.

    """

    _mask: npt.NDArray[np.int8] | None = None

    @property
    def legal(self) -> npt.NDArray[np.int8] | None:
        """The current legal-action mask (`int8`), or `None`."""
        return self._mask_now()

    @legal.setter
    def legal(self, mask: npt.NDArray[np.int8] | None) -> None:
        self._mask = mask

    def _mask_now(self) -> npt.NDArray[np.int8] | None:
        return self._mask

    def sample(
        self,
        mask: MaskNDArray | None = None,
        probability: MaskNDArray | None = None,
    ) -> np.int64:
        """A random id: legal ones only, unless a mask or probabilities are given."""
        if mask is None and probability is None:
            legal = self._mask_now()
            if legal is not None and legal.any():
                mask = legal
        return super().sample(mask=mask, probability=probability)


class SeatMasks(Protocol):
    """What a [SeatSpace][cardkit.rl.actions.SeatSpace] reads its mask from (an env's table)."""

    def acting(self) -> int | None:
        """The seat to act now (`None`: the game is over)."""

    def shared_mask(self, seat: int) -> npt.NDArray[np.int8] | None:
        """The read-only mask of `seat` (`None`: it may not act)."""


class SeatSpace(LegalDiscrete):
    """A seat's action space in an AEC env: `legal` is the table's mask of the seat while
    it is to act, else `None` (setting it has no effect).

    Read from the table when asked (by `sample()` without a mask), not set at
    every step: a step builds no mask but the observation's.

    Args:
        n: the number of action ids.
        masks: the env's table.
        seat: the seat.
    """

    def __init__(self, n: int, masks: SeatMasks, seat: int) -> None:
        """The space of `n` action ids for `seat` of the table `masks`."""
        super().__init__(n)
        self._masks = masks
        self._seat = seat

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its arguments and its random generator (`sample()` goes on alike)."""
        return _seat_space, (int(self.n), self._masks, self._seat, self._np_random)

    def _mask_now(self) -> npt.NDArray[np.int8] | None:
        masks, seat = self._masks, self._seat
        return masks.shared_mask(seat) if masks.acting() == seat else None


def _seat_space(n: int, masks: SeatMasks, seat: int, rng: Any) -> SeatSpace:
    """A pickled `SeatSpace`: built again, its random generator set."""
    space = SeatSpace(n, masks, seat)
    space._np_random = rng
    return space


class ActionCodec:
    """Maps a game's actions to ids and back.

    Args:
        fixed: the game's fixed action list (may be empty).
        extra: how many ids index the legal actions outside that list.
        cards: the width of a card plane (52, or 54 with jokers).
    """

    def __init__(self, fixed: Sequence[Action], extra: int, cards: int) -> None:
        """Build the codec."""
        if extra < 0:
            raise InvalidState(f"extra_actions must be 0 or more, not {extra!r}")
        self.fixed = tuple(fixed)
        self.extra = extra
        self.cards = cards
        self.n = len(self.fixed) + extra
        self._ids = {action: i for i, action in enumerate(self.fixed)}
        self._known: dict[Action, tuple[Action, str, int]] = {}
        self._by_id: dict[int, tuple[Action, str, int]] = {}
        self._state: object = None
        self._legal: tuple[list[int], list[Action]] = ([], [])

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its arguments: a copy describes and numbers actions again."""
        return ActionCodec, (self.fixed, self.extra, self.cards)

    def _describe(self, action: Action) -> tuple[Action, str, int]:
        """The action, its text and the mask of the cards it names (cached).

        Looked up by identity first (games that intern their actions hit
        there, cheaper than hashing a value), then by value; an entry holds
        its action, so a reused id is never mistaken for another action.
        """
        known = self._by_id.get(id(action))
        if known is not None and known[0] is action:
            return known
        known = self._known.get(action)
        if known is None:
            text = str(action)
            mask = 0
            for word in text.replace(";", " ").split()[1:]:
                with contextlib.suppress(InvalidCard):  # words that are not cards
                    mask |= Card.parse(word).bit
            if len(self._known) >= _CACHE_LIMIT:
                self._known.clear()
            known = self._known[action] = (action, text, mask)
        if len(self._by_id) >= _CACHE_LIMIT:
            self._by_id.clear()
        self._by_id[id(action)] = known
        return known

    def _text(self, action: Action) -> str:
        return self._describe(action)[1]

    def legal(self, state: object, actions: Sequence[Action]) -> tuple[list[int], list[Action]]:
        """The ids of the legal `actions` of `state`, ascending, and the actions in that order.

        Raises:
            InvalidState: more legal actions outside the fixed list than
                `extra` ids; the message says which option to raise.
        """
        if state is self._state:
            return self._legal
        ids = self._ids
        fixed: list[tuple[int, Action]] = []
        rest: list[Action] = []
        if ids:
            for action in actions:
                i = ids.get(action)
                if i is None:
                    rest.append(action)
                else:
                    fixed.append((i, action))
        else:
            rest = list(actions)
        if len(rest) > self.extra:
            raise InvalidState(
                f"{len(rest)} legal actions need an index, but the environment has "
                f"extra_actions={self.extra}; make the environment with a larger extra_actions"
            )
        fixed.sort(key=_first)
        if len(rest) > 1:
            rest.sort(key=self._text)
        start = len(self.fixed)
        order = [i for i, _ in fixed] + list(range(start, start + len(rest)))
        result = (order, [a for _, a in fixed] + rest)
        self._state, self._legal = state, result
        return result

    def mask(self, ids: Sequence[int]) -> npt.NDArray[np.int8]:
        """The `int8` action mask with these ids set."""
        out = np.zeros(self.n, dtype=np.int8)
        out[list(ids)] = 1
        return out

    def decode(self, state: object, actions: Sequence[Action], chosen: Any) -> Action:
        """The legal action with id `chosen`.

        Raises:
            IllegalAction: `chosen` is not an id, or not the id of a legal
                action now (code `"not_legal"`); the message lists the legal ids.
        """
        ids, ordered = self.legal(state, actions)
        try:
            number = int(chosen)
        except (TypeError, ValueError):
            number = -1
        if number != chosen or number not in ids:
            shown = ", ".join(f"{i} ({a})" for i, a in zip(ids, ordered, strict=True))
            raise IllegalAction(
                "not_legal",
                f"action id {chosen!r} is not legal now; expected one of: {shown or 'none'}",
                action=chosen,
            )
        return ordered[ids.index(number)]

    def action_cards(self, actions: Sequence[Action]) -> npt.NDArray[np.uint8]:
        """One multi-hot card plane per action: the cards its text names."""
        stride = self.cards
        big = 0
        for i, action in enumerate(actions):
            big |= self._describe(action)[2] << (stride * i)
        end = stride * len(actions)
        raw = np.frombuffer(big.to_bytes((end + 7) // 8, "little"), dtype=np.uint8)
        return _BITS.take(raw, axis=0).reshape(-1)[:end].reshape(len(actions), stride)

    def text(self, action: Action) -> str:
        """The action's text (cached)."""
        return self._describe(action)[1]


def _first(pair: tuple[int, Action]) -> int:
    return pair[0]
