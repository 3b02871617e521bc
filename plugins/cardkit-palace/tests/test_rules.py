"""Every option of section 7: its name, type, default and validation, and what it changes."""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_palace import PalaceRules
from cardkit_palace.setups import stacked_deck

from cardkit import CardSet, GameResult, InvalidRules, catalog
from cardkit.play.match import play_match

A, B, C, D = 0, 1, 2, 3
LEFT = {"first_player_rule": "left_of_dealer"}

OPTIONS = {
    "two_rule": ("player_continues", ["player_continues", "next_player_any"]),
    "burn_rule": ("player_continues", ["player_continues", "next_player"]),
    "four_of_a_kind_across_plays": (True, None),
    "out_of_turn_completion": (True, None),
    "add_drawn_match": (True, None),
    "first_player_rule": (
        "lowest_in_hand",
        ["lowest_in_hand", "lowest_face_up", "left_of_dealer"],
    ),
    "first_play_must_include_lowest": (False, None),
    "allow_voluntary_pickup": (False, None),
    "seven_rule": ("off", ["off", "lower_or_equal"]),
    "zone_size": (3, None),
    "allow_mixed_source_play": (False, None),
    "next_dealer": ("rotate_left", ["rotate_left", "loser"]),
    "end_condition": ("last_player_loses", ["last_player_loses", "first_out_wins"]),
}


def test_every_option_has_its_name_default_and_description(game: Any) -> None:
    fields = PalaceRules.model_fields
    # house_rules and max_actions are the core's options, shared by every game
    assert set(fields) - {"house_rules", "max_actions"} == set(OPTIONS)
    rules = game.rules()
    dumped = rules.model_dump(mode="json")
    for name, (default, choices) in OPTIONS.items():
        assert dumped[name] == default, name
        assert fields[name].description, f"{name} has no description"
        schema = PalaceRules.model_json_schema()["properties"][name]
        if choices is not None:
            enum = (
                schema.get("enum")
                or PalaceRules.model_json_schema()["$defs"][schema["$ref"].split("/")[-1]]["enum"]
            )
            assert enum == choices
            for choice in choices:
                options: dict[str, Any] = {name: choice}
                if name == "next_dealer" and choice == "loser":
                    options["end_condition"] = "last_player_loses"
                assert game.rules(**options).model_dump(mode="json")[name] == choice


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"no_such_option": 1}, "unknown option 'no_such_option'"),
        ({"two_rule": "sometimes"}, "two_rule"),
        ({"zone_size": 2}, "zone_size"),
        ({"zone_size": 7}, "zone_size"),
        ({"zone_size": "three"}, "zone_size"),
        ({"seven_rule": True}, "seven_rule"),
        ({"next_dealer": "loser", "end_condition": "first_out_wins"}, "first_out_wins"),
        (
            {"four_of_a_kind_across_plays": False, "out_of_turn_completion": True},
            "out_of_turn_completion",
        ),
    ],
)
def test_bad_options_are_refused(game: Any, options: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidRules) as err:
        game.rules(**options)
    assert words in str(err.value)


def test_across_plays_off_forces_only_the_completion_window_off(game: Any) -> None:
    rules = game.rules(four_of_a_kind_across_plays=False)
    assert rules.out_of_turn_completion is False
    assert rules.add_drawn_match is True  # option 5 is unaffected (scenario 26)
    again = game.rules(**rules.model_dump(mode="json"))
    assert again == rules


@pytest.mark.parametrize(
    ("players", "zone", "ok"),
    [
        (2, 6, True),
        (3, 5, True),
        (3, 6, False),
        (4, 4, True),
        (4, 5, False),
        (5, 3, True),
        (5, 4, False),
    ],
)
def test_zone_size_must_fit_the_deck(game: Any, players: int, zone: int, ok: bool) -> None:
    rules = game.rules(zone_size=zone)
    if ok:
        state = game.start(players, rules, seed=1)
        assert state.view(0).hand is not None
        assert len(state.view(0).hand) == zone
        assert state.view().stock_count == 52 - 3 * zone * players
    else:
        with pytest.raises(InvalidRules) as err:
            game.start(players, rules, seed=1)
        assert "zone_size" in str(err.value)
        assert "52" in str(err.value)


