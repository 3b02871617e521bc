"""Legal and illegal actions: every listed action applies, every other one changes nothing."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from cardkit.cards.card import JOKERS
from cardkit.cards.cardset import CardSet
from cardkit.engine.actions import Action
from cardkit.engine.state import GameState
from cardkit.errors import IllegalAction
from cardkit.testing._support import (
    _MENTION,
    _fail,
    _zone_set,
    cards_mentioned,
    check_zones,
)
from cardkit.testing.corrupt import canonical as _canonical

__all__ = ["NONSENSE_ACTIONS", "check_illegal_actions", "check_legal_actions", "recent_actions"]


NONSENSE_ACTIONS: tuple[str, ...] = (
    "",
    "   ",
    "xyzzy",
    "play",
    "play ZZ",
    "play 1S",
    "play QX",
    "play 3S 3S",
    "pass pass",
    "draw draw draw",
    "play ,",
    "\x00",
    "🂡",
    "play " + "QS " * 60,
    "x" * 2000,
)


def _sample(items: Sequence[Any], limit: int | None, rng: random.Random) -> list[Any]:
    if limit is None or len(items) <= limit:
        return list(items)
    return rng.sample(list(items), limit)


def check_legal_actions(
    state: GameState, *, limit: int | None = None, rng: random.Random | None = None
) -> None:
    """Every legal action applies, and its text form round-trips.

    For each legal action ``a`` (or ``limit`` of them, sampled): the state
    reads ``str(a)`` back as ``a``; applying the text gives the same state
    as applying the action; the new state's history is the old one plus
    ``a``, and its zones partition the deck; ``state`` itself is unchanged.
    """
    rng = rng or random.Random(0)
    before = _canonical(state.snapshot())
    history = state.history
    for action in _sample(state.legal_actions(), limit, rng):
        text = str(action)
        try:
            parsed = state.parse_action(text)
        except Exception as exc:
            _fail(state, f"parse_action({text!r}) of a legal action raised {exc!r}")
        if parsed != action:
            _fail(state, f"parse_action({text!r}) gives {parsed!r}, expected {action!r}")
        try:
            after = state.apply(action)
            after_text = state.apply(text)
        except Exception as exc:
            _fail(state, f"the legal action {text!r} raised {exc!r}")
        if _canonical(after.snapshot()) != _canonical(after_text.snapshot()):
            _fail(state, f"applying {text!r} as text and as an action give different states")
        if after.history != (*history, action):
            _fail(after, f"after {text!r} the history is not the old history plus the action")
        check_zones(after)
    if _canonical(state.snapshot()) != before:
        _fail(state, "applying actions changed the state they were applied to")


class _ForeignAction(Action):
    """An action of no game."""

    __slots__ = ()

    def __str__(self) -> str:
        return "foreign-action"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ForeignAction)

    def __hash__(self) -> int:
        return 1


def _illegal_candidates(state: GameState, rng: random.Random, limit: int) -> list[str]:
    """Texts built from the legal ones that are probably, but not surely, illegal.

    Card codes of legal actions are replaced by cards hidden from the seat to
    act, by cards it can see that no legal action names, and by jokers.
    """
    legal = [str(a) for a in state.legal_actions()]
    seat = state.to_act
    zones = state.zones()
    visible = 0
    if seat is not None:
        for name in state.visible_zones(seat):
            visible |= _zone_set(zones.get(name, ())).mask
    deck = state.game.new_deck(state.rules).to_set()
    hidden = list(deck - CardSet.from_mask(visible))
    unused = list(CardSet.from_mask(visible) - cards_mentioned(legal))
    strangers = [
        *rng.sample(hidden, min(3, len(hidden))),
        *rng.sample(unused, min(3, len(unused))),
        *(j for j in JOKERS if j not in deck),
    ]
    out: list[str] = []
    verbs = sorted({t.split()[0] for t in legal if t.split()})
    for verb in verbs:
        out += [verb, f"{verb} xyzzy", f"{verb} ZZ", f"{verb.upper()} 99", f"{verb} {verb}"]
    for text in _sample(legal, limit, rng):
        words = text.split()
        out += [f"{text} xyzzy", f"{text} {text}", " ".join(words[:-1])]
        cards = [i for i, w in enumerate(words) if w in _MENTION]
        if cards:
            i = rng.choice(cards)
            for card in strangers:
                out.append(" ".join([*words[:i], card.code, *words[i + 1 :]]))
            out.append(" ".join([*words[: i + 1], words[i], *words[i + 1 :]]))
    return out


def check_illegal_actions(
    state: GameState,
    extra: Iterable[str] = (),
    *,
    limit: int = 8,
    rng: random.Random | None = None,
) -> None:
    """Illegal actions raise ``IllegalAction`` and change nothing.

    Tries `NONSENSE_ACTIONS`, texts derived from the legal ones
    (extra words, a word missing, a card replaced by one the seat to act
    cannot see, by one of its own that no legal action names, or by a joker,
    a card given twice, verbs without arguments),
    an `Action` of no game, and ``extra`` (for example the
    actions of another seat). Each text must either raise ``IllegalAction``
    (and leave the state exactly as it was: snapshot, legal actions and
    saved JSON) or be accepted as an action that ``legal_actions()`` lists.
    """
    rng = rng or random.Random(0)
    before = _canonical(state.snapshot())
    saved = state.to_json()
    legal = list(state.legal_actions())
    legal_texts = [str(a) for a in legal]
    candidates: list[str | Action] = [
        *NONSENSE_ACTIONS,
        *_illegal_candidates(state, rng, limit),
        *extra,
        _ForeignAction(),
    ]
    for candidate in candidates:
        try:
            state.apply(candidate)
        except IllegalAction as exc:
            if not isinstance(exc.code, str) or not exc.code or not str(exc):
                _fail(state, f"IllegalAction for {candidate!r} has no code or no message")
            if (
                _canonical(state.snapshot()) != before
                or [str(a) for a in state.legal_actions()] != legal_texts
            ):
                _fail(state, f"the refused action {candidate!r} changed the state")
            continue
        except Exception as exc:
            _fail(state, f"apply({candidate!r}) raised {exc!r}, expected IllegalAction")
        action = state.parse_action(candidate) if isinstance(candidate, str) else candidate
        if action not in legal:
            _fail(
                state,
                f"apply({candidate!r}) was accepted as {action!r}, which legal_actions() "
                f"does not list ({legal_texts}); parse_action must give an action equal to "
                "a listed one, or the action must be refused",
            )
    if state.to_json() != saved:
        _fail(state, "refused actions changed the state's saved JSON")


def recent_actions(states: Sequence[GameState], number: int, back: int = 4) -> list[str]:
    """The legal actions, as text, of the ``back`` states before ``states[number]``.

    Other seats acted there, so these are the "actions of the wrong seat"
    that `check_illegal_actions` tries as ``extra``.
    """
    earlier = states[max(0, number - back) : number]
    return sorted({str(a) for state in earlier for a in state.legal_actions()})
