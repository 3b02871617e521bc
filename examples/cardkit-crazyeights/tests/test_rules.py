"""Crazy Eights rules, scenario by scenario, from explicit deck orders: the deal and the turn.

Going out and scoring are in `test_scoring.py`; views, the plugin and the bot in
`test_views_and_plugin.py`; the shared deals in `conftest.py`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from cardkit_crazyeights.game import CrazyEights
from cardkit_crazyeights.rules import WILD_POINTS
from cardkit_crazyeights.state import CrazyEightsState, Play

import cardkit
from cardkit import Card, CardSet, Deck, IllegalAction, InvalidRules, Suit
from cardkit.authoring import playable_mask

GAME = CrazyEights()
#: The fixtures of ``conftest.py``: deals from explicit deck orders, and refusals.
DeckFor = Callable[..., Deck]
Start = Callable[..., CrazyEightsState]
Rigged = Callable[..., CrazyEightsState]
Refused = Callable[[CrazyEightsState, str], IllegalAction]


# -- the deal -----------------------------------------------------------------------------


def can_play(state: CrazyEightsState, card: Card) -> bool:
    """Whether `card` matches the suit to follow or the top card's rank, or is a wild 8."""
    return bool(playable_mask(card.bit, state.f.discard[-1], state.f.suit, state.wild))


@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 5), (4, 5), (5, 5)])
def test_seven_cards_with_two_players_five_with_more(players: int, size: int) -> None:
    """Standard deal sizes; the rest is the stock, less the starter."""
    state = GAME.start(players=players, seed=3)
    assert [len(h) for h in state.f.hands] == [size] * players
    assert len(state.f.stock) == 52 - players * size - 1
    assert len(state.f.discard) == 1


def test_cards_each_option_and_its_limit() -> None:
    """cards_each overrides the deal size, and is refused when the deck cannot hold it."""
    state = GAME.start(players=3, rules=GAME.rules(cards_each=8), seed=1)
    assert [len(h) for h in state.f.hands] == [8, 8, 8]
    with pytest.raises(InvalidRules, match="lower cards_each"):
        GAME.start(players=5, rules=GAME.rules(cards_each=11), seed=1)
    with pytest.raises(InvalidRules, match="cards_each"):
        GAME.rules(cards_each=0)


def test_dealing_starts_left_of_the_dealer_who_also_plays_first(deck_for: DeckFor) -> None:
    """One card at a time from the seat left of the dealer; that seat plays first."""
    deck = deck_for(["2C 3C 4C 5C 6C 7C 9C", "2D 3D 4D 5D 6D 7D 9D"], "KC")
    state = GAME.start(players=2, deck=deck)
    assert state.setup.dealer == 1
    assert state.to_act == 0
    assert state.f.hands[0] == CardSet.parse("2C 3C 4C 5C 6C 7C 9C")
    later = GAME.start(players=2, deck=deck, dealer=0)
    assert later.to_act == 1
    assert later.f.hands[1] == CardSet.parse("2C 3C 4C 5C 6C 7C 9C")


def test_the_starter_is_turned_up(start: Start) -> None:
    """The card after the hands starts the discard pile and sets the suit to follow."""
    state = start(["2C 3C", "2D 3D"], "KH", "5S 6S")
    assert state.f.discard == (Card.parse("KH"),)
    assert state.f.suit == Suit.HEARTS
    assert state.f.stock[:2] == tuple(cardkit.parse_cards("5S 6S"))
    assert [e.kind for e in state.events] == ["deal", "starter"]


def test_an_eight_starter_is_buried_in_the_middle_of_the_stock(start: Start) -> None:
    """An 8 turned up goes to the middle of the stock and the next card is turned (again if 8)."""
    state = start(["2C 3C", "2D 3D"], "8H", "8S KD 5S")
    assert state.f.discard[-1] == Card.parse("KD")
    middle = len(state.f.stock) // 2
    assert Card.parse("8H") in state.f.stock[middle - 2 : middle + 2]
    assert Card.parse("8S") in state.f.stock[middle - 2 : middle + 2]
    assert [e.kind for e in state.events] == ["deal", "bury", "bury", "starter"]
    assert len(state.f.stock) == 52 - 4 - 1


