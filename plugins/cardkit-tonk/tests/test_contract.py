"""The cardkit contract suite on Tonk, plus the properties it does not cover itself.

The core's ``tests/contract`` already runs the suite on Tonk's default rules
for 2 to 6 players; here it runs on the preset and on the options that change
the state machine most.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cardkit_tonk import Ending, TonkRules, TonkState, default_payout
from cardkit_tonk.payouts import net_of
from cardkit_tonk.testing import play, stacked_deck
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import CardSet
from cardkit.testing import check_game
from cardkit.testing.contract import GameContract

GAME = cardkit.load_game("tonk")

#: Options that change the state machine: extra phases, extra actions, other endings.
BUSY: dict[str, Any] = {
    "drop_timing": "anytime",
    "hit_bonus_discard": "per_hit",
    "spades_side_pot": True,
    "deal_high_win": "50_now_49_in_turn",
    "deal_13_or_less_double": True,
    "deal_9_or_less_triple": True,
}
PICKY: dict[str, Any] = {
    "take_discard_must_use": True,
    "forbid_discard_of_taken_card": True,
    "max_hits_per_turn": 1,
    "stock_end": "when_draw_needed",
    "stock_tie": "all_tied_paid",
    "hit_runs_only": True,
    "ace_in_runs": "low_only",
    "dealer_upcard": False,
    "picture_values": "jqk_11_12_13",
    "drop_max_count": 12,
}


class TestTonkVariantsContract(GameContract):
    """The preset and the busiest options pass the contract."""

    game_name = "tonk"
    player_counts = (2, 3, 5)
    rule_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {"variant": "texas"},
        BUSY,
        PICKY,
        {"hand_size": "by_player_count", "six_card_tonk": True},
    )


class TestTonkDoubleDoubleContract(GameContract):
    """The 2-player double-double response passes the contract."""

    game_name = "tonk"
    player_counts = (2,)
    rule_sets: ClassVar[tuple[dict[str, Any], ...]] = ({"double_double": "responder_wins"},)


def test_check_game_in_every_phase() -> None:
    """The plain contract checks on positions random play rarely reaches."""
    hands = ["5H 6H KC KD KH", "8H 9H QC QD QS"]
    deck = stacked_deck(hands, upcard="2S", stock="7H")
    rules = GAME.rules(double_double="tonker_wins")
    state = GAME.start(players=2, rules=rules, deck=deck)
    state = play(state, "draw", "spread KC KD KH", "spread 5H 6H 7H")
    assert state.phase == "response"
    from cardkit.testing import check_legal_actions, check_save_round_trip, check_state

    check_state(state)
    check_save_round_trip(state)
    check_legal_actions(state)
    check_game(GAME, players=3, rules=GAME.rules(**BUSY))


# -- payouts ---------------------------------------------------------------------------------


@st.composite
def endings(draw: st.DrawFn) -> tuple[Ending, TonkRules]:
    """A random hand ending under random payout options."""
    players = draw(st.integers(2, 6))
    rules = GAME.rules(
        stake=draw(st.integers(1, 5)),
        caught_rule=draw(st.sampled_from(["wikipedia", "pagat", "double_to_lowest"])),
        six_card_tonk=draw(st.booleans()),
        deal_50_multiplier=draw(st.integers(1, 4)),
        deal_49_multiplier=draw(st.integers(1, 4)),
        double_double=draw(st.sampled_from(["responder_wins", "tonker_wins"])),
        stock_tie=draw(st.sampled_from(["void", "all_tied_paid"])),
    )
    seat = draw(st.integers(0, players - 1))
    counts = tuple(draw(st.lists(st.integers(0, 60), min_size=players, max_size=players)))
    low = min(counts)
    reason = draw(
        st.sampled_from(
            ["run_out", "tonk_out", "drop", "stock_out", "deal_win", "double_double", "void_deal"]
        )
    )
    if reason == "drop":
        others = [counts[j] for j in range(players) if j != seat]
        if counts[seat] < min(others):
            return Ending("drop_win", players, (seat,), counts, dropper=seat), rules
        winners = tuple(j for j in range(players) if j != seat and counts[j] == low)
        return Ending("drop_caught", players, winners, counts, dropper=seat), rules
    if reason == "stock_out":
        tied = tuple(j for j in range(players) if counts[j] == low)
        if len(tied) > 1 and rules.stock_tie == "void":
            return Ending("stock_out_void", players, (), counts), rules
        return Ending("stock_out", players, tied, counts), rules
    if reason == "deal_win":
        claim = draw(st.sampled_from(["deal_50", "deal_49", "deal_13_or_less", "deal_9_or_less"]))
        return Ending("deal_win", players, (seat,), counts, claim=claim), rules
    if reason == "double_double":
        other = (seat + 1) % players
        winner = seat if rules.double_double == "tonker_wins" else other
        return Ending("double_double", players, (winner,), tonker=seat, responder=other), rules
    if reason == "void_deal":
        return Ending("void_deal", players, (), counts), rules
    full = draw(st.booleans())
    return Ending(reason, players, (seat,), tonker=seat, full_tonk=full), rules


@settings(max_examples=300, deadline=None)
@given(endings())
def test_payouts_sum_to_zero_in_whole_stakes(case: tuple[Ending, TonkRules]) -> None:
    ending, rules = case
    payments = default_payout(ending, rules)
    assert sum(net_of(payments, ending.players)) == 0
    for p in payments:
        assert p.payer != p.payee
        assert p.amount > 0
        assert p.amount % rules.stake == 0
    net = net_of(payments, ending.players)
    for seat in ending.winners:
        if ending.reason not in ("void_deal", "stock_out_void"):
            assert net[seat] > 0 or ending.players == len(ending.winners)
    if ending.reason == "drop_caught":
        assert ending.dropper is not None
        assert net[ending.dropper] < 0


# -- determinism, saves, views ---------------------------------------------------------------------


def _random_game(seed: int, **options: Any) -> list[TonkState]:
    rng = random.Random(seed)
    state = GAME.start(players=3, rules=GAME.rules(**options), seed=seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def test_same_seed_and_actions_give_the_same_hand() -> None:
    for seed in range(20):
        a = _random_game(seed, **BUSY)
        b = _random_game(seed, **BUSY)
        assert [s.snapshot() for s in a] == [s.snapshot() for s in b]
        assert a[-1].events == b[-1].events
        assert a[-1].result() == b[-1].result()
        # the deck order alone replays it
        again = GAME.start(
            players=3, rules=a[0].rules, deck=a[0].setup.deck, dealer=a[0].setup.dealer
        )
        for action in a[-1].history:
            again = again.apply(str(action))
        assert again.snapshot() == a[-1].snapshot()


def test_json_round_trip_in_every_phase() -> None:
    for seed in range(15):
        for state in _random_game(seed, **BUSY):
            loaded = GAME.load_state(state.to_json())
            assert loaded.snapshot() == state.snapshot()
            assert loaded.view(0) == state.view(0)
            for action in state.legal_actions()[:3]:
                assert loaded.apply(action).snapshot() == state.apply(action).snapshot()


def test_views_never_show_the_stock_or_the_buried_discards() -> None:
    for seed in range(30):
        for state in _random_game(seed, drop_timing="anytime"):
            stock = set(state.setup.deck.cards[52 - state.view(None).stock_size :])
            buried = set(state.zones()["discard"])
            for seat in (None, 0, 1, 2):
                view = state.view(seat)
                text = view.model_dump_json()
                mentioned = set(cardkit.testing.cards_mentioned(view.model_dump(mode="json")))
                assert not (mentioned & stock), (seat, text)
                assert not (mentioned & buried - _shown_by_events(state)), (seat, text)
                for other in range(3):
                    if other == seat or state.phase == "over":
                        continue
                    hidden = set(state.hand(other)) - _shown_by_events(state)
                    assert not (mentioned & hidden), (seat, other, text)


def _shown_by_events(state: TonkState) -> set[cardkit.Card]:
    return {c for e in state.events for c in e.cards}


def test_hands_are_shown_only_after_a_showdown() -> None:
    hands = ["7H 7S 7D 2C 3C", "KS QD 9S 8D 6H", "JC TH 9H 5S 6S"]
    state = GAME.start(players=3, deck=stacked_deck(hands, upcard="JD", stock="4C"))
    tonked = play(state, "draw", "spread 7H 7S 7D", "spread 2C 3C 4C")
    assert tonked.result().reason == "tonk_out"
    view = tonked.view(0)
    assert view.shown_hands == {}  # a tonk out is no showdown
    assert view.counts is None
    assert (
        set(cardkit.testing.cards_mentioned(view.model_dump(mode="json"))) & set(tonked.hand(1))
        == set()
    )
    dropped = state.apply("drop")
    view = dropped.view(None)
    assert view.shown_hands == {s: dropped.hand(s) for s in range(3)}
    assert view.counts == [26, 43, 40]
    assert view.hand is None  # a spectator holds no hand


def test_visible_zones_follow_the_spreads_and_the_showdown() -> None:
    """Derived from the declared zones: each spread is a public zone while it is on the
    table, and a showdown shows every hand to everyone."""
    hands = ["7H 7S 7D 2C 3C", "KS QD 9S 8D 6H", "JC TH 9H 5S 6S"]
    state = GAME.start(players=3, deck=stacked_deck(hands, upcard="JD", stock="4C"))
    assert set(state.visible_zones(1)) == {"hand:1", "discard:top", "retired"}
    spread = play(state, "draw", "spread 7H 7S 7D")
    (sid,) = [s.id for s in spread.spreads]
    assert f"spread:{sid}" in spread.zones()
    for seat in (None, 0, 1, 2):
        assert f"spread:{sid}" in spread.visible_zones(seat)
        assert ("hand:0" in spread.visible_zones(seat)) == (seat == 0)
    dropped = state.apply("drop")
    assert {f"hand:{s}" for s in range(3)} <= set(dropped.visible_zones(None))
    assert "discard" not in dropped.visible_zones(0)  # under the top card: never seen


def test_legal_actions_are_exact_in_random_positions() -> None:
    """Every listed action applies; every other candidate action is refused."""
    rng = random.Random(5)
    for seed in range(25):
        for state in _random_game(seed, **PICKY)[::2]:
            legal = set(state.legal_actions())
            seat = state.to_act
            if seat is None:
                continue
            hand = state.hand(seat)
            candidates = {"draw", "take", "drop", "pass", "join"}
            for card in hand:
                candidates |= {f"discard {card}", f"bonus {card}"}
                candidates |= {f"hit {card} {s.id}" for s in state.spreads}
            cards = list(hand)
            for _ in range(20):
                if len(cards) >= 3:
                    pick = rng.sample(cards, rng.randint(3, len(cards)))
                    candidates.add("spread " + " ".join(c.code for c in pick))
            for text in candidates:
                action = state.parse_action(text)
                if action in legal:
                    state.apply(action)
                else:
                    before = state.snapshot()
                    try:
                        state.apply(action)
                    except cardkit.IllegalAction:
                        assert state.snapshot() == before
                    else:
                        raise AssertionError(f"{text} applied but is not listed as legal")


def test_spectator_view_of_a_fresh_hand() -> None:
    state = GAME.start(players=3, seed=11)
    view = state.view(None)
    assert view.hand is None
    assert view.legal_actions == []
    assert view.hand_sizes == [5, 5, 5]
    assert view.stock_size == 36
    assert view.discard_top is not None
    assert set(cardkit.testing.cards_mentioned(view.model_dump(mode="json"))) == set(
        CardSet([view.discard_top])
    )
    mine = state.view(0)
    assert mine.legal_actions == ["drop", "draw", "take"]
    assert state.view(1).legal_actions == []
