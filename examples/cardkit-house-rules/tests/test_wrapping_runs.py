"""``wrapping-runs``: runs may wrap from 2 round to 3, and such a run ranks by its last card."""

from __future__ import annotations

# --8<-- [start:imports]
import random
from typing import Any

import pytest
from cardkit_house_rules.tienlen import wrapped_run_key
from cardkit_tienlen import Kind, Play, TienLenState
from cardkit_tienlen.combos import game_mask
from cardkit_tienlen.decks import start_with_hands

import cardkit
from cardkit import IllegalAction, parse_cards

# --8<-- [end:imports]

TIENLEN = cardkit.load_game("tienlen")
A, B, C = 0, 1, 2
WRAP = ["wrapping-runs"]


def runs(state: TienLenState) -> set[str]:
    """The sequences among the legal actions."""
    return {
        str(a) for a in state.legal_actions() if isinstance(a, Play) and a.kind == Kind.SEQUENCE
    }


# --8<-- [start:wrapping-runs]
def lead_wrapped(**options: Any) -> TienLenState:
    """Seat A leads; it holds K A 2 3 of spades; B holds 4 5 6 7 of hearts (the rest dealt)."""
    return start_with_hands({A: "KS AS 2S 3S 9C", B: "4H 5H 6H 7H 8C"}, leader=A, **options)


def test_without_the_house_rule_runs_do_not_wrap() -> None:
    state = lead_wrapped()
    assert "play 3S KS AS 2S" not in runs(state)
    with pytest.raises(IllegalAction) as info:
        state.apply("play K♠ A♠ 2♠ 3♠")
    assert info.value.code == "not_a_combination"


def test_a_run_may_wrap_from_two_to_three() -> None:
    state = lead_wrapped(house_rules=WRAP)
    assert {"play 3S AS 2S", "play 3S KS AS 2S"} <= runs(state)  # A 2 3 and K A 2 3
    assert "play 3S KS AS" not in runs(state)  # K A 3 skips the 2
    parsed = state.parse_action("play K♠ A♠ 2♠ 3♠")
    assert parsed in state.legal_actions()
    assert isinstance(parsed, Play)
    assert (parsed.kind, parsed.size, parsed.high.code) == (Kind.SEQUENCE, 4, "3S")
    after = state.apply("play K♠ A♠ 2♠ 3♠")
    assert after.current == parsed
    assert str(after.current) == "play 3S KS AS 2S"
    # its top card is the 3: any plain run of four beats it
    assert "play 4H 5H 6H 7H" in runs(after)
    assert after.apply("play 4H 5H 6H 7H").to_act == C


def test_a_wrapped_run_is_beaten_by_a_higher_one_and_by_plain_runs() -> None:
    state = start_with_hands(
        {A: "AS 2S 3S 9C", B: "2H 3H 4H 8C", C: "QD KD AD 7C"}, leader=A, house_rules=WRAP
    )
    after = state.apply("play AS 2S 3S")
    assert "play 3H 4H 2H" in runs(after)  # 2 3 4 tops at the 4, above A 2 3's 3
    after = after.apply("play 2H 3H 4H")
    assert "play QD KD AD" in runs(after)  # a plain run of three tops higher still
    assert after.apply("play QD KD AD").current == Play("QD KD AD")


def test_a_wrapped_run_does_not_beat_a_plain_run() -> None:
    state = start_with_hands({A: "3D 4D 5D 9C", B: "AS 2S 3S 8C"}, leader=A, house_rules=WRAP)
    after = state.apply("play 3D 4D 5D")
    assert "play 3S AS 2S" not in runs(after)
    with pytest.raises(IllegalAction) as info:
        after.apply("play A♠ 2♠ 3♠")
    assert info.value.code == "does_not_beat"
    assert "its highest card 3S is lower than 5D" in str(info.value)


# --8<-- [end:wrapping-runs]


def test_what_wraps() -> None:
    """3 to 12 ranks in a row, one card each, through the 2 and on to the 3; keyed by the last."""
    assert wrapped_run_key(game_mask(parse_cards("KS AS 2S 3S"))) == 0  # 3S
    assert wrapped_run_key(game_mask(parse_cards("2S 3S 4D"))) == 6  # 4D
    assert wrapped_run_key(game_mask(parse_cards("5S 6S 7S 8S 9S TS JS QS KS AS 2S 3H"))) == 3
    for text in ("QS KS AS 2S", "KS AS 3S", "KS AS 2S 3S 5S", "3S 4S 5S", "KS AS 2S 2H 3S"):
        assert wrapped_run_key(game_mask(parse_cards(text))) is None, text
    every_rank = "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S"
    assert wrapped_run_key(game_mask(parse_cards(every_rank))) is None  # 13 ranks: no wrap


def test_random_games_with_wrapping_runs_end() -> None:
    rng = random.Random(0)
    for seed in range(3):
        state = TIENLEN.start(4, TIENLEN.rules(house_rules=WRAP), seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