def test_an_eight_starter_stays_when_eights_are_not_wild(start: Start) -> None:
    """Without wild 8s, an 8 is an ordinary starter."""
    state = start(["2C 3C", "2D 3D"], "8H", "8S KD", eights_wild=False)
    assert state.f.discard[-1] == Card.parse("8H")


# -- playing ------------------------------------------------------------------------------


def test_play_a_card_of_the_same_suit_or_rank(start: Start) -> None:
    """Suit or rank must match the top card; the turn passes left."""
    state = start(["5H KC 2S", "9D 9C 4D"], "9H")
    assert sorted(str(a) for a in state.legal_actions()) == ["play 5H"]
    state = state.apply("play 5H")
    assert state.to_act == 1
    assert state.f.discard[-1] == Card.parse("5H")
    assert [str(a) for a in state.legal_actions()] == ["draw"]


def test_rank_matches_across_suits(start: Start) -> None:
    """A card of the top card's rank may be played whatever its suit."""
    state = start(["9D KC 2S", "4D 6D 7D"], "9H")
    assert [str(a) for a in state.legal_actions()] == ["play 9D"]
    state = state.apply("play 9D")
    assert state.f.suit == Suit.DIAMONDS
    assert sorted(str(a) for a in state.legal_actions()) == ["play 4D", "play 6D", "play 7D"]


def test_a_card_that_matches_nothing_is_refused(start: Start, refused: Refused) -> None:
    """The error names the suit to follow and the top card."""
    state = start(["5C KC 9H", "9D 9C 4D"], "9S")
    error = refused(state, "play 5C")
    assert error.code == "does_not_match"
    assert "spades" in str(error)
    assert "9S" in str(error)
    assert refused(state, "play 9D").code == "not_in_hand"


def test_an_eight_is_wild_and_names_the_suit(start: Start, refused: Refused) -> None:
    """An 8 plays on anything; the next player follows the named suit, or plays an 8."""
    state = start(["8H KC 2S", "9C 5H 8D"], "4S")
    assert {str(a) for a in state.legal_actions()} == {
        "play 2S",
        "play 8H clubs",
        "play 8H diamonds",
        "play 8H hearts",
        "play 8H spades",
    }
    state = state.apply("play 8H clubs")
    assert state.f.suit == Suit.CLUBS
    assert state.last_events[0].note == "names clubs"
    assert state.view(1).suit == "clubs"
    assert refused(state, "play 5H").code == "does_not_match"
    assert {str(a) for a in state.legal_actions()} == {"play 9C"} | {
        f"play 8D {s}" for s in ("clubs", "diamonds", "hearts", "spades")
    }


def test_an_eight_must_name_a_suit_and_nothing_else_may(start: Start, refused: Refused) -> None:
    """'play 8H' alone is refused; so is a suit after an ordinary card."""
    state = start(["8H KC 2S", "9C 5H 8D"], "4S")
    assert refused(state, "play 8H").code == "name_a_suit"
    assert refused(state, "play 2S clubs").code == "no_suit_to_name"


@pytest.mark.parametrize(
    "text",
    ["play 8H clubs", "PLAY 8h Clubs", "play 8♥ ♣", "play 8h c", "play 8H club", "play,8H,clubs"],
)
def test_suit_names_as_people_type_them(start: Start, text: str) -> None:
    """Suit words, letters and symbols in any case; the canonical text is 'play 8H clubs'."""
    state = start(["8H KC 2S", "9C 5H 8D"], "4S")
    action = state.parse_action(text)
    assert action == Play(Card.parse("8H"), Suit.CLUBS)
    assert str(action) == "play 8H clubs"


