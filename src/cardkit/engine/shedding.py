"""A shedding game's turn on the fields of [`draw_zones`][cardkit.engine.drawing.draw_zones]:
the matching play, the draw and the pass, their checks, transitions and listing.

In a shedding (matching) game, Crazy Eights, UNO-like games, Switch or Mau-Mau, a seat
plays one card of its hand on the discard pile that matches the suit to follow or the
top card's rank; a card of the wild rank may be played on anything and names the suit to
follow. A seat that cannot play draws (until it can, or one card and then plays or
passes), and passes only when it may do nothing else; the first to empty its hand goes
out, and a whole round of passes with nothing to draw blocks the game.

- [`match_refusal`][cardkit.engine.shedding.match_refusal] is the play's check and
  [`play_to_pile`][cardkit.engine.shedding.play_to_pile] its transition;
- [`draw_refusal`][cardkit.engine.shedding.draw_refusal] and
  [`draw_turn`][cardkit.engine.shedding.draw_turn] the draw's,
  [`pass_refusal`][cardkit.engine.shedding.pass_refusal] and
  [`pass_turn`][cardkit.engine.shedding.pass_turn] the pass's;
- [`matching_legal`][cardkit.engine.shedding.matching_legal] lists the plays from the
  hand's card mask ([`playable_mask`][cardkit.engine.shedding.playable_mask]), without
  asking the play's check once per card of the hand, then every other action its check
  accepts.

The fields read and written are those of `draw_zones`' defaults (`hands`, one card set
per seat; `stock`, top first; `discard`, top last; `reshuffles`) and the game's: `suit`
(the suit to follow), `seat` (the seat to act), `drew` (whether it has drawn this turn),
`passes` (the passes in a row with nothing to draw) and `outcome` (`"went_out"` or
`"blocked"` once the game is over). The wild rank is the game's to say (`None`: no card
is wild). Compiled in the compiled build: the game's checks and transitions call these
once a decision, where its own code ran once per card of the hand.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from cardkit.cards.card import Card, Rank, Suit
from cardkit.cards.cardset import CardSet, rank_mask, suit_mask
from cardkit.engine._building import (
    PileFields,
    fields_list,
    new_event,
    pile_fields,
    rebuilt,
    word_event,
)
from cardkit.engine._matchwalk import list_plays, walk_of
from cardkit.engine.actions import Action
from cardkit.engine.cardverb import CardWord
from cardkit.engine.drawing import drawn_into_hand
from cardkit.engine.events import Event
from cardkit.engine.generic import GenericState, successor_of
from cardkit.errors import InvalidState, Refusal, Refused

__all__ = [
    "draw_refusal",
    "draw_turn",
    "match_refusal",
    "matching_legal",
    "pass_refusal",
    "pass_turn",
    "play_to_pile",
    "playable_mask",
]

_State = GenericState[Any, Any, Any]
S = TypeVar("S", bound=_State)


def playable_mask(hand: int, top: Card, suit: Suit, wild: Rank | None = None) -> int:
    """The cards of the card mask `hand` that may be played on `top` with `suit` to follow:
    those of `suit`, those of `top`'s rank, and those of the `wild` rank (`None`: none).

    >>> from cardkit.cards.cardset import CardSet
    >>> hand = CardSet.parse("5D 9H 8C KS")
    >>> CardSet.from_mask(playable_mask(hand.mask, Card.parse("9C"), Suit.DIAMONDS, Rank.EIGHT))
    CardSet.parse('8C 5D 9H')
    """
    matching = suit_mask(suit) | rank_mask(top.rank)
    if wild is not None:
        matching |= rank_mask(wild)
    return hand & matching


def _seat(state: _State) -> int:
    seat = state.to_act
    if seat is None:
        raise InvalidState("no seat is to act: the game is over")
    return seat


def _can_play(state: _State, wild: Rank | None) -> bool:
    """Whether the seat to act holds a card it may play."""
    f: tuple[Any, ...] = state.f
    at = pile_fields(f)
    hands: tuple[CardSet, ...] = f[at.hands]
    discard: tuple[Card, ...] = f[at.discard]
    return bool(playable_mask(hands[_seat(state)].mask, discard[-1], f[at.suit], wild))


def _can_draw(state: _State) -> bool:
    """Whether a card can be drawn: the stock, or a discard pile to reshuffle."""
    f: tuple[Any, ...] = state.f
    return _can_draw_at(f, pile_fields(f))


def _can_draw_at(f: tuple[Any, ...], at: PileFields) -> bool:
    """`_can_draw` of the fields `f`, whose fields lie at `at`."""
    return bool(f[at.stock]) or len(f[at.discard]) > 1


def _article(rank: Rank) -> str:
    """ "an 8", "an A", "a J"."""
    return "an" if rank in (Rank.EIGHT, Rank.ACE) else "a"


# --8<-- [start:match]
def match_refusal(state: _State, action: Any, *, wild: Rank | None = None) -> Refusal | None:
    """Why the seat to act of `state` may not play `action` (a
    [`CardWord`][cardkit.engine.cardverb.CardWord] naming a card and, for a wild card, a
    suit), or `None` when it may: a card of its hand that matches the suit to follow or
    the top card's rank, or a card of the `wild` rank, which names a suit (`None`: no card
    is wild; the action's `word_rank` is the rank that takes a word).

    The refusals: `not_in_hand` ("QS is not in your hand"), `does_not_match` ("5D matches
    neither the suit to follow (hearts) nor the rank of 9C"), `name_a_suit` ("an 8 is
    wild: name a suit: 'play 8H clubs'") and `no_suit_to_name` ("only a wild 8 names a
    suit, not 5D").

    ```python
    def check_play(self, action: Play) -> Refusal | None:
        return match_refusal(self, action, wild=Rank.EIGHT)
    ```

    Raises:
        InvalidState: no seat is to act (the game is over).
    """
    f, card = state.f, action.card
    hand = f.hands[_seat(state)]
    if not hand.mask & card.bit:
        return Refusal(Refused.NOT_IN_HAND, f"{card.code} is not in your hand")
    top, suit = f.discard[-1], f.suit
    if not playable_mask(card.bit, top, suit, wild):
        why = f"the suit to follow ({suit.word}) nor the rank of {top.code}"
        return Refusal("does_not_match", f"{card.code} matches neither {why}")
    named: Rank | None = action.word_rank
    if wild is not None and card.rank == wild:
        if action.word is None:
            verb = f"'{action.verb} {card.code} clubs'"
            return Refusal(
                "name_a_suit", f"{_article(wild)} {wild.code} is wild: name a suit: {verb}"
            )
        return None
    if action.word is not None:
        which = "" if named is None else f" {named.code}"
        return Refusal("no_suit_to_name", f"only a wild{which} names a suit, not {card.code}")
    return None


# --8<-- [end:match]
def play_to_pile(state: S, action: Any) -> S:
    """The seat to act of `state` plays `action`'s card from its hand on the discard pile
    (legality is the check's, see `match_refusal`): the suit to follow is the one the
    action names, else the card's; a seat whose hand is empty goes out (`outcome`
    `"went_out"`, an `out` event), else the next seat is to act. The next state, with the
    public events (the action's, then `out`), as `state.evolve` makes it.

    ```python
    def do_play(self, action: Play) -> Self:
        return play_to_pile(self, action)
    ```

    Raises:
        InvalidState: no seat is to act (the game is over).
        KeyError: the card is not in the seat's hand.
    """
    f: tuple[Any, ...] = state.f  # read by index (see `pile_fields`)
    seat, card, word = _seat(state), action.card, action.word
    at = pile_fields(f)
    new = fields_list(f)  # the next fields, set by index (see `pile_fields`)
    hands: tuple[CardSet, ...] = f[at.hands]
    hand = hands[seat].remove(card)
    new[at.hands] = _with_seat(hands, seat, hand)
    discard: tuple[Card, ...] = f[at.discard]
    new[at.discard] = discard + (card,)  # noqa: RUF005  # compiled, no list built
    new[at.suit] = card.suit if word is None else word
    new[at.drew] = False
    new[at.passes] = 0
    events: list[Event] = [_play_event(action, seat, card, word)]  # the card, and a suit named
    if not hand:
        events.append(new_event("out", seat, note="goes out"))
        new[at.outcome] = "went_out"
    else:
        new[at.seat] = (seat + 1) % state.players
    return successor_of(state, action, events, rebuilt(f, new))


def _play_event(action: Any, seat: int, card: Card, word: object) -> Event:
    """`action.event(seat)`, the play's event (of `card`, naming `word`): of a class that keeps
    `CardWord.event`, built here as that builds it (compiled, without its interpreted frame:
    about a fifth of a Crazy Eights play, callgrind)."""
    if type(action).event is _CARD_WORD_EVENT:
        if word is None:  # most plays: no word, its words not looked up
            return new_event(action.verb, seat, (card,))
        return word_event(action.verb, seat, card, word, action.words)
    event: Event = action.event(seat)
    return event


_CARD_WORD_EVENT: Final = CardWord.event


def _with_seat(hands: tuple[CardSet, ...], seat: int, hand: CardSet) -> tuple[CardSet, ...]:
    """`hands` with `seat`'s hand `hand` (`GenericState.with_seat`; compiled, a list's copy
    costs a third of the tuple built from two slices, callgrind)."""
    new = list(hands)
    new[seat] = hand
    return tuple(new)


def draw_refusal(
    state: _State, *, wild: Rank | None = None, until_playable: bool = True
) -> Refusal | None:
    """Why the seat to act of `state` may not draw, or `None` when it may: a card must be
    left to draw (the stock, or a discard pile to reshuffle), and a seat draws only when it
    cannot play; drawing until playable (`until_playable`), it draws once a turn and then
    plays, else it draws one card a turn and then plays or passes.

    The refusals: `cannot_draw` ("the stock is empty and no discard pile is left"),
    `already_drew` ("you have drawn a card this turn") and `must_play` ("you can play a
    card: draw only when you cannot").

    Raises:
        InvalidState: no seat is to act (the game is over).
    """
    return _draw_refusal(state, until_playable and _can_play(state, wild), until_playable)


def _draw_refusal(state: _State, must_play: bool, until_playable: bool) -> Refusal | None:
    """`draw_refusal`, knowing whether the seat must play (it can, drawing until playable)."""
    code = _draw_block(state, must_play, until_playable)
    return None if code is None else Refusal(code, _DRAW_REFUSALS[code])


def _draw_block(state: _State, must_play: bool, until_playable: bool) -> str | None:
    """The code of `_draw_refusal`'s refusal (`None`: the seat may draw), no refusal built:
    the listing asks it once a decision."""
    f: tuple[Any, ...] = state.f
    at = pile_fields(f)
    if not _can_draw_at(f, at):
        return "cannot_draw"
    if f[at.drew] and (must_play or not until_playable):
        return "already_drew"
    if must_play:
        return "must_play"
    return None


_DRAW_REFUSALS: Final = {
    "cannot_draw": "the stock is empty and no discard pile is left",
    "already_drew": "you have drawn a card this turn",
    "must_play": "you can play a card: draw only when you cannot",
}


def pass_refusal(
    state: _State, *, wild: Rank | None = None, until_playable: bool = True
) -> Refusal | None:
    """Why the seat to act of `state` may not pass, or `None` when it may: only when it may
    neither draw nor (drawing until playable) play, or, drawing one card, once it has drawn.

    The refusal: `cannot_pass` ("you may not pass: you can play a card", or "...: you must
    draw first").

    Raises:
        InvalidState: no seat is to act (the game is over).
    """
    return _pass_refusal(state, until_playable and _can_play(state, wild), until_playable)


def _pass_refusal(state: _State, can_play: bool, until_playable: bool) -> Refusal | None:
    """`pass_refusal`, knowing whether the seat can play, drawing until playable."""
    if _pass_block(state, can_play, until_playable) is None:
        return None
    why = "you can play a card" if can_play else "you must draw first"
    return Refusal("cannot_pass", f"you may not pass: {why}")


def _pass_block(state: _State, can_play: bool, until_playable: bool) -> str | None:
    """The code of `_pass_refusal`'s refusal (`None`: the seat may pass), no refusal built."""
    f: tuple[Any, ...] = state.f
    at = pile_fields(f)
    if (not _can_draw_at(f, at) and not can_play) or (f[at.drew] and not until_playable):
        return None
    return "cannot_pass"


def draw_turn(
    state: S, action: Action, *, wild: Rank | None = None, until_playable: bool = True
) -> S:
    """The seat to act of `state` draws until it draws a card it may play
    (`until_playable`), else one card, as
    [`draw_to_hand`][cardkit.engine.drawing.draw_to_hand] draws (reshuffling the discard
    pile when the stock is out), and has drawn this turn (`drew`): the next state, with
    the public events, as `state.evolve` makes it (`action` logged).

    ```python
    def do_draw(self, action: Draw) -> Self:
        return draw_turn(self, action, wild=Rank.EIGHT)
    ```

    Raises:
        InvalidState: no seat is to act (the game is over).
    """
    f: tuple[Any, ...] = state.f
    at = pile_fields(f)
    # The cards it stops at: those it may play, or any card (drawing one).
    discard: tuple[Card, ...] = f[at.discard]
    accept = playable_mask(-1, discard[-1], f[at.suit], wild) if until_playable else -1
    events, new = drawn_into_hand(state, at, accept)
    new[at.drew] = True
    return successor_of(state, action, events, rebuilt(f, new))


def pass_turn(state: S, action: Action) -> S:
    """The seat to act of `state` passes: the next seat is to act, unless every seat has now
    passed in a row with nothing to draw, which blocks the game (`outcome` `"blocked"`, a
    `blocked` event). The next state, with the public events (`pass`, then `blocked`), as
    `state.evolve` makes it (`action` logged).

    Raises:
        InvalidState: no seat is to act (the game is over).
    """
    f: tuple[Any, ...] = state.f
    seat = _seat(state)
    at = pile_fields(f)
    passes = 0 if _can_draw_at(f, at) else f[at.passes] + 1
    events = [new_event("pass", seat)]
    new = fields_list(f)
    new[at.passes] = passes
    new[at.drew] = False
    if passes >= state.players:
        events.append(new_event("blocked", note="nobody can play or draw"))
        new[at.outcome] = "blocked"
    else:
        new[at.seat] = (seat + 1) % state.players
    return successor_of(state, action, events, rebuilt(f, new))


def matching_legal(
    state: _State,
    play: type[Action],
    draw: type[Action] | None = None,
    passing: type[Action] | None = None,
    *,
    wild: Rank | None = None,
    until_playable: bool = True,
) -> list[Action]:
    """The legal actions of the seat to act of `state`, in the reference listing's order:
    the plays (of the action class `play`, a
    [`CardWord`][cardkit.engine.cardverb.CardWord], whose check is `match_refusal` with
    this `wild`) of the cards of its hand that `playable_mask` finds, a wild card once per
    suit it may name; then, in the grammar's order, the draw (of the action class `draw`,
    whose check is `draw_refusal` with these `wild` and `until_playable`) and the pass (of
    `passing`, whose check is `pass_refusal` with them) when those accept, and every other
    action its own check accepts. For a game without phases, whose checks are these: the
    contract suite compares a listing with the checks' own.

    ```python
    def list_legal(self) -> list[Action]:
        return matching_legal(self, Play, Draw, Pass, wild=Rank.EIGHT)
    ```

    Raises:
        InvalidState: no seat is to act (the game is over).
    """
    f: tuple[Any, ...] = state.f
    at = pile_fields(f)
    hands: tuple[CardSet, ...] = f[at.hands]
    discard: tuple[Card, ...] = f[at.discard]
    mask = playable_mask(hands[_seat(state)].mask, discard[-1], f[at.suit], wild)
    must_play = until_playable and mask != 0  # it can play, and draws only when it cannot
    out: list[Action] = []
    walk = walk_of(state.grammar, play)
    for step in walk.steps:
        if step is None:
            list_plays(out, mask, 0 if wild is None else rank_mask(wild), walk)
            continue
        make = step.form.make
        if make is draw or make is passing:
            if make is draw:
                blocked = _draw_block(state, must_play, until_playable)
            else:
                blocked = _pass_block(state, must_play, until_playable)
            if blocked is None:
                out.extend(step.candidates(state))
            continue
        for action in step.candidates(state):
            if state.refusal(action) is None:
                out.append(action)
    return out
