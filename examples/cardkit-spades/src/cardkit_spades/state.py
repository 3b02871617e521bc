"""Spades: its actions, phases, view model, state and transitions (the rules in
`docs/games/spades.md`)."""

from typing import Any, Self

from cardkit.authoring import (
    ACE_HIGH,
    Action,
    CardVerb,
    ContractFields,
    ContractView,
    Event,
    NumberVerb,
    Phase,
    Refusal,
    Seen,
    SimultaneousChoices,
    Suit,
    Verb,
    Zone,
    blind_bid_entries,
    broken_words,
    contract_words,
    play_from_hand,
    seal_bid,
    trick_refusal,
    trick_zones,
)
from cardkit_spades.rules import SpadesRules
from cardkit_spades.scoring import TEAMS, spades_result


class Bid(NumberVerb):
    """Bid a number of tricks for your partnership, 0 for nil: ``bid 4``, ``bid 0``."""

    high = 13


class Play(CardVerb):
    """Play a card to the trick: ``play QS``."""


class Blind(Verb):
    """Bid blind nil, before looking at your cards (when the rules allow it): ``blind``."""


class Look(Verb):
    """Look at your cards, giving up blind nil (when the rules allow it): ``look``."""


# --8<-- [start:phases]
#: Every seat bids (or looks at its cards) first; then the cards are played.
BIDDING = Phase(
    Bid, Blind, Look, refusal=Refusal("bidding", "every seat bids before the first lead")
)
PLAYING = Phase(Play, refusal=Refusal("not_bidding", "the bidding is over: play a card"))


# --8<-- [end:phases]
# --8<-- [start:view-model]
class SpadesView(ContractView):
    """What one seat (or a spectator) may know of a deal of Spades: the zones' entries and
    the ``dealer``, which the core derives (``hand``, ``hand_counts``, ``trick``: the
    current trick, the lead first; ``last_trick``: the last complete trick), the trick
    entries and the bids of its base (``trick_leader``, ``last_leader``, ``tricks``: how
    many tricks each seat has taken; ``bids``, sealed until every seat has bid,
    ``bid_made``, and ``blind``: who bid blind nil), and this. A seat that may still bid
    blind nil and has not looked at its cards sees ``hand`` as ``None``.

    Attributes:
        broken: whether spades are broken (a spade has been played).
    """

    broken: bool


# --8<-- [end:view-model]
# --8<-- [start:state]
class SpadesState(SimultaneousChoices[SpadesRules, ContractFields, SpadesView]):
    """A deal of Spades in progress (immutable): its fields are ``state.f``.

    While bidding, the bids are a simultaneous, sealed choice: every seat
    that has not bid may bid, no view shows another seat's bid before all
    four have bid, and `to_act` is the lowest seat still to bid.
    """

    sealed_field = "bids"  # views show `bids` (sealed while bidding) and `bid_made`
    sealed_noun = "bid"
    phases = (BIDDING, PLAYING)  # their kinds are the grammar; current_phase says which
    zone_specs = (Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER), *trick_zones())
    shown = ("broken",)  # besides the trick zones' leaders and tricks
    view_words = contract_words(TEAMS) | broken_words(Suit.SPADES)

    def current_phase(self) -> Phase:
        """Bidding until every seat has bid, then playing."""
        return PLAYING if self.f.bids.complete else BIDDING

    view_extra = blind_bid_entries  # who bid blind nil; no hand for a seat yet to look
    final_result = spades_result  # both partnerships' points

    # --8<-- [end:state]
    # --8<-- [start:legal]
    def check_bid(self, action: Bid) -> Refusal | None:
        """Bid once, after looking at your cards; nil only with the option `nil`."""
        if not self.f.looked >> self.f.seat & 1:
            return Refusal("look_first", "look at your cards first, or bid blind nil: 'blind'")
        if action.number == 0 and not self.rules.nil:
            return Refusal("no_nil", "nil bids are not allowed: bid 1 to 13 tricks")
        return None

    def check_blind(self, action: Blind) -> Refusal | None:
        """Bid blind nil: only with the option, before looking at your cards."""
        if not self.rules.blind_nil or self.f.looked >> self.f.seat & 1:
            return Refusal("already_looked", "blind nil is bid before looking at your cards")
        return None

    check_look = check_blind  # look at your cards while you still may bid blind nil

    def check_play(self, action: Play) -> Refusal | None:
        """A card in hand; follow suit when able; lead a spade only once broken (or only spades)."""
        return trick_refusal(self, action.card, trump=Suit.SPADES, lead_trump=self.f.broken)

    # --8<-- [end:legal]
    # --8<-- [start:apply]
    def _chosen(self, action: Action, bid: int, **changes: Any) -> Self:
        """Seal the seat's bid; when every seat has bid, they are revealed and play begins."""
        events, sealed = seal_bid(self, bid, blind=changes.get("blind", self.f.blind))
        return self.evolve(action, events, **sealed, **changes)

    def do_bid(self, action: Bid) -> Self:
        """Seal a bid."""
        return self._chosen(action, action.number)

    def do_blind(self, action: Blind) -> Self:
        """Seal a blind nil; the seat then sees its cards."""
        bit = 1 << self.f.seat
        return self._chosen(action, 0, blind=self.f.blind | bit, looked=self.f.looked | bit)

    def do_look(self, action: Look) -> Self:
        """The seat sees its cards, and bids next."""
        look = Event("look", self.f.seat, note="looks at the cards dealt")
        return self.evolve(action, [look], looked=self.f.looked | 1 << self.f.seat)

    def do_play(self, action: Play) -> Self:
        """Play the card; a full trick goes to its winner, who leads the next; the last ends it."""
        events, changes = play_from_hand(self, action.card, ACE_HIGH, Suit.SPADES)
        over = None if any(changes["hands"]) else "played"
        return self.evolve(action, events, outcome=over, **changes)

    # --8<-- [end:apply]
