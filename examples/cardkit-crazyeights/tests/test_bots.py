"""The heuristic bot when the stock runs dry: it must not lock the table into a cycle."""

from __future__ import annotations

import random

from cardkit_crazyeights.bots import HeuristicBot
from cardkit_crazyeights.game import CrazyEights
from cardkit_crazyeights.state import CrazyEightsState, Draw, Play

import cardkit
from cardkit import Card, Deck, Suit
from cardkit.play.simulate import play_one

GAME = CrazyEights()
SEAT_0 = "2C 3C 4C 5C 6C 7C 9C 2D 3D 4D 5D 6D"  # no spade, no king, no 8: it must draw


def dry_table() -> CrazyEightsState:
    """Four hands of 12, the starter KS and a stock of three 8s; seat 0 has drawn 8H."""
    stock = "8H 8D 8S"
    taken = set(f"{SEAT_0} KS {stock}".split())
    rest = [card.code for card in Deck.standard().cards if card.code not in taken]
    hands = [SEAT_0, *(" ".join(rest[i : i + 12]) for i in range(0, 36, 12))]
    deck = Deck.stacked(4, hands, size=12, then=f"KS {stock}")
    state = GAME.start(players=4, rules=GAME.rules(cards_each=12), deck=deck)
    return state.apply(Draw())


def test_with_the_stock_dry_the_bot_names_one_of_its_suits_at_random() -> None:
    """Two cards left to draw for four seats: the named suit is one the bot holds, not
    always its longest (clubs), and comes from the turn's generator (same seed, same suit)."""
    state = dry_table()
    assert Card.parse("8H") in state.f.hands[0]
    assert len(state.f.stock) == 2
    named = []
    for seed in range(40):
        turn = cardkit.Turn(state, 0, state.legal_actions(), random.Random(seed))
        action = HeuristicBot().choose(turn)
        assert isinstance(action, Play)
        assert action.card == Card.parse("8H")
        again = HeuristicBot().choose(
            cardkit.Turn(state, 0, state.legal_actions(), random.Random(seed))
        )
        assert again == action
        named.append(action.word)
    assert set(named) == {Suit.CLUBS, Suit.DIAMONDS}
    assert named.count(Suit.CLUBS) > named.count(Suit.DIAMONDS)  # weighted 7 to 5


def test_heuristic_tables_that_cycled_forever_now_end() -> None:
    """Games 202 and 509 of ``cardkit simulate crazyeights --seed 1`` (four heuristic bots)
    passed the last three 8s round for ever, each naming a suit the next seat lacked."""
    for index in (202, 509):
        played = play_one(
            "crazyeights", index, seed=1, players=4, bots=["heuristic"] * 4, max_actions=5000
        )
        assert not played.result.capped, index
        assert played.result.reason == "went_out"
