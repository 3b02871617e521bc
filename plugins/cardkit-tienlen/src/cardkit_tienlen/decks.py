"""Decks that deal chosen cards to chosen seats: for tests, puzzles and bug reports.

A Tiến lên deal gives one card at a time from the top, starting left of the
dealer. `deck_for` works backwards: name some cards for some seats, and
it returns a deck order whose deal gives exactly those cards to those seats
(the rest of each hand is filler from a fixed shuffle, so the result is
reproducible). `start_with_hands` deals it.

>>> from cardkit_tienlen.decks import start_with_hands
>>> state = start_with_hands({0: "3S 3H 4D 5C", 2: "2S 2C"})
>>> state.to_act, {"3S", "3H", "4D", "5C"} <= {c.code for c in state.hand(0)}
(0, True)
>>> state = start_with_hands({1: "9S 9C"}, leader=1)  # a later deal of a match won by seat 1
>>> state.to_act
1
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardkit import Deck, GameResult, InvalidDeck, load_game, parse_cards
from cardkit_tienlen.combos import CARD_ORDER, game_mask
from cardkit_tienlen.game import HAND_SIZE, TienLen, TienLenState
from cardkit_tienlen.rules import InstantWin
from cardkit_tienlen.scoring import instant_win_hand

__all__ = ["deck_for", "start_with_hands"]

_ALL_INSTANT_WINS = frozenset(InstantWin)


def deck_for(
    hands: Mapping[int, str],
    *,
    players: int = 4,
    dealer: int | None = None,
    undealt: str = "",
    allow_instant: bool = False,
) -> Deck:
    """A deck order whose deal gives each seat of ``hands`` those cards.

    Args:
        hands: card codes by seat, such as ``{0: "3S 3H", 2: "2S"}``; at most
            13 cards each. Other cards are filler.
        players: the number of seats.
        dealer: the dealer (default: the last seat, as in ``game.start``).
        undealt: with 2-3 players, cards that must stay undealt.
        allow_instant: allow the filler to complete an instant-win hand
            (four 2s, a dragon, six pairs, five consecutive pairs); by default
            another filler shuffle is tried.

    Raises:
        InvalidDeck: a card is named twice, a hand has more than 13 cards, or
            no filler without an instant win was found (a `ValueError`).
    """
    if not 2 <= players <= 4:
        raise InvalidDeck(f"Tiến lên is played by 2 to 4 players, not {players}")
    chosen = {seat: parse_cards(text) for seat, text in hands.items()}
    kept_back = parse_cards(undealt)
    named = [c for cards in chosen.values() for c in cards] + kept_back
    if len(set(named)) != len(named):
        twice = sorted({c.code for c in named if named.count(c) > 1})
        raise InvalidDeck(f"cards named twice: {' '.join(twice)}")
    for seat, cards in chosen.items():
        if not 0 <= seat < players or len(cards) > HAND_SIZE:
            raise InvalidDeck(f"seat {seat} cannot be dealt {len(cards)} cards")
    if len(kept_back) > 52 - HAND_SIZE * players:
        raise InvalidDeck(f"only {52 - HAND_SIZE * players} cards stay undealt")
    used = set(named)
    pool = [c for c in CARD_ORDER.sorted(Deck.standard()) if c not in used]
    for attempt in range(500):
        rest = pool[:]
        random.Random(attempt).shuffle(rest)
        full = {seat: list(chosen.get(seat, [])) for seat in range(players)}
        for seat in range(players):
            while len(full[seat]) < HAND_SIZE:
                full[seat].append(rest.pop())
        if not allow_instant and any(
            instant_win_hand(game_mask(full[seat]), _ALL_INSTANT_WINS)
            and not instant_win_hand(game_mask(chosen.get(seat, [])), _ALL_INSTANT_WINS)
            for seat in range(players)
        ):
            continue
        return Deck.stacked(players, full, size=HAND_SIZE, dealer=dealer, then=kept_back, rest=rest)
    raise InvalidDeck("no filler was found that makes no instant-win hand")


def start_with_hands(
    hands: Mapping[int, str],
    *,
    leader: int | None = None,
    players: int = 4,
    dealer: int | None = None,
    undealt: str = "",
    allow_instant: bool = False,
    **options: Any,
) -> TienLenState:
    """Deal ``hands`` (see `deck_for`) with the rules ``options``.

    Without ``leader`` this is the first deal of a match (the 3S holder
    leads). With ``leader``, it is a later deal whose previous deal
    ``leader`` won, so ``leader`` leads with any combination.
    """
    game = load_game("tienlen")
    assert isinstance(game, TienLen)
    deck = deck_for(
        hands, players=players, dealer=dealer, undealt=undealt, allow_instant=allow_instant
    )
    previous = None
    if leader is not None:
        previous = GameResult(
            reason="all_placed", players=players, order=[leader], winners=[leader]
        )
    return game.start(
        players=players, rules=game.rules(**options), deck=deck, dealer=dealer, previous=previous
    )
