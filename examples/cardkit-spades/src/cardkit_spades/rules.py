"""The rules model of Spades: every variant option, typed, with its default."""

from pydantic import Field

from cardkit import Preset, Rules


class SpadesRules(Rules):
    """The options of partnership Spades. The defaults are the standard game.

    Standard rules: nil bids allowed (100 points), no blind nil, a bag
    penalty of 100 points for every 10 bags, a match to 500 points.
    """

    nil: bool = True
    """A player may bid nil (0 tricks): 100 points made, 100 lost if they take a trick."""

    blind_nil: bool = False
    """A player may bid blind nil before looking at their cards: 200 points made or lost."""

    bag_limit: int = Field(default=10, ge=1)
    """Every this many bags (tricks over the bid) a partnership loses `bag_penalty`."""

    bag_penalty: int = Field(default=100, ge=0)
    """The points a partnership loses for every `bag_limit` bags (0: bags cost nothing)."""

    target_score: int = Field(default=500, ge=1)
    """A match ends when a partnership's total reaches this many points."""

    max_actions: int = Field(1_000, ge=1)
    """The action cap (the core's option): the deal is over, capped, after this many
    actions. A deal is at most 60 actions (4 bids, 4 looks, 52 cards): never reached."""

    class BlindNil(Preset):
        """A player may bid blind nil, before looking at their cards (200 points)."""

        blind_nil = True

    class NoNil(Preset):
        """No nil bids: every player bids at least one trick."""

        nil = False

    class NoBags(Preset):
        """Bags (overtricks) score one point each and are never penalised."""

        bag_penalty = 0
