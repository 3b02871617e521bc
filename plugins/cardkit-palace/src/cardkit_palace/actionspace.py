"""Palace's fixed action space: 438 ids for every rules and player count.

| ids | block | one id means |
|---|---|---|
| 0–2 | `verbs` | `ready`, `pickup`, `decline` |
| 3–8 | `flip` | `flip 1` … `flip 6` |
| 9–164 | `play` | rank (2 … A) major, count (1-4), source (hand, face up, both) |
| 165–216 | `add` | window: add drawn cards, rank major, count (1-4) minor |
| 217–268 | `complete` | window: complete a four of a kind, rank major, count (1-4) minor |
| 269–437 | `swap` | swap: the hand card's rank major, the face-up card's minor |

Plays, adds, completions and swaps are abstract: an id names the ranks and
the count, not the suits. Its canonical move, what `decode(id, state)`
gives among the legal moves with that id, is the one with the lowest suits
(clubs, diamonds, hearts, spades: the lowest card mask; for a swap, the
lowest hand card, then the lowest face-up card). Suits never matter in
Palace's rules, so the canonical move is as good as any other. A play's
source (the hand, the face-up cards, or both under
`allow_mixed_source_play`) is read from the state; without a state,
`encode` takes it to be the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardkit import Action, GameState
from cardkit.authoring import ActionBlock, KeyedActionSpace
from cardkit_palace.actions import Add, Complete, Decline, Flip, Pickup, Play, Ready, Swap
from cardkit_palace.numbering import state_numbering

__all__ = ["ACTION_SPACE"]

_RANKS: Final = "23456789TJQKA"
_SOURCES: Final = ("hand", "face up", "both")
_SIZES: Final = (
    ("verbs", 3, "ready, pickup, decline"),
    ("flip", 6, "flip the face-down card at that position (1-6)"),
    ("play", 13 * 4 * 3, "play: rank major, count (1-4), source (hand, face up, both) minor"),
    ("add", 13 * 4, "add drawn cards: rank major, count (1-4) minor"),
    ("complete", 13 * 4, "complete a four of a kind: rank major, count (1-4) minor"),
    ("swap", 13 * 13, "swap: the hand card's rank major, the face-up card's rank minor"),
)
_LIMIT: Final = 1 << 16
_Numbered = tuple[list[int], list[Action]]
_START: Final = {name: sum(s for _, s, _ in _SIZES[:i]) for i, (name, _, _) in enumerate(_SIZES)}


def _rank_count(mask: int) -> tuple[int, int]:
    """The rank offset (0: a 2) and the number of cards of a one-rank mask."""
    low = (mask & -mask).bit_length() - 1
    return low % 13, mask.bit_count()


def _hand(state: GameState | None) -> int | None:
    """The mask of the acting seat's hand (`None`: no state, or nobody acts)."""
    f: Any = getattr(state, "f", None)
    if f is None or f.actor < 0:
        return None
    hand: int = f.hands[f.actor]
    return hand


def _source(mask: int, state: GameState | None) -> int:
    hand = _hand(state)
    if hand is None or mask & ~hand == 0:
        return 0
    return 1 if mask & hand == 0 else 2


def _key(action: Action, state: GameState | None) -> int:
    if isinstance(action, Play):
        rank, count = _rank_count(action.mask)
        return _START["play"] + (rank * 4 + count - 1) * 3 + _source(action.mask, state)
    if isinstance(action, (Add, Complete)):
        rank, count = _rank_count(action.mask)
        block = "add" if isinstance(action, Add) else "complete"
        return _START[block] + rank * 4 + min(count, 4) - 1
    if isinstance(action, Swap):
        return _START["swap"] + action.hand_card.index % 13 * 13 + action.up_card.index % 13
    if isinstance(action, Flip):
        return _START["flip"] + action.position - 1 if 1 <= action.position <= 6 else -1
    for i, verb in enumerate((Ready, Pickup, Decline)):
        if isinstance(action, verb):
            return i
    return -1


def _name(action_id: int) -> str:
    for name, _, _ in reversed(_SIZES):
        at = action_id - _START[name]
        if at < 0:
            continue
        if name == "verbs":
            return ("ready", "pickup", "decline")[at]
        if name == "flip":
            return f"flip {at + 1}"
        if name == "swap":
            return f"swap {_RANKS[at // 13]} for {_RANKS[at % 13]}"
        if name == "play":
            rank, count, source = at // 12, at // 3 % 4 + 1, at % 3
            return f"play {count}x{_RANKS[rank]} from {_SOURCES[source]}"
        return f"{name} {at % 4 + 1}x{_RANKS[at // 4]}"
    raise AssertionError(action_id)  # pragma: no cover - ids are checked first


