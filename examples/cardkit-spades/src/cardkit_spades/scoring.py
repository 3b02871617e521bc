"""How a deal of Spades scores: contracts, nils, bags (the rules in `docs/games/spades.md`)."""

from typing import Any

from cardkit import GameResult, GenericState
from cardkit_spades.rules import SpadesRules

# What scoring reads of a deal (not the state class, which composes this module).
Deal = GenericState[SpadesRules, Any, Any]

#: The partnerships: seats 0 and 2 against seats 1 and 3.
TEAMS = ((0, 2), (1, 3))


def _team_score(state: Deal, team: tuple[int, ...], bags: int) -> tuple[int, int]:
    """One partnership's points this deal and its bags after it."""
    f, rules = state.f, state.rules
    points, bid, taken = 0, 0, 0
    for seat in team:
        b = f.bids.values[seat] or 0
        if b == 0:  # nil: the seat's tricks do not count towards the partner's bid
            points += (200 if f.blind >> seat & 1 else 100) * (-1 if f.tricks[seat] else 1)
            bags += f.tricks[seat]
        bid, taken = bid + b, taken + (f.tricks[seat] if b else 0)
    over = taken - bid  # overtricks are bags; a side short of its bid loses 10 a trick
    points, bags = (
        (points + 10 * bid + over, bags + over) if over >= 0 else (points - 10 * bid, bags)
    )
    return points - rules.bag_penalty * (bags // rules.bag_limit), bags % rules.bag_limit


def spades_result(state: Deal) -> GameResult:
    """Both partnerships' points; both partners score their team's points.

    The reason is `"played"`, or `"tie"` when both partnerships score the
    same (then nobody wins). The core asks it once the deal is over.
    """
    bags = state.setup.carried("bags", [0, 0])  # each partnership's, from the previous deal
    scores = [_team_score(state, team, bags[t]) for t, team in enumerate(TEAMS)]
    details: dict[str, object] = {
        "bags": [b for _, b in scores],
        "bids": list(state.f.bids.values),
        "tricks": list(state.f.tricks),
    }
    points = [p for p, _ in scores]
    reason = "tie" if points[0] == points[1] else "played"  # a tie: no winner, and it says so
    return GameResult.for_teams(reason, TEAMS, points, actions=state.action_count, details=details)
