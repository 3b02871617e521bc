"""Shared fixtures of the core tests: a tiny game that needs no plugin, and isolated registries.

The tiny game, *Shed*: each seat is dealt 3 cards; on your turn you ``play``
any card of your hand face up, ``draw`` the top card of the stock, or
``pass``. The first seat to empty its hand wins. Passing is always legal, so
a game can go on forever: the runner's action cap has something to stop.
"""

from __future__ import annotations

import signal
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

import pytest

from cardkit import (
    Action,
    Card,
    CardSet,
    Event,
    Game,
    GameResult,
    GameState,
    IllegalAction,
    InvalidState,
    Rules,
    Setup,
    View,
    hookimpl,
)
from cardkit.authoring import Players
from cardkit.engine.actions import parse_card_args, split_action_text
from cardkit.engine.state import Log
from cardkit.plugins import registry as plugins_module
from cardkit.plugins.registry import Registry


def pytest_configure(config: pytest.Config) -> None:
    """Let Ctrl-C reach the tests that press it: a shell starts a background job (``cmd &``
    without job control) with SIGINT ignored, and an ignored signal stays ignored in every
    process started from it, so the Ctrl-C tests of the command line (real terminals)
    and of plugin loading saw nothing. A handler is reset at ``exec``: children get the
    default again."""
    del config
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@dataclass(frozen=True, slots=True)
class ShedPlay(Action):
    """Play one card face up: ``play QS``."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card.code}"


@dataclass(frozen=True, slots=True)
class ShedDraw(Action):
    """Draw the top card of the stock: ``draw``."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class ShedPass(Action):
    """Do nothing: ``pass``."""

    def __str__(self) -> str:
        return "pass"


class ShedRules(Rules):
    """The options of Shed."""

    cards_each: int = 3
    """Cards dealt to each seat."""


class ShedView(View):
    """A seat's hand, the face-up pile and the counts."""

    hand: list[Card] | None
    pile: list[Card]
    hand_counts: list[int]
    stock_count: int


