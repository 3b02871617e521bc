"""The parts of a narrated line: templates, pieces, and the default wording of unworded kinds.

[cardkit.words.wording][] re-exports the public names; see it for how to word a game.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

from cardkit.cards.card import Card, Rank, Suit
from cardkit.errors import PluginError
from cardkit.words._english import base_form, is_verb, ordinal, second_person, third_person

__all__ = [
    "TABLE_PHRASES",
    "VERBS",
    "EventLike",
    "Piece",
    "Role",
    "Speaker",
    "check_template",
    "default_pieces",
    "render",
]


class EventLike(Protocol):
    """What the narrator reads of an event (a [`cardkit.Event`][cardkit.engine.events.Event])."""

    @property
    def kind(self) -> str:
        """The event kind."""

    @property
    def seat(self) -> int | None:
        """The seat it is about, or `None` for a table event."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards it shows."""

    @property
    def count(self) -> int | None:
        """A number of cards that moved unseen."""

    @property
    def note(self) -> str:
        """A short note."""

    @property
    def data(self) -> Mapping[str, Any]:
        """Extra public details."""


class Role(StrEnum):
    """What a piece of a narrated line is, so that a renderer can style it."""

    SUBJECT = "subject"
    """The seat the line is about (`"Seat 3"` for seat index 2, `"You"`)."""
    TEXT = "text"
    """Words of the phrase."""
    CARDS = "cards"
    """Cards (the piece's `cards`)."""
    SEAT = "seat"
    """Another seat named in the phrase."""
    NOTE = "note"
    """The event's note."""
    KIND = "kind"
    """An event kind no phrase words, shown as words."""


class Piece(NamedTuple):
    """One piece of a narrated line: its text, its role and, for cards, the cards."""

    text: str
    role: Role = Role.TEXT
    cards: tuple[Card, ...] = ()


#: How the common event kinds read after a seat, when no phrase words them.
VERBS: Mapping[str, str] = MappingProxyType(
    {
        "play": "plays",
        "pass": "passes",
        "draw": "draws",
        "discard": "discards",
        "pickup": "picks up",
        "pick_up": "picks up",
        "take": "takes",
        "deal": "deals",
        "finish": "finishes",
        "knock": "knocks",
        "drop": "drops",
        "spread": "spreads",
        "hit": "hits",
        "burn": "burns",
        "reveal": "reveals",
        "flip": "flips",
        "swap": "swaps",
        "bury": "buries",
        "reshuffle": "reshuffles",
        "lead": "leads",
        "win": "wins",
        "lose": "loses",
        "pay": "pays",
        "cut": "cuts",
        "chop": "chops",
        "bomb": "bombs",
        "upcard": "turns up",
        "starter": "turns up",
        "ready": "is ready",
        "out": "goes out",
        "bid": "bids",
        "trick": "takes the trick",
        "choose": "has chosen",
    }
)

#: How the common table events (without a seat) read, when no phrase words them.
TABLE_PHRASES: Mapping[str, str] = MappingProxyType(
    {
        "starter": "The starter is {cards}",
        "upcard": "The upcard is {cards}",
        "game_over": "The game is over: {note}",
        "round_end": "The round is over: {note}",
        "hand_over": "The hand is over: {note}",
        "deal_end": "The deal is over: {note}",
        "new_round": "A new round begins: {note}",
        "reshuffle": "The discard pile is shuffled into the stock ({card_count})",
        "blocked": "The game is blocked: {note}",
        "trumps_broken": "Trumps are broken: {note}",
        "reveal": "Every choice is revealed: {note}",
    }
)


def words(kind: str) -> str:
    return kind.replace("_", " ").replace("-", " ").strip()


