"""The view model of Spades: what one seat (or a spectator) may know, and how the
browser table words it."""

from collections.abc import Mapping, Sequence
from typing import Any, Final

from cardkit.authoring import (
    TRICK_WORDS,
    TrickView,
    Words,
    sealed_words,
    seat_text,
    team_words,
)
from cardkit_spades.scoring import TEAMS


# --8<-- [start:view-model]
class SpadesView(TrickView):
    """What one seat (or a spectator) may know of a deal of Spades: the zones' entries and
    the ``dealer``, which the core derives (``hand``, ``hand_counts``, ``trick``: the
    current trick, the lead first; ``last_trick``: the last complete trick), the trick
    entries of its base (``trick_leader``, ``last_leader``, ``tricks``: how many tricks
    each seat has taken), and these. A seat that may still bid blind nil and has not
    looked at its cards sees ``hand`` as ``None``.

    Attributes:
        bids: each seat's bid (0 is nil); another seat's bid shows only once
            every seat has bid: the bids are sealed.
        bid_made: whether each seat has bid.
        blind: the seats that bid blind nil (once the bids are revealed).
        broken: whether spades are broken (a spade has been played).
    """

    bids: list[int | None]
    bid_made: list[bool]
    blind: list[int]
    broken: bool


# --8<-- [end:view-model]


# --8<-- [start:table-words]
def bid_text(bid: int | None, blind: bool = False) -> str:
    """A bid as people say it: "4", "nil", "blind nil"."""
    if bid is None:
        return ""
    return ("blind nil" if blind else "nil") if bid == 0 else str(bid)


def _shown_bid(bid: int, seen: Mapping[str, Any], seat: int) -> str:
    """A seat's bid once the bids are shown ("sealed" before, or "no bid yet": the core's)."""
    return bid_text(bid, seat in seen["blind"])


def _contract(team: Sequence[int], seen: Mapping[str, Any], names: Sequence[str]) -> str:
    """A partnership's contract, once the bids are shown, and the tricks that count for it;
    at the end of the deal, whether it was made or set."""
    bids, tricks, over = seen["bids"], seen["tricks"], seen["is_over"]
    if None in bids:
        return ""
    contract = sum(bids[s] for s in team)
    nils = [s for s in team if bids[s] == 0]
    said = [str(contract)] if contract else []
    text = "bid " + " + ".join(said + [bid_text(0, s in seen["blind"]) for s in nils])
    if contract:  # a side of two nils has no contract to make
        took = sum(tricks[s] for s in team if bids[s])
        text += f", took {took}" + ((", made" if took >= contract else ", set") * over)
    for s in nils if over else ():
        text += f"; {seat_text(s, names)}'s nil " + ("set" if tricks[s] else "made")
    return text


#: The view's other fields in words, on the browser table.
VIEW_WORDS: Final[dict[str, Words | None]] = {
    **sealed_words("bid", _shown_bid, reads=("blind",)),
    "blind": None,  # read by the bids
    **TRICK_WORDS,
    "broken": Words("Spades", lambda broken, names: "broken" if broken else ""),
    "partnerships": team_words(TEAMS, _contract, reads=("bids", "tricks", "blind", "is_over")),
}
# --8<-- [end:table-words]
