"""The rules model of Crazy Eights (every option, typed, with its default), its presets,
and what cards left in a hand are worth."""

from pydantic import Field

from cardkit.authoring import CardValues, InvalidRules, Preset, Rank, Rules


class CrazyEightsRules(Rules):
    """The options of Crazy Eights. The defaults are the standard game.

    Standard rules: 7 cards each with 2 players, 5 with 3 to 5; a player
    who cannot play draws from the stock until they can; 8s are wild; a
    match is played to 100 points.
    """

    max_actions: int = Field(5_000, ge=1)
    """The action cap (the core's option): the game is over, capped, after this many
    actions. Real play ends within about 200 actions (random play: at most 214 with 5
    players)."""

    eights_wild: bool = True
    """8s may be played on any card, and their player names the suit to follow."""

    draw_until_playable: bool = True
    """A player who cannot play draws until they can (else: draw one card, then play or pass)."""

    cards_each: int | None = Field(default=None, ge=1, le=12)
    """Cards dealt to each player; None deals 7 with 2 players and 5 with more."""

    target_score: int = Field(default=100, ge=1)
    """A match ends when a player's total reaches this many points."""

    class DrawOne(Preset):
        """A player who cannot play draws one card, then plays it or passes."""

        draw_until_playable = False

    class NoWilds(Preset):
        """8s are ordinary cards: every play follows suit or rank."""

        eights_wild = False

    def hand_size(self, players: int) -> int:
        """The number of cards each of ``players`` seats is dealt."""
        return self.cards_each or (7 if players == 2 else 5)

    def check_players(self, players: int) -> None:
        """Refuse a deal that leaves fewer than two cards for the stock and the starter.

        Raises:
            InvalidRules: ``cards_each`` is too large for ``players``.
        """
        if players * self.hand_size(players) > 50:
            raise InvalidRules(
                f"cannot deal {self.hand_size(players)} cards to each of {players} players "
                "and keep a starter card and a stock; lower cards_each"
            )


#: What a card left in a hand is worth: its pips, a picture 10, an ace 1 (an 8: 8).
POINTS = CardValues.pips(ace=1, pictures=10)
#: The same with 8s wild: a wild 8 is worth 50.
WILD_POINTS = POINTS.with_rank(Rank.EIGHT, 50)