class Speaker(NamedTuple):
    """Who reads the line, and how seats are named.

    Without names, a seat reads by its number as people count, from 1: seat
    index 0 is `"Seat 1"`.
    """

    viewer: int | None
    names: Sequence[str] | None

    def subject(self, seat: int) -> str:
        if seat == self.viewer:
            return "You"
        return self._name(seat) or f"Seat {seat + 1}"

    def mention(self, seat: int) -> str:
        if seat == self.viewer:
            return "you"
        return self._name(seat) or f"seat {seat + 1}"

    def possessive(self, seat: int) -> str:
        if seat == self.viewer:
            return "your"
        return f"{self.mention(seat)}'s"

    def _name(self, seat: int) -> str:
        names = self.names
        return names[seat] if names is not None and 0 <= seat < len(names) else ""


def pretty(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def card_count(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def default_pieces(event: EventLike, you: bool) -> list[Piece]:
    """The wording of a kind no phrase words."""
    note = event.note
    count = event.count
    show_count = count is not None and not note.startswith(f"{count} ")
    tail: list[Piece] = []
    if event.cards:
        tail.append(Piece(pretty(event.cards), Role.CARDS, tuple(event.cards)))
    if show_count and count is not None:
        tail.append(Piece(card_count(count)))
    if event.seat is None:
        head = [Piece(words(event.kind).capitalize() + (":" if tail or note else ""), Role.KIND)]
        return head + tail + ([Piece(note, Role.NOTE)] if note else [])
    verb = VERBS.get(event.kind)
    first = note.split()[0] if note[:1].islower() else ""
    if first and (first == (verb or "").partition(" ")[0] or (verb is None and is_verb(first))):
        # The note reads as the whole predicate: "goes out", "deals 3 face down, ...".
        head = [Piece(second_person(note) if you else note, Role.NOTE)]
        return head + [p for p in tail if p.role is Role.CARDS]
    if verb is None and "_" in event.kind.strip("_"):
        # Not a verb: "Seat 3: round end".
        head = [Piece(":"), Piece(words(event.kind), Role.KIND)]
        return head + tail + ([Piece(note, Role.NOTE)] if note else [])
    if verb is None:
        verb = third_person(words(event.kind))
    head = [Piece(base_form(verb) if you else verb)]
    if first and is_verb(first):
        # A second predicate: "plays 8♦ and names clubs", "You play 8♦ and name clubs".
        said = second_person(note) if you else note
        return [*head, *tail, Piece("and"), Piece(said, Role.NOTE)]
    return head + tail + ([Piece(note, Role.NOTE)] if note else [])


_FIELD = re.compile(r"\{(\w+)(?::(\w+))?\}")
#: An optional part of a template: `[ and names {suit:suit}]`.
_OPTIONAL = re.compile(r"\[([^\[\]]*)\]")
_FORMATS = frozenset({"seat", "seats", "possessive", "ordinal", "cards", "suit", "rank", "ranks"})
_OWN = frozenset({"cards", "count", "card_count", "note"})


def check_template(kind: str, template: str) -> None:
    """Refuse a template with an unknown `:how` or a stray brace."""
    for match in _FIELD.finditer(template):
        name, how = match.groups()
        if how is not None and how not in _FORMATS:
            raise PluginError(
                f"the phrase of {kind!r} says {{{name}:{how}}}; after the colon write one of "
                + ", ".join(sorted(_FORMATS))
            )
    leftover = _FIELD.sub("", template)
    if "{" in leftover or "}" in leftover:
        raise PluginError(
            f"the phrase of {kind!r} has a brace that is not a field: {template!r}; "
            "fields are {name} or {name:how}"
        )
    unopened = _OPTIONAL.sub("", leftover)
    if "[" in unopened or "]" in unopened:
        raise PluginError(
            f"the phrase of {kind!r} has a square bracket that opens or closes no optional "
            f"part: {template!r}; an optional part is [text with {{fields}}], not nested"
        )


@functools.lru_cache(maxsize=1024)
def _parsed(template: str) -> tuple[tuple[str, str | None, str | None], ...]:
    """A template as (literal text, field name, how) parts, the last with no field."""
    parts: list[tuple[str, str | None, str | None]] = []
    last = 0
    for match in _FIELD.finditer(template):
        parts.append((template[last : match.start()], match.group(1), match.group(2)))
        last = match.end()
    parts.append((template[last:], None, None))
    return tuple(parts)


def _has(name: str, event: EventLike) -> bool:
    """Whether the event gives the field `name` a value (an optional part needs them all)."""
    if name in _OWN:
        return bool(
            event.cards
            if name == "cards"
            else event.note
            if name == "note"
            else event.count is not None
        )
    return event.data.get(name) is not None


def _kept(match: re.Match[str], event: EventLike) -> str:
    """An optional part's text when the event has every field it names, else nothing."""
    text = match.group(1)
    return text if all(_has(name, event) for name, _ in _FIELD.findall(text)) else ""


def render(template: str, event: EventLike, speaker: Speaker) -> list[Piece]:
    """The template's pieces: text (with plain fields) between the cards, seats and notes.

    An optional part, `[ and names {suit:suit}]`, is said only when the event has a
    value for every field it names.
    """
    if "[" in template:
        template = _OPTIONAL.sub(lambda match: _kept(match, event), template)
    pieces: list[Piece] = []
    text = ""
    for literal, name, how in _parsed(template):
        text += literal
        if name is None:
            continue
        piece = _field(name, how, event, speaker)
        if piece.role is Role.TEXT:
            text += piece.text
            continue
        if text.strip():
            pieces.append(Piece(text.strip()))
        text = ""
        if piece.text:
            pieces.append(piece)
    if text.strip():
        pieces.append(Piece(text.strip()))
    return pieces


def _field(name: str, how: str | None, event: EventLike, speaker: Speaker) -> Piece:
    if how is None and name in _OWN:
        if name == "cards":
            return Piece(pretty(event.cards), Role.CARDS, tuple(event.cards))
        if name == "note":
            return Piece(_note(event.note, speaker), Role.NOTE)
        if event.count is None:
            return Piece("")
        return Piece(card_count(event.count) if name == "card_count" else str(event.count))
    value = event.data.get(name)
    if value is None:
        return Piece("")
    if how in ("seat", "possessive") and isinstance(value, int):
        said = speaker.mention(value) if how == "seat" else speaker.possessive(value)
        return Piece(said, Role.SEAT)
    if how == "seats" and isinstance(value, (list, tuple)):
        return Piece(_listed([speaker.mention(seat) for seat in value]), Role.SEAT)
    if how == "ordinal" and isinstance(value, int):
        return Piece(ordinal(value))
    if how == "suit" and isinstance(value, str):
        return Piece(Suit.parse(value).name.lower())
    if how in ("rank", "ranks") and isinstance(value, (str, int)):
        rank = Rank.parse(value) if isinstance(value, str) else Rank(value)
        return Piece(rank.word if how == "rank" else rank.plural)
    if how == "cards" and isinstance(value, (list, tuple)):
        cards = tuple(Card.parse(str(c)) for c in value)
        return Piece(pretty(cards), Role.CARDS, cards)
    return Piece(str(value))


def _listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


#: ``seat 1 wins``: a seat (numbered from 1, as people read it) and its verb, in a
#: game's free-text note.
_SEAT_NOTE = re.compile(r"\bseat (\d+) ([a-z]+)\b")


def _note(note: str, speaker: Speaker) -> str:
    """A game's note said to its reader: to seat index 0, ``seat 1 wins`` is ``you win``."""
    if speaker.viewer is None or "seat" not in note:
        return note
    said = speaker.viewer + 1  # the viewer's seat as the note names it

    def swap(match: re.Match[str]) -> str:
        if int(match.group(1)) != said:
            return match.group(0)
        return "you " + second_person(match.group(2))

    return _SEAT_NOTE.sub(swap, note)
