"""The Palace state on the core's [`PrivateWindows`][cardkit.engine.windows.PrivateWindows]
(a [`GenericState`][cardkit.engine.generic.GenericState] with private windows).

The state machine follows section 4 of the rules spec::

    DEAL -> EXCHANGE (seat by seat: swap* then ready) -> TURN(starter)
    TURN(p): hand / face-up source -> play | pickup;  face-down source -> flip
    after a play -> RESOLVE -> [p plays again] | WINDOW -> TURN(next player)
    GAME_OVER when at most one player still holds cards

Its fields (`state.f`, [`Fields`][cardkit_palace.fields.Fields]) keep cards
as bit masks. Each action kind has one check, `check_<kind>` (the one home
of its legality), and one transition, `do_<kind>`, written in the modules of
their phase (`exchange`, `turns`, `windows`); `list_legal` is the fast
listing (`listing`). The windows between turns (``add`` and ``complete``)
are private (rules 4.5): the core's `act_as`, `shown_to_act` and the view
show every seat but the one asked the state with the windows declined.
"""

from __future__ import annotations

from typing import Any, Final, Self

from cardkit import Action, GameResult
from cardkit.authoring import PrivateWindows
from cardkit_palace import exchange, turns, windows
from cardkit_palace.actions import (
    DECLINE,
    GRAMMAR,
    PICKUP,
    READY,
    Add,
    Complete,
    Decline,
    Flip,
    Play,
    Swap,
)
from cardkit_palace.effects import PalaceTables
from cardkit_palace.fields import ADD, COMPLETE, PHASES, RANK_MASK_BY_OFFSET, Fields, cards_of
from cardkit_palace.listing import legal_of, submasks
from cardkit_palace.rules import PalaceRules
from cardkit_palace.scalars import SCALAR_NAMES, view_scalars
from cardkit_palace.views import (
    TABLE_HINT,
    VIEW_WORDS,
    ZONES,
    PalaceView,
    latest_events,
    result_of,
    snapshot_of,
    view_extra,
)

__all__ = ["PalaceState"]

_FLIPS: Final = tuple(Flip.of(i) for i in range(1, 7))


class PalaceState(PrivateWindows[PalaceRules, Fields, PalaceView]):
    """One position of a Palace game (immutable; `apply` returns a new state).

    Its views never show a face-down card. Windows are private (rules 4.5): only
    the seat a window asks sees it; every other view is the view with every open
    window declined, the next player shown to act with its legal actions.
    """

    __slots__ = ()
    grammar = GRAMMAR
    zone_specs = ZONES
    table_hint = TABLE_HINT
    view_words = VIEW_WORDS
    view_model = PalaceView

    # -- the contract --------------------------------------------------------------

    #: The seat asked to decide ([`whose_turn`][cardkit_palace.turns.whose_turn]), and the
    #: legal actions, listed fast ([`legal_of`][cardkit_palace.listing.legal_of]): compiled
    #: functions of the state in the compiled build, which the core calls with it.
    whose_turn = turns.whose_turn
    list_legal = legal_of

    @property
    def phase(self) -> str:
        """``"exchange"``, ``"turn"``, ``"add"``, ``"complete"`` or ``"over"``."""
        return PHASES[self.f.phase]

    def candidate_actions(self) -> list[Action]:
        """Every action the checks are asked about: each kind, with the cards of the seat to act.

        Plays, adds and completions of every subset of each rank's cards in
        the hand and face-up cards (a play of mixed ranks is always refused),
        every swap of a hand card with a face-up card, the six flips, and the
        argument-less actions.
        """
        f = self.f
        p = f.actor
        cards = f.hands[p] | f.ups[p]
        subsets = [s for rank in RANK_MASK_BY_OFFSET for s in submasks(cards & rank)]
        actions: list[Action] = [PICKUP, READY, DECLINE, *_FLIPS]
        for kind in (Play, Add, Complete):
            actions += [kind(mask) for mask in subsets]
        ups = cards_of(f.ups[p])
        actions += [Swap.of(h, u) for h in cards_of(f.hands[p]) for u in ups]
        return actions

    # -- the checks and the transitions, by action kind: in the modules of their phase ----

    check_swap = exchange.check_swap
    do_swap = exchange.do_swap
    check_ready = exchange.check_ready
    do_ready = exchange.do_ready
    check_play = turns.check_play
    do_play = turns.do_play
    check_pickup = turns.check_pickup
    do_pickup = turns.do_pickup
    check_flip = turns.check_flip
    do_flip = turns.do_flip
    check_add = windows.check_add
    do_add = windows.do_add
    check_complete = windows.check_complete
    do_complete = windows.do_complete
    check_decline = windows.check_decline
    do_decline = windows.do_decline

    # -- private windows (rules 4.5) ---------------------------------------------------

    def decline_window(self) -> Self | None:
        """The state after the seat a window asks declines it; ``None`` when none is open."""
        return self.apply(DECLINE) if windows.in_window(self.f) else None

    def shown_to_act(self, seat: int | None) -> int | None:
        """As the core's: with no window open (most states) the seat to act, read at once."""
        f = self.f
        actor = f.actor
        if f.phase != ADD and f.phase != COMPLETE:
            return None if actor < 0 else actor
        return actor if seat == actor else self.public_state().to_act

    def answers_window(self, action: Action) -> bool:
        """Whether ``action`` answers the open window: ``decline``, or its ``add``/``complete``."""
        kind = Add if self.f.phase == ADD else Complete if self.f.phase == COMPLETE else None
        return kind is not None and isinstance(action, (kind, Decline))

    # -- results, views, saves ----------------------------------------------------------

    def final_result(self) -> GameResult:
        """The finishing order, the loser and the winners.

        With the default ``end_condition``, ``order`` lists every seat in the
        order they went out, the loser (the last player holding cards) last;
        ``losers`` is that player and ``winners`` everyone else (the object of
        the game is not to be last). With ``first_out_wins``, ``order`` and
        ``winners`` hold the first player out only, and there is no loser.

        Raises:
            InvalidState: the game is not over yet.
        """
        return result_of(self)

    def view_extra(self, seat: int | None) -> dict[str, Any]:
        """What a view shows besides the zones: the phase, the exchange, the open window
        (only in the view of the seat it asks)."""
        return view_extra(self, seat)

    # The scalar entries of `view_extra` alone (what learning code reads), at once, as a tuple
    # of values named by `view_scalar_names`; a compiled function, which `GenericState` makes
    # a method (`state.view_scalars(seat)`).
    view_scalars = view_scalars
    view_scalar_names = SCALAR_NAMES

    def recent(self, seat: int | None) -> list[str]:
        """The events of the latest transition that had any (a declined window has none)."""
        return self.game.wording.lines(latest_events(self._log), viewer=seat)

    def snapshot(self) -> dict[str, object]:
        """The full state, face-down cards and stock order included, as JSON-ready data.

        Under rules where a card reverses the order of play, it has a
        `direction` too (1 clockwise, -1 reversed); other saves have none.
        """
        return snapshot_of(self)

    # -- extras for tools and tests -----------------------------------------------------------

    @property
    def tables(self) -> PalaceTables:
        """The effect and follow tables this game resolved from its hooks at the start."""
        return self.f.cfg.tables

    @property
    def direction(self) -> int:
        """The order of play: 1 clockwise (the deal's order), -1 reversed by a card effect."""
        return self.f.direction

    @property
    def action_count(self) -> int:
        """How many actions have been played (constant time)."""
        return self.f.moves
