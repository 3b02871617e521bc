"""The rules model of Gin Rummy (its options), its melds and card values."""

from pydantic import Field

from cardkit.authoring import CardSet, CardValues, NOfAKind, Preset, Rules, Run, solver_for


class GinRules(Rules):
    """The options of Gin Rummy. The defaults are the standard game: knock with 10 or less
    deadwood, 25 for gin and for an undercut, no big gin, a match to 100 points."""

    knock_limit: int = Field(10, ge=0, le=10, description="The most deadwood to knock with.")
    gin_bonus: int = Field(25, ge=0, description="The bonus for gin (no deadwood).")
    undercut_bonus: int = Field(25, ge=0, description="The defender's bonus for an undercut.")
    big_gin: bool = Field(False, description="11 cards in melds after a draw go big gin.")
    big_gin_bonus: int = Field(31, ge=0, description="The bonus for big gin.")
    target_score: int = Field(100, ge=1, description="A match ends when a total reaches it.")

    class BigGin(Preset):
        """Big gin: 31 bonus."""

        big_gin = True


#: The melds: sets of three or four of a rank, runs of three or more in a suit (ace low).
KINDS = (NOfAKind(3, 4), Run(3, ace="low"))
#: What deadwood counts: pictures 10, aces 1, other cards their pips.
VALUES = CardValues.pips(ace=1, pictures=10)


def deadwood(cards: CardSet) -> int:
    """The deadwood of some cards: the value of the cards in no meld, melded at best."""
    return solver_for(KINDS, VALUES).deadwood_value(cards)
