"""The browser table's layout, facts and moves, built from each game's declaration.

No browser here: the layout of every installed game comes from its zones (and
its small hint), every shown fact is in words, no internal field is shown, and
a move that ends the hand is flagged, as `cardkit play` asks about it.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardkit import available_games, load_game
from cardkit.engine.tablelayout import Spot, TableHint, table_layout
from cardkit.engine.viewwords import Words, count_text, move_help, payments_text, view_facts
from cardkit.engine.zones import Seen, TableRole, Zone
from cardkit.server._layout import layout_of, message_extras, rule_options

NAMES = ["Ana", "Bo", "Cy"]
GAMES = ["tienlen", "palace", "tonk", "crazyeights"]


def test_a_zone_without_a_role_gets_one_from_its_visibility() -> None:
    assert Zone("hand", per_seat=True, seen=Seen.OWNER).table_role is TableRole.HAND
    assert Zone("up", per_seat=True, seen=Seen.EVERYONE).table_role is TableRole.FACE_UP
    assert Zone("down", per_seat=True, seen=Seen.COUNT).table_role is TableRole.FACE_DOWN
    assert Zone("stock", seen=Seen.COUNT).table_role is TableRole.STOCK
    assert Zone("discard", seen=Seen.TOP).table_role is TableRole.DISCARD
    assert Zone("pile", seen=Seen.EVERYONE).table_role is TableRole.PILE
    assert Zone("melds", seen=Seen.EVERYONE, keyed=True).table_role is TableRole.MELD
    assert Zone("box", seen=Seen.NOBODY).table_role is TableRole.OFF
    assert Zone("pile", seen=Seen.EVERYONE, in_view=False).table_role is TableRole.OFF
    declared = Zone("pile", seen=Seen.EVERYONE, role=TableRole.TRICK)
    assert declared.table_role is TableRole.TRICK


def test_the_layout_names_the_view_fields_the_zone_view_gives() -> None:
    zones = (
        Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER),
        Zone("stock", seen=Seen.COUNT),
        Zone("discard", seen=Seen.TOP, top_key="top"),
    )
    layout = table_layout(zones)
    (hand,) = layout.seats
    assert (hand.cards, hand.count) == ("hand", "hand_counts")
    stock, discard = layout.centre
    assert (stock.role, stock.count) == (TableRole.STOCK, "stock_count")
    assert (discard.role, discard.count, discard.top) == (TableRole.DISCARD, "discard_count", "top")
    assert set(layout.keys) == {"hand", "hand_counts", "stock_count", "discard_count", "top"}


def test_a_hint_orders_labels_and_adds_spots() -> None:
    zones = (Zone("stock", seen=Seen.COUNT), Zone("pile", seen=Seen.EVERYONE))
    trick = Spot(zone="trick", role=TableRole.TRICK, label="To beat", cards="current")
    hint = TableHint(centre=("trick", "pile"), labels={"pile": "Played"}, spots=(trick,))
    layout = table_layout(zones, hint)
    assert [s.zone for s in layout.centre] == ["trick", "pile", "stock"]
    assert layout.centre[1].label == "Played"


@pytest.mark.parametrize("name", GAMES)
def test_every_game_lays_out_from_its_zones(name: str) -> None:
    game = load_game(name)
    state = game.start(players=3, seed=4)
    layout = layout_of(type(state))
    assert layout.seats[0].role is TableRole.HAND
    assert layout.centre, "nothing in the middle"
    view = state.view(state.to_act).model_dump(mode="json")
    for spot in [*layout.seats, *layout.centre]:
        for key in spot.keys:
            assert key in view, f"{name}: {spot.zone} is drawn from {key!r}, not in the view"


@pytest.mark.parametrize("name", GAMES)
def test_facts_are_in_words_and_internal_fields_are_not_shown(name: str) -> None:
    game = load_game(name)
    state = game.start(players=3, seed=4)
    for _ in range(12):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        view = state.view(seat).model_dump(mode="json")
        extras = message_extras(state, view, seat, NAMES, 0)
        for fact in extras["facts"]:
            assert "_" not in fact.label, fact
            assert fact.text, fact
            assert "{" not in fact.text, fact
            assert "[" not in fact.text, fact
            assert fact.key not in ("face_down_positions", "legal_actions", "hand")
        for move in extras["moves"]:
            assert move.help, move
            assert "``" not in move.help, move
        state = state.apply(state.legal_actions()[0])


def test_words_read_values_with_names() -> None:
    words: dict[str, Words | None] = {
        "drop_locks": Words("Drop locked", count_text("turn"), per_seat=True),
        "payments": Words("Payments", payments_text),
        "positions": None,
    }
    view: dict[str, Any] = {
        "drop_locks": [0, 1, 2],
        "payments": [{"payer": 0, "payee": 1, "amount": 2}],
        "positions": [[1, 2]],
        "shown": {},
        "suit": "hearts",
    }
    facts = [(f.label, f.text, f.seat) for f in view_facts(view, words, NAMES)]
    assert facts == [
        ("Drop locked", "1 turn", 1),
        ("Drop locked", "2 turns", 2),
        ("Payments", "Ana pays Bo 2", None),
        ("Suit", "hearts", None),
    ]


def test_a_move_says_what_it_does_from_the_grammar() -> None:
    tonk = type(load_game("tonk").start(players=3, seed=1))
    assert move_help(tonk.grammar, "draw") == "Draw the top card of the stock."
    assert move_help(tonk.grammar, "hit 8C 2") == (
        "Add one card from your hand to a spread on the table."
    )
    palace = type(load_game("palace").start(players=3, seed=1))
    assert move_help(palace.grammar, "flip 2").startswith("Turn over a face-down card")


@pytest.mark.parametrize("name", available_games())
def test_every_moves_help_reads_as_words_for_a_player(name: str) -> None:
    """No help line speaks of "the action", shows code marks or is empty."""
    state_type = type(load_game(name).start(seed=1))
    for form in state_type.grammar.forms:
        help_line = move_help(state_type.grammar, form.verb)
        assert help_line, f"{name}'s {form.verb} has no help"
        assert "`" not in help_line, f"{name}'s {form.verb}: {help_line}"
        assert not help_line.lower().startswith("the action"), f"{name}: {help_line}"


def test_the_drop_that_ends_a_tonk_hand_is_flagged() -> None:
    state = load_game("tonk").start(players=3, seed=1)
    seat = state.to_act
    view = state.view(seat).model_dump(mode="json")
    moves = {m.action: m for m in message_extras(state, view, seat, NAMES, 0)["moves"]}
    assert moves["drop"].ends_hand
    assert not moves["draw"].ends_hand


def test_the_lobby_lists_plain_rules_options() -> None:
    options = {o["name"]: o for o in rule_options(load_game("crazyeights").rules_model)}
    assert options["eights_wild"]["type"] == "boolean"
    assert options["target_score"]["type"] == "integer"
    assert "house_rules" not in options


def test_plain_values_never_read_as_python() -> None:
    view: dict[str, Any] = {"flags": [False, True, False], "bids": [None, 3], "leader": 0}
    facts = {f.key: f.text for f in view_facts(view, {}, NAMES)}
    assert facts == {"flags": "no, yes, no", "bids": "none, 3", "leader": "0"}


SPADES_NAMES = ["Ana", "Bo", "Cy", "Di"]


def _spades_facts(state: Any, seat: int | None) -> list[Any]:
    view = state.view(seat).model_dump(mode="json")
    facts: list[Any] = message_extras(state, view, seat, SPADES_NAMES, 0)["facts"]
    return facts


def test_spades_reads_in_words_a_person_expects() -> None:
    """No bid yet, sealed, nil; the partnerships with their contracts, made or set at the end;
    the leaders are drawn with the trick's cards (no "Trick leader: 0")."""
    state = load_game("spades").start(players=4, seed=1)
    seen: set[tuple[str, str, int | None]] = set()
    while not state.is_over:
        for seat in (0, 1, None):
            for fact in _spades_facts(state, seat):
                for python in ("None", "False", "True"):
                    assert python not in fact.text, fact
                assert fact.key not in ("trick_leader", "last_leader", "bid_made", "blind"), fact
                assert "made" not in fact.text, fact  # not before the end
                assert " set" not in fact.text, fact
                seen.add((fact.label, fact.text, fact.seat))
        legal = [str(a) for a in state.legal_actions()]
        bid = "bid 0" if state.to_act == 0 else "bid 3"  # Ana bids nil
        state = state.apply(bid if bid in legal else legal[0])
    end = {(f.label, f.text) for f in _spades_facts(state, 0)}
    labels = {label for label, _, _ in seen}
    assert ("Bid", "no bid yet", 1) in seen
    assert ("Bid", "sealed", 0) in seen  # seat 0 has bid; seat 1 may not see it yet
    assert "Partnerships" in labels
    (teams,) = [text for label, text in end if label == "Partnerships"]
    assert teams.startswith("Ana & Cy: bid "), teams
    assert " · Bo & Di: bid " in teams, teams
    assert teams.count(", made") + teams.count(", set") == 2, teams
    assert "bid 3 + nil" in teams, teams
    assert "Ana's nil made" in teams or "Ana's nil set" in teams, teams


def test_spades_trick_spots_say_who_led() -> None:
    layout = layout_of(type(load_game("spades").start(players=4, seed=1)))
    spots = {s.zone: s for s in layout.centre}
    assert (spots["trick"].cards, spots["trick"].leader) == ("trick", "trick_leader")
    assert (spots["last_trick"].cards, spots["last_trick"].leader) == ("last_trick", "last_leader")
