"""Palace's own hooks: a house-rule plugin changes a rule without forking the game."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from cardkit_palace import CardEffect, PalaceRules
from cardkit_palace.effects import default_follow_ranks

import cardkit
from cardkit import Rank

A, B, C, D = 0, 1, 2, 3
LEFT = {"first_player_rule": "left_of_dealer"}


class EightSkips:
    """House rule: an 8 makes the next player miss their turn."""

    def __init__(self) -> None:
        self.calls = 0

    @cardkit.hookimpl
    def palace_card_effect(self, rules: PalaceRules, rank: Rank) -> CardEffect | None:
        self.calls += 1
        return CardEffect(skip=1) if rank == Rank.EIGHT else None


class ThreeOnAnything:
    """House rule: a 3 may be played on any card (it takes no argument it does not use)."""

    @cardkit.hookimpl
    def palace_follow_ranks(self, top: Rank) -> Iterable[Rank] | None:
        return default_follow_ranks(PalaceRules(), top) | {Rank.THREE}


@pytest.fixture
def eight_skips() -> Iterator[EightSkips]:
    plugin = EightSkips()
    cardkit.register(plugin, name="palace-tests-eight-skips")
    try:
        yield plugin
    finally:
        cardkit.unregister("palace-tests-eight-skips")


def test_eight_skips_the_next_player(begin: Any, eight_skips: EightSkips) -> None:
    hands = {A: "8S 5D 6D", B: "3C 4C 5C", C: "9C JC QC", D: "9D JD QD"}
    state = begin(4, rules=LEFT, hands=hands, stock="7S 7H 7D 7C")
    assert state.tables.effects[Rank.EIGHT] == CardEffect(skip=1)
    assert state.tables.effects[Rank.TEN] == CardEffect(burn=True)  # built-in still answers
    state = state.apply("play 8S")
    assert state.to_act == C  # B lost its turn


def test_without_the_house_rule_nothing_is_skipped(begin: Any) -> None:
    hands = {A: "8S 5D 6D", B: "3C 4C 9S", C: "9C JC QC", D: "9D JD QD"}
    state = begin(4, rules=LEFT, hands=hands, stock="7S 7H 7D 7C")
    assert state.apply("play 8S").to_act == B


def test_hooks_are_resolved_once_per_game_start_never_per_move(
    game: Any, eight_skips: EightSkips
) -> None:
    import random

    rules = game.rules(seven_rule="lower_or_equal", zone_size=4)
    state = game.start(2, rules, seed=5)
    assert eight_skips.calls == 13  # once per rank
    rng = random.Random(5)
    for _ in range(300):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert eight_skips.calls == 13
    game.start(2, rules, seed=6)  # same rules, same plugins: the tables are reused
    assert eight_skips.calls == 13


def test_a_follow_rank_house_rule(begin: Any) -> None:
    cardkit.register(ThreeOnAnything(), name="palace-tests-three-on-anything")
    try:
        state = begin(2, dealer=A, rules=LEFT, hands={A: "3S 5D 6D", B: "KH 4C 5C"}, stock="7S")
        state = state.apply("play KH")
        assert "play 3S" in {str(a) for a in state.legal_actions()}
        state = state.apply("play 3S")
        assert state.view().pile[-1].code == "3S"
    finally:
        cardkit.unregister("palace-tests-three-on-anything")
    state = begin(2, dealer=A, rules=LEFT, hands={A: "3S 5D 6D", B: "KH 4C 5C"}, stock="7S")
    assert "play 3S" not in {str(a) for a in state.apply("play KH").legal_actions()}


def test_a_broken_hook_is_reported_clearly(game: Any) -> None:
    class Broken:
        @cardkit.hookimpl
        def palace_card_effect(self, rank: Rank) -> Any:
            return "burn" if rank == Rank.NINE else None

    cardkit.register(Broken(), name="palace-tests-broken-effect")
    try:
        with pytest.raises(TypeError, match="palace_card_effect returned 'burn' for rank 9"):
            game.start(2, game.rules(zone_size=5), seed=1)
    finally:
        cardkit.unregister("palace-tests-broken-effect")


def test_the_empty_pile_accepts_every_rank_whatever_a_hook_says(game: Any) -> None:
    class Stingy:
        @cardkit.hookimpl
        def palace_follow_ranks(self, top: Rank) -> Iterable[Rank]:
            return [Rank.ACE]

    cardkit.register(Stingy(), name="palace-tests-stingy")
    try:
        tables = game.resolve_tables(game.rules(zone_size=6))
        assert tables.legal_cards[0] == (1 << 52) - 1
        assert tables.follow[Rank.TWO] == frozenset({Rank.ACE})
    finally:
        cardkit.unregister("palace-tests-stingy")


def test_the_hookspecs_are_published(game: Any) -> None:
    pm = cardkit.registry().pm
    for name in ("palace_card_effect", "palace_follow_ranks"):
        caller = getattr(pm.hook, name)
        assert caller.spec is not None
        assert caller.spec.opts["firstresult"] is True
        assert caller.spec.function.__doc__


def test_the_docs_example_house_rule_works(game: Any) -> None:
    """The example plugin of docs/games/palace.md works as printed."""
    import types
    from pathlib import Path

    docs = Path(__file__).resolve().parents[3] / "docs" / "games" / "palace.md"
    if not docs.exists():
        pytest.skip("the docs are not part of this checkout")
    text = docs.read_text(encoding="utf-8")
    start = text.index("```python\n# eight_skips.py")
    code = text[start + len("```python\n") : text.index("```", start + 10)]
    module = types.ModuleType("eight_skips")
    exec(compile(code, str(docs), "exec"), module.__dict__)
    cardkit.register(module, name="palace-tests-eight-skips")
    try:
        plain = game.start(4, game.rules(first_player_rule="left_of_dealer"), seed=3)
        assert plain.tables.effects[Rank.EIGHT].skip == 0
        rules = game.rules(first_player_rule="left_of_dealer", house_rules=["my-eight-skips"])
        state = game.start(4, rules, seed=3)
        assert state.tables.effects[Rank.EIGHT].skip == 1
    finally:
        cardkit.unregister("palace-tests-eight-skips")


def test_the_docs_worked_example_runs() -> None:
    """The worked example of docs/games/palace.md runs, and its shown values hold."""
    from pathlib import Path

    docs = Path(__file__).resolve().parents[3] / "docs" / "games" / "palace.md"
    if not docs.exists():
        pytest.skip("the docs are not part of this checkout")
    text = docs.read_text(encoding="utf-8")
    section = text[text.index("## A worked example") :]
    start = section.index("```python\n") + len("```python\n")
    code = section[start : section.index("```", start)]
    lines = code.splitlines()
    namespace: dict[str, Any] = {}
    checked = 0
    for node in ast.parse(code).body:
        source = ast.get_source_segment(code, node)
        assert source is not None
        _, _, comment = lines[node.lineno - 1].partition("  # ")
        expected = comment.split(":")[0].strip()
        after = lines[node.end_lineno] if node.end_lineno and node.end_lineno < len(lines) else ""
        if not comment and after.startswith("# "):
            expected = after[2:].strip()  # the value shown on the next line
        if isinstance(node, ast.Expr) and expected and (expected[0] in "(['" or expected.isdigit()):
            assert repr(eval(source, namespace)) == expected, source
            checked += 1
        else:
            exec(compile(ast.Module([node], []), str(docs), "exec"), namespace)
    assert checked >= 5
