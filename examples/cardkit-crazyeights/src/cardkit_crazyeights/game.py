"""Crazy Eights: actions, the immutable state, its views, and the game object.

The rules (see the README):

- 2-5 players, one 52-card deck. Each player is dealt 7 cards with two
  players, 5 with more, one at a time starting left of the dealer. The next
  card is turned up as the *starter*, the first card of the discard pile. An
  8 turned up as the starter is buried in the middle of the stock and the
  next card is turned up instead.
- The player left of the dealer starts; play goes clockwise. On your turn,
  play one card that matches the top card of the discard pile in suit or in
  rank. 8s are wild: an 8 may be played on anything, and its player names
  the suit the next player must follow (``play 8H clubs``).
- A player who cannot play draws from the stock until they draw a card they
  can play (``draw``); they then play a card. With the option
  ``draw_until_playable=False`` they draw one card instead, and then play or
  ``pass``. A player who cannot play or draw passes.
- When the stock is empty and a card must be drawn, the discard pile except
  its top card is shuffled to form a new stock. The shuffle uses a random
  generator seeded from the deal's deck order, so a game replays exactly
  from its deck and actions, and no player can predict it.
- The first player to empty their hand wins and scores the cards left in the
  other hands: an 8 is worth 50, a king, queen or jack 10, an ace 1, any
  other card its pip value. If nobody can play or draw for a whole round,
  the game is *blocked*: the lowest hand count wins and scores the
  difference to each other hand (no points on a tie for lowest).
"""

from cardkit.authoring import Event, Game, Players, Rank, Setup, SheddingFields
from cardkit_crazyeights.rules import CrazyEightsRules
from cardkit_crazyeights.state import CrazyEightsState


# --8<-- [start:game]
class CrazyEights(Game[CrazyEightsRules, CrazyEightsState]):
    """Shed your hand by matching suit or rank; 8s are wild."""

    players = Players(2, 5, default=4)

    def deal(self, setup: Setup[CrazyEightsRules]) -> CrazyEightsState:
        """Deal the hands one card at a time from left of the dealer, then turn up a starter."""
        size = setup.rules.hand_size(setup.players)
        hands, starter, stock = setup.deal_and_turn_up(size)
        events = [Event("deal", setup.dealer, note=f"{size} cards each", data={"cards_each": size})]
        while setup.rules.eights_wild and starter.rank == Rank.EIGHT:
            # An 8 turned up is buried in the middle of the stock; the next card is turned.
            events.append(Event("bury", cards=(starter,), note="an 8 is buried in the stock"))
            stock = (*stock[: len(stock) // 2], starter, *stock[len(stock) // 2 :])
            starter, stock = stock[0], stock[1:]
        events.append(Event("starter", cards=(starter,)))
        assert starter.suit is not None  # a 52-card deck has no jokers
        fields = SheddingFields(hands, stock, (starter,), starter.suit, setup.left_of_dealer)
        return CrazyEightsState.first(self, setup, fields, events)


# --8<-- [end:game]
