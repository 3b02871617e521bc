"""Private windows: a seat asked out of turn, and only that seat knows (Palace rules 4.5).

A game whose rules open such windows sets `private_windows` and overrides
[`decline_window`][cardkit.engine.windows.PrivateWindows.decline_window] and
[`answers_window`][cardkit.engine.windows.PrivateWindows.answers_window]; the core
then shows every other seat the state with every window declined and lets
the player that state shows to act act at once: both are in
[`seats_to_act`][cardkit.engine.windows.PrivateWindows.seats_to_act], and
[`act_as`][cardkit.engine.state.GameState.act_as] applies the latter's action
after declining the windows.
[`GenericState`][cardkit.engine.generic.GenericState] has them, off by default.

While a window is open, the state's own `legal_actions()` are the asked seat's
answers to it (each `answers_window`); so for the seat to act, `act_as` of one
of its `legal_actions()` is `apply` of it, which the RL environments use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Self

from cardkit.engine.actions import Action
from cardkit.engine.state import GameState

__all__ = ["PrivateWindows"]


class PrivateWindows(GameState):
    """The private-window part of a state (see this module's docs)."""

    __slots__ = ()

    private_windows: ClassVar[bool] = False
    """Whether the game has private windows (see `decline_window`)."""

    def decline_window(self) -> Self | None:
        """The state after the seat a private window asks declines it; `None` when none is open.

        A private window asks one seat out of turn, and only that seat knows
        (Palace rules 4.5). A game that has them sets `private_windows` and
        overrides this and `answers_window`; the core then shows every other
        seat the state with every window declined
        ([`public_state`][cardkit.engine.windows.PrivateWindows.public_state]) and lets the
        player that state shows to act act at once (`act_as`). The default: none.
        """
        return None

    def answers_window(self, action: Action) -> bool:
        """Whether `action` answers the private window open now (default: no)."""
        return False

    def public_state(self) -> Self:
        """The state as every seat but the one a private window asks sees it (all declined)."""
        state = self
        while (declined := state.decline_window()) is not None:
            state = declined
        return state

    def shown_to_act(self, seat: int | None) -> int | None:
        """The seat `view(seat).to_act` names: with a private window open, only the seat
        asked is shown itself; every other seat the player of the public state."""
        to_act = self.to_act
        if seat == to_act or not self.private_windows:
            return to_act
        return self.public_state().to_act

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        """The seats that may act: with a private window open, the seat it asks and the
        player every other view shows to act (the player of `public_state`)."""
        to_act = self.to_act
        if to_act is None:
            return ()
        if not self.private_windows:
            return (to_act,)
        shown = self.public_state().to_act
        return (to_act,) if shown is None or shown == to_act else (to_act, shown)

    def _legal_for(self, seat: int) -> Sequence[Action]:
        """The seat asked lists its window's actions (and, when it is also the player
        shown to act, that player's); the player shown to act lists its view's."""
        if not self.private_windows:
            return self.legal_actions()
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
        if not self.private_windows:
            return self.apply(action)
        public = self.public_state()
        if public is self:
            return self.apply(action)
        if seat == self.to_act and (seat != public.to_act or self.answers_window(action)):
            return self.apply(action)
        return public.apply(action)