def test_player_counts(game: Any) -> None:
    for players in (1, 6):
        with pytest.raises(InvalidRules):
            game.start(players, seed=1)
    for players in range(2, 6):
        assert game.start(players, seed=1).players == players


def test_presets(game: Any) -> None:
    assert set(catalog(game).variants) >= {"shithead", "bga", "quick"}
    assert game.rules(variant="shithead").two_rule == "next_player_any"
    assert game.rules(variant="quick").end_condition == "first_out_wins"


def test_burn_rule_next_player(begin: Any) -> None:
    """After a burn the next player starts the new pile (the burner refills)."""
    state = begin(
        2,
        dealer=A,
        rules={**LEFT, "burn_rule": "next_player"},
        hands={A: "9H TC 5H", B: "4S KD 3D"},
        stock="6S 7S 8S QC JC",
    )
    state = state.apply("play 4S").apply("play 9H").apply("play KD").apply("play TC")
    assert state.view().pile == []
    assert state.to_act == B
    assert state.view(A).hand_counts[A] == 3


def test_burn_rule_next_player_after_an_out_of_turn_completion(begin: Any) -> None:
    """The player after the completer acts; turns pass on from the completer."""
    state = begin(
        4,
        dealer=C,
        rules={**LEFT, "burn_rule": "next_player"},
        hands={D: "9C JD JC", A: "JS JH 5S", B: "3D 4D 5D", C: "6D 7D 8D"},
        stock="4S 6H 7H 8H 3H",
    )
    state = state.apply("play 9C").apply("play JS JH").apply("complete JC JD")
    assert state.to_act == A  # the player after D


def test_first_player_rule_lowest_face_up(begin: Any) -> None:
    state = begin(
        3,
        rules={"first_player_rule": "lowest_face_up"},
        hands={A: "3S 3D 3H", B: "5C 6C 7C", C: "8C 9C JC"},
        face_up={A: "KS KD KH", B: "QS QD QH", C: "4S 2D TH"},
    )
    assert state.to_act == C


def test_first_player_rule_left_of_dealer(begin: Any) -> None:
    state = begin(3, dealer=A, rules=LEFT, hands={A: "3S 3D 3H", B: "5C 6C 7C", C: "8C 9C JC"})
    assert state.to_act == B


def test_first_play_rule_applies_only_to_lowest_in_hand(begin: Any) -> None:
    state = begin(
        2,
        dealer=A,
        rules={**LEFT, "first_play_must_include_lowest": True},
        hands={A: "5S 9D KC", B: "3H JD QS"},
    )
    assert {str(a) for a in state.legal_actions()} == {"play 3H", "play JD", "play QS"}


MIXED_HANDS = {A: "3C 8C 8D KH", B: "4C AS 5S 6S", C: "5C 2C 3D 7S", D: "6C 5D 9S 9D"}
MIXED_SCRIPT = ["play 3C", "play 4C", "play 5C", "play 6C", "play KH", "play AS", "play 2C"]
MIXED_SCRIPT += ["play 3D", "play 5D"]


