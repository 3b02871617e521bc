"""The ids of an exact action space's listed actions, read from the actions' fields.

An [EnumeratedActionSpace][cardkit.engine.actionspace.EnumeratedActionSpace] finds an
action's id by its hash: for the core's action classes a Python `__hash__` (a
dataclass's over its card and word, then the card's), about 1,900 instructions a
compiled Crazy Eights play (callgrind). [ExactIds][cardkit.rl._exactids.ExactIds] reads
instead what their equality compares: the class of a
[`Verb`][cardkit.engine.cardverb.Verb] (`draw`), the class and card of a
[`CardVerb`][cardkit.engine.cardverb.CardVerb], the class, card and word of a
[`CardWord`][cardkit.engine.cardverb.CardWord] (a word found among the space's by
identity), each id kept in a table made once from the space's own list. Any other
action, or one the tables do not hold, is found by its hash as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardkit.engine.actions import Action
from cardkit.engine.actionspace import EnumeratedActionSpace
from cardkit.engine.cardverb import CardVerb, CardWord, Verb

__all__ = ["ExactIds"]

#: How a class's actions are read: by the class alone, by the card, by the card and word.
_VERB: Final = 0
_CARD: Final = 1
_WORD: Final = 2


def _kind(cls: type) -> int:
    """How `cls`'s actions are read (-1: by their hash), from the equality it keeps."""
    eq: Any = getattr(cls, "__eq__", None)
    same_hash = getattr(cls, "__hash__", None)
    if issubclass(cls, Verb) and eq is Verb.__eq__ and same_hash is Verb.__hash__:
        return _VERB
    if issubclass(cls, CardVerb) and eq is CardVerb.__eq__ and same_hash is CardVerb.__hash__:
        return _CARD
    if issubclass(cls, CardWord) and eq is CardWord.__eq__ and same_hash is CardWord.__hash__:
        return _WORD
    return -1


class _Table:
    """One class's ids: by the card's index (and the word's place, 0 for none)."""

    def __init__(self, kind: int, words: tuple[Any, ...]) -> None:
        self.kind = kind
        self.words = words
        self.width = len(words) + 1
        self.ids: list[int] = []

    def put(self, slot: int, action_id: int) -> None:
        """Keep `action_id` at `slot` (-1 where no action is)."""
        if slot >= len(self.ids):
            self.ids.extend([-1] * (slot + 1 - len(self.ids)))
        self.ids[slot] = action_id


class ExactIds:
    """The ids of an exact space's actions from their fields (see this module).

    Args:
        space: the exact space.
    """

    def __init__(self, space: EnumeratedActionSpace) -> None:
        """Make each class's table from the space's list (a class with an action read
        otherwise is left to the space)."""
        self._tables: dict[type, _Table] = {}
        self._by_action = {action: i for i, action in enumerate(space.actions)}
        skipped: set[type] = set()
        for action_id, action in enumerate(space.actions):
            cls = type(action)
            kind = _kind(cls)
            if kind < 0 or cls in skipped:
                skipped.add(cls)
                continue
            table = self._tables.get(cls)
            if table is None:
                words = tuple(getattr(cls, "words", {}).values()) if kind == _WORD else ()
                table = self._tables[cls] = _Table(kind, tuple(dict.fromkeys(words)))
            slot = self._slot(table, action)
            if slot < 0:  # a word not among the class's: numbered by the space
                skipped.add(cls)
                del self._tables[cls]
                continue
            table.put(slot, action_id)

    def _slot(self, table: _Table, action: Any) -> int:
        """Where `action`'s id is in its class's table (-1: nowhere)."""
        if table.kind == _VERB:
            return 0
        index: int = action.card.index
        if table.kind == _CARD:
            return index
        word = action.word
        place = 0
        if word is not None:
            place = -1
            for at, known in enumerate(table.words):
                if known is word:
                    place = at + 1
                    break
            if place < 0:
                return -1
        return index * table.width + place

    def id_of(self, action: Action) -> int:
        """The id of `action` (-1: not read from its fields; ask the space)."""
        table = self._tables.get(type(action))
        if table is None:
            return -1
        slot = self._slot(table, action)
        ids = table.ids
        return ids[slot] if 0 <= slot < len(ids) else -1

    def number(self, legal: Sequence[Action]) -> tuple[list[int], list[Action]] | None:
        """The ascending ids of `legal` and their actions, as the space numbers them (an
        action not read from its fields by its hash), or `None` where the space must: an
        action without an id (the space raises its error), or one listed twice."""
        ids: list[int] = []
        ordered = True
        last = -1
        for action in legal:
            found = self.id_of(action)
            if found < 0:
                found = self._by_action.get(action, -1)
                if found < 0:
                    return None
            if found <= last:
                ordered = False
            last = found
            ids.append(found)
        if ordered:
            return ids, list(legal)
        order = sorted(range(len(ids)), key=ids.__getitem__)
        ascending = [ids[k] for k in order]
        for k in range(1, len(ascending)):
            if ascending[k] == ascending[k - 1]:
                return None
        return ascending, [legal[k] for k in order]
