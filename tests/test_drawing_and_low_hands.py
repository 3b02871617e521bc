"""The core's stock-and-discard drawing and the low-hand result (shedding games' plumbing)."""

from __future__ import annotations

from collections.abc import Sequence

from cardkit import Card, parse_cards
from cardkit.engine.drawing import draw_cards
from cardkit.engine.results import low_hand_result


def reverse(cards: Sequence[Card], salt: int) -> tuple[Card, ...]:
    """A deterministic stand-in for a state's hidden shuffle: reversed order."""
    return tuple(reversed(cards))


def codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def test_one_card_from_the_top() -> None:
    got = draw_cards(1, parse_cards("4C 7H"), parse_cards("KS"), 0, reverse)
    assert (codes(got.cards), codes(got.stock), codes(got.discard)) == (["4C"], ["7H"], ["KS"])
    assert [(e.kind, e.seat, e.count) for e in got.events] == [("draw", 1, 1)]


def test_until_a_card_is_accepted_reshuffling_the_pile_but_its_top() -> None:
    stock, discard = parse_cards("4C 7H"), parse_cards("2D 9S QH")
    got = draw_cards(0, stock, discard, 3, reverse, until=lambda card: card.code == "2D")
    assert codes(got.cards) == ["4C", "7H", "9S", "2D"]  # the new stock is 9S 2D (reversed)
    assert (codes(got.stock), codes(got.discard), got.reshuffles) == ([], ["QH"], 4)
    assert [(e.kind, e.count) for e in got.events] == [("draw", 2), ("reshuffle", 2), ("draw", 2)]


def test_nothing_left_to_draw() -> None:
    got = draw_cards(0, (), parse_cards("QH"), 0, reverse, until=lambda card: False)
    assert (got.cards, got.events, got.reshuffles) == ((), [], 0)


def test_the_player_out_wins_and_scores_the_differences() -> None:
    result = low_hand_result([3, 0, 20], reason="went_out", actions=31, out=1, details={"x": 1})
    assert (result.winners, result.points, result.order) == ([1], [0, 23, 0], [1, 0, 2])
    assert result.details == {"hand_points": [3, 0, 20], "x": 1}


def test_a_blocked_game_the_lowest_hand_wins_and_a_tie_scores_nothing() -> None:
    one = low_hand_result([8, 5, 9], reason="blocked", actions=9)
    assert (one.winners, one.points, one.order) == ([1], [0, 7, 0], [1, 0, 2])
    tie = low_hand_result([5, 9, 5], reason="blocked", actions=9)
    assert (tie.winners, tie.points, tie.order) == ([0, 2], [0, 0, 0], [0, 2, 1])


def test_draw_zones_declare_hands_a_counted_stock_and_a_discard_top() -> None:
    """`draw_zones` is the three zones a draw-and-discard game declared by hand (issue 37):
    a hand by its owner, the stock counted, the discard pile's top card as `top`."""
    from cardkit.authoring import Seen, TableRole, Zone, draw_zones

    hand, stock, discard = draw_zones()
    assert (hand.attr, hand.per_seat, hand.seen, hand.revealed) == ("hands", True, Seen.OWNER, None)
    assert (stock.name, stock.attr, stock.seen) == ("stock", "stock", Seen.COUNT)
    assert (discard.name, discard.seen, discard.top_key) == ("discard", Seen.TOP, "top")
    roles = [zone.table_role for zone in draw_zones()]
    assert roles == [TableRole.HAND, TableRole.STOCK, TableRole.DISCARD]

    def shown(state: object) -> int:
        return 0b11

    named = draw_zones("held", "deck", "pile", revealed=shown)
    assert [zone.attr for zone in named] == ["held", "deck", "pile"]
    assert named[0].revealed is shown
    assert all(isinstance(zone, Zone) for zone in named)
