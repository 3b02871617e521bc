"""Typed action arguments that are not cards: a seat, a rank, a bounded number.

A [`Form`][cardkit.engine.grammar.Form] declares them in `args`; they are read in
order, right after the verb and before any card argument:

>>> from cardkit.cards.card import Rank
>>> RankArg().read("sevens"), RankArg().read("10"), SeatArg().read("2")
(<Rank.SEVEN: 7>, <Rank.TEN: 10>, 2)
>>> IntArg(1, 6, name="position").read("9") is None
True

A game may write its own argument: subclass [`Arg`][cardkit.engine.arguments.Arg]
and give `read`, `values` and `expected`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from cardkit.cards.card import Rank

__all__ = ["Arg", "IntArg", "RankArg", "SeatArg"]


class Arg(ABC):
    """One typed argument of a form: how it reads, what it may be, how it is named.

    Attributes:
        name: how the form's usage names it (`"seat"` gives `ask <seat> ...`).
    """

    name: str

    @property
    @abstractmethod
    def expected(self) -> str:
        """What the argument must be, for error messages (`"a number from 1 to 6"`)."""

    @abstractmethod
    def read(self, word: str) -> object | None:
        """The value `word` spells, or `None` when it is not one (any case)."""

    @abstractmethod
    def values(self, players: int | None) -> Sequence[object]:
        """Every value, in order, for the reference listing of the legal actions.

        Args:
            players: the number of players at the table, when the caller knows it.

        Raises:
            ValueError: the values depend on the number of players and it is not given.
        """


@dataclass(frozen=True)
class SeatArg(Arg):
    """A seat number: `0`, `1`, ... (Go Fish's `ask 2 7` asks seat 2).

    Any number of at most two digits reads; whether it is a seat at this
    table, and whether the seat may be named, is the check's business.
    Its values are the seats of the table. Like every seat in an action's
    text (what saves, playthroughs and the API carry), it is the 0-based
    index, where the words a person reads say "Seat 3" for index 2.
    """

    name: str = "seat"

    @property
    def expected(self) -> str:
        """A seat number."""
        return "a seat number (0, 1, 2, ...)"

    def read(self, word: str) -> int | None:
        """The seat, or `None` when `word` is not a number of one or two digits."""
        return int(word) if len(word) <= 2 and word.isdigit() and word.isascii() else None

    def values(self, players: int | None) -> Sequence[int]:
        """The seats `0` to `players - 1`.

        Raises:
            ValueError: `players` is not given.
        """
        if players is None:
            raise ValueError(
                f"the argument <{self.name}> lists the seats of a table: "
                "pass candidates(deck, players=N)"
            )
        return range(players)


@dataclass(frozen=True)
class IntArg(Arg):
    """A whole number from `low` to `high` (Palace's `flip 2`: a position from 1 to 6).

    Attributes:
        low: the smallest number.
        high: the largest number.
        name: how the usage names it.
    """

    low: int
    high: int
    name: str = "number"

    @property
    def expected(self) -> str:
        """The bounds."""
        return f"a number from {self.low} to {self.high}"

    def read(self, word: str) -> int | None:
        """The number, or `None` when `word` is not a number within the bounds."""
        if not (word.isdigit() and word.isascii()) or len(word) > len(str(self.high)):
            return None
        number = int(word)
        return number if self.low <= number <= self.high else None

    def values(self, players: int | None) -> Sequence[int]:
        """`low` to `high`."""
        return range(self.low, self.high + 1)


@dataclass(frozen=True)
class RankArg(Arg):
    """A rank: its code as [`Rank.parse`][cardkit.cards.card.Rank.parse] reads it (`7`, `T`,
    `10`, `q`), in the plural (`7s`, `10s`), or as a word (`seven`, `sevens`, `sixes`).

    Its values are the thirteen ranks, two to ace.
    """

    name: str = "rank"

    @property
    def expected(self) -> str:
        """The rank spellings."""
        return "a rank (2-9, T or 10, J, Q, K, A, or a word: seven, sevens)"

    def read(self, word: str) -> Rank | None:
        """The rank, or `None` when `word` names none."""
        return _RANK_WORDS.get(word.lower())

    def values(self, players: int | None) -> Sequence[Rank]:
        """The ranks, two to ace."""
        return _RANKS


_RANKS: Final = tuple(Rank)


def _rank_words() -> dict[str, Rank]:
    words: dict[str, Rank] = {}
    for rank in Rank:
        codes = {rank.code, str(rank.value)} if rank <= Rank.TEN else {rank.code}
        for code in codes:
            assert Rank.parse(code) is rank
            words[code.lower()] = words[code.lower() + "s"] = rank
        words[rank.word] = words[rank.plural] = rank
    return words


#: Every spelling of a rank, lower case, to the rank.
_RANK_WORDS: Final = _rank_words()
