"""PettingZoo's AEC env steps a simultaneous phase's choosers in a fixed order: Spades' bids."""

from __future__ import annotations

import cardkit.rl


def test_the_bidders_are_stepped_lowest_seat_first_and_see_no_other_bid() -> None:
    """Seats 0, 1, 2, 3 bid in that order; none sees an earlier bid before all are in."""
    env = cardkit.rl.aec_env("spades", players=4)
    env.reset(seed=3)
    order = []
    for _ in range(4):
        agent = env.agent_selection
        seat = env.possible_agents.index(agent)
        order.append(seat)
        state = env.table.state
        assert state.seats_to_act == tuple(range(seat, 4))
        assert state.view(seat).bids == [None] * 4
        mask = env.observe(agent)["action_mask"]
        env.step(int(mask.nonzero()[0][0]))
    assert order == [0, 1, 2, 3]
    assert None not in env.table.state.view(None).bids
