"""Tonk's own hooks: a separate plugin changes the hand count or a payout without a fork."""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_tonk import Ending, TonkRules, TonkState
from cardkit_tonk.hookspecs import HOOK_NAMES
from cardkit_tonk.testing import play, stacked_deck

import cardkit
from cardkit import CardValues, Payment, PluginError, Rank
from cardkit.engine.gamehooks import GameHooks
from cardkit.plugins.registry import PluginWarning, Registry, registry, temporary_plugin

GAME = cardkit.load_game("tonk")


class FivePictures:
    """House rule: J, Q and K count 5."""

    @cardkit.hookimpl
    def tonk_card_values(self, rules: TonkRules) -> CardValues:
        values = {r: int(r) for r in Rank if r <= Rank.TEN}
        return CardValues(values | {Rank.JACK: 5, Rank.QUEEN: 5, Rank.KING: 5, Rank.ACE: 1})


class TripleRunOut:
    """House rule: a run out pays 3 stakes; every other ending is left to the game."""

    calls = 0

    @cardkit.hookimpl
    def tonk_payout(self, ending: Ending) -> list[Payment] | None:  # a subset of the arguments
        TripleRunOut.calls += 1
        if ending.reason != "run_out":
            return None
        winner = ending.winners[0]
        return [
            Payment(payer=p, payee=winner, amount=3, reason="run_out")
            for p in range(ending.players)
            if p != winner
        ]


def _run_out() -> TonkState:
    deck = stacked_deck(["3D 4D 5D 6D KC", "2S 8S 9C JH QH"], upcard="TS", stock="AC 5S 7D")
    state = GAME.start(players=2, deck=deck)
    return play(
        state,
        *("draw", "spread 3D 4D 5D", "discard AC"),
        *("draw", "discard 5S"),
        *("draw", "hit 6D 1", "hit 7D 1", "discard KC"),
    )


def test_the_hooks_are_published() -> None:
    for name in HOOK_NAMES:
        caller = getattr(registry().pm.hook, name)
        assert caller.spec is not None, name
        assert GAME.hooks.functions(name), name  # the game's own default implementation


def test_a_house_rule_changes_the_hand_count() -> None:
    hands = ["KS QD 7C AH 2S", "2C 3C 4C 5C 6C"]
    deck = stacked_deck(hands, upcard="9D")
    before = GAME.start(players=2, deck=deck)
    assert before.count(0) == 30
    with temporary_plugin(FivePictures(), name="five-pictures"):
        state = GAME.start(players=2, deck=deck)
        assert state.count(0) == 20
        assert state.view(0).count == 20
        assert before.count(0) == 30  # a hand keeps the hooks it was dealt with
        dropped = state.apply("drop")
        assert dropped.result().details["counts"] == [20, 20]
        assert dropped.result().reason == "drop_caught"
    assert GAME.start(players=2, deck=deck).count(0) == 30


def test_a_house_rule_changes_one_payout_only() -> None:
    assert _run_out().result().net == [1, -1]
    with temporary_plugin(TripleRunOut(), name="triple-run-out"):
        assert _run_out().result().net == [3, -3]
        # other endings fall through to the game's own payout
        deck = stacked_deck(["AS AC AD AH 2D", "4C 5C KD QS 2H"], upcard="7S")
        assert GAME.start(players=2, deck=deck).apply("drop").result().net == [1, -1]
    assert _run_out().result().net == [1, -1]


def test_hooks_are_resolved_once_per_hand_not_per_move() -> None:
    with temporary_plugin(TripleRunOut(), name="triple-run-out"):
        TripleRunOut.calls = 0
        state = _run_out()
        assert TripleRunOut.calls == 0  # asked only when the result is built
        state.result()
        assert TripleRunOut.calls == 1


def test_a_hook_with_a_wrong_signature_is_refused() -> None:
    class Broken:
        @cardkit.hookimpl
        def tonk_payout(self, ending: Ending, colour: str) -> Any:
            return None

    local = Registry()  # a registry of its own: the process-wide one stays clean
    with pytest.warns(PluginWarning, match="colour"), pytest.raises(PluginError):
        local.register(Broken(), name="broken-tonk-hook")
    assert "broken-tonk-hook" not in local.plugins


def test_a_hook_returning_no_card_values_is_reported() -> None:
    class Wrong:
        @cardkit.hookimpl
        def tonk_card_values(self, rules: TonkRules) -> Any:
            return {"A": 1}

    with (
        temporary_plugin(Wrong(), name="wrong-values"),
        pytest.raises(TypeError, match="CardValues"),
    ):
        GAME.start(players=2, seed=1)


def test_hooks_are_cached_until_the_plugins_change(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = GAME.rules()
    GAME.start(players=2, rules=rules, seed=1)
    asked: list[str] = []
    real = GameHooks.answer

    def counting(self: GameHooks, name: str, default: Any, **kwargs: Any) -> Any:
        asked.append(name)
        return real(self, name, default, **kwargs)

    monkeypatch.setattr(GameHooks, "answer", counting)
    GAME.start(players=2, rules=rules, seed=2)
    assert asked == []  # the same plugins: the resolved hooks are reused
    with temporary_plugin(FivePictures(), name="five-pictures"):
        GAME.start(players=2, rules=rules, seed=3)
        assert "tonk_card_values" in asked
    asked.clear()
    GAME.start(players=2, rules=rules, seed=4)
    assert "tonk_card_values" in asked  # removed again: resolved again
