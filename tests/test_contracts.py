"""A bidding trick game's contracts (`cardkit.engine.contracts`): the fields of a deal, a
bid's transition, the view entries of blind bids, and the table's words of bids and
contracts."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardkit.authoring import (
    CardSet,
    ContractFields,
    ContractView,
    Sealed,
    Suit,
    Trick,
    TrickView,
    bid_text,
    blind_bid_entries,
    broken_words,
    contract_text,
    contract_words,
    seal_bid,
)
from cardkit.engine.viewwords import view_facts

NAMES = ["Ana", "Bo", "Cy", "Di"]


def _state(**fields: Any) -> Any:
    """A duck state: `seal_bid` and `blind_bid_entries` read only its fields."""
    return SimpleNamespace(f=SimpleNamespace(**fields))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_fields_of_a_deal_as_dealt(players: int) -> None:
    """No bid, seat 0 to bid, the first trick to `leader`, nothing taken; every seat has
    looked at its cards unless a nil may be bid blind. Four seats: Spades' deal as its own
    fields made it before the core's (`looked=0 if blind_nil else 15`)."""
    hands = [CardSet.standard()] * players
    for blind_nil, looked in ((False, (1 << players) - 1), (True, 0)):
        fields = ContractFields.dealt(hands, 2, blind_nil=blind_nil)
        assert fields == ContractFields(
            tuple(hands),
            0,
            Trick(2, players),
            Sealed[int].open(players),
            looked,
            0,
            None,
            ((),) * players,
            (0,) * players,
            False,
            None,
        )
        assert not fields.bids.complete
        assert bin(fields.looked).count("1") == (0 if blind_nil else players)


def test_a_bid_as_people_say_it() -> None:
    assert [bid_text(None), bid_text(0), bid_text(0, blind=True), bid_text(7)] == [
        "",
        "nil",
        "blind nil",
        "7",
    ]
    assert bid_text(3, blind=True) == "3"  # only a nil is ever blind


@given(
    bids=st.lists(st.integers(0, 13), min_size=4, max_size=4),
    tricks=st.lists(st.integers(0, 13), min_size=4, max_size=4),
    blind=st.sets(st.integers(0, 3)),
    over=st.booleans(),
    team=st.sampled_from([(0, 2), (1, 3), (2,)]),
)
def test_a_contract_says_its_bid_its_tricks_and_made_or_set(
    bids: list[int], tricks: list[int], blind: set[int], over: bool, team: tuple[int, ...]
) -> None:
    """The contract is the sum of the side's bids; only the tricks of seats that did not
    bid nil count for it; made means at least the bid, and each nil is made with no trick."""
    text = contract_text(team, bids, tricks, blind=blind, over=over, names=NAMES)
    contract = sum(bids[s] for s in team)
    nils = [s for s in team if bids[s] == 0]
    head = text.split(",")[0].split(";")[0]
    said = ([str(contract)] if contract else []) + [bid_text(0, s in blind) for s in nils]
    assert head == "bid " + " + ".join(said)
    took = sum(tricks[s] for s in team if bids[s])
    assert (f", took {took}" in text) == bool(contract)
    assert (", made" in text) == (over and contract > 0 and took >= contract)
    assert (", set" in text) == (over and contract > 0 and took < contract)
    for s in nils:
        assert (f"{NAMES[s]}'s nil made" in text) == (over and tricks[s] == 0)
        assert (f"{NAMES[s]}'s nil set" in text) == (over and tricks[s] > 0)


def test_no_contract_is_said_before_every_bid_is_known() -> None:
    assert contract_text((0, 2), [4, None, 3, 2], [0] * 4) == ""


def test_seal_bid_seals_the_bid_then_reveals_every_bid_in_words() -> None:
    trick = Trick(1, 4)
    bids: Sealed[int] = Sealed.open(4)
    for seat, bid in ((0, 4), (2, 3), (3, 0)):
        events, changes = seal_bid(_state(bids=bids, seat=seat, trick=trick), bid, blind=0b1000)
        bids = changes["bids"]
        assert [e.kind for e in events] == ["choose"]  # nobody learns the bid
    assert changes["seat"] == 1  # the lowest seat still to bid
    events, changes = seal_bid(_state(bids=bids, seat=1, trick=trick), 0, blind=0b1000)
    assert changes["bids"].values == (4, 0, 3, 0)
    assert changes["seat"] == 1  # every seat has bid: the first trick's leader plays
    reveal = [e for e in events if e.kind == "reveal"]
    assert reveal[0].note == "4, nil, 3, blind nil"
    assert [e.note for e in events if e.kind == "bid"] == ["4", "nil", "3", "blind nil"]
    with pytest.raises(ValueError, match="already chosen"):
        seal_bid(_state(bids=changes["bids"], seat=1, trick=trick), 2)


def test_blind_bids_show_once_revealed_and_an_unlooked_hand_shows_as_none() -> None:
    sealed: Sealed[int] = Sealed((0, None, 2, 1))
    state = _state(bids=sealed, blind=0b0001, looked=0b1101)
    assert blind_bid_entries(state, 0) == {"blind": []}  # not revealed yet
    assert blind_bid_entries(state, 1) == {"blind": [], "hand": None}  # has not looked
    assert blind_bid_entries(state, None) == {"blind": []}
    done = _state(bids=Sealed((0, 3, 2, 1)), blind=0b0001, looked=0b1111)
    assert blind_bid_entries(done, 2) == {"blind": [0]}


def test_contract_words_say_the_bids_tricks_and_partnerships() -> None:
    assert issubclass(ContractView, TrickView)
    words = contract_words(((0, 2), (1, 3)))
    assert list(words) == ["bids", "bid_made", "blind", "tricks", "partnerships"]
    assert words["blind"] is None  # read by the bids, not said on its own
    view = {
        "seat": 0,
        "is_over": True,
        "bids": [3, 4, 0, 2],
        "bid_made": [True] * 4,
        "blind": [2],
        "tricks": [5, 4, 1, 3],
    }
    facts = view_facts(view, words, NAMES)
    said = {(f.key, f.seat): f.text for f in facts}
    assert said["bids", 2] == "blind nil"
    assert said["tricks", 0] == "5 tricks"
    assert said["partnerships", None] == (
        "Ana & Cy: bid 3 + blind nil, took 5, made; Cy's nil set · Bo & Di: bid 6, took 7, made"
    )


def test_broken_words_name_the_trump() -> None:
    words = broken_words(Suit.SPADES)
    shown = words["broken"]
    assert shown is not None
    assert shown.label == "Spades"
    assert shown.text is not None
    assert (shown.text(True, NAMES), shown.text(False, NAMES)) == ("broken", "")
