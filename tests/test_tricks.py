"""Tricks in the cards layer: the winner of a trick and the cards that may be played to it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardkit import Card, CardSet, Suit
from cardkit.cards.orders import ACE_HIGH
from cardkit.cards.tricks import Follow, Trick, legal_plays, winning_index

DECK = [Card(rank, suit) for suit in Suit for rank in ACE_HIGH.ranks]
T = TypeVar("T")


def _strength(card: Card, led: Suit | None, trump: Suit | None) -> tuple[int, int]:
    """A second, independent statement of the rule: trump beats the suit led beats the rest."""
    tier = 2 if card.suit == trump else 1 if card.suit == led else 0
    return tier, ACE_HIGH.card_position(card) if tier else -1


deals = st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True)
trumps = st.one_of(st.none(), st.sampled_from(list(Suit)))


@given(deals, trumps)
def test_the_winner_is_the_strongest_card(cards: list[Card], trump: Suit | None) -> None:
    """The winning card beats or equals every other, and no card outranks it."""
    won = winning_index(cards, ACE_HIGH, trump)
    led = cards[0].suit
    best = max(_strength(c, led, trump) for c in cards)
    assert _strength(cards[won], led, trump) == best
    assert cards[won].suit in (led, trump)


@given(deals, trumps, st.integers(0, 5))
def test_the_winner_seat_counts_from_the_leader(
    cards: list[Card], trump: Suit | None, leader: int
) -> None:
    """`Trick.winner` is the seat that played the winning card."""
    players = 6
    trick = Trick(leader, players, tuple(cards))
    seat = trick.winner(ACE_HIGH, trump)
    assert trick.by_seat()[seat] == cards[winning_index(cards, ACE_HIGH, trump)]


hands = st.lists(st.sampled_from(DECK), min_size=1, max_size=13, unique=True)


@given(st.data(), trumps, st.sampled_from(list(Follow)))
def test_legal_plays_follow_the_rule(
    data: st.DataObject, trump: Suit | None, follow: Follow
) -> None:
    """Follow suit when able; when void, trump when the rule says; overtrump when able."""
    played = data.draw(st.lists(st.sampled_from(DECK), min_size=0, max_size=3, unique=True))
    rest = [c for c in DECK if c not in played]
    hand = data.draw(st.lists(st.sampled_from(rest), min_size=1, max_size=13, unique=True))
    trick = Trick(0, 4, tuple(played))
    legal = legal_plays(hand, trick, follow=follow, trump=trump, ranks=ACE_HIGH)
    assert legal
    assert set(legal) <= set(hand)
    if not played or follow is Follow.ANY:
        assert legal == hand
        return
    led = played[0].suit
    follows = [c for c in hand if c.suit == led]
    if follows:
        assert legal == follows
        return
    held_trumps = [c for c in hand if c.suit == trump]
    if follow is Follow.SUIT or not held_trumps:
        assert legal == hand
        return
    assert all(c.suit == trump for c in legal)
    if follow is Follow.OVERTRUMP:
        top = max((ACE_HIGH.card_position(c) for c in played if c.suit == trump), default=-1)
        over = [c for c in held_trumps if ACE_HIGH.card_position(c) > top]
        assert legal == (over or held_trumps)
    else:
        assert legal == held_trumps


@given(st.data(), trumps, st.sampled_from(list(Follow)), st.booleans())
def test_a_card_set_hand_gives_what_its_cards_give(
    data: st.DataObject, trump: Suit | None, follow: Follow, lead_trump: bool
) -> None:
    """A `CardSet` hand is read by suit lanes: the same cards as the same hand given as a list
    in the set's order, jokers held or led included."""
    pool = [*DECK, Card.joker(red=False), Card.joker(red=True)]
    played = data.draw(st.lists(st.sampled_from(pool), min_size=0, max_size=3, unique=True))
    rest = [c for c in pool if c not in played]
    hand = CardSet(data.draw(st.lists(st.sampled_from(rest), min_size=1, max_size=13)))
    trick = Trick(0, 4, tuple(played))

    def plays(cards: Iterable[Card]) -> list[Card]:
        return legal_plays(
            cards, trick, follow=follow, trump=trump, ranks=ACE_HIGH, lead_trump=lead_trump
        )

    assert plays(hand) == plays(list(hand))


def test_a_led_joker_is_followed_by_a_joker_held() -> None:
    """A joker has no suit: the "suit" it leads is the jokers', as a set or as a list."""
    trick = Trick(0, 4, (Card.joker(red=False),))
    hand = CardSet.parse("3S RJ 4H")
    for given_as in (hand, list(hand)):
        assert legal_plays(given_as, trick, trump=Suit.SPADES) == [Card.joker(red=True)]


@given(hands)
def test_no_trump_lead_before_broken_unless_only_trumps(hand: list[Card]) -> None:
    """`lead_trump=False` keeps spades out of the lead while the hand holds anything else."""
    legal = legal_plays(hand, Trick(2, 4), trump=Suit.SPADES, lead_trump=False)
    others = [c for c in hand if c.suit != Suit.SPADES]
    assert legal == (others or hand)


