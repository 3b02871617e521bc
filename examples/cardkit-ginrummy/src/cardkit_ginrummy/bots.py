"""A simple Gin Rummy bot, better than random: it reads only its view and the legal actions."""

from cardkit.authoring import Action, Card, CardSet, CardVerb, GameBot, Turn
from cardkit_ginrummy.rules import VALUES, deadwood
from cardkit_ginrummy.state import Discard, Done, Draw, GinView, Knock, LayOff, Pass, Take


class HeuristicBot(GameBot):
    """Discards its highest deadwood, takes only what it melds, knocks at once.

    It keeps its deadwood low and knocks as soon as it may:

    - It knocks as soon as it may, with the discard that leaves the least deadwood.
    - Else it discards the card that leaves the least deadwood, the highest of
      those: a high card in no meld, never one of a meld.
    - It takes the upcard or the top discard only when that lowers its
      deadwood (after its best discard); else it passes or draws.
    - Defending, it lays off a card whenever that lowers its deadwood, then says done.
    """

    def choose(self, turn: Turn) -> Action:
        """Pick an action for ``turn.seat``."""
        view = turn.view
        assert isinstance(view, GinView)
        hand, top = CardSet(view.cards_of("hand")), view.cards_of("top")

        def left(action: CardVerb) -> tuple[int, int]:  # deadwood left, then the highest card
            return deadwood(hand.remove(action.card)), -VALUES.of(action.card)

        for kind in (Knock, Discard, LayOff):
            moves = sorted((a for a in turn.legal if isinstance(a, kind)), key=left)
            if moves and (kind is not LayOff or left(moves[0])[0] < deadwood(hand)):
                return moves[0]
        if Take() in turn.legal and top and self.melds(hand, top[0]):
            return Take()
        return next(a for a in (Done(), Draw(), Pass()) if a in turn.legal)

    @staticmethod
    def melds(hand: CardSet, card: Card) -> bool:
        """Whether taking ``card`` (and discarding another) lowers the deadwood of ``hand``."""
        return min(deadwood(hand.add(card).remove(c)) for c in hand) < deadwood(hand)
