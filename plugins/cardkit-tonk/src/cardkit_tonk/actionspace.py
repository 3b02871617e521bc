"""Tonk's fixed action space: 1,363 ids for every rules and player count.

| ids | block | one id means |
|---|---|---|
| 0–4 | `verbs` | `draw`, `take`, `drop`, `pass`, `join` |
| 5–56 | `discard` | `discard <card>`, card index order (2C … AS) |
| 57–108 | `bonus` | `bonus <card>` |
| 109–173 | `book` | a book: per rank, the 3-card books (no C, D, H, S), then all four |
| 174–477 | `run` | a run: per suit, 76 runs of 3-13 cards, shortest, then lowest first |
| 478–1361 | `hit` | `hit <card> <id>`: card major, spread id 1-17 minor |
| 1362 | `respond` | a double-double response (abstract: the lowest text) |

Every id but `respond` is exactly one action (a game lays at most 17
spreads, numbered from 1, so 17 spread ids cover every hit). The
double-double response uses every card of the hand in one action; its plans
are too many to number, so the space gives it one id and decodes it to the
legal response with the lowest text.
"""

from __future__ import annotations

from typing import Final

from cardkit import Action, GameState
from cardkit.authoring import ActionBlock, KeyedActionSpace
from cardkit_tonk.actions import (
    DRAW,
    DROP,
    JOIN,
    PASS,
    TAKE,
    Respond,
    bonus_action,
    discard_action,
    hit_action,
    spread_action,
)

__all__ = ["ACTION_SPACE", "SPREAD_IDS"]

#: Spread ids a hit may name: a game lays at most 52 // 3 spreads, numbered from 1.
SPREAD_IDS: Final = 17


def _books() -> list[int]:
    masks = []
    for rank in range(13):
        four = sum(1 << (13 * suit + rank) for suit in range(4))
        masks += [four & ~(1 << (13 * suit + rank)) for suit in range(4)] + [four]
    return masks


def _runs() -> list[int]:
    """Per suit, every run of 3+ cards; position 0 is a low ace, 1-13 the ranks 2 … A."""
    masks = []
    for suit in range(4):
        seen: set[int] = set()
        for length in range(3, 14):
            for start in range(0, 15 - length):
                positions = range(start, start + length)
                bits = [12 if p == 0 else p - 1 for p in positions]
                mask = sum(1 << (13 * suit + b) for b in bits)
                if len(set(bits)) == length and mask not in seen:
                    seen.add(mask)
                    masks.append(mask)
    return masks


def _listed() -> list[Action]:
    return [
        DRAW,
        TAKE,
        DROP,
        PASS,
        JOIN,
        *(discard_action(i) for i in range(52)),
        *(bonus_action(i) for i in range(52)),
        *(spread_action(m) for m in _books()),
        *(spread_action(m) for m in _runs()),
        *(hit_action(i, sid) for i in range(52) for sid in range(1, SPREAD_IDS + 1)),
    ]


_LISTED: Final = _listed()
_IDS: Final = {action: i for i, action in enumerate(_LISTED)}
_RESPOND: Final = len(_LISTED)


def _key(action: Action, state: GameState | None) -> int:
    i = _IDS.get(action)
    if i is not None:
        return i
    return _RESPOND if isinstance(action, Respond) else -1


def _name(action_id: int) -> str:
    return "respond" if action_id == _RESPOND else str(_LISTED[action_id])


def _blocks() -> list[ActionBlock]:
    sizes = [
        ("verbs", 5, "draw, take, drop, pass, join"),
        ("discard", 52, "discard that card (card index order, 2C first)"),
        ("bonus", 52, "a bonus discard of that card"),
        ("book", 65, "spread a book: per rank, the 3-card books then the 4-card one"),
        ("run", len(_runs()), "spread a run: per suit, shortest first, then lowest first"),
        ("hit", 52 * SPREAD_IDS, "hit that card (major) on the spread with that id, 1-17"),
        ("respond", 1, "a double-double response (canonical: the lowest text)"),
    ]
    blocks, at = [], 0
    for name, size, text in sizes:
        blocks.append(ActionBlock(name, at, size, text))
        at += size
    return blocks


#: The one space of the game: the same ids under every rules and player count.
ACTION_SPACE: Final = KeyedActionSpace(_blocks(), _key, _name, str, stateless=True)
