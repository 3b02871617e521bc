"""Crazy Eights: what each seat sees, the plugin's registration and options, and the bot."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from cardkit_crazyeights.bots import HeuristicBot
from cardkit_crazyeights.game import CrazyEights
from cardkit_crazyeights.rules import CrazyEightsRules
from cardkit_crazyeights.state import CrazyEightsState, Draw, Pass, Play

import cardkit
from cardkit import Card, InvalidRules, RandomBot, Suit, catalog
from cardkit.play.runner import play_out, seat_rngs

GAME = CrazyEights()
#: The ``start`` fixture of ``conftest.py``: a deal from an explicit deck order.
Start = Callable[..., CrazyEightsState]


# -- views --------------------------------------------------------------------------------


def test_views_show_only_the_own_hand_and_counts(start: Start) -> None:
    """A seat sees its hand, counts of the others and of the stock, the top card and the suit."""
    state = start(["2C 3C", "5D 6D"], "KC", "4S 5S")
    view = state.view(1)
    assert [c.code for c in view.hand or []] == ["5D", "6D"]
    assert view.hand_counts == [2, 2]
    assert view.stock_count == 52 - 5
    assert view.top == Card.parse("KC")
    assert view.legal_actions == []
    assert state.view(0).legal_actions == ["play 2C", "play 3C"]
    spectator = state.view(None)
    assert spectator.hand is None
    text = spectator.model_dump_json()
    for code in ("2C", "3C", "5D", "6D", "4S", "5S"):
        assert code not in text
    assert "KC" in text


def test_a_view_never_shows_the_stock_order(start: Start) -> None:
    """Two deals that differ only in the stock order look the same to every seat."""
    one = start(["2C 3C", "5D 6D"], "KC", "4S 5S 6S")
    two = start(["2C 3C", "5D 6D"], "KC", "6S 5S 4S")
    for seat in (None, 0, 1):
        assert one.view(seat) == two.view(seat)


# -- registry, options, bot ---------------------------------------------------------------


def test_the_plugin_registers_the_game_its_aliases_and_bot() -> None:
    """Installed through its entry point; 'eights' and 'crazy-eights' are aliases."""
    assert cardkit.load_game("eights") is cardkit.load_game("crazyeights")
    assert cardkit.load_game("Crazy-Eights").name == "crazyeights"
    game = cardkit.load_game("crazyeights")
    assert set(catalog(game).bots) == {"random", "ismcts", "heuristic"}
    assert set(catalog(game).variants) == {"draw-one", "no-wilds"}
    assert isinstance(game.rules(), CrazyEightsRules)


def test_unknown_options_are_refused() -> None:
    """Rules refuse unknown options and bad values."""
    with pytest.raises(InvalidRules, match="unknown option 'wild_eights'"):
        GAME.rules(wild_eights=True)
    with pytest.raises(InvalidRules, match="target_score"):
        GAME.rules(target_score=0)


def test_the_heuristic_bot_beats_random_play() -> None:
    """Over 200 two-player games (fixed seeds) the heuristic bot wins clearly more than half."""
    wins = 0
    for seed in range(200):
        seat = seed % 2
        bots = [HeuristicBot() if s == seat else RandomBot() for s in range(2)]
        state = GAME.start(players=2, seed=seed)
        played = play_out(state, bots, seat_rngs(seed, 2), max_actions=2000)
        wins += played.result.winners == [seat]
    assert wins >= 115


def test_the_heuristic_bot_keeps_eights_and_names_its_long_suit(start: Start) -> None:
    """It plays an ordinary card when it can, and names the suit it holds most of."""
    state = start(["8H KC 2C 5C 4S", "9C 5H 8D 7D 7S"], "2D", "QS")
    rng = random.Random(0)
    turn = cardkit.Turn(state, 0, state.legal_actions(), rng)
    assert HeuristicBot().choose(turn) == Play(Card.parse("2C"))
    state = start(["8H KC 2C 5C 4S", "9C 5H 8D 7D 7S"], "9D", "QS")
    turn = cardkit.Turn(state, 0, state.legal_actions(), rng)
    assert HeuristicBot().choose(turn) == Play(Card.parse("8H"), Suit.CLUBS)
    stuck = start(["2C 3C", "5D 6D"], "KH")
    assert HeuristicBot().choose(cardkit.Turn(stuck, 0, stuck.legal_actions(), rng)) == Draw()


def test_the_action_space_from_the_grammar_keeps_the_70_ids() -> None:
    """The grammar's forms (`play <card>`, `play <8> <suit>`, `draw`, `pass`) number the
    moves as the game's own table did: trained agents keep their ids."""
    cards = [Card.parse(f"{rank}{suit}") for suit in "CDHS" for rank in "23456789TJQKA"]
    eights = [card for card in cards if card.code[0] == "8"]
    expected = [
        *(Play(card) for card in cards),
        *(Play(card, suit) for card in eights for suit in Suit),
        Draw(),
        Pass(),
    ]
    for rules in (GAME.rules(), GAME.rules(variant="no-wilds"), GAME.rules(variant="draw-one")):
        for players in (2, 5):
            space = GAME.action_space(rules, players)
            assert space is not None
            assert [space.decode(i) for i in range(space.size)] == expected
            assert [(b.start, b.size) for b in space.blocks] == [
                (0, 52),
                (52, 16),
                (68, 1),
                (69, 1),
            ]
