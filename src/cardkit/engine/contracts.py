"""A bidding trick game's contracts: each seat bids the tricks it means to take, a side's
bids make its contract, and the tricks it takes make the contract or set it.

The parts a trick game with sealed bids (Spades; Oh Hell and Bridge-like contracts bid
the same way) would otherwise write itself, on the fields of
[`trick_zones`][cardkit.engine.tricktaking.trick_zones] and a
[`Sealed`][cardkit.engine.simultaneous.Sealed] field `bids` (a zero bid is *nil*, a
bid of no trick at all, and may be bid *blind*, before the seat looks at its cards):

- [`ContractFields`][cardkit.engine.contracts.ContractFields]: the fields of such a deal,
  which these parts, [`trick_zones`][cardkit.engine.tricktaking.trick_zones] and
  [`cardkit.engine.trickplay`][cardkit.engine.trickplay] read and write, and
  [`ContractFields.dealt`][cardkit.engine.contracts.ContractFields.dealt], those of a
  deal as it is dealt;
- [`seal_bid`][cardkit.engine.contracts.seal_bid]: a bid's transition, the seat's bid
  sealed, every bid revealed (in words) once all are made, and the seat to act after it;
- [`ContractView`][cardkit.engine.contracts.ContractView] and
  [`blind_bid_entries`][cardkit.engine.contracts.blind_bid_entries]: the view model's
  base and its entries the game's `view_extra` gives (who bid blind, and no hand for a
  seat that has not looked at it);
- [`bid_text`][cardkit.engine.contracts.bid_text],
  [`contract_text`][cardkit.engine.contracts.contract_text] and
  [`contract_words`][cardkit.engine.contracts.contract_words]: the table's words, a bid as
  people say it ("4", "nil", "blind nil") and a side's contract ("bid 4 + nil, took 5,
  made; Cy's nil set").

>>> bid_text(0, blind=True), bid_text(4)
('blind nil', '4')
>>> names = ["Ana", "Bo", "Cy", "Di"]
>>> contract_text((0, 2), bids=[4, 3, 0, 2], tricks=[5, 3, 1, 4], over=True, names=names)
"bid 4 + nil, took 5, made; Cy's nil set"
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, NamedTuple

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.cards.tricks import Trick
from cardkit.engine.events import Event
from cardkit.engine.generic import GenericState
from cardkit.engine.simultaneous import Sealed
from cardkit.engine.tricktaking import TRICK_WORDS, TrickView
from cardkit.engine.viewwords import Words, sealed_words, seat_text, team_words

__all__ = [
    "ContractFields",
    "ContractView",
    "bid_text",
    "blind_bid_entries",
    "contract_text",
    "contract_words",
    "seal_bid",
]


# --8<-- [start:fields]
class ContractFields(NamedTuple):
    """The fields of a bidding trick game's deal (Spades'): the hands, the seat to act, the
    tricks of [`trick_zones`][cardkit.engine.tricktaking.trick_zones]' defaults, the sealed
    bids and who bid blind, as `seal_bid`, `blind_bid_entries` and
    [`cardkit.engine.trickplay`][cardkit.engine.trickplay] read and write them.
    [`dealt`][cardkit.engine.contracts.ContractFields.dealt] makes them at the deal.

    Attributes:
        hands: each seat's hand.
        seat: the seat to act (while bidding, the lowest seat still to bid).
        trick: the current trick.
        bids: each seat's bid (0 is nil), sealed until every seat has bid.
        looked: the seats that have seen their cards (a mask: seat `s` is bit `1 << s`).
        blind: the seats that bid blind nil (a mask).
        last: the last complete trick (`None` before the first is taken).
        taken: each seat's taken cards.
        tricks: how many tricks each seat has taken.
        broken: whether trumps are broken (a trump has been played).
        outcome: `None` while the deal goes on.
    """

    hands: tuple[CardSet, ...]
    seat: int
    trick: Trick
    bids: Sealed[int]
    looked: int
    blind: int
    last: Trick | None
    taken: tuple[tuple[Card, ...], ...]
    tricks: tuple[int, ...]
    broken: bool = False
    outcome: str | None = None

    @classmethod
    def dealt(
        cls, hands: Sequence[CardSet], leader: int, *, blind_nil: bool = False
    ) -> ContractFields:
        """The fields of a deal as it is dealt: these `hands`, no bid yet (seat 0, the
        lowest, bids first), the first trick to be led by `leader`, and every seat looking
        at its cards, unless `blind_nil` (a nil may be bid blind: no seat has looked yet).

        >>> fields = ContractFields.dealt([CardSet()] * 4, 1, blind_nil=True)
        >>> fields.seat, fields.trick.leader, fields.bids.pending, fields.looked, fields.tricks
        (0, 1, (0, 1, 2, 3), 0, (0, 0, 0, 0))
        """
        players = len(hands)
        looked = 0 if blind_nil else (1 << players) - 1
        trick, bids = Trick(leader, players), Sealed[int].open(players)
        return cls(tuple(hands), 0, trick, bids, looked, 0, None, ((),) * players, (0,) * players)


# --8<-- [end:fields]
def bid_text(bid: int | None, blind: bool = False) -> str:
    """A bid as people say it: ``"4"``, ``"nil"`` (a zero bid), ``"blind nil"`` (a zero bid
    made before looking at the cards); ``""`` for no bid."""
    if bid is None:
        return ""
    return ("blind nil" if blind else "nil") if bid == 0 else str(bid)


def contract_text(
    team: Sequence[int],
    bids: Sequence[int | None],
    tricks: Sequence[int],
    *,
    blind: Collection[int] = (),
    over: bool = False,
    names: Sequence[str] = (),
) -> str:
    """A side's contract in words, once every bid is known (``""`` before): the sum of its
    seats' bids and its nil bids ("bid 7", "bid 4 + nil"), the tricks that count for it
    (the seats that did not bid nil: "took 8"), and once the deal is `over`, whether it was
    made (at least its bid) or set, and each nil made (no trick) or set ("Cy's nil set").

    Args:
        team: the side's seats (a seat alone for a game without partnerships).
        bids: every seat's bid (0 is nil), `None` where still unknown.
        tricks: how many tricks each seat has taken.
        blind: the seats whose nil was bid blind.
        over: whether the deal is over (then made or set is said).
        names: the seats' names (``"Seat 3"`` for a seat without one).
    """
    if None in bids:
        return ""
    contract = sum(bids[s] or 0 for s in team)
    nils = [s for s in team if bids[s] == 0]
    said = [str(contract)] if contract else []
    text = "bid " + " + ".join(said + [bid_text(0, s in blind) for s in nils])
    if contract:  # a side of nils only has no contract to make
        took = sum(tricks[s] for s in team if bids[s])
        text += f", took {took}"
        if over:
            text += ", made" if took >= contract else ", set"
    for s in nils if over else ():
        text += f"; {seat_text(s, names)}'s nil " + ("set" if tricks[s] else "made")
    return text


def seal_bid(
    state: GenericState[Any, Any, Any], bid: int, *, blind: int = 0
) -> tuple[list[Event], dict[str, Any]]:
    """The seat to act of `state` bids `bid`, sealed until every seat has bid: the public
    events (the last bid reveals them all, each said as `bid_text` says it) and the fields
    changed, for `evolve`: `bids` (the `Sealed` field, this seat's bid made) and `seat`
    (the lowest seat still to bid, or once all have bid, the leader of the first `trick`).

    ```python
    events, changes = seal_bid(self, action.number, blind=self.f.blind)
    return self.evolve(action, events, **changes)
    ```

    Args:
        state: a state whose fields hold `bids` (a `Sealed[int]`), `seat` (the seat
            bidding) and `trick` (the first trick, whose leader plays first).
        bid: the number of tricks bid (0 is nil).
        blind: the seats whose nil is bid blind, this one's included (a mask: seat `s`
            is bit `1 << s`), for the events' words.

    Raises:
        ValueError: the seat has already bid.
    """
    f = state.f

    def say(seat: int, tricks: int) -> str:
        return bid_text(tricks, blind >> seat & 1 == 1)

    bids, events = f.bids.choose(f.seat, bid, kind="bid", say=say)
    seat = bids.pending[0] if bids.pending else f.trick.leader
    return events, {"bids": bids, "seat": seat}


def blind_bid_entries(state: GenericState[Any, Any, Any], seat: int | None) -> dict[str, Any]:
    """The view entries of blind bids for `seat` (a state's `view_extra`): ``blind``, the
    seats that bid blind nil once every bid is revealed (none before), and ``hand`` as
    `None` for a seat that has not looked at its cards yet.

    Args:
        state: a state whose fields hold `bids` (a `Sealed` field), `blind` (the seats
            that bid blind, a mask: seat `s` is bit `1 << s`) and `looked` (the seats that
            have seen their cards, a mask).
        seat: the seat viewing (`None`: a spectator, who sees no hand anyway).
    """
    f = state.f
    blind = [s for s in range(len(f.bids.values)) if f.blind >> s & 1] if f.bids.complete else []
    unlooked = seat is not None and not f.looked >> seat & 1
    return {"blind": blind, **({"hand": None} if unlooked else {})}


class ContractView(TrickView):
    """The base of a bidding trick game's view model: the entries of
    [`TrickView`][cardkit.engine.tricktaking.TrickView], a sealed field `bids`' entries
    (`sealed_field = "bids"`, `sealed_noun = "bid"`) and who bid blind
    ([`blind_bid_entries`][cardkit.engine.contracts.blind_bid_entries]).

    Attributes:
        bids: each seat's bid (0 is nil); another seat's bid shows only once every seat
            has bid: the bids are sealed.
        bid_made: whether each seat has bid.
        blind: the seats that bid blind nil (once the bids are revealed).
    """

    bids: list[int | None]
    bid_made: list[bool]
    blind: list[int]


def _shown_bid(bid: int, seen: Mapping[str, Any], seat: int) -> str:
    """A seat's bid once the bids are shown ("sealed" before, or "no bid yet")."""
    return bid_text(bid, seat in seen["blind"])


def contract_words(
    teams: Sequence[Sequence[int]], *, label: str = "Partnerships"
) -> dict[str, Words | None]:
    """The table words of a [`ContractView`][cardkit.engine.contracts.ContractView]'s
    entries, for a state's `view_words` (a game adds its own fields' words): each seat's
    bid ("Bid: blind nil"; "Bid: sealed" once made, "Bid: no bid yet" before, as
    [`sealed_words`][cardkit.engine.viewwords.sealed_words] says), its tricks taken
    ([`TRICK_WORDS`][cardkit.engine.tricktaking.TRICK_WORDS]), and each side's contract
    after its seats' names ([`team_words`][cardkit.engine.viewwords.team_words] with
    `contract_text`: "Ana & Cy: bid 4 + nil, took 5, made; Cy's nil set").

    Args:
        teams: the sides, each a sequence of seats (Spades: ``((0, 2), (1, 3))``).
        label: the sides' label.

    Raises:
        ValueError: no team, or a team of no seat.
    """

    def contract(team: Sequence[int], seen: Mapping[str, Any], names: Sequence[str]) -> str:
        return contract_text(
            team,
            seen["bids"],
            seen["tricks"],
            blind=seen["blind"],
            over=seen["is_over"],
            names=names,
        )

    reads = ("bids", "tricks", "blind", "is_over")
    return {
        **sealed_words("bid", _shown_bid, reads=("blind",)),
        "blind": None,  # read by the bids
        **TRICK_WORDS,
        "partnerships": team_words(teams, contract, label=label, reads=reads),
    }