@pytest.mark.parametrize("mixed", [False, True])
def test_allow_mixed_source_play(begin: Any, mixed: bool) -> None:
    """The hand's last cards (one rank, stock gone) may take face-up cards of that rank along."""
    state = begin(
        4,
        rules={**LEFT, "zone_size": 4, "allow_mixed_source_play": mixed},
        hands=MIXED_HANDS,
        face_up={A: "8S 4H 4D 4S"},
        stock="8H 7D 7H JH",
    )
    for text in MIXED_SCRIPT:
        state = state.apply(text)
    assert state.to_act == A
    assert state.view(A).hand == CardSet.parse("8C 8D 8H")
    legal = {str(a) for a in state.legal_actions()}
    assert ("play 8C 8D 8H 8S" in legal) is mixed
    assert len(legal) == 7 + mixed
    if mixed:
        after = state.apply("play 8S 8H 8D 8C")
        assert after.view(A).hand_counts[A] == 0
        assert after.view(A).face_up[A] == CardSet.parse("4H 4D 4S")
        assert after.view().burned_count == 13  # the pile burned with the four 8s
        assert after.to_act == A
    else:
        with pytest.raises(Exception, match="face-up"):
            state.apply("play 8S 8H 8D 8C")


def test_mixed_play_must_take_the_whole_hand(begin: Any) -> None:
    state = begin(
        4,
        rules={**LEFT, "zone_size": 4, "allow_mixed_source_play": True},
        hands=MIXED_HANDS,
        face_up={A: "8S 4H 4D 4S"},
        stock="8H 7D 7H JH",
    )
    for text in MIXED_SCRIPT:
        state = state.apply(text)
    with pytest.raises(Exception, match="face-up"):
        state.apply("play 8C 8S")


def _heuristic_game(game: Any, players: int, seed: int, **options: Any) -> GameResult:
    from cardkit_palace import PalaceBot

    from cardkit.play.runner import play_out, seat_rngs

    state = game.start(players, game.rules(**options), seed=seed)
    rngs = seat_rngs(seed, players)
    return play_out(state, [PalaceBot() for _ in range(players)], rngs).result


def test_end_condition_first_out_wins(game: Any) -> None:
    for seed in range(5):
        result = _heuristic_game(game, 4, seed, end_condition="first_out_wins")
        assert result.reason == "first_out"
        assert len(result.winners) == 1
        assert result.order == result.winners
        assert result.losers == []
        assert game.match.deal_score(result) == [int(s in result.winners) for s in range(4)]


def test_end_condition_last_player_loses(game: Any) -> None:
    result = _heuristic_game(game, 4, 3)
    assert sorted(result.order) == [0, 1, 2, 3]
    assert result.losers == [result.order[-1]]
    assert set(result.winners) == set(result.order[:-1])
    assert game.match.deal_score(result) == [-(s in result.losers) for s in range(4)]


def test_next_dealer(game: Any) -> None:
    result = GameResult(
        reason="last_with_cards", players=4, order=[2, 0, 3, 1], losers=[1], winners=[2, 0, 3]
    )
    assert game.match.next_dealer(game.rules(), 3, result) == 0
    assert game.match.next_dealer(game.rules(next_dealer="loser"), 3, result) == 1
    capped = GameResult.capped_at(4, 100)
    assert game.match.next_dealer(game.rules(next_dealer="loser"), 3, capped) == 0


def test_a_match_counts_losses(game: Any) -> None:
    match = play_match(
        "palace",
        players=3,
        bots=["heuristic"],
        seed=11,
        max_deals=6,
        max_actions=5000,
        rules=game.rules(next_dealer="loser"),
    )
    losses = [0, 0, 0]
    for deal in match.deals:
        assert not deal.capped
        losses[deal.result.losers[0]] += 1
    assert match.totals == [-n for n in losses]
    assert match.winners == [s for s in range(3) if losses[s] == min(losses)]
    for before, after in zip(match.deals, match.deals[1:], strict=False):
        assert after.dealer == before.result.losers[0]


def test_stacked_deck_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="twice"):
        stacked_deck(2, hands={0: "3S 4S 5S", 1: "3S 6S 7S"})
    with pytest.raises(ValueError, match="at most"):
        stacked_deck(2, hands={0: "3S 4S 5S 6S"})
    with pytest.raises(ValueError, match="seat"):
        stacked_deck(2, hands={2: "3S"})
