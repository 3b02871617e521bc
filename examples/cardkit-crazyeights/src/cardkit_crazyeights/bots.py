"""A simple Crazy Eights bot that plays better than random.

It reads only its own view (its hand, the top card, the suit to follow) and
the legal actions, like every cardkit bot.
"""

from collections import Counter

from cardkit.authoring import Action, GameBot, Rank, Turn
from cardkit_crazyeights.rules import WILD_POINTS
from cardkit_crazyeights.state import Draw, Pass, Play


class HeuristicBot(GameBot):
    """Plays its most expensive matching card, keeps 8s for last, names its long suit.

    - If it can play a card other than an 8, it plays the one worth the most
      points, preferring cards of the suit it holds most of (so that it can
      follow again next turn).
    - It plays an 8 only when nothing else is playable, and names the suit
      it holds most of; but once fewer cards are left to draw than there are
      seats, it names one of its suits at random (weighted by how many it
      holds, drawn from `turn.rng`): with the stock dry, bots that always
      named their longest suit could pass the same few 8s round forever, each
      naming a suit the next seat lacks.
    - Otherwise it draws, and passes only when it has to.
    """

    def choose(self, turn: Turn) -> Action:
        """Pick a play, a draw or a pass for ``turn.seat``."""
        view = turn.view
        held = Counter(card.suit for card in view.cards_of("hand") if card.rank != Rank.EIGHT)
        plays = [action for action in turn.legal if isinstance(action, Play)]
        ordinary = [p for p in plays if p.word is None and p.card.rank != Rank.EIGHT]
        if ordinary:
            return max(
                ordinary, key=lambda p: (held[p.card.suit], WILD_POINTS.of(p.card), p.card.index)
            )
        if plays:
            # Only wild 8s are playable: play the cheapest-indexed one, naming the longest suit.
            best = max(plays, key=lambda p: (held[p.word], -p.card.index))
            dry = view.number_of("stock_count") + view.number_of("discard_count") - 1 < view.players
            named = [p for p in plays if p.card == best.card and held[p.word] > 0]
            if dry and named:
                return turn.rng.choices(named, [held[p.word] for p in named])[0]
            return best
        return Draw() if Draw() in turn.legal else Pass()
