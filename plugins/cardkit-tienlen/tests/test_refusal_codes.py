"""Every refusal of Tiến lên carries a declared code: shared `Refused` or `TienLenRefused`."""

from __future__ import annotations

import random

from cardkit_tienlen import Play, TienLenRefused

import cardkit
from cardkit import IllegalAction
from cardkit.authoring import Refused

DECLARED = {str(code) for code in (*Refused, *TienLenRefused)}


def _refusal_code(state: cardkit.GameState, action: cardkit.Action | str) -> str | None:
    try:
        state.apply(action)
    except IllegalAction as error:
        code = error.code
    else:
        return None
    assert code in DECLARED, f"{code!r} is not a declared refusal code"
    return code


def test_refusals_of_random_actions_use_declared_codes() -> None:
    """Random card picks and passes through random deals refuse with declared codes only."""
    game = cardkit.load_game("tienlen")
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = game.start(players=4, seed=seed)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            hand = list(state.hand(seat))
            others = [c for c in game.new_deck(state.rules) if c not in hand]
            for size in (1, 2, 3, 5):
                picks = rng.sample(hand, min(size, len(hand)))
                code = _refusal_code(state, Play(picks))
                seen |= {code} if code else set()
            seen |= {c for c in (_refusal_code(state, Play([rng.choice(others)])),) if c}
            seen |= {c for c in (_refusal_code(state, "pass"), _refusal_code(state, "xyz")) if c}
            state = state.apply(rng.choice(state.legal_actions()))
        code = _refusal_code(state, "pass")
        assert code == Refused.GAME_OVER
    expected = {"not_in_hand", "not_a_combination", "does_not_beat", "cannot_pass", "unparsable"}
    assert expected <= seen, f"codes never produced: {expected - seen}"
