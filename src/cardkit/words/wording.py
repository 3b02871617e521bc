"""Wording: the one place where an event becomes words, for a seat and for spectators.

Every narration of a game goes through a [`Wording`][cardkit.words.wording.Wording]:
[`Event.describe`][cardkit.engine.events.Event.describe], the views' `recent`, the
command line's narrator ([cardkit.play.narrate][]) and the server's table
messages. The same event of seat index 2 reads `"Seat 3 plays 3♠"` to
spectators and to other seats, and `"You play 3♠"` to that seat.

People read seats numbered from 1, code indexes them from 0: an event, a
view, an action or a phrase's `data` says seat `0`, and without seat names
the narrator says `"Seat 1"`.

A game words its own event kinds with phrases, registered by its plugin
(`register.add_phrases` in the hook `cardkit_register`): a phrase is the predicate after the seat,
in the third person (`"asks {target:seat} for {rank:ranks}"`), and the narrator
says it to the seat itself in the second person (`"You ask seat 2 for sevens"`,
`"Seat 1 asks you for sevens"`). An event without a seat (a table event) reads
as its phrase alone, capitalised: `"The starter is {cards}"`.

Fields a phrase may name:

- `{cards}`: the event's cards, with suit symbols;
- `{count}`: its count; `{card_count}`: the count as `"1 card"`, `"3 cards"`;
- `{note}`: its note;
- any key of its `data`: `{place}`, `{target}`; after a colon, how to say it:
  `{target:seat}` (`"seat 2"` for seat index 1, or `"you"` to that seat),
  `{owner:possessive}` (`"seat 2's"`, `"your"`), `{place:ordinal}` (`"2nd"`), `{shown:cards}`
  (a list of card codes), `{suit:suit}` (`"C"` as `"clubs"`), `{rank:rank}`
  and `{rank:ranks}` (a rank code or number, `"T"` or `10`, as `"ten"` and
  `"tens"`; `"6"` as `"six"` and `"sixes"`; see
  [`Rank.word`][cardkit.cards.card.Rank.word] and [`Rank.plural`][cardkit.cards.card.Rank.plural]).

A part in square brackets is optional: it is said only when the event has a
value for every field in it (`"plays {cards}[ and names {suit:suit}]"`).

The first word of a phrase is its verb: said to the seat itself it takes the
base form (`plays` → `play`, `has` → `have`). A phrase whose other verbs
agree with the seat too gives its second-person form:
`Phrase("wins the round and leads", you="win the round and lead")`. A
phrase may also be a function of the event that returns a phrase, for kinds
whose wording depends on the event's data.

An event kind no phrase words reads by a default that is right for common
kinds (`play`, `pass`, `draw`, `deal`...) and for any kind named by a verb
(`ask` reads `"Seat 1 asks ..."`, `"You ask ..."`); a lower-case note reads
as the predicate itself (`Event("out", 1, note="goes out")`: `"Seat 2 goes out"`),
and one that starts with another verb follows the default's with "and"
(`Event("play", 0, cards, note="names clubs")`: `"Seat 1 plays 8♦ and names clubs"`,
`"You play 8♦ and name clubs"`).
A note that names a seat names it as people read it (`"seat 2 wins"` for seat
index 1), and that seat reads it as `"you win"`.

>>> from cardkit import Card, Event
>>> wording = Wording({"ask": "asks {target:seat} for {rank:ranks}"})
>>> ask = Event("ask", 0, data={"target": 1, "rank": "7"})
>>> wording.line(ask), wording.line(ask, viewer=0), wording.line(ask, viewer=1)
('Seat 1 asks seat 2 for sevens', 'You ask seat 2 for sevens', 'Seat 1 asks you for sevens')
>>> wording.line(Event("play", 2, cards=(Card.parse("3S"),)), viewer=2)
'You play 3♠'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from cardkit.errors import PluginError
from cardkit.words._english import base_form, ordinal, second_person, third_person
from cardkit.words._wording_parts import (
    TABLE_PHRASES,
    VERBS,
    EventLike,
    Piece,
    Role,
    Speaker,
    check_template,
    default_pieces,
    render,
)

__all__ = [
    "DEFAULT_WORDING",
    "TABLE_PHRASES",
    "VERBS",
    "EventLike",
    "Phrase",
    "PhraseLike",
    "Piece",
    "Role",
    "Wording",
    "base_form",
    "join",
    "ordinal",
    "second_person",
    "third_person",
]


class Phrase(NamedTuple):
    """How one event kind reads.

    Attributes:
        text: the predicate after the seat, in the third person
            (`"plays {cards}"`); for a table event, the whole sentence.
        you: the predicate said to the seat itself, when it is not `text`
            with its first word in the base form.
    """

    text: str
    you: str | None = None


#: A phrase as a game gives it: a template, a [`Phrase`][cardkit.words.wording.Phrase], or a
#: function of the event returning either.
PhraseLike = str | Phrase | Callable[[EventLike], "str | Phrase"]


class Wording:
    """The phrases of a game's event kinds, and the narrator that says them.

    Args:
        phrases: event kind → phrase (a template, a
            [`Phrase`][cardkit.words.wording.Phrase], or a function of the event,
            which must answer the same for the same event: lines are cached).

    Raises:
        PluginError: a template names a field with an unknown `:how`, or
            has a stray brace.
    """

    __slots__ = ("_cache", "_phrases", "_sources")

    def __init__(
        self, phrases: Mapping[str, PhraseLike] | None = None, *, source: str = ""
    ) -> None:
        """The wording of these phrases (from the plugin `source`), on top of the defaults."""
        checked: dict[str, PhraseLike] = {}
        for kind, phrase in (phrases or {}).items():
            if isinstance(phrase, str):
                check_template(kind, phrase)
            elif isinstance(phrase, Phrase):
                check_template(kind, phrase.text)
                if phrase.you is not None:
                    check_template(kind, phrase.you)
            elif not callable(phrase):
                raise PluginError(
                    f"the phrase of {kind!r} must be a template string, a Phrase or a "
                    f"function of the event, not {type(phrase).__name__}"
                )
            checked[kind] = phrase
        self._phrases: Mapping[str, PhraseLike] = MappingProxyType(checked)
        self._sources: Mapping[str, str] = MappingProxyType(dict.fromkeys(checked, source))
        # Lines said before, by event, reader and names: views narrate the same events
        # again and again (every seat, every move of a bot that reads its view).
        self._cache: dict[tuple[Any, ...], str] = {}

    @property
    def phrases(self) -> Mapping[str, PhraseLike]:
        """The phrases given (without the defaults), by event kind."""
        return self._phrases

    @property
    def sources(self) -> Mapping[str, str]:
        """Which plugin gave each kind's phrase (`""`: none named), by event kind."""
        return self._sources

    def adding(
        self, phrases: Mapping[str, PhraseLike], source: str = "", *, game: str = "the game"
    ) -> Wording:
        """A wording with `phrases` (from the plugin `source`) added to these.

        Raises:
            PluginError: a kind is worded already (the message names by
                whom), or a phrase is malformed.
        """
        taken = sorted(set(phrases) & set(self._phrases))
        if taken:
            owners = ", ".join(f"{k!r} (by {self._sources[k] or 'another plugin'})" for k in taken)
            raise PluginError(f"{game} already words the event kinds {owners}")
        added = Wording(phrases, source=source)
        return self._joined(added)

    def without(self, source: str) -> Wording:
        """A wording without the phrases the plugin `source` gave."""
        kept = Wording()
        for by in dict.fromkeys(self._sources.values()):
            if by != source:
                mine = {k: p for k, p in self._phrases.items() if self._sources[k] == by}
                kept = kept._joined(Wording(mine, source=by))
        return kept

    def _joined(self, other: Wording) -> Wording:
        joined = Wording()
        joined._phrases = MappingProxyType({**self._phrases, **other._phrases})
        joined._sources = MappingProxyType({**self._sources, **other._sources})
        return joined

    def line(
        self, event: EventLike, *, viewer: int | None = None, names: Sequence[str] | None = None
    ) -> str:
        """The event as one line of text, as `viewer` reads it (`None`: a spectator).

        Args:
            event: the event.
            viewer: the seat reading the line; it reads its own events as
                `"You ..."`.
            names: each seat's name, in place of `"Seat N"` (N counts from 1).
        """
        key = _key(event, viewer, names)
        cache = self._cache
        if key is not None:
            said = cache.get(key)
            if said is not None:
                return said
        said = join(self.pieces(event, viewer=viewer, names=names))
        if key is not None:
            if len(cache) >= _CACHE_SIZE:
                cache.clear()
            cache[key] = said
        return said

    def lines(
        self,
        events: Iterable[EventLike],
        *,
        viewer: int | None = None,
        names: Sequence[str] | None = None,
    ) -> list[str]:
        """Each event as a line (see [`line`][cardkit.words.wording.Wording.line])."""
        return [self.line(e, viewer=viewer, names=names) for e in events]

    def pieces(
        self, event: EventLike, *, viewer: int | None = None, names: Sequence[str] | None = None
    ) -> list[Piece]:
        """The event's line as pieces (subject, words, cards...), for renderers that style them."""
        speaker = Speaker(viewer, names)
        predicate = self._predicate(event, speaker)
        if event.seat is None:
            return _capitalised(predicate)
        return [Piece(speaker.subject(event.seat), Role.SUBJECT), *predicate]

    def predicate(
        self, event: EventLike, *, viewer: int | None = None, names: Sequence[str] | None = None
    ) -> list[Piece]:
        """The event's line without its subject (the seat), as pieces, as `viewer` reads it."""
        return self._predicate(event, Speaker(viewer, names))

    def _predicate(self, event: EventLike, speaker: Speaker) -> list[Piece]:
        you = event.seat is not None and event.seat == speaker.viewer
        phrase = self._phrases.get(event.kind)
        if phrase is None and event.seat is None:
            phrase = TABLE_PHRASES.get(event.kind)
        if phrase is None:
            return default_pieces(event, you)
        if not isinstance(phrase, (str, Phrase)):
            phrase = phrase(event)
        if isinstance(phrase, str):
            phrase = Phrase(phrase)
        if you and phrase.you is not None:
            return render(phrase.you, event, speaker)
        pieces = render(phrase.text, event, speaker)
        return _second_person(pieces) if you else pieces


