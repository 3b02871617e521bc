"""GameState: the immutable state of one game (one deal).

A game's state class derives from [`GameState`][cardkit.engine.state.GameState] and implements the
abstract members. States are immutable:
[`GameState.apply`][cardkit.engine.state.GameState.apply] returns a new state and leaves the
old one as it was, also when it raises [`IllegalAction`][cardkit.errors.IllegalAction].

Each state carries a persistent log (a linked list shared with its
ancestors) of the actions and events that led to it, so recording history
costs one small tuple per transition.

States are values: two states are equal when they are the same game, dealt
from the same setup, after the same actions, with the same snapshot. They
pickle and copy as a saved game does, as their setup and their actions:
unpickling or copying replays the actions from the deal (the game itself
pickles by name and is found again in the registry).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self, final

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.engine.actions import Action, check_action_text
from cardkit.engine.events import Event
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.engine.setup import Setup
from cardkit.engine.views import View
from cardkit.errors import QUOTE_LIMIT, ActionTexts, IllegalAction, quote

if TYPE_CHECKING:
    from cardkit.engine.game import Game

__all__ = ["GameState", "Log"]

#: A persistent log: ``(previous log, action, events)``, or ``None`` at the start. The
#: previous log is typed `Any`, not `Log`: mypyc cannot compile a recursive tuple type
#: (mypy issue 15092), and the engine's modules using it are compiled.
Log = tuple[Any, Action | None, tuple[Event, ...]] | None


class GameState(ABC):
    """The base of every game's state.

    Subclasses set ``game``, ``setup`` and ``_log`` (usually through
    `_init_base`) and implement the abstract members.
    """

    # No slots here: a class compiled by mypyc (`GenericState`) may derive only from Python
    # classes without them. A state class declares the slots, these three included.

    game: Game[Any, Any]
    setup: Setup
    _log: Log
    private_windows: ClassVar[bool] = False
    """Whether the state has private windows: set by the part a game opts into,
    [`PrivateWindows`][cardkit.engine.windows.PrivateWindows], never by the game."""

    def _init_base(self, game: Game[Any, Any], setup: Setup, log: Log) -> None:
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "setup", setup)
        object.__setattr__(self, "_log", log)

    # -- the contract -----------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self.setup.rules

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.setup.players

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` once the game is over.

        Games with out-of-turn plays name the one seat being asked.
        """

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Exactly the legal actions of the seat to act (empty once over)."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's text form for this state.

        Raises:
            IllegalAction: the text is not an action of this game (code
                ``"unparsable"``), with the forms that are expected.
        """

    @abstractmethod
    def _apply(self, action: Action) -> Self:
        """Apply an action object; raise IllegalAction without changing anything."""

    def apply(self, action: Action | str) -> Self:
        """The state after ``action`` (an [`Action`][cardkit.engine.actions.Action] or its text).

        A text longer than [MAX_ACTION_TEXT][cardkit.engine.actions.MAX_ACTION_TEXT]
        is refused before the game parses it.

        Raises:
            IllegalAction: the action is not legal now; ``self`` is unchanged.
        """
        if isinstance(action, str):
            action = self.parse_action(check_action_text(action))
        return self._apply(action)

    def _apply_listed(self, action: Action) -> Self:
        """The state after ``action``, which the caller took from this state's own
        [`legal_actions`][cardkit.engine.state.GameState.legal_actions] or from its action
        space's `legal` for the seat to act (the contract suite proves those the listing's):
        a game may apply it without checking it again. Private to the core (the RL table's
        way); an action from anywhere else (a player, a file) goes to `apply`, which checks it.

        Raises:
            IllegalAction: the game checked ``action`` and it is not legal now.
        """
        return self.apply(action)

    # -- acting for a seat: the one seat-scoped way in --------------------------------

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        """The seats that may act now, in no particular order; empty once the game is over.

        By default the seat [`to_act`][cardkit.engine.state.GameState.to_act]. Games
        with private windows (Palace) also let the player every other view shows
        to act act at once ([`cardkit.engine.windows`][cardkit.engine.windows]); a
        game where several seats choose at once lists them all. Such a game
        overrides this together with `_legal_for` (a seat's own legal actions)
        and `_act_for` (how a seat's action is applied): the three override
        points of [`act_as`][cardkit.engine.state.GameState.act_as].
        """
        to_act = self.to_act
        return () if to_act is None else (to_act,)

    def may_act(self, seat: int | None) -> bool:
        """Whether ``seat`` may act now (``None``, a spectator, never may)."""
        return type(seat) is int and seat in self.seats_to_act

    def legal_actions_for(self, seat: int | None) -> Sequence[Action]:
        """``seat``'s own legal actions now: empty when it may not act.

        For the seat to act it is [`legal_actions`][cardkit.engine.state.GameState.legal_actions];
        a seat shown to act while a private window asks another lists the
        actions its view shows.
        """
        if seat is None or not self.may_act(seat):
            return ()
        return self._legal_for(seat)

    def _legal_for(self, seat: int) -> Sequence[Action]:
        """The legal actions of ``seat``, which may act (an override point of `act_as`)."""
        return self.legal_actions()

    def _act_for(self, seat: int, action: Action) -> Self:
        """The state after ``seat``, which may act, plays ``action`` (an override point)."""
        return self.apply(action)

    @final
    def act_as(self, seat: int | None, action: Action | str) -> Self:
        """The state after ``seat`` plays ``action`` (an [`Action`][cardkit.engine.actions.Action]
        or its text): the one way for apps that take moves from several players
        (the server, the RL environments). No game overrides it.

        Whether ``seat`` may act ([`may_act`][cardkit.engine.state.GameState.may_act]) is
        decided before the text is read. A refusal is built only from what
        ``seat`` may know: a seat that may not act gets ``"not_your_turn"``,
        naming only the seat its own view shows to act, and no legal action;
        a seat that may act gets the game's code and message with its own
        legal actions ([`legal_actions_for`][cardkit.engine.state.GameState.legal_actions_for]).

        Raises:
            IllegalAction: ``seat`` may not act now (code ``"not_your_turn"``), or the
                action is not legal for it; ``self`` is unchanged.
        """
        if seat is None or not self.may_act(seat):
            raise IllegalAction("not_your_turn", self._not_your_turn(seat), action=_echo(action))
        try:
            if isinstance(action, str):
                action = self.parse_action(check_action_text(action))
            return self._act_for(seat, action)
        except IllegalAction as exc:
            allowed = ActionTexts(self.legal_actions_for(seat))
            raise IllegalAction(exc.code, exc.reason, action=exc.action, allowed=allowed) from None

    def _not_your_turn(self, seat: object) -> str:
        """Why ``seat`` may not act, in the words of what its own view shows.

        Seats are named as people read them, from 1; a seat index that names
        no seat is quoted as it came.
        """
        if self.is_over:
            return "the game is over"
        viewer = seat if type(seat) is int and 0 <= seat < self.players else None
        shown = self.shown_to_act(viewer)
        if seat is None:
            who = "a spectator"
        else:
            who = f"seat index {quote(seat)}" if viewer is None else f"seat {viewer + 1}"
        why = "" if shown is None else f": seat {shown + 1} is to act"
        return f"{who} may not act now{why}"

    def shown_to_act(self, seat: int | None) -> int | None:
        """The seat ``view(seat).to_act`` names, without building the view.

        The same as [`to_act`][cardkit.engine.state.GameState.to_act] unless a game
        has private windows: then only the seat a window asks is shown
        itself, and every other seat (``None``: a spectator) is shown the
        player who acts when the window is declined. Observations
        ([`cardkit.rl`][cardkit.rl]) and the server use it where building a
        view would be too slow.
        """
        return self.to_act

    @abstractmethod
    def result(self) -> GameResult:
        """How the game ended.

        Raises:
            InvalidState: the game is not over yet.
        """

    @abstractmethod
    def view(self, seat: int | None = None) -> View:
        """What ``seat`` may know (``None``: a spectator), as a JSON-ready model."""

    def bot_view(self, seat: int) -> View:
        """``view(seat)`` less its ``recent`` lines (empty): what a bot deciding for
        ``seat`` reads. A bot decides from the state of the game, not from the words
        of its last events, and the server's bots need not pay for wording them.

        A new view of its own, built for the bot: it holds nothing ``view(seat)``
        does not, and no state, event or closure (a bot handed it reaches nothing
        more). The default builds the whole view and drops the lines;
        [`GenericState`][cardkit.engine.generic.GenericState] never words them.
        """
        return self.view(seat).model_copy(update={"recent": []})

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The full state, hidden cards included, as JSON-ready data.

        Saved games store it, and loading checks that replaying the saved
        actions reproduces it exactly.
        """

    @abstractmethod
    def zones(self) -> Mapping[str, Sequence[Card] | CardSet]:
        """Where every card of the deck is now, zone by zone.

        Names are the game's (``"hand:0"``, ``"stock"``, ``"pile"``...). The
        zones together hold every card of the deck exactly once; the
        contract tests check it after every action.
        """

    def visible_zones(self, seat: int | None) -> Collection[str]:
        """The names of the zones (of [`zones`][cardkit.engine.state.GameState.zones]) whose
        cards ``seat`` may see now.

        ``None`` asks for the public zones, which everyone sees: a face-up
        discard pile, face-up table cards, melds on the table. A seat sees
        the public zones and its own private ones (its hand). Cards shown by
        an event are public too, whatever zone they are in.

        The contract tests ([`cardkit.testing`][cardkit.testing]) use this to check that
        no view shows a card its seat may not know. The default is the
        strictest: a seat sees only the zone ``"hand:<seat>"`` and nothing is
        public; games with other zones override it.
        """
        return () if seat is None else (f"hand:{seat}",)

    # -- history ------------------------------------------------------------

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions played since the deal, oldest first."""
        return _actions_back_to(self._log, None) or ()

    def actions_since(self, earlier: GameState) -> tuple[Action, ...] | None:
        """The actions played from ``earlier`` to this state, oldest first, or ``None``
        when this state is not ``earlier`` or a later point of it (another deal, a branch).

        Only the actions after ``earlier`` are walked, so a caller that keeps the last
        state it saw (a save that appends, a server) pays for what is new, not for the
        deal's whole `history`.
        """
        return _actions_back_to(self._log, earlier._log)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every public event since the deal, oldest first."""
        chunks: list[tuple[Event, ...]] = []
        log = self._log
        while log is not None:
            chunks.append(log[2])
            log = log[0]
        return tuple(e for chunk in reversed(chunks) for e in chunk)

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The events of the latest transition (or of the deal)."""
        return self._log[2] if self._log is not None else ()

    @property
    def action_count(self) -> int:
        """How many actions have been played."""
        count = 0
        log = self._log
        while log is not None:
            count += log[1] is not None
            log = log[0]
        return count

    def to_json(self, *, indent: int | None = None) -> str:
        """The full state as JSON, hidden cards and seed included: keep it private.

        ``game.load_state(text)`` reads it back.
        """
        from cardkit.engine.saves import SavedGame

        return SavedGame.from_state(self).model_dump_json(indent=indent)

    # -- values: equality, copies, pickling ------------------------------------

    def __eq__(self, other: object) -> bool:
        """Same game, setup, actions and snapshot (states are deterministic)."""
        if self is other:
            return True
        if not isinstance(other, GameState) or type(other) is not type(self):
            return NotImplemented
        return (
            self.game.name == other.game.name
            and self.setup == other.setup
            and self.history == other.history
            and self.snapshot() == other.snapshot()
        )

    def __hash__(self) -> int:
        return hash((self.game.name, self.setup.players, self.setup.deck, self.action_count))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_replay, (self.game, self.setup, tuple(str(a) for a in self.history)))

    def __copy__(self) -> Self:
        return self  # immutable: a copy may be the state itself

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        copied: Self = _replay(self.game, self.setup, tuple(str(a) for a in self.history))
        return copied

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; apply() returns a new state")

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"to_act={self.to_act}"
        return f"<{type(self).__name__} {self.game.name} players={self.players} {status}>"


def _replay(game: Game[Any, Any], setup: Setup, actions: tuple[str, ...]) -> Any:
    """The state ``game`` reaches from ``setup`` after ``actions`` (unpickling, deep copies)."""
    state = game.deal(setup)
    for text in actions:
        state = state.apply(text)
    return state


def _echo(action: Action | str) -> str:
    """The refused input as the refusal quotes it back (short: a huge text is cut)."""
    text = action if isinstance(action, str) else str(action)
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "..."


def _actions_back_to(log: Log, until: Log) -> tuple[Action, ...] | None:
    """The actions of ``log`` after its entry ``until`` (``None``: the deal), oldest first;
    ``None`` when ``until`` is not an entry of ``log``."""
    actions: list[Action] = []
    while log is not until:
        if log is None:
            return None
        if log[1] is not None:
            actions.append(log[1])
        log = log[0]
    actions.reverse()
    return tuple(actions)