@pytest.mark.parametrize(
    "text", ["", "play", "play 8H clubs spades", "play 8H 9H", "play 8H blue", "draw 2", "pass now"]
)
def test_unreadable_actions_say_what_is_expected(start: Start, refused: Refused, text: str) -> None:
    """Unreadable text is refused as 'unparsable' and lists the forms and the legal moves."""
    state = start(["8H KC 2S", "9C 5H 8D"], "4S")
    error = refused(state, text)
    assert error.code == "unparsable"
    if text.strip():
        assert "play <card>" in str(error) or "cannot read" in str(error)


def test_without_wild_eights_an_eight_follows_suit_and_names_nothing(
    start: Start, refused: Refused
) -> None:
    """With eights_wild=False an 8 must match, and 'play 8H clubs' is refused."""
    state = start(["8H 8C 2S", "9C 5H 8D"], "4H", eights_wild=False)
    assert sorted(str(a) for a in state.legal_actions()) == ["play 8H"]
    assert refused(state, "play 8H clubs").code == "no_suit_to_name"
    assert refused(state, "play 8C").code == "does_not_match"


# -- drawing and passing ------------------------------------------------------------------


def test_draw_until_a_card_can_be_played(start: Start) -> None:
    """A player who cannot play draws until a playable card; the event says how many, not which."""
    state = start(["2C 3C", "5D 6D"], "KH", "4S 5S QH 7C")
    assert [str(a) for a in state.legal_actions()] == ["draw"]
    state = state.apply("draw")
    assert state.f.hands[0] == CardSet.parse("2C 3C 4S 5S QH")
    assert state.to_act == 0
    assert [str(a) for a in state.legal_actions()] == ["play QH"]
    (event,) = state.last_events
    assert (event.kind, event.seat, event.count, event.cards) == ("draw", 0, 3, ())
    assert state.view(1).hand_counts == [5, 2]


def test_drawing_is_refused_when_a_card_can_be_played_and_passing_when_one_can_draw(
    start: Start, refused: Refused
) -> None:
    """With draw-until-playable, play if you can; draw if you cannot; pass only when neither."""
    state = start(["2H 3C", "5D 6D"], "KH")
    assert refused(state, "draw").code == "must_play"
    assert refused(state, "pass").code == "cannot_pass"
    stuck = start(["2C 3C", "5D 6D"], "KH")
    assert refused(stuck, "pass").code == "cannot_pass"
    assert "draw first" in str(refused(stuck, "pass"))


def test_draw_one_variant(start: Start, refused: Refused) -> None:
    """draw_until_playable=False: draw one card, then play or pass; never draw twice."""
    state = start(["2H 3C", "5D 6D"], "KH", "4S 5H", draw_until_playable=False)
    assert sorted(str(a) for a in state.legal_actions()) == ["draw", "play 2H"]
    assert refused(state, "pass").code == "cannot_pass"
    state = state.apply("draw")
    assert state.f.hands[0] == CardSet.parse("2H 3C 4S")
    assert sorted(str(a) for a in state.legal_actions()) == ["pass", "play 2H"]
    assert refused(state, "draw").code == "already_drew"
    assert state.view(0).drew
    state = state.apply("pass")
    assert state.to_act == 1
    assert not state.f.drew
    assert GAME.rules(variant="draw-one").draw_until_playable is False


def test_the_discard_pile_is_reshuffled_when_the_stock_runs_out(
    start: Start, rigged: Rigged
) -> None:
    """All but the top card become the new stock, and drawing goes on from it."""
    state = start(["2C 3C", "5D 6D"], "KH", "9S TS JS")
    # Put the table in the position where the stock is empty: every stock card was played.
    state = rigged(state, stock=(), discard=(*state.f.stock, state.f.discard[-1]))
    assert [str(a) for a in state.legal_actions()] == ["draw"]
    after = state.apply("draw")
    reshuffle, draw = after.last_events
    assert (reshuffle.kind, reshuffle.count, reshuffle.cards) == ("reshuffle", 47, ())
    assert (draw.kind, draw.seat) == ("draw", 0)
    assert after.f.discard == (Card.parse("KH"),)
    assert after.f.reshuffles == 1
    drawn = after.f.hands[0] - state.f.hands[0]
    assert len(drawn) == draw.count
    assert len(drawn) + len(after.f.stock) == 47
    # The last card drawn is the first playable one: a heart, a king or an 8.
    playable = [c for c in drawn if can_play(after, c)]
    assert len(playable) == 1
    assert after.view(1).stock_count == len(after.f.stock)
    # The same position gives the same new stock: the order comes from the deal's deck order.
    assert state.apply("draw").f.stock == after.f.stock


