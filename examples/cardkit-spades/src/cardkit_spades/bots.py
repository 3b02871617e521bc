"""A simple Spades bot, better than random: it reads only its view and the legal actions."""

from cardkit.authoring import ACE_HIGH, Action, Card, GameBot, Rank, Suit, Trick, Turn
from cardkit_spades.state import Bid, Look, Play, SpadesView


def estimate_tricks(hand: list[Card]) -> int:
    """A quick count of sure tricks: aces, kings with company, and spades beyond three."""
    spades = sum(c.suit == Suit.SPADES for c in hand)
    high = sum(c.rank == Rank.ACE for c in hand)
    for suit in Suit:
        held = [c.rank for c in hand if c.suit == suit]
        high += Rank.KING in held and len(held) >= 2
    return high + max(0, spades - 3)


class HeuristicBot(GameBot):
    """Bids its sure tricks, lets a winning partner win, else wins as cheaply as it can.

    - Bidding: it never bids blind (it looks), bids nil with no sure trick and
      no spade above the 9, else its estimate (at least 1).
    - Playing: when its partner is winning the trick, or it cannot win, it
      plays its lowest card; otherwise the lowest card that wins the trick now.
    """

    name = "heuristic"
    description = "Bids its sure tricks, lets its partner win, wins cheaply."

    def choose(self, turn: Turn) -> Action:
        """Pick a bid, a look or a card for ``turn.seat``."""
        view = turn.view
        assert isinstance(view, SpadesView)
        legal = list(turn.legal)
        if Look() in legal:
            return Look()
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids:
            hand = view.cards_of("hand")
            want = estimate_tricks(hand)
            nil_ok = not any(c.suit == Suit.SPADES and ACE_HIGH.card_position(c) > 7 for c in hand)
            best = 0 if want == 0 and nil_ok else max(1, want)
            return min(bids, key=lambda b: abs(b.number - best))
        plays = sorted((a for a in legal if isinstance(a, Play)), key=lambda p: _strength(p.card))
        trick = Trick(view.trick_leader, 4, tuple(view.cards_of("trick")))
        if not trick.cards:
            return plays[-1] if _strength(plays[-1].card) % 100 == 12 else plays[0]
        if trick.winner(ACE_HIGH, Suit.SPADES) == (turn.seat + 2) % 4:
            return plays[0]
        for play in plays:
            if trick.add(play.card).winner(ACE_HIGH, Suit.SPADES) == turn.seat:
                return play
        return plays[0]


def _strength(card: Card) -> int:
    """Spades above the other suits, then by rank (0 for a two, 12 for an ace)."""
    return 100 * (card.suit == Suit.SPADES) + ACE_HIGH.card_position(card)
