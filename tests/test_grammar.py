"""The action grammar: typed arguments (a seat, a rank, a bounded number) read and listed."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, NamedTuple, Self

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardkit import (
    Action,
    Card,
    CardSet,
    Deck,
    Event,
    Form,
    Game,
    GameResult,
    GenericState,
    Grammar,
    IllegalAction,
    IntArg,
    Rank,
    RankArg,
    Refusal,
    Refused,
    Rules,
    SeatArg,
    Seen,
    Setup,
    Suit,
    View,
    Zone,
)
from cardkit.authoring import Players


@dataclass(frozen=True, slots=True)
class Ask(Action):
    """`ask 2 7`: ask seat 2 for its sevens."""

    target: int
    rank: Rank

    def __str__(self) -> str:
        return f"ask {self.target} {self.rank.code}"


@dataclass(frozen=True, slots=True)
class Give(Action):
    """`give 2 AS now`: a seat, a card and an optional word, in that order."""

    target: int
    card: Card
    now: bool | None

    def __str__(self) -> str:
        return f"give {self.target} {self.card.code}" + (" now" if self.now else "")


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """`flip 3`: a position from 1 to 6."""

    position: int

    def __str__(self) -> str:
        return f"flip {self.position}"


ASK = Form("ask", Ask, args=(SeatArg(), RankArg()), fillers=frozenset({"seat", "for"}))
GIVE = Form("give", Give, 1, words={"now": True}, args=(SeatArg(),))
FLIP = Form("flip", Flip, args=(IntArg(1, 6, name="position"),))
GRAMMAR = Grammar(ASK, GIVE, FLIP)


def parse(text: str) -> Action:
    return GRAMMAR.parse(text, "Test")


@pytest.mark.parametrize(
    "text",
    [
        "ask 1 T",
        "ask 1 10",
        "ASK 1 t",
        "ask 1 tens",
        "ask 1 Ten",
        "ask 1 ts",
        "ask 1 10s",
        "ask seat 1 for tens",
        "ask seat 1 10",
    ],
)
def test_a_rank_reads_as_a_code_a_plural_or_a_word(text: str) -> None:
    assert parse(text) == Ask(1, Rank.TEN)


def test_every_rank_word_reads_as_its_rank() -> None:
    for rank in Rank:
        for word in (rank.code, rank.word, rank.plural, rank.code.lower() + "s"):
            assert parse(f"ask 0 {word}") == Ask(0, rank), word
    assert parse("ask 3 sixes") == Ask(3, Rank.SIX)
    assert parse("ask 3 six") == Ask(3, Rank.SIX)


def test_typed_arguments_come_before_the_cards_and_the_word() -> None:
    assert parse("give 2 as") == Give(2, Card.parse("AS"), None)
    assert parse("give 2 AS now") == Give(2, Card.parse("AS"), True)
    assert parse("flip 6") == Flip(6)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("ask one 7", "<seat> must be a seat number (0, 1, 2, ...), not 'one'"),
        ("ask 100 7", "<seat> must be a seat number (0, 1, 2, ...), not '100'"),
        ("ask 1 Z", "<rank> must be a rank (2-9, T or 10, J, Q, K, A, or a word"),
        ("ask 1 elevens", "not 'elevens'"),
        ("flip 7", "<position> must be a number from 1 to 6, not '7'"),
        ("flip 0", "<position> must be a number from 1 to 6, not '0'"),
        ("flip -1", "not '-1'"),
        ("flip 06", "not '06'"),
        ("flip ٣", "not '٣'"),  # an Arabic-Indic digit is not an ASCII number
        ("give x AS", "<seat> must be"),
    ],
)
def test_a_bad_typed_argument_says_what_was_expected(text: str, says: str) -> None:
    with pytest.raises(IllegalAction) as info:
        parse(text)
    assert info.value.code == Refused.UNPARSABLE
    assert says in str(info.value)
    assert str(info.value).startswith(f"cannot read {text!r}: ")
    form = text.split()[0]
    assert f"write {GRAMMAR._by_verb[form][0].written[0]!r}" in str(info.value)


@pytest.mark.parametrize("text", ["ask", "ask 1", "ask 1 7 7", "flip", "flip 1 2", "give 2"])
def test_text_of_the_wrong_length_lists_every_form(text: str) -> None:
    with pytest.raises(IllegalAction) as info:
        parse(text)
    assert info.value.code == Refused.UNPARSABLE
    assert str(info.value) == (
        f"cannot read {text!r} as a Test action; expected one of "
        "'ask <seat> <rank>', 'give <seat>', 'flip <position>'"
    )


def test_a_bad_card_after_typed_arguments_is_unparsable() -> None:
    with pytest.raises(IllegalAction, match="cannot read 'give 1 ZZ'") as info:
        parse("give 1 ZZ")
    assert info.value.code == Refused.UNPARSABLE


def test_the_usage_is_derived_from_the_arguments_unless_given() -> None:
    assert ASK.written == ("ask <seat> <rank>",)
    assert Form("flip", Flip, args=(IntArg(1, 6),), usage=("flip <n>",)).written == ("flip <n>",)
    assert Form("draw", Flip).written == ("draw",)


def test_candidates_enumerate_the_typed_arguments_in_order() -> None:
    asks = list(ASK.candidates([], players=3))
    assert asks == [Ask(seat, rank) for seat in range(3) for rank in Rank]
    assert list(FLIP.candidates([])) == [Flip(p) for p in range(1, 7)]
    deck = [Card.parse("AS"), Card.parse("KH")]
    gives = list(GIVE.candidates(deck, players=2))
    assert len(gives) == 2 * 2 * 2  # seats x cards x (no word, "now")
    assert gives[:2] == [Give(0, deck[0], None), Give(0, deck[0], True)]


def test_seat_candidates_need_the_number_of_players() -> None:
    with pytest.raises(ValueError, match=r"pass candidates\(deck, players=N\)"):
        list(ASK.candidates([]))


@dataclass(frozen=True)
class _OldFlipForm(Form):
    """A form written before `candidates` took `players`: it takes the deck only."""

    # The old signature on purpose: the test is that such a subclass still works.
    def candidates(self, deck: Sequence[Card]) -> Iterator[Action]:  # type: ignore[override]
        yield Flip(1)  # the override predates `players`, which the grammar then leaves out


def test_the_grammar_lists_every_forms_candidates_old_forms_included() -> None:
    grammar = Grammar(ASK, FLIP, _OldFlipForm("flip", Flip))
    listed = grammar.candidates([], players=2)
    assert listed == [*ASK.candidates([], players=2), *FLIP.candidates([]), Flip(1)]


@given(st.integers(2, 8), st.data())
def test_every_candidate_reads_back_as_itself(players: int, data: st.DataObject) -> None:
    action = data.draw(st.sampled_from(list(ASK.candidates([], players=players))))
    assert parse(str(action)) == action
    assert parse(str(action).upper()) == action


def test_typed_forms_are_cached_like_card_forms() -> None:
    grammar = Grammar(ASK)
    first = grammar.parse("ask 1 7", "Test")
    assert grammar.parse("ask 1 7", "Test") is first


# -- a game on GenericState whose candidates depend on the table ------------------------


class Fields(NamedTuple):
    """Hands, whose turn it is, and how the game ended."""

    hands: tuple[CardSet, ...]
    seat: int
    outcome: str | None = None


class AskRefused(StrEnum):
    """The test game's refusal codes."""

    NOT_ASKABLE = "not_askable"
    NOT_HELD = "not_held"


