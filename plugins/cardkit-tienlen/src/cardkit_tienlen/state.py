"""The Tiến lên state on the core's [`GenericState`][cardkit.engine.generic.GenericState].

Its fields (`state.f`) keep hands as game masks (see `cardkit_tienlen.combos`);
`check_play`/`check_pass` are the one home of legality, `do_play`/`do_pass`
the transitions of rules spec section 4, and `list_legal` the fast listing.
"""

from __future__ import annotations

from typing import Any, Final

from cardkit import Action, CardSet, GameResult, IllegalAction, InvalidState
from cardkit.authoring import (
    Form,
    GenericState,
    Grammar,
    Refusal,
    Refused,
    Seen,
    TableRole,
    Zone,
    split_action_text,
)
from cardkit_tienlen import turns
from cardkit_tienlen.combos import (
    CARD_BY_KEY,
    PASS,
    Pass,
    Play,
    cards_of,
    cardset_of,
    explain_invalid,
    play_of_mask,
)
from cardkit_tienlen.fields import Fields
from cardkit_tienlen.rules import TienLenRefused as Code
from cardkit_tienlen.rules import TienLenRules
from cardkit_tienlen.scoring import result_for
from cardkit_tienlen.views import (
    SCALAR_NAMES,
    TABLE_HINT,
    VIEW_WORDS,
    TienLenView,
    recent_of,
    snapshot_of,
    view_extra_of,
    view_scalars_of,
)

__all__ = ["GRAMMAR", "TienLenState"]

#: ``play <cards>`` (any number of cards, any order and case) and ``pass``.
GRAMMAR: Final = Grammar(Form("play", Play, -1, usage=("play <cards>",)), Form("pass", Pass))


#: Each hands tuple's card sets and the cards they hold, by the tuple: a pass keeps the
#: hands, so the zones give the same objects again (observations keep what they worked out).
_HELD: dict[int, tuple[tuple[int, ...], tuple[CardSet, ...], int]] = {}


def _held(state: TienLenState) -> tuple[tuple[CardSet, ...], int]:
    hands = state.f.hands
    found = _HELD.get(id(hands))
    if found is None or found[0] is not hands:
        if len(_HELD) >= 512:
            _HELD.clear()
        held = 0
        for h in hands:
            held |= h
        found = _HELD[id(hands)] = (hands, tuple(map(cardset_of, hands)), held)
    return found[1], found[2]


def _hands(state: TienLenState) -> tuple[CardSet, ...]:
    return _held(state)[0]


def _pile(state: TienLenState) -> CardSet:
    return cardset_of(state.f.pile)


def _discard(state: TienLenState) -> CardSet:
    """What `played()` gives but the pile: every card neither held, undealt nor on the pile."""
    f = state.f
    return cardset_of(((1 << 52) - 1) & ~_held(state)[1] & ~f.cfg.undealt & ~f.pile)


def _undealt(state: TienLenState) -> CardSet:
    return cardset_of(state.f.cfg.undealt)


