"""Private windows: a seat asked out of turn, and only that seat knows (Palace rules 4.5).

A part a game opts into: a game whose rules open such windows derives its state from
`PrivateWindows` instead of [`GenericState`][cardkit.engine.generic.GenericState]
(`class PalaceState(PrivateWindows[PalaceRules, Fields, PalaceView])`) and overrides
[`decline_window`][cardkit.engine.windows.PrivateWindows.decline_window] and
[`answers_window`][cardkit.engine.windows.PrivateWindows.answers_window]; the core
then shows every other seat the state with every window declined and lets
the player that state shows to act act at once: both are in
[`seats_to_act`][cardkit.engine.windows.PrivateWindows.seats_to_act], and
[`act_as`][cardkit.engine.state.GameState.act_as] applies the latter's action
after declining the windows. A game without windows does not inherit any of this.

While a window is open, the state's own `legal_actions()` are the asked seat's
answers to it (each `answers_window`); so for the seat to act, `act_as` of one
of its `legal_actions()` is `apply` of it, which the RL environments use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Self

from typing_extensions import TypeVar

from cardkit.engine._stateslots import new_state
from cardkit.engine.actions import Action
from cardkit.engine.generic import GenericState
from cardkit.engine.rules import Rules
from cardkit.engine.views import View

__all__ = ["PrivateWindows"]

R = TypeVar("R", bound=Rules, default=Rules)
F = TypeVar("F", bound=tuple[Any, ...], default=tuple[Any, ...])
V = TypeVar("V", bound=View, default=View)


class PrivateWindows(GenericState[R, F, V]):
    """A [`GenericState`][cardkit.engine.generic.GenericState] with private windows (see
    this module's docs)."""

    __slots__ = ()

    private_windows: ClassVar[bool] = True

    def decline_window(self) -> Self | None:
        """The state after the seat a private window asks declines it; `None` when none is open.

        A private window asks one seat out of turn, and only that seat knows
        (Palace rules 4.5). A game that has them overrides this and `answers_window`;
        the core then shows every other seat the state with every window declined
        ([`public_state`][cardkit.engine.windows.PrivateWindows.public_state]) and lets the
        player that state shows to act act at once (`act_as`). The default: none.
        """
        return None

    def answers_window(self, action: Action) -> bool:
        """Whether `action` answers the private window open now (default: no)."""
        return False

    def public_state(self) -> Self:
        """The state as every seat but the one a private window asks sees it (all declined);
        a state the action cap ended declines its windows as the position it stopped in (so
        that no view tells whom a window asked)."""
        state = self
        while True:
            declined = (state._reopened() if state._left <= 0 else state).decline_window()
            if declined is None:
                return state
            state = declined

    def _reopened(self) -> Self:
        """This position with its turn as the game's rules say, the action cap set aside."""
        return new_state(type(self), self.game, self.setup, self._log, self.f, self._left, True)

    def shown_to_act(self, seat: int | None) -> int | None:
        """The seat `view(seat).to_act` names: with a private window open, only the seat
        asked is shown itself; every other seat the player of the public state."""
        to_act = self.to_act
        if seat == to_act:
            return to_act
        return self.public_state().to_act

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        """The seats that may act: with a private window open, the seat it asks and the
        player every other view shows to act (the player of `public_state`)."""
        to_act = self.to_act
        if to_act is None:
            return ()
        shown = self.public_state().to_act
        return (to_act,) if shown is None or shown == to_act else (to_act, shown)

    def _legal_for(self, seat: int) -> Sequence[Action]:
        """The seat asked lists its window's actions (and, when it is also the player
        shown to act, that player's); the player shown to act lists its view's."""
        public = self.public_state()
        if public is self:
            return self.legal_actions()
        if seat != self.to_act:
            return public.legal_actions()
        if seat != public.to_act:
            return self.legal_actions()
        own = tuple(self.legal_actions())
        return own + tuple(a for a in public.legal_actions() if a not in own)

    def _act_for(self, seat: int, action: Action) -> Self:
        """The seat asked answers its window; the player shown to act declines every
        open window first (recorded as declines, with no event), then acts; a refused
        action declines nothing."""
        public = self.public_state()
        if public is self:
            return self.apply(action)
        if seat == self.to_act and (seat != public.to_act or self.answers_window(action)):
            return self.apply(action)
        return public.apply(action)
