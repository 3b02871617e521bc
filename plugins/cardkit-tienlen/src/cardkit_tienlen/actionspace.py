"""Tiến lên's abstract action space: 898 ids for every rules and player count.

The exact moves (a run with every choice of suits) are too many to number,
so an id names the kind of a combination, its length and its top card, as
RLCard does for Dou Dizhu. "Top card" is the combination's highest card in
the game's order (3♠ lowest … 2♥ highest; ranks 3 … A 2, suits ♠ ♣ ♦ ♥),
which is what two combinations of one kind and length are compared by.

| ids | block | one id means |
|---|---|---|
| 0 | `pass` | `pass` |
| 1–52 | `single` | a single, by its card (game order, 3S first) |
| 53–104 | `pair` | a pair, by its top card |
| 105–156 | `triple` | a triple, by its top card |
| 157–169 | `quad` | four of a kind, by rank (3 … 2) |
| 170–689 | `sequence` | a sequence: length (3-12) major, top card minor |
| 690–897 | `double_sequence` | a double sequence: pairs (3-6) major, top card minor |

**Canonical choice of the other cards.** Several legal moves can share an
id (a pair of 9s topped by 9♥ is 9♠ 9♥, 9♣ 9♥ or 9♦ 9♥); `decode(id, state)`
gives the one whose other cards are the lowest: the smallest game mask,
that is the lowest second-highest card, then the lowest third... So the
canonical move keeps the higher cards in the hand. The exact legal moves
are also in the observation of the RL environments (`cardkit.rl`), as card
planes with a mask, for policies that score every candidate.
"""

from __future__ import annotations

from typing import Final

from cardkit import Action, GameState
from cardkit.authoring import ActionBlock, KeyedActionSpace
from cardkit_tienlen.combos import CARD_BY_KEY, Kind, Pass, Play

__all__ = ["ACTION_SPACE", "MAX_PAIRS", "MAX_SEQUENCE"]

#: The longest sequence (3 … A: twos never run) and double sequence (a 13-card hand).
MAX_SEQUENCE: Final = 12
MAX_PAIRS: Final = 6
_SIZES: Final = (
    ("pass", 1, "pass"),
    ("single", 52, "a single: its card, game order (3S first, 2H last)"),
    ("pair", 52, "a pair: its top card"),
    ("triple", 52, "a triple: its top card"),
    ("quad", 13, "four of a kind: its rank, 3 … 2"),
    ("sequence", 52 * (MAX_SEQUENCE - 2), "a sequence: length 3-12 major, top card minor"),
    ("double_sequence", 52 * (MAX_PAIRS - 2), "a double sequence: pairs 3-6 major, top card"),
)
_START: Final = {name: sum(s for _, s, _ in _SIZES[:i]) for i, (name, _, _) in enumerate(_SIZES)}
_BY_KIND: Final = {
    Kind.SINGLE: "single",
    Kind.PAIR: "pair",
    Kind.TRIPLE: "triple",
}


def _key(action: Action, state: GameState | None) -> int:
    if isinstance(action, Pass):
        return 0
    if not isinstance(action, Play) or action.kind == Kind.INVALID:
        return -1
    top = action.bits.bit_length() - 1
    kind = action.kind
    if kind in _BY_KIND:
        return _START[_BY_KIND[Kind(kind)]] + top
    if kind == Kind.QUAD:
        return _START["quad"] + top // 4
    if kind == Kind.SEQUENCE:
        length = action.size
        return _START["sequence"] + (length - 3) * 52 + top if length <= MAX_SEQUENCE else -1
    pairs = action.size // 2
    return _START["double_sequence"] + (pairs - 3) * 52 + top if pairs <= MAX_PAIRS else -1


def _name(action_id: int) -> str:
    for name, _, _ in reversed(_SIZES):
        at = action_id - _START[name]
        if at < 0:
            continue
        if name == "pass":
            return "pass"
        if name == "quad":
            return f"four {CARD_BY_KEY[at * 4].code[:-1]}"
        top = CARD_BY_KEY[at % 52].code
        if name == "sequence":
            return f"sequence of {at // 52 + 3} top {top}"
        if name == "double_sequence":
            return f"double sequence of {at // 52 + 3} pairs top {top}"
        return f"{name} {top}" if name == "single" else f"{name} top {top}"
    raise AssertionError(action_id)  # pragma: no cover - ids are checked first


def _canonical(action: Action) -> int:
    return action.bits if isinstance(action, Play) else 0


#: The one space of the game: the same ids under every rules and player count.
ACTION_SPACE: Final = KeyedActionSpace(
    [ActionBlock(name, _START[name], size, text) for name, size, text in _SIZES],
    _key,
    _name,
    _canonical,
    stateless=True,
)