class AskView(View):
    """The hands a seat may see, and the dealer."""

    hand: list[Card] | None
    hand_counts: list[int]
    dealer: int


class AskState(GenericState[Rules, Fields, AskView]):
    """Ask another seat for a rank you hold; it gives you its cards of that rank."""

    __slots__ = ()
    grammar = Grammar(ASK)
    view_model = AskView
    zone_specs = (Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER),)

    def check_ask(self, action: Ask) -> Refusal | None:
        """Another seat of the table, and a rank the asker holds."""
        if action.target == self.f.seat or not 0 <= action.target < self.players:
            return Refusal(AskRefused.NOT_ASKABLE, f"seat {action.target} cannot be asked")
        if not self.f.hands[self.f.seat].of_rank(action.rank):
            return Refusal(AskRefused.NOT_HELD, f"you hold no {action.rank.plural}")
        return None

    def do_ask(self, action: Ask) -> Self:
        """The target gives its cards of the rank; the turn passes on."""
        hands, seat = list(self.f.hands), self.f.seat
        given = hands[action.target].of_rank(action.rank)
        hands[action.target], hands[seat] = hands[action.target] - given, hands[seat] | given
        events = [Event("ask", seat, data={"target": action.target, "rank": action.rank.code})]
        outcome = "empty_hand" if not all(hands) else None
        nxt = (seat + 1) % self.players
        return self.evolve(action, events, hands=tuple(hands), seat=nxt, outcome=outcome)

    def final_result(self) -> GameResult:
        """Whoever holds the most cards wins."""
        counts = [len(h) for h in self.f.hands]
        best = max(counts)
        order = sorted(range(self.players), key=lambda s: -counts[s])
        winners = [s for s, n in enumerate(counts) if n == best]
        return GameResult(reason="empty_hand", players=self.players, order=order, winners=winners)


class AskGame(Game[Rules, AskState]):
    """A test game of asking for ranks."""

    name: ClassVar[str] = "askranks"
    title: ClassVar[str] = "Ask"
    players: ClassVar[Players] = Players(2, 5, default=4)
    rules_model: ClassVar[type[Rules]] = Rules

    def deal(self, setup: Setup[Rules]) -> AskState:
        """Three cards each; seat 0 asks first."""
        hands, _ = setup.deck.deal_sets(setup.players, 3)
        return AskState.first(self, setup, Fields(tuple(hands), 0))


