"""Rewards: what each seat earns when a game ends, from its result.

Every step but the last pays 0. The last one pays each seat a number taken
from [GameResult][cardkit.engine.results.GameResult]:

- `"placement"`: from the finishing order, `+1` for first place down to
  `-1` for last, evenly spaced (seats a partial order leaves out share the
  places it does not name); a game that ranks nobody pays `+1` to its
  winners and `-1` to its losers (everyone else, if it names none).
- `"payment"`: each seat's net money (`result.net`: stakes won minus paid).
- `"win"`: `+1` to the winners, `-1` to the losers (everyone else, if the
  game names none), `0` to the others.
- `"auto"` (the default): `"payment"` for a result with payments (Tonk),
  else `"placement"` (Tiến lên, Palace, Crazy Eights).
- a callable `(result) -> per-seat numbers`, for anything else.

A game stopped by the environment's step limit (truncated) or capped pays 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from cardkit.engine.results import GameResult
from cardkit.errors import InvalidRules

__all__ = ["REWARDS", "RewardFunction", "RewardKind", "reward_function"]

#: The names of the built-in rewards.
RewardKind = Literal["auto", "placement", "payment", "win"]
#: A reward: the per-seat numbers a finished game pays.
RewardFunction = Callable[[GameResult], Sequence[float]]


def placement(result: GameResult) -> list[float]:
    """`+1` for first place down to `-1` for last, from the finishing order."""
    players = result.players
    if not result.order:
        return win(result)
    if players == 1:
        return [1.0]
    worth = [1.0 - 2.0 * place / (players - 1) for place in range(players)]
    out = [0.0] * players
    for place, seat in enumerate(result.order):
        out[seat] = worth[place]
    rest = [s for s in range(players) if s not in result.order]
    if rest:
        share = sum(worth[len(result.order) :]) / len(rest)
        for seat in rest:
            out[seat] = share
    return out


def payment(result: GameResult) -> list[float]:
    """Each seat's net money: stakes received minus stakes paid."""
    return [float(n) for n in result.net]


def win(result: GameResult) -> list[float]:
    """`+1` to the winners, `-1` to the losers (or to every non-winner), else 0."""
    losers = set(result.losers)
    if not losers and result.winners:
        losers = set(range(result.players)) - set(result.winners)
    return [
        1.0 if seat in result.winners else -1.0 if seat in losers else 0.0
        for seat in range(result.players)
    ]


def auto(result: GameResult) -> list[float]:
    """Payments when the result has some, else placements."""
    return payment(result) if result.payments else placement(result)


#: The built-in rewards by name.
REWARDS: dict[str, RewardFunction] = {
    "auto": auto,
    "placement": placement,
    "payment": payment,
    "win": win,
}


def reward_function(reward: str | RewardFunction) -> RewardFunction:
    """The reward function named `reward` (or `reward` itself if it is callable).

    Raises:
        InvalidRules: an unknown name; the message lists the known ones.
    """
    if callable(reward):
        return reward
    found = REWARDS.get(reward)
    if found is None:
        known = ", ".join(repr(k) for k in REWARDS)
        raise InvalidRules(f"unknown reward {reward!r}; expected one of {known} or a callable")
    return found


def pays(function: RewardFunction, result: GameResult) -> list[float]:
    """What a finished game pays each seat (0 for a capped one)."""
    if result.capped:
        return [0.0] * result.players
    return [float(v) for v in function(result)]
