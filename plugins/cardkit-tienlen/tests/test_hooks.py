"""Tiến lên's hooks: one "beats" decision for listing, apply and refusals; house rules on it."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest
from cardkit_tienlen import (
    PASS,
    Beating,
    BeatRules,
    Kind,
    Play,
    TienLen,
    TienLenRules,
    TienLenState,
)
from cardkit_tienlen.beating import BeatsRule, build_beating
from cardkit_tienlen.combos import CARD_ORDER, game_mask
from cardkit_tienlen.decks import deck_for
from cardkit_tienlen.handcombos import hand_combos
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import Deck, GameResult, IllegalAction, InvalidRules, Rank
from cardkit.plugins.registry import PluginWarning, Registry

CARDS = Deck.standard().cards
TWOS = game_mask(c for c in CARDS if c.rank == Rank.TWO)


def _rich_hand(rng: random.Random, size: int) -> int:
    """A hand of ``size`` cards from a few consecutive ranks: rich in pairs, sequences, bombs."""
    low = rng.randrange(13)
    ranks = range(low, min(13, low + rng.randint(3, 7)))
    pool = [c for c in CARDS if CARD_ORDER.key(c) // 4 in ranks]
    return game_mask(rng.sample(pool, min(size, len(pool))))


@settings(max_examples=120, deadline=None)
@given(
    st.integers(0, 2**32),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.integers(1, 13),
)
def test_the_fast_listing_is_the_checked_listing(
    seed: int, quad_pair: bool, ladder: bool, bombs_only: bool, size: int
) -> None:
    """The built-in fast listing lists exactly the combinations `Beating.beats` accepts,
    for every combination of another hand (2s and bombs included) as the one to beat."""
    rng = random.Random(seed)
    hand = _rich_hand(rng, size)
    other = (_rich_hand(rng, 13) | TWOS) & ~hand
    beating = Beating(BeatRules(quad_pair, ladder))
    assert beating.fast
    every = hand_combos(hand).all()
    for current in hand_combos(other).all():
        checked = {p for p in every if (p.is_bomb or not bombs_only) and beating.beats(p, current)}
        got = beating.follows(hand, current, bombs_only)
        assert len(got) == len(set(got))
        assert set(got) == checked, current


def _never_beats(play: Play, current: Play) -> bool | None:
    return False if play.kind == Kind.PAIR else None


class _NoTriples:
    """A house rule of this test: triples are no combination; pairs never beat anything."""

    @cardkit.hookimpl
    def cardkit_register(self, register: Any) -> None:
        register.add_house_rule("tienlen", "no-triples", "Triples are not combinations.")

    @cardkit.hookimpl
    def tienlen_combination(self, rules: TienLenRules, kind: Kind) -> bool | None:
        return False if "no-triples" in rules.house_rules and kind == Kind.TRIPLE else None

    @cardkit.hookimpl
    def tienlen_beats(self, rules: TienLenRules) -> BeatsRule | None:
        return _never_beats if "no-triples" in rules.house_rules else None


@pytest.fixture
def registry() -> Registry:
    """A registry of its own, with the test house rule registered."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        reg = Registry()
    reg.register(_NoTriples(), name="no-triples")
    return reg


def _start(reg: Registry, hands: dict[int, str], **options: Any) -> TienLenState:
    """Deal ``hands``; seat 0 leads (it won the previous deal)."""
    game = reg.game("tienlen")
    previous = GameResult(reason="all_placed", players=4, order=[0], winners=[0])
    state: TienLenState = game.start(
        4, game.rules(**options), deck=deck_for(hands), previous=previous
    )
    return state


def _kinds(state: TienLenState) -> set[int]:
    return {a.kind for a in state.legal_actions() if isinstance(a, Play)}


def test_a_removed_kind_is_neither_listed_nor_accepted(registry: Registry) -> None:
    hands = {0: "3S 4S 4C 4D 9H 9D"}
    assert Kind.TRIPLE in _kinds(_start(registry, hands))
    house = _start(registry, hands, house_rules=["no-triples"])
    assert Kind.TRIPLE not in _kinds(house)
    assert {Kind.SINGLE, Kind.PAIR} <= _kinds(house)
    before = house.snapshot()
    with pytest.raises(IllegalAction) as info:
        house.apply("play 4S 4C 4D")
    assert info.value.code == "not_a_combination"
    assert "no-triples" in str(info.value)
    assert house.snapshot() == before


def test_a_house_decision_is_used_by_listing_apply_and_refusal(registry: Registry) -> None:
    hands = {0: "5S 5C", 1: "9S 9C"}
    plain = _start(registry, hands).apply("play 5S 5C")
    assert Play("9S 9C") in plain.legal_actions()
    house = _start(registry, hands, house_rules=["no-triples"]).apply("play 5S 5C")
    assert house.to_act == 1
    assert house.legal_actions() == (PASS,)
    with pytest.raises(IllegalAction, match="under the house rules no-triples") as info:
        house.apply("play 9S 9C")
    assert info.value.code == "does_not_beat"


def test_hooks_are_resolved_at_start_and_follow_the_registry(registry: Registry) -> None:
    game = registry.game("tienlen")
    assert isinstance(game, TienLen)
    rules = game.rules(house_rules=["no-triples"])
    assert game.beating(rules).removed == {Kind.TRIPLE}
    assert not game.beating(rules).fast
    assert game.beating(rules) is game.beating(rules)  # cached per rules
    assert game.beating(game.rules()).fast  # the rule is off: the fast listing
    assert game.beating(game.rules()).removed == frozenset()


def test_bad_hook_answers_are_refused() -> None:
    rules = TienLenRules()
    with pytest.raises(TypeError, match="tienlen_beats returned 3"):
        build_beating(rules, [lambda rules: 3])
    with pytest.raises(TypeError, match="tienlen_combination returned 'no'"):
        build_beating(rules, (), [lambda kind: "no"])
    with pytest.raises(InvalidRules, match="singles always exist"):
        build_beating(rules, (), [lambda kind: kind != Kind.SINGLE])


def test_decisions_are_asked_newest_first_and_none_passes_on() -> None:
    yes: BeatsRule = lambda play, current: True  # noqa: E731 (a one-line decision)
    no: BeatsRule = lambda play, current: False  # noqa: E731
    pass_on: BeatsRule = lambda play, current: None  # noqa: E731
    low, high = Play("4S"), Play("9S")
    assert Beating(BeatRules(), (pass_on, yes, no)).beats(low, high)
    assert not Beating(BeatRules(), (no, yes)).beats(high, low)
    assert Beating(BeatRules(), (pass_on,)).beats(high, low)
    assert not Beating(BeatRules(), (pass_on,)).beats(low, high)