def test_the_reference_listing_names_only_the_seats_at_the_table() -> None:
    state = AskGame().start(players=3, seed=4)
    held = sorted({c.rank for c in state.f.hands[0]} - {None})
    assert [str(a) for a in state.legal_actions()] == [
        f"ask {seat} {rank.code}" for seat in (1, 2) for rank in held
    ]
    assert len(state.candidate_actions()) == 3 * 13


def test_the_view_is_the_games_view_model() -> None:
    state = AskGame().start(players=2, seed=1)
    view = state.view(0)
    assert type(view) is AskView
    assert view.hand is not None
    assert set(view.hand) == set(state.f.hands[0])
    assert view.hand_counts == [3, 3]


def test_asking_a_seat_not_at_the_table_is_refused_and_changes_nothing() -> None:
    state = AskGame().start(players=2, seed=1)
    rank = next(iter(state.f.hands[0])).rank
    assert rank is not None
    with pytest.raises(IllegalAction) as info:
        state.apply(f"ask 4 {rank.code}")
    assert info.value.code == AskRefused.NOT_ASKABLE
    after = state.apply(f"ask 1 {rank.plural}")
    assert after.f.hands[0].of_rank(rank) == state.f.hands[0].of_rank(rank) | state.f.hands[
        1
    ].of_rank(rank)


@dataclass(frozen=True, slots=True)
class _Named(Action):
    card: Card
    suit: Suit | None = None

    def __str__(self) -> str:
        return f"put {self.card.code}" + ("" if self.suit is None else f" {self.suit.name.lower()}")


_SUITS = {suit.name.lower(): suit for suit in Suit}
_EIGHTS_NAME_A_SUIT = Grammar(
    Form("put", _Named, 1),
    Form("put", _Named, 1, _SUITS, word_required=True, only_cards=lambda c: c.rank == Rank.EIGHT),
)


def test_a_form_that_requires_a_word_reads_only_texts_ending_in_one() -> None:
    named = _EIGHTS_NAME_A_SUIT.forms[1]
    assert _EIGHTS_NAME_A_SUIT.parse("put 8H", "Test") == _Named(Card.parse("8H"))
    assert named.read("put 8H", ["8H"]) is None
    assert _EIGHTS_NAME_A_SUIT.parse("put 8H clubs", "Test") == _Named(Card.parse("8H"), Suit.CLUBS)
    # only_cards narrows the listing, not the reading: the check refuses the rest.
    assert _EIGHTS_NAME_A_SUIT.parse("put 5D clubs", "Test") == _Named(Card.parse("5D"), Suit.CLUBS)
    with pytest.raises(TypeError, match="requires a word but has no words"):
        Form("put", _Named, 1, word_required=True)


def test_only_cards_and_a_required_word_narrow_the_candidates() -> None:
    deck = list(Deck.standard())
    plain, named = _EIGHTS_NAME_A_SUIT.forms
    assert len(list(plain.candidates(deck))) == 52
    listed = list(named.candidates(deck))
    assert len(listed) == 16
    assert {a.card.rank for a in listed} == {Rank.EIGHT}  # type: ignore[attr-defined]
    assert all(a.suit is not None for a in listed)  # type: ignore[attr-defined]
    assert [str(a) for a in listed[:5]] == [
        "put 8C clubs",
        "put 8C diamonds",
        "put 8C hearts",
        "put 8C spades",
        "put 8D clubs",
    ]


def test_forms_sharing_a_verb_are_listed_together_card_by_card() -> None:
    """A card's actions stand together: the wild 8's plays come in the 8's place, between the
    cards around it (listed form by form, they came after every other card)."""
    hand = list(CardSet.parse("5C 8C 9C"))
    listed = [str(a) for a in _EIGHTS_NAME_A_SUIT.candidates(hand)]
    assert listed == [
        "put 5C",
        "put 8C",
        "put 8C clubs",
        "put 8C diamonds",
        "put 8C hearts",
        "put 8C spades",
        "put 9C",
    ]


def test_the_candidates_of_a_card_are_made_once() -> None:
    """Listing the same cards again asks the forms nothing (each card's candidates are kept):
    `only_cards` is asked once per card, not at every listing."""
    asked: list[Card] = []

    def eight(card: Card) -> bool:
        asked.append(card)
        return card.rank == Rank.EIGHT

    grammar = Grammar(Form("put", _Named, 1), Form("put", _Named, 1, _SUITS, only_cards=eight))
    hand = list(CardSet.parse("5C 8C 9C"))
    first = grammar.candidates(hand)
    assert len(asked) == 3
    assert grammar.candidates(hand) == first
    assert len(asked) == 3
