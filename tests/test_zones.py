"""Declared zones: the core derives zones, visible zones and view entries from them."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from pydantic import BaseModel

from cardkit import Card, CardSet
from cardkit.cards.orders import ACE_HIGH, CardOrder, SuitOrder
from cardkit.engine.zones import (
    Seen,
    Zone,
    dynamic_zone_names,
    visible_zone_names,
    zone_cards,
)
from cardkit.engine.zoneviews import ZoneViewer, zone_view
from cardkit.errors import ContractError


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
        Zone(
            "hand",
            field="hands",
            per_seat=True,
            seen=Seen.OWNER,
            count_key="sizes",
            sort=True,
            spectator_empty=True,
        ),
        Zone("stock", seen=Seen.COUNT, count_key="left"),
        Zone("pile", seen=Seen.EVERYONE, sort=True),
        Zone("meld", per_seat=True, seen=Seen.EVERYONE, cards=_melds, in_view=False),
    )
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


class _Table:
    """A state with spreads (a mapping id -> cards), a pile, masks and shown hands."""

    players = 2

    def __init__(self, shown: int = 0) -> None:
        self.f = _Fields(
            hands=(CardSet.parse("AS KD"), CardSet.parse("2C")),
            stock=_cards("3H 4H 5H"),
            pile=_cards("9S TS JS"),
            masks=(CardSet.parse("7C").mask, CardSet.parse("8C 8D").mask),
        )
        self.spreads = {4: CardSet.parse("QH QD QC"), 7: CardSet.parse("5D 6D 7D")}
        self.shown = shown


TABLE = (
    Zone(
        "hand",
        field="masks",
        per_seat=True,
        seen=Seen.OWNER,
        masks=True,
        revealed=lambda s: s.shown,
        revealed_key="shown",
    ),
    Zone("stock", seen=Seen.COUNT),
    Zone("pile", seen=Seen.TOP, split_top=True, top_key="top", count_key="size"),
    Zone("spread", seen=Seen.EVERYONE, keyed=True, cards=lambda s: s.spreads),
    Zone("burned", field="hands", per_seat=True, seen=Seen.EVERYONE),
)


def test_keyed_split_and_mask_zones_name_their_parts() -> None:
    """`keyed` gives `<name>:<key>`, `split_top` `<name>` and `<name>:top`, `masks` card sets."""
    zones = zone_cards(TABLE, _Table())
    assert list(zones) == [
        "hand:0",
        "hand:1",
        "stock",
        "pile",
        "pile:top",
        "spread:4",
        "spread:7",
        "burned:0",
        "burned:1",
    ]
    assert zones["hand:1"] == CardSet.parse("8C 8D")
    assert zones["pile"] == _cards("9S TS")
    assert zones["pile:top"] == _cards("JS")
    assert zones["spread:7"] == CardSet.parse("5D 6D 7D")


def test_the_visible_zones_that_depend_on_the_state_are_added_to_the_fixed_ones() -> None:
    """Only the top of a split pile is visible; spreads come and go; revealed hands show."""
    assert visible_zone_names(TABLE, 2, 0) == ["hand:0", "pile:top", "burned:0", "burned:1"]
    assert dynamic_zone_names(TABLE, _Table(), 0) == ["spread:4", "spread:7"]
    assert dynamic_zone_names(TABLE, _Table(shown=0b11), 0) == ["hand:1", "spread:4", "spread:7"]
    assert dynamic_zone_names(TABLE, _Table(shown=0b10), None) == [
        "hand:1",
        "spread:4",
        "spread:7",
    ]
    counted = (Zone("spread", seen=Seen.COUNT, keyed=True, cards=lambda s: s.spreads),)
    assert dynamic_zone_names(counted, _Table(), None) == []  # counted only: never visible


def test_the_view_of_keyed_split_mask_and_revealed_zones() -> None:
    view = zone_view(TABLE, _Table(shown=0b10), 0)
    assert view["hand"] == list(CardSet.parse("7C"))  # a mask, shown as its cards
    assert view["hand_counts"] == [1, 2]  # counted by their bits
    assert view["shown"] == {1: list(CardSet.parse("8C 8D"))}
    assert (view["size"], view["top"]) == (3, Card.parse("JS"))  # the whole pile counts
    assert view["spread"] == {
        4: list(CardSet.parse("QH QD QC")),
        7: list(CardSet.parse("5D 6D 7D")),
    }
    assert "pile" not in view
    assert zone_view(TABLE, _Table(), None)["shown"] == {}
    counted = (Zone("spread", seen=Seen.COUNT, keyed=True, cards=lambda s: s.spreads),)
    assert zone_view(counted, _Table(), None) == {"spread_counts": {4: 3, 7: 3}}


def test_an_everyone_zone_shows_its_count_only_when_given_a_count_key() -> None:
    plain = (Zone("pile", seen=Seen.EVERYONE),)
    assert zone_view(plain, _State(), 0) == {"pile": list(_cards("9S TS"))}
    counted = (Zone("pile", seen=Seen.EVERYONE, count_key="pile_size"),)
    assert zone_view(counted, _State(), 0) == {"pile": list(_cards("9S TS")), "pile_size": 2}


class _SetView(BaseModel):
    hand: CardSet | None
    hand_counts: list[int]
    burned: list[CardSet]
    shown: dict[int, CardSet]
    stock_count: int
    size: int
    top: Card | None
    spread: dict[int, list[Card]]


def test_a_view_model_holding_card_sets_gets_the_zone_s_card_sets_as_they_are() -> None:
    """With the model, `CardSet` fields get card sets (masks made into one), others lists."""
    state = _Table(shown=0b01)
    view = ZoneViewer(TABLE, _SetView)(state, 1)
    assert view["hand"] == CardSet.parse("8C 8D")
    assert view["burned"][0] is state.f.hands[0]
    assert view["shown"] == {0: CardSet.parse("7C")}
    assert view["spread"][4] == list(CardSet.parse("QH QD QC"))
    assert _SetView(**view).hand == CardSet.parse("8C 8D")
    assert ZoneViewer(TABLE, _SetView)(state, None) == zone_view(TABLE, state, None, model=_SetView)


@pytest.mark.parametrize(
    ("zone", "says"),
    [
        (lambda: Zone("x", per_seat=True, keyed=True), "keyed cannot go with per_seat"),
        (lambda: Zone("x", seen=Seen.OWNER, revealed=lambda s: 0), "revealed needs a per-seat"),
        (lambda: Zone("x", seen=Seen.COUNT, split_top=True), "split_top needs a shared zone"),
        (lambda: Zone("x", seen=Seen.TOP, masks=True), "no top card"),
        (lambda: Zone("x", masks=True, bits=lambda s: (0, 0, 0)), "bits cannot go with masks"),
        (lambda: Zone("x", seen=Seen.TOP, split_top=True, bits=lambda s: (0, 0, 0)), "split_top"),
    ],
)
def test_options_that_do_not_go_together_are_refused(zone: Any, says: str) -> None:
    with pytest.raises(ContractError, match=says) as err:
        zone()
    assert "zone 'x'" in str(err.value)
