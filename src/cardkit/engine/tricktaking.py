"""Playing a card to a trick, as the core narrates it: the engine part of [cardkit.cards.tricks][].

[`play_to_trick`][cardkit.engine.tricktaking.play_to_trick] plays one card and, when the
trick is complete, finds its winner; its events are worded by the core's phrases
(`"Seat 1 plays 2♠"`, `"Trumps are broken: spades"`, `"Seat 1 takes the trick with 2♠"`).
[`trick_zones`][cardkit.engine.tricktaking.trick_zones] declares where the cards of trick
play lie and who sees them ([`cardkit.engine.trickplay`][cardkit.engine.trickplay] checks
and makes a play on a state holding them). A view model built on
[`TrickView`][cardkit.engine.tricktaking.TrickView] shows the seats that led them and the
tricks each seat took, entries that
[`trick_entries`][cardkit.engine.tricktaking.trick_entries] gives and the trick zones add to
every view; the browser table draws each card of a trick with the seat that played it
(the zones name the entries of their leaders),
[`TRICK_WORDS`][cardkit.engine.tricktaking.TRICK_WORDS] says
the tricks taken ("Taken: 3 tricks") and
[`broken_words`][cardkit.engine.tricktaking.broken_words] whether trumps are broken
("Spades: broken").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from cardkit.cards.card import Card, Suit
from cardkit.cards.orders import RankOrder
from cardkit.cards.tricks import Trick
from cardkit.engine.events import Event
from cardkit.engine.views import View
from cardkit.engine.viewwords import Words, count_text
from cardkit.engine.zones import Seen, TableRole, Zone

if TYPE_CHECKING:
    pass

__all__ = [
    "TRICK_WORDS",
    "TrickStep",
    "TrickView",
    "broken_words",
    "play_to_trick",
    "trick_entries",
    "trick_zones",
]


class TrickStep(NamedTuple):
    """What playing a card to a trick did.

    Attributes:
        trick: the trick to play to next: the same trick with the card, or a new
            one led by the winner once complete.
        won: the seat that took the trick (`None` while it goes on).
        complete: the complete trick, once taken (`None` while it goes on).
        broken: whether trumps are broken now (a trump has been played).
        events: `play`, then `trumps_broken` (the first trump), then `trick` (once taken).

    `tally` gives each seat's taken cards and tricks after it.
    """

    trick: Trick
    won: int | None
    complete: Trick | None
    broken: bool
    events: list[Event]

    def tally(
        self, taken: Sequence[tuple[Card, ...]], tricks: Sequence[int]
    ) -> tuple[tuple[tuple[Card, ...], ...], tuple[int, ...]]:
        """Each seat's taken cards and its number of tricks after this step: once the trick
        is taken, its winner's with the trick's cards and one more trick; else as they were.

        Args:
            taken: each seat's taken cards (a state's field of one card tuple per seat).
            tricks: how many tricks each seat has taken.
        """
        won, complete = self.won, self.complete
        if won is None or complete is None:
            return tuple(taken), tuple(tricks)
        got = complete.cards
        return (
            tuple((*t, *got) if s == won else t for s, t in enumerate(taken)),
            tuple(n + (s == won) for s, n in enumerate(tricks)),
        )


def play_to_trick(
    trick: Trick, card: Card, ranks: RankOrder, trump: Suit | None = None, broken: bool = False
) -> TrickStep:
    """The seat to play plays `card` to `trick` (legality is the caller's, see `legal_plays`).

    Raises:
        ValueError: the trick is complete.
    """
    seat = trick.to_play
    played = trick.add(card)
    events = [Event("play", seat, (card,))]
    if trump is not None and card.suit == trump and not broken:
        broken = True
        events.append(Event("trumps_broken", note=trump.name.lower()))
    if not played.complete:
        return TrickStep(played, None, None, broken, events)
    won = played.winner(ranks, trump)
    events.append(Event("trick", won, note=f"with {played.by_seat()[won].pretty}"))
    return TrickStep(Trick(won, played.players), won, played, broken, events)


@dataclass(frozen=True, slots=True)
class _TrickCards:
    """The cards of the trick in the field `field` (a class, not a closure: zones pickle)."""

    field: str

    def __call__(self, state: Any) -> tuple[Card, ...]:
        cards: tuple[Card, ...] = getattr(state.f, self.field).cards
        return cards


@dataclass(frozen=True, slots=True)
class _LastTrickCards:
    """The cards of the last complete trick in the field `field` (none before the first)."""

    field: str

    def __call__(self, state: Any) -> tuple[Card, ...]:
        done = getattr(state.f, self.field)
        return () if done is None else tuple(done.cards)


@dataclass(frozen=True, slots=True)
class _TakenFaceDown:
    """Each seat's taken cards in the field `field`, but the last trick's while it lies face up."""

    field: str
    last_cards: _LastTrickCards

    def __call__(self, state: Any) -> tuple[tuple[Card, ...], ...]:
        shown = self.last_cards(state)
        return tuple(tuple(c for c in t if c not in shown) for t in getattr(state.f, self.field))


@dataclass(frozen=True, slots=True)
class _TrickEntries:
    """The trick entries of a view (`trick_entries`) from the fields `trick`, `last` and
    `tricks`: the view entries of the current trick's zone."""

    trick: str
    last: str
    tricks: str

    def __call__(self, state: Any, seat: int | None) -> dict[str, Any]:
        f = state.f
        return trick_entries(getattr(f, self.trick), getattr(f, self.last), getattr(f, self.tricks))


def trick_zones(
    trick: str = "trick", last: str = "last", taken: str = "taken", tricks: str = "tricks"
) -> tuple[Zone, ...]:
    """The zones of trick play, from the fields holding them (their names given here).

    - `trick`: the current trick (a `Trick` field), face up: everyone sees it;
    - `last_trick`: the last complete trick (a `Trick | None` field), face up;
    - `taken`: each seat's taken cards (a field of one card tuple per seat),
      face down: nobody sees them, and the view leaves them out. The cards of
      the last trick count in `last_trick` while it lies face up, not here.

    The current trick's zone adds the entries of a
    [`TrickView`][cardkit.engine.tricktaking.TrickView] to every view
    ([`trick_entries`][cardkit.engine.tricktaking.trick_entries] of the fields `trick`,
    `last` and `tricks`, how many tricks each seat took): the game writes none of them.
    The two tricks lie in the middle of the browser table, each card drawn with the seat
    that played it (their zones name the entries of their leaders, `trick_leader` and
    `last_leader`).
    """
    last_cards = _LastTrickCards(last)
    return (
        Zone(
            "trick",
            seen=Seen.EVERYONE,
            cards=_TrickCards(trick),
            entries=_TrickEntries(trick, last, tricks),
            role=TableRole.TRICK,
            leader="trick_leader",
        ),
        Zone(
            "last_trick",
            seen=Seen.EVERYONE,
            cards=last_cards,
            role=TableRole.TRICK,
            leader="last_leader",
        ),
        Zone("taken", per_seat=True, cards=_TakenFaceDown(taken, last_cards), in_view=False),
    )


class TrickView(View):
    """The base of a trick-taking game's view model: besides the zones of
    [`trick_zones`][cardkit.engine.tricktaking.trick_zones] (``trick``, ``last_trick``),
    the entries of [`trick_entries`][cardkit.engine.tricktaking.trick_entries].

    Attributes:
        trick_leader: the seat that led the current trick.
        last_leader: the seat that led the last trick (``None`` before the first trick is done).
        tricks: how many tricks each seat has taken.
    """

    trick_leader: int
    last_leader: int | None
    tricks: list[int]


def trick_entries(trick: Trick, last: Trick | None, tricks: Sequence[int]) -> dict[str, Any]:
    """The entries of a [`TrickView`][cardkit.engine.tricktaking.TrickView]: the seats that
    led the current `trick` and the `last` one (`None` before the first trick is done), and
    the number of `tricks` each seat took. The zones of
    [`trick_zones`][cardkit.engine.tricktaking.trick_zones] add them to every view; a game
    keeping its tricks another way gives them in its `view_extra`."""
    last_leader = None if last is None else last.leader
    return {"trick_leader": trick.leader, "last_leader": last_leader, "tricks": list(tricks)}


TRICK_WORDS: Final[dict[str, Words | None]] = {
    "tricks": Words("Taken", count_text("trick"), per_seat=True)
}
"""The table words of a [`TrickView`][cardkit.engine.tricktaking.TrickView]'s entries (for
a state's `view_words`): each seat's tricks taken, "Taken: 3 tricks" (none: not shown)."""


def broken_words(trump: Suit) -> dict[str, Words | None]:
    """The table words of the field `broken` (whether a trump has been played, as
    [`play_from_hand`][cardkit.engine.trickplay.play_from_hand] keeps it with a trump), for
    a state's `view_words` where its view shows it (`shown = ("broken",)`): "Spades:
    broken" once broken, nothing before.

    ```python
    view_words = {**TRICK_WORDS, **broken_words(Suit.SPADES)}
    ```
    """
    label = trump.word.capitalize()
    return {"broken": Words(label, lambda broken, names: "broken" if broken else "")}
