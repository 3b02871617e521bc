"""Private windows: a seat asked out of turn, and only that seat knows (Palace rules 4.5).

A game whose rules open such windows sets `private_windows` and overrides
[`decline_window`][cardkit.engine.windows.PrivateWindows.decline_window] and
[`answers_window`][cardkit.engine.windows.PrivateWindows.answers_window]; the core
then shows every other seat the state with every window declined and lets
the player that state shows to act act at once
([`apply_as`][cardkit.engine.windows.PrivateWindows.apply_as]).
[`GenericState`][cardkit.engine.generic.GenericState] has them, off by default.
"""

from __future__ import annotations

from typing import ClassVar, Self

from cardkit.engine.actions import Action, check_action_text
from cardkit.engine.state import GameState
from cardkit.errors import IllegalAction

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
        player that state shows to act act at once (`apply_as`). The default: none.
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

    def apply_as(self, seat: int, action: Action | str) -> Self:
        """Apply `action` on behalf of `seat`, refusing it if `seat` may not act now.

        With private windows (`private_windows`): the text is read first; the
        seat a window asks acts in its window; the player every other view
        shows to act may act too, and its action declines the open windows
        first (recorded as declines, with no event), unless it is that
        player's own answer to a window asking it. Any other seat gets code
        `"not_your_turn"`, naming only the seat it is shown to act.

        Raises:
            IllegalAction: `seat` may not act now, or the action is illegal (nothing declined).
        """
        if not self.private_windows:
            return super().apply_as(seat, action)
        if isinstance(action, str):
            action = self.parse_action(check_action_text(action))
        public = self.public_state()
        shown = public.to_act
        answers = public is not self and self.answers_window(action)
        if seat == self.to_act and (public is self or answers or seat != shown):
            return self.apply(action)
        if seat != shown:
            who = "the game is over" if shown is None else f"seat {shown} is to act"
            raise IllegalAction(
                "not_your_turn", f"seat {seat} may not act now: {who}", action=action
            )
        state = self
        while not (state.to_act == seat and answers):
            declined = state.decline_window()
            if declined is None:
                break
            state = declined
        return state.apply(action)