def _canonical(action: Action) -> tuple[int, int]:
    if isinstance(action, Swap):
        return action.hand_card.index, action.up_card.index
    mask = getattr(action, "mask", 0)
    return (mask if isinstance(mask, int) else 0), 0


class _PalaceSpace(KeyedActionSpace):
    """Palace's space, numbering a legal list fast (the same ids and canonical moves).

    Each action's id from the hand, play mask and canonical key are kept per
    action (by its id, with the action, so the id is not reused). A play's id
    reads the state only through the acting seat's hand, and only through the
    hand's cards among the list's plays: a listing (an immutable tuple, shared
    between states) is numbered once per such hand part.
    """

    def __init__(self) -> None:
        """The blocks and functions of the game."""
        blocks = [ActionBlock(name, _START[name], size, text) for name, size, text in _SIZES]
        super().__init__(blocks, _key, _name, _canonical)
        # A turn's moves are numbered from the fields, with no listing (the contract suite
        # compares); the space numbers the listing in the exchange and the windows.
        self.numbering = state_numbering
        self._base: dict[int, tuple[Action, int, int, int]] = {}
        # By id of a listing: the listing, its plays' cards, numberings by the hand's part.
        self._lists: dict[int, tuple[Sequence[Action], int, dict[int, _Numbered]]] = {}

    def _entry(self, action: Action) -> tuple[Action, int, int, int]:
        """The action, its id from the hand, its play's cards (0: not a play), its key."""
        base = self._base
        if len(base) > _LIMIT:
            base.clear()
        mask = action.mask if isinstance(action, Play) else 0
        key = _canonical(action)
        found = base[id(action)] = (action, _key(action, None), mask, key[0] << 6 | key[1])
        return found

    def ids(self, actions: Sequence[Action], state: GameState | None = None) -> list[int]:
        """The id of each of `actions` played in `state` (the hand read once)."""
        held, base, found = _hand(state), self._base, []
        hand = held or 0
        other = 0 if held is None else ~hand  # the cards not in the hand (none: no state)
        for action in actions:
            _, i, mask, _ = base.get(id(action)) or self._entry(action)
            if mask & other:
                i += 1 if mask & hand == 0 else 2
            found.append(i)
        if found and (min(found) < 0 or max(found) >= self.size):
            return super().ids(actions, state)  # raises `encode`'s error
        return found

    def number(self, actions: Sequence[Action], state: GameState | None = None) -> _Numbered:
        """The ascending ids of `actions` and each id's canonical action (the lowest suits)."""
        hand = _hand(state)
        kept = self._lists.get(id(actions)) if type(actions) is tuple else None
        if kept is not None:
            part = kept[1] if hand is None else hand & kept[1]
            found = kept[2].get(part)
            if found is None:
                found = kept[2][part] = self._number(actions, state, hand)[0]
            return list(found[0]), list(found[1])  # copies: the kept lists stay as they are
        found, cards = self._number(actions, state, hand)
        if type(actions) is tuple:
            lists = self._lists
            if len(lists) > _LIMIT:
                lists.clear()
            lists[id(actions)] = (actions, cards, {cards if hand is None else hand & cards: found})
            return list(found[0]), list(found[1])
        return found

    def _number(
        self, actions: Sequence[Action], state: GameState | None, held: int | None
    ) -> tuple[_Numbered, int]:
        """The numbering of `actions` in `state` (`held`: its acting seat's hand), and the
        cards of their plays."""
        base, cards = self._base, 0
        hand = held or 0
        other = 0 if held is None else ~hand  # the cards not in the hand (none: no state)
        low: dict[int, int] = {}  # by id: the lowest canonical key, and its action
        chosen: dict[int, Action] = {}
        for action in actions:
            _, i, mask, key = base.get(id(action)) or self._entry(action)
            cards |= mask
            if mask & other:
                i += 1 if mask & hand == 0 else 2
            lowest = low.get(i)
            if lowest is None or key < lowest:
                low[i] = key
                chosen[i] = action
        if chosen and (min(chosen) < 0 or max(chosen) >= self.size):
            super().ids(actions, state)  # raises `encode`'s error
        ids = sorted(chosen)
        return (ids, [chosen[i] for i in ids]), cards


#: The one space of the game: the same ids under every rules and player count.
ACTION_SPACE: Final = _PalaceSpace()