def test_drawing_the_last_cards_without_finding_a_play_leaves_a_pass(
    start: Start, rigged: Rigged
) -> None:
    """When the stock and the discard pile run out without a playable card, the player passes."""
    state = start(["2C 3C", "5D 6D"], "KH", "9S TS JS")
    no_play = [c for c in state.f.stock if not can_play(state, c)][:3]
    others = CardSet(state.f.stock) - CardSet(no_play) | state.f.hands[1]
    state = rigged(
        state, stock=(), discard=(*no_play, state.f.discard[-1]), hands=(state.f.hands[0], others)
    )
    state = state.apply("draw")
    assert [e.kind for e in state.last_events] == ["reshuffle", "draw"]
    assert state.last_events[1].count == 3
    assert state.f.stock == ()
    assert [str(a) for a in state.legal_actions()] == ["pass"]
    state = state.apply("pass")
    assert (state.to_act, state.f.passes) == (1, 1)


def test_the_reshuffle_is_the_same_for_the_same_deck_and_differs_with_another() -> None:
    """The new stock order comes from the deck order and the reshuffle count, not the global RNG."""

    def _reshuffled(deck: Deck, cards: tuple[Card, ...], salt: int) -> tuple[Card, ...]:
        return GAME.start(players=2, deck=deck).hidden_shuffle(cards, salt)

    cards = tuple(cardkit.parse_cards("2C 3C 4C 5C 6C 7C 9C TC JC QC"))
    deck = Deck.standard().shuffled(random.Random(1))
    assert _reshuffled(deck, cards, 0) == _reshuffled(deck, cards, 0)
    assert _reshuffled(deck, cards, 0) != _reshuffled(deck, cards, 1)
    assert _reshuffled(deck, cards, 0) != _reshuffled(Deck.standard(), cards, 0)
    assert sorted(_reshuffled(deck, cards, 0), key=lambda c: c.index) == list(cards)


def test_a_round_of_passes_with_nothing_to_draw_blocks_the_game(
    start: Start, rigged: Rigged, refused: Refused
) -> None:
    """Stock empty and only the top card in the discard pile: a round of passes ends the game.

    With draw-until-playable a block cannot happen with a full deck (someone
    always holds a card of the suit to follow), so this is the draw-one
    variant, where a player may pass when there is nothing to draw. The
    lowest hand wins and scores the difference to each other hand.
    """
    state = start(["2C KC", "5D 6D"], "AH", draw_until_playable=False)
    rest = CardSet(state.f.stock) | state.f.hands[1]
    state = rigged(state, stock=(), hands=(state.f.hands[0], rest))
    assert [str(a) for a in state.legal_actions()] == ["pass"]
    assert refused(state, "draw").code == "cannot_draw"
    state = state.apply("pass")
    assert (state.to_act, state.f.passes, state.is_over) == (1, 1, False)
    assert "pass" in [str(a) for a in state.legal_actions()]
    state = state.apply("pass")
    assert state.is_over
    result = state.result()
    assert result.reason == "blocked"
    assert result.winners == [0]
    assert result.points == [WILD_POINTS.total(rest) - (2 + 10), 0]
    assert [e.kind for e in state.last_events] == ["pass", "blocked"]


def test_a_play_resets_the_round_of_passes(start: Start, rigged: Rigged) -> None:
    """Passes count only while nobody plays."""
    state = start(["2C KC", "5D 6D"], "AH", draw_until_playable=False)
    rest = CardSet(state.f.stock) | state.f.hands[1]
    state = rigged(state, stock=(), hands=(state.f.hands[0], rest))
    state = state.apply("pass").apply("play 2H")
    assert state.f.passes == 0
    assert not state.is_over
