"""Declared zones: the core derives zones, visible zones and view entries from them."""

from __future__ import annotations

from typing import NamedTuple

from cardkit import Card, CardSet
from cardkit.orders import ACE_HIGH, CardOrder, SuitOrder
from cardkit.zones import Seen, Zone, visible_zone_names, zone_cards, zone_view


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


class _Fields(NamedTuple):
    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    masks: tuple[int, ...]


class _State:
    """Just enough of a state for the zone functions: its fields as `f`."""

    def __init__(self) -> None:
        self.f = _Fields(
            hands=(CardSet.parse("AS KD"), CardSet.parse("2C")),
            stock=_cards("3H 4H 5H"),
            pile=_cards("9S TS"),
            masks=(CardSet.parse("7C").mask, CardSet.parse("8C 8D").mask),
        )


def _melds(state: _State) -> list[CardSet]:
    return [CardSet.from_mask(mask) for mask in state.f.masks]


ZONES = (
    Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER),
    Zone("stock", seen=Seen.COUNT),
    Zone("pile", seen=Seen.TOP, top_key="top"),
    Zone("meld", per_seat=True, seen=Seen.EVERYONE, cards=_melds),
)


def test_zone_cards_reads_fields_and_computes_the_computed_ones() -> None:
    zones = zone_cards(ZONES, _State())
    assert set(zones) == {"hand:0", "hand:1", "stock", "pile", "meld:0", "meld:1"}
    assert zones["hand:0"] == CardSet.parse("AS KD")
    assert list(zones["meld:1"]) == list(CardSet.parse("8C 8D"))


def test_visible_zones_follow_who_may_see() -> None:
    assert visible_zone_names(ZONES, 2, 1) == ["hand:1", "pile", "meld:0", "meld:1"]
    assert visible_zone_names(ZONES, 2, None) == ["pile", "meld:0", "meld:1"]


def test_a_seat_s_view_shows_its_own_hand_counts_tops_and_computed_zones() -> None:
    view = zone_view(ZONES, _State(), 0)
    assert view["hand"] == list(CardSet.parse("AS KD"))
    assert view["hand_counts"] == [2, 1]
    assert view["stock_count"] == 3
    assert view["top"] == Card.parse("TS")
    assert view["pile_count"] == 2
    assert view["meld"] == [list(CardSet.parse("7C")), list(CardSet.parse("8C 8D"))]
    assert "stock" not in view


def test_a_spectator_sees_no_hand() -> None:
    view = zone_view(ZONES, _State(), None)
    assert view["hand"] is None
    assert view["hand_counts"] == [2, 1]


def test_a_zone_may_name_its_counts_keep_out_of_the_view_and_sort_its_cards() -> None:
    """`count_key`, `in_view`, `sort` (the game's hand order) and `spectator_empty`."""
    order = CardOrder(ACE_HIGH, SuitOrder.parse("S H D C"))
    zones = (
        Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER, count_key="sizes",
             sort=True, spectator_empty=True),
        Zone("stock", seen=Seen.COUNT, count_key="left"),
        Zone("pile", seen=Seen.EVERYONE, sort=True),
        Zone("meld", per_seat=True, seen=Seen.EVERYONE, cards=_melds, in_view=False),
    )  # fmt: skip
    state = _State()
    view = zone_view(zones, state, 0, order)
    assert view == {
        "hand": order.sorted(CardSet.parse("AS KD")),
        "sizes": [2, 1],
        "left": 3,
        "pile": order.sorted(_cards("9S TS")),
    }
    assert [c.code for c in view["hand"]] == ["KD", "AS"]
    assert zone_view(zones, state, None, order)["hand"] == []
    assert "meld:1" in zone_cards(zones, state)  # still a zone, and visible
    assert "meld:1" in visible_zone_names(zones, 2, None)
