"""Spades: the game object (the rules as a spec in `docs/games/spades.md`)."""

from cardkit.authoring import ContractFields, Event, Game, Players, Setup
from cardkit_spades.rules import SpadesRules
from cardkit_spades.state import SpadesState


# --8<-- [start:game]
class Spades(Game[SpadesRules, SpadesState]):
    """Two partnerships bid and take tricks; spades are always trump."""

    players = Players(4, 4)

    def deal(self, setup: Setup[SpadesRules]) -> SpadesState:
        """Deal 13 cards each from left of the dealer, who also leads the first trick."""
        first = setup.left_of_dealer
        hands, _ = setup.deck.deal_sets(4, 13, first_seat=first)
        events = [Event("deal", setup.dealer, note="13 cards each", data={"cards_each": 13})]
        fields = ContractFields.dealt(hands, first, blind_nil=setup.rules.blind_nil)
        return SpadesState.first(self, setup, fields, events)


# --8<-- [end:game]