_CACHE_SIZE = 4096


def _key(
    event: EventLike, viewer: int | None, names: Sequence[str] | None
) -> tuple[Any, ...] | None:
    """What a line depends on, or `None` when it cannot be a key (unhashable data)."""
    data = event.data
    if (
        viewer is not None
        and viewer != event.seat
        and viewer not in data.values()
        and f"seat {viewer + 1}" not in event.note
    ):
        viewer = None  # a seat the event does not name reads it as a spectator does
    key = (
        event.kind,
        event.seat,
        tuple(event.cards),
        event.count,
        event.note,
        tuple(data.items()) if data else (),
        viewer,
        None if names is None else tuple(names),
    )
    try:
        hash(key)
    except TypeError:
        return None
    return key


def join(pieces: Iterable[Piece]) -> str:
    """Pieces as one line: spaces between, none before punctuation, no colon at the end.

    A phrase's colon introduces what follows (`"The hand is over: {note}"`);
    with nothing after it, it goes.
    """
    text = _tidy(" ".join(p.text for p in pieces if p.text))
    return text[:-1] if text.endswith(":") else text


def _tidy(text: str) -> str:
    """One space between words, none inside brackets or before punctuation."""
    if "  " in text or text[:1] == " " or text[-1:] == " " or "\n" in text:
        text = " ".join(text.split())
    for spaced, tight in _TIGHT:
        if spaced in text:
            text = text.replace(spaced, tight)
    return text


_TIGHT = ((" ,", ","), (" ;", ";"), (" :", ":"), (" .", "."), (" )", ")"), ("( ", "("))


def _capitalised(pieces: list[Piece]) -> list[Piece]:
    for i, piece in enumerate(pieces):
        if piece.text.strip():
            text = piece.text.lstrip()
            pieces[i] = piece._replace(text=text[:1].upper() + text[1:])
            break
    return pieces


def _second_person(pieces: list[Piece]) -> list[Piece]:
    for i, piece in enumerate(pieces):
        if piece.text.strip():
            if piece.role in (Role.TEXT, Role.NOTE, Role.KIND):
                pieces[i] = piece._replace(text=second_person(piece.text.strip()))
            break
    return pieces


#: The wording of a game that words none of its kinds: the defaults alone.
DEFAULT_WORDING = Wording()