def test_bad_tricks_are_refused() -> None:
    """A leader off the table, too many cards, an empty winner, a full trick: clear errors."""
    with pytest.raises(ValueError, match="not a seat"):
        Trick(4, 4)
    with pytest.raises(ValueError, match="cards in a trick"):
        Trick(0, 2, tuple(DECK[:3]))
    with pytest.raises(ValueError, match="no winner"):
        Trick(0, 4).winner(ACE_HIGH)
    full = Trick(0, 2, tuple(DECK[:2]))
    with pytest.raises(ValueError, match="complete"):
        full.add(DECK[3])
    with pytest.raises(ValueError, match="complete"):
        legal_plays(DECK[4:6], full)
    assert full.to_play is None
    assert Trick(3, 4, (DECK[0],)).to_play == 0


def test_overtrump_must_beat_the_highest_trump_when_it_can() -> None:
    """Void in hearts with 3♠ and Q♠ over a 5♠: only Q♠; with 3♠ alone, 3♠ (still a trump)."""
    trick = Trick(0, 4, (Card.parse("AH"), Card.parse("5S")))
    hand = [Card.parse(c) for c in ("3S", "QS", "2D")]
    rule = {"follow": Follow.OVERTRUMP, "trump": Suit.SPADES, "ranks": ACE_HIGH}
    assert legal_plays(hand, trick, **rule) == [Card.parse("QS")]  # type: ignore[arg-type]
    assert legal_plays(hand[::2], trick, **rule) == [Card.parse("3S")]  # type: ignore[arg-type]
    assert legal_plays(hand, trick, follow=Follow.TRUMP, trump=Suit.SPADES) == hand[:2]
    with pytest.raises(ValueError, match="ranks"):
        legal_plays(hand, trick, follow=Follow.OVERTRUMP, trump=Suit.SPADES)


def test_the_core_draws_trick_zones_with_their_leaders() -> None:
    """The zones of `trick_zones` lie in the middle of the table, the current trick then the
    last, each drawn with the view entry of its leader that `trick_entries` gives, with no
    table hint (issue 37: the table plumbing of trick play is the core's)."""
    from cardkit.authoring import trick_entries, trick_zones
    from cardkit.engine.tablelayout import table_layout

    layout = table_layout(trick_zones())
    spots = [(s.zone, s.label, s.cards, s.leader) for s in layout.centre]
    assert spots == [
        ("trick", "Trick", "trick", "trick_leader"),
        ("last_trick", "Last trick", "last_trick", "last_leader"),
    ]
    assert {"trick_leader", "last_leader"} <= set(layout.keys)
    entries = trick_entries(Trick(2, 4), None, (0, 1, 0, 0))
    assert entries == {"trick_leader": 2, "last_leader": None, "tricks": [0, 1, 0, 0]}
    assert trick_entries(Trick(0, 4), Trick(3, 4), (0,) * 4)["last_leader"] == 3


def test_the_core_words_the_tricks_taken_and_a_sealed_choice() -> None:
    """`TRICK_WORDS` says each seat's tricks taken; `sealed_words` a sealed choice's entries
    (`Sealed.entries`): shown, "sealed" once made, else "no bid yet" (issue 37)."""
    from cardkit.authoring import TRICK_WORDS, Sealed, sealed_words
    from cardkit.engine.viewwords import view_facts

    bids: Sealed[int] = Sealed.open(3)
    bids = bids.choose(1, 4)[0]
    words = {**TRICK_WORDS, **sealed_words("bid", lambda bid, seen, seat: f"{bid} tricks")}
    names = ("Ana", "Bo", "Cy")
    view = {"players": 3, "tricks": [0, 1, 2], **bids.entries(0, "bid")}
    said = {(f.label, f.seat): f.text for f in view_facts(view, words, names)}
    assert said == {
        ("Taken", 1): "1 trick",
        ("Taken", 2): "2 tricks",
        ("Bid", 0): "no bid yet",
        ("Bid", 1): "sealed",
        ("Bid", 2): "no bid yet",
    }
    bids = bids.choose(0, 0)[0].choose(2, 3)[0]
    said = {f.seat: f.text for f in view_facts(bids.entries(None, "bid"), words, names)}
    assert said == {0: "0 tricks", 1: "4 tricks", 2: "3 tricks"}
    assert set(sealed_words("bid")) == {"bids", "bid_made"}


