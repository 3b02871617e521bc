"""Gin Rummy: the game object (the rules as a spec in `docs/games/ginrummy.md`)."""

from cardkit.authoring import Event, Game, Players, RummyFields, Setup
from cardkit_ginrummy.rules import GinRules
from cardkit_ginrummy.state import GinState


# --8<-- [start:game]
class GinRummy(Game[GinRules, GinState]):
    """Meld sets and runs, then knock with little deadwood, or go gin."""

    players = Players(2, 2)

    def deal(self, setup: Setup[GinRules]) -> GinState:
        """Deal 10 cards each, turn up the upcard, and offer it to the non-dealer."""
        hands, upcard, stock = setup.deal_and_turn_up(10)
        events = [Event("deal", setup.dealer), Event("upcard", cards=(upcard,))]
        fields = RummyFields(hands, stock, (upcard,), seat=setup.left_of_dealer, phase="offer")
        return GinState.first(self, setup, fields, events)


# --8<-- [end:game]