class TienLenState(GenericState[TienLenRules, Fields, TienLenView]):
    """One Tiến lên deal: immutable; `apply` returns the next state. Its fields are `state.f`."""

    __slots__ = ()
    grammar = GRAMMAR
    view_model = TienLenView
    table_hint, view_words = TABLE_HINT, VIEW_WORDS
    #: Every card exactly once: ``hand:<seat>``, ``pile`` (this round), ``discard``
    #: (earlier rounds, shown in the view as part of ``played``) and ``undealt``
    #: (2-3 players; the view shows how many).
    zone_specs = (
        Zone(
            "hand",
            per_seat=True,
            seen=Seen.OWNER,
            cards=_hands,
            count_key="hand_sizes",
            sort=True,
            spectator_empty=True,
            role=TableRole.HAND,
        ),
        Zone("pile", seen=Seen.EVERYONE, cards=_pile, sort=True, role=TableRole.PILE),
        Zone("discard", seen=Seen.EVERYONE, cards=_discard, in_view=False),
        Zone("undealt", seen=Seen.COUNT, cards=_undealt, in_view=False),
    )

    # -- the contract -----------------------------------------------------------

    #: The seat that must decide now ([`whose_turn`][cardkit_tienlen.turns.whose_turn]), and
    #: the legal actions, listed fast ([`legal_of`][cardkit_tienlen.turns.legal_of]): compiled
    #: functions of the state in the compiled build, which the core calls with it.
    whose_turn = turns.whose_turn
    list_legal = turns.legal_of

    @property
    def leading(self) -> bool:
        """Whether the seat to act leads a new round (no combination to beat)."""
        return self.f.current is None and self.f.over is None

    @property
    def current(self) -> Play | None:
        """The combination to beat, or ``None`` when someone leads."""
        return self.f.current

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (hidden information: not for other players)."""
        return cardset_of(self.f.hands[seat])

    def candidate_actions(self) -> list[Action]:
        """Every play of cards of the hand to act (any number of cards), and the pass."""
        seat = self.f.to_act
        if seat is None:
            return []
        hand, bits = self.f.hands[seat], []
        while hand:
            bits.append(hand & -hand)  # the hand's cards, one bit each
            hand ^= bits[-1]
        plays: list[Action] = []
        classified = self.f.cfg.beating.classified
        for mask in range(1, 1 << len(bits)):
            play = play_of_mask(sum(b for i, b in enumerate(bits) if mask >> i & 1))
            plays.append(classified(play))
        return [*plays, PASS]

    def parse_action(self, text: str) -> Action:
        """Read ``play 3S 3H`` (cards in any order and case), ``pass``, or bare cards.

        Raises:
            IllegalAction: the text is not an action (code ``"unparsable"``).
        """
        verb, args = split_action_text(text)
        if verb == "play" and not args:
            raise IllegalAction(
                Refused.UNPARSABLE, "'play' needs cards, such as 'play 3S 3H'", action=text
            )
        if verb in ("play", "pass"):
            try:
                action = self.grammar.parse(text, self.game.title)
            except IllegalAction:
                if verb == "play":  # a card that is not one: the card parser's message
                    raise
            else:
                if type(action) is Pass:
                    return PASS  # the one pass
                return self.f.cfg.beating.classified(action) if isinstance(action, Play) else action
        else:
            try:
                return self.f.cfg.beating.classified(Play([verb, *args]))
            except IllegalAction:
                pass
        raise IllegalAction(
            Refused.UNPARSABLE,
            f"cannot read {text!r}: expected 'play' and cards, such as 'play 3S 3H', or 'pass'",
            action=text,
        )

    # -- legality -----------------------------------------------------------------

    def check_play(self, play: Play) -> Refusal | None:
        """A combination held, that beats the current one (or leads), as the lock allows."""
        f = self.f
        seat = f.to_act or 0
        bits, hand = play.bits, f.hands[seat]
        if bits & ~hand:
            missing = " ".join(c.code for c in cards_of(bits & ~hand))
            return Refusal(
                Refused.NOT_IN_HAND, f"seat {seat + 1} is to act and does not hold {missing}"
            )
        beating, current = f.cfg.beating, f.current
        if not play.kind:
            play = beating.classified(play)
            if not play.kind:
                return Refusal(Code.NOT_A_COMBINATION, explain_invalid(play.cardset))
        if beating.removed and play.kind in beating.removed:
            return Refusal(Code.NOT_A_COMBINATION, beating.not_a_kind(play))
        if current is None:
            if f.required and not bits & f.required:
                card = CARD_BY_KEY[f.required.bit_length() - 1]
                message = f"the first lead of the match must include {card.code}"
                return Refusal(Code.MUST_INCLUDE, message)
            return None
        if f.cfg.pass_lock and f.locked >> seat & 1 and not play.is_bomb:
            message = (
                f"seat {seat + 1} passed this round; on 2s a locked player may only play "
                "a bomb that beats them, or pass"
            )
            return Refusal(Code.LOCKED, message)
        if not beating.beats(play, current):
            return Refusal(Code.DOES_NOT_BEAT, beating.why_not(play, current))
        return None

    def check_pass(self, action: Pass) -> Refusal | None:
        """A follower may pass; the leader of a round may not."""
        if self.f.current is None:
            leader = (self.f.to_act or 0) + 1
            message = f"seat {leader} leads this round and cannot pass; lead any combination"
            return Refusal(Code.CANNOT_PASS, message)
        return None

    # -- transitions ----------------------------------------------------------------

    #: Put the cards on the pile; finish the seat if its hand is empty; pass the turn.
    do_play = turns.do_play
    #: Pass (and, with the pass lock, be locked out); the round ends when nobody is left.
    do_pass = turns.do_pass

    # -- results, views, zones ------------------------------------------------------

    def final_result(self) -> GameResult:
        """How the deal ended: finishing order, winner, placement points.

        Raises:
            InvalidState: the deal is not over yet.
        """
        if self.f.over is None:
            raise InvalidState("the deal is not over yet; result() needs a finished deal")
        return result_for(self.f, self.action_count)

    def view_extra(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know besides its hand and the pile (``None``: a spectator)."""
        return view_extra_of(self, seat)

    #: The names of `view_scalars`' values, in its order.
    view_scalar_names = SCALAR_NAMES

    def view_scalars(self, seat: int | None) -> tuple[Any, ...]:
        """The scalar entries of `view_extra` alone, the same values (what learning code
        reads), as a tuple named by `view_scalar_names`."""
        return view_scalars_of(self, seat)

    def recent(self, seat: int | None) -> list[str]:
        """The last few events of the deal, worded for ``seat`` (the view's ``recent``)."""
        return recent_of(self, seat)

    def snapshot(self) -> dict[str, Any]:
        """The full state, hidden cards included, as JSON-ready data."""
        return snapshot_of(self.f)

    def played(self) -> int:
        """Every card played in this deal, as a game mask."""
        held = 0
        for h in self.f.hands:
            held |= h
        return ((1 << 52) - 1) & ~held & ~self.f.cfg.undealt
