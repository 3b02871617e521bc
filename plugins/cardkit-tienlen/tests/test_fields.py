"""The deal's constant configuration and its `Beating`: they copy and pickle by value."""

from __future__ import annotations

import copy
import operator
import pickle

from cardkit_tienlen.beating import AddedCombination, Beating
from cardkit_tienlen.combos import BeatRules, Kind

import cardkit


def _copies(value: object) -> list[object]:
    return [copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))]


def test_the_deals_config_copies_and_pickles_by_value() -> None:
    """Its pass events hold a read-only mapping (which does not pickle), and compiled it is a
    native frozen class (which cannot be restored attribute by attribute)."""
    game = cardkit.load_game("tienlen")
    for players, rules in ((4, game.rules()), (3, game.rules(pass_lock=False))):
        cfg = game.start(players=players, rules=rules, seed=1).f.cfg
        for other in _copies(cfg):
            assert other == cfg
            assert [[e.to_json_dict() for e in seat] for seat in other.pass_events] == [
                [e.to_json_dict() for e in seat] for seat in cfg.pass_events
            ]


def test_a_beating_copies_and_pickles_by_value() -> None:
    """Compiled, `Beating` and `AddedCombination` are native frozen classes; their house
    rules and finders pickle when they do (any module-level callables here)."""
    added = AddedCombination(Kind.PAIR, int.bit_length, range)
    beatings = (
        Beating(BeatRules()),
        Beating(BeatRules(True, True), (operator.is_,), frozenset({Kind.TRIPLE}), ("x",), (added,)),
    )
    for beating in beatings:
        for other in _copies(beating):
            assert other == beating