def test_a_trick_step_tallies_the_winner_s_cards_and_trick() -> None:
    """`TrickStep.tally` gives the winner the trick's cards and one more trick, once taken."""
    from cardkit.authoring import play_to_trick

    taken = ((), (Card.parse("2C"),), (), ())
    tricks = (0, 1, 0, 0)
    trick = Trick(1, 4)
    for code in ("3H", "AH", "4S", "KH"):  # seat 1 leads; seat 3 trumps with a spade
        step = play_to_trick(trick, Card.parse(code), ACE_HIGH, Suit.SPADES, broken=True)
        if step.won is None:
            assert step.tally(taken, tricks) == (taken, tricks)
        trick = step.trick
    assert step.won == 3
    got = step.tally(list(taken), list(tricks))
    cards = tuple(Card.parse(c) for c in ("3H", "AH", "4S", "KH"))
    assert got == (((), (Card.parse("2C"),), (), cards), (0, 1, 0, 1))


class _TrickState:
    """The little of a generic state that `trick_refusal` and `play_from_hand` read."""

    def __init__(self, hands: tuple[CardSet, ...], trick: Trick, broken: bool = False) -> None:
        from typing import NamedTuple

        class Fields(NamedTuple):
            hands: tuple[CardSet, ...]
            trick: Trick
            broken: bool
            taken: tuple[tuple[Card, ...], ...] = ((),) * 4
            tricks: tuple[int, ...] = (0,) * 4

        self.f = Fields(hands, trick, broken)
        self.to_act = trick.to_play

    def with_seat(self, values: tuple[T, ...], value: T) -> tuple[T, ...]:
        seat = self.to_act
        assert seat is not None
        return (*values[:seat], value, *values[seat + 1 :])


follows = st.sampled_from(list(Follow))


@given(hands, deals, trumps, follows, st.booleans())
def test_a_trick_refusal_refuses_exactly_what_legal_plays_leaves_out(
    hand: list[Card], played: list[Card], trump: Suit | None, follow: Follow, broken: bool
) -> None:
    """`trick_refusal` (issue 37: a trick game's play check is the core's) accepts exactly
    the cards of `legal_plays` under the same rule, refuses a card not in hand, and says
    why in the refusal its code names."""
    from cardkit.authoring import trick_refusal

    played = [c for c in played if c not in hand][:3]
    seats = (CardSet(hand), CardSet(), CardSet(), CardSet())
    trick = Trick((4 - len(played)) % 4, 4, tuple(played))  # seat 0 to play
    state = _TrickState(seats, trick, broken)
    legal = legal_plays(
        CardSet(hand), trick, trump=trump, follow=follow, ranks=ACE_HIGH, lead_trump=broken
    )
    for card in DECK:
        refusal = trick_refusal(
            state, card, trump=trump, follow=follow, ranks=ACE_HIGH, lead_trump=broken
        )
        if card not in hand:
            assert refusal is not None
            assert refusal.code == "not_in_hand"
        elif card in legal:
            assert refusal is None
        else:
            assert refusal is not None
            if not played:
                assert trump is not None
                assert refusal.code == f"{trump.word}_not_broken"
            elif any(c.suit == trick.led for c in hand):
                assert refusal.code == "must_follow"
                assert played[0].code in refusal.message
            else:
                assert refusal.code in ("must_trump", "must_overtrump")


def test_a_card_played_from_hand_goes_to_the_trick_and_its_winner() -> None:
    """`play_from_hand` takes the card from the hand of the seat to act, plays it to the
    trick and, once complete, gives the trick to its winner, who leads next (issue 37)."""
    from cardkit.authoring import play_from_hand

    hands = tuple(CardSet.parse(h) for h in ("3H 2D", "AH 5D", "4S 6D", "KH 7D"))
    state = _TrickState(hands, Trick(1, 4, (Card.parse("AH"),)))
    state.f = state.f._replace(hands=(hands[0], CardSet.parse("5D"), *hands[2:]))
    events, changes = play_from_hand(state, Card.parse("4S"), ACE_HIGH, Suit.SPADES)
    assert [e.kind for e in events] == ["play", "trumps_broken"]
    assert changes == {
        "hands": (hands[0], CardSet.parse("5D"), CardSet.parse("6D"), hands[3]),
        "trick": Trick(1, 4, (Card.parse("AH"), Card.parse("4S"))),
        "seat": 3,
        "broken": True,
    }
    for code in ("KH", "3H"):  # seats 3 and 0 follow
        state.f = state.f._replace(**{k: v for k, v in changes.items() if k != "seat"})
        state.to_act = changes["seat"]
        events, changes = play_from_hand(state, Card.parse(code), ACE_HIGH, Suit.SPADES)
    assert [e.kind for e in events] == ["play", "trick"]
    assert changes["seat"] == 2
    assert changes["trick"] == Trick(2, 4)
    assert changes["last"].cards == tuple(Card.parse(c) for c in ("AH", "4S", "KH", "3H"))
    assert changes["tricks"] == (0, 0, 1, 0)
    assert changes["taken"][2] == changes["last"].cards
    events, changes = play_from_hand(state, Card.parse("3H"), ACE_HIGH)  # no trump: no flag
    assert "broken" not in changes
    assert changes["seat"] == 1
    assert changes["tricks"][1] == 1