class ShedState(GameState):
    """A game of Shed."""

    __slots__ = ("hands", "pile", "seat", "stock")

    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    seat: int

    def __init__(
        self,
        game: Game[Any, Any],
        setup: Setup,
        log: Log,
        hands: tuple[CardSet, ...],
        stock: tuple[Card, ...],
        pile: tuple[Card, ...],
        seat: int,
    ) -> None:
        """Build a state."""
        self._init_base(game, setup, log)
        for name, value in (("hands", hands), ("stock", stock), ("pile", pile), ("seat", seat)):
            object.__setattr__(self, name, value)

    @property
    def to_act(self) -> int | None:
        """The seat to act, None when over."""
        return None if self.is_over else self.seat

    @property
    def is_over(self) -> bool:
        """A hand is empty."""
        return any(not hand for hand in self.hands)

    def legal_actions(self) -> tuple[Action, ...]:
        """Play any card, draw while the stock lasts, or pass."""
        if self.is_over:
            return ()
        draw: tuple[Action, ...] = (ShedDraw(),) if self.stock else ()
        return (*(ShedPlay(c) for c in self.hands[self.seat]), *draw, ShedPass())

    def parse_action(self, text: str) -> Action:
        """``play <card>``, ``draw`` or ``pass``."""
        verb, args = split_action_text(text)
        if verb == "play" and len(args) == 1:
            return ShedPlay(parse_card_args(text, args)[0])
        if verb == "draw" and not args:
            return ShedDraw()
        if verb == "pass" and not args:
            return ShedPass()
        raise IllegalAction("unparsable", f"cannot read {text!r}: play <card>, draw or pass")

    def _apply(self, action: Action) -> Self:
        if action not in self.legal_actions():
            raise IllegalAction(
                "illegal", f"{action} is not legal", allowed=[str(a) for a in self.legal_actions()]
            )
        seat, hands, stock, pile = self.seat, list(self.hands), self.stock, self.pile
        if isinstance(action, ShedPlay):
            hands[seat] = hands[seat].remove(action.card)
            pile = (*pile, action.card)
            event = Event("play", seat, (action.card,))
        elif isinstance(action, ShedDraw):
            hands[seat] = hands[seat].add(stock[0])
            stock = stock[1:]
            event = Event("draw", seat, count=1)
        else:
            event = Event("pass", seat)
        nxt = (seat + 1) % self.players if all(hands) else seat
        return type(self)(
            self.game, self.setup, (self._log, action, (event,)), tuple(hands), stock, pile, nxt
        )

    def result(self) -> GameResult:
        """The seat that emptied its hand wins."""
        if not self.is_over:
            raise InvalidState("the game is not over")
        winner = next(s for s, h in enumerate(self.hands) if not h)
        return GameResult(
            reason="out", players=self.players, winners=[winner], actions=self.action_count
        )

    def view(self, seat: int | None = None) -> ShedView:
        """Own hand, the pile, counts."""
        acting = seat is not None and seat == self.to_act
        return ShedView(
            game=self.game.name,
            seat=seat,
            players=self.players,
            to_act=self.to_act,
            is_over=self.is_over,
            legal_actions=[str(a) for a in self.legal_actions()] if acting else [],
            recent=[e.describe() for e in self.last_events],
            hand=list(self.hands[seat]) if seat is not None else None,
            pile=list(self.pile),
            hand_counts=[len(h) for h in self.hands],
            stock_count=len(self.stock),
        )

    def snapshot(self) -> dict[str, Any]:
        """Everything."""
        return {
            "hands": [h.codes for h in self.hands],
            "stock": [c.code for c in self.stock],
            "pile": [c.code for c in self.pile],
            "seat": self.seat,
        }

    def zones(self) -> Mapping[str, Sequence[Card] | CardSet]:
        """Hands, stock and pile."""
        zones: dict[str, Sequence[Card] | CardSet] = {
            f"hand:{s}": h for s, h in enumerate(self.hands)
        }
        return zones | {"stock": self.stock, "pile": self.pile}

    def visible_zones(self, seat: int | None) -> Collection[str]:
        """The pile is public."""
        return ("pile",) if seat is None else ("pile", f"hand:{seat}")


class Shed(Game[ShedRules, ShedState]):
    """The tiny test game."""

    name: ClassVar[str] = "shed"
    title: ClassVar[str] = "Shed"
    summary: ClassVar[str] = "Empty your hand first."
    players: ClassVar[Players] = Players(2, 3, default=2)
    rules_model: ClassVar[type[ShedRules]] = ShedRules

    def deal(self, setup: Setup) -> ShedState:
        """Deal ``cards_each`` cards one at a time from left of the dealer."""
        rules = setup.rules
        assert isinstance(rules, ShedRules)
        first = (setup.dealer + 1) % setup.players
        hands, rest = setup.deck.deal_sets(setup.players, rules.cards_each, first_seat=first)
        deal = (Event("deal", setup.dealer, count=rules.cards_each),)
        return ShedState(self, setup, (None, None, deal), tuple(hands), rest.cards, (), first)


class ShedPlugin:
    """A plugin object registering Shed (an instance, so each test gets a fresh game)."""

    def __init__(self, name: str = "shed", aliases: tuple[str, ...] = ()) -> None:
        """Register a Shed game called ``name``."""
        self.game_name = name
        self.aliases = aliases

    @hookimpl
    def cardkit_register(self, register: Any) -> None:
        """Register the game."""
        game_class = type(f"Shed_{self.game_name}", (Shed,), {"name": self.game_name})
        register.add_game(game_class(), aliases=self.aliases)


@pytest.fixture
def shed() -> Shed:
    """A fresh Shed game, registered nowhere."""
    return Shed()


@pytest.fixture
def empty_registry(monkeypatch: pytest.MonkeyPatch) -> Registry:
    """A process-wide registry with no installed plugin; the real one comes back afterwards."""
    monkeypatch.delenv("CARDKIT_STRICT_PLUGINS", raising=False)
    registry = Registry(load_entry_points=False)
    monkeypatch.setattr(plugins_module, "_registry", registry)
    return registry
