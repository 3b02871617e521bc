"""A tiny shedding game ("tinyshed") for the engine and CLI tests, and its own sanity tests.

The engine tests (match, simulate, replay, CLI) must not depend on the real
game plugins, so they register this game at run time. The module is imported
by name (``import test_cli_support``: pytest's `pythonpath` option puts ``tests/``
on ``sys.path``) so that
worker processes started with ``spawn`` can import it too; `installed`
registers it for a ``with`` block.

Rules: each seat gets ``hand_size`` cards, dealt one at a time from the seat
left of the dealer; the rest is the stock. In turn a player plays any card of
their hand (``play QS``) or, while the stock is not empty, draws one
(``draw``). The first to empty their hand wins and scores one point per card
left in the other hands; the seats holding the most cards lose and each pays
``stake`` to the winner. The first deal is led by the seat left of the dealer;
in a match, the previous deal's winner leads. A match ends when someone
reaches ``target`` points.
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, Self

from pydantic import Field
from typer.testing import CliRunner, Result

import cardkit
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
    Payment,
    Rules,
    Setup,
    Turn,
    Variant,
    View,
)
from cardkit.authoring import MatchPolicy, Players
from cardkit.cli import app
from cardkit.engine.actions import parse_card_args, split_action_text
from cardkit.engine.state import Log

NAME = "tinyshed"
PLUGIN_NAME = "tinyshed-tests"


class TinyRules(Rules):
    """The options of tinyshed."""

    presets: ClassVar[tuple[Variant, ...]] = (
        Variant(name="quick", description="One card each.", options={"hand_size": 1}),
    )

    hand_size: int = Field(default=3, ge=1, le=10)
    """Cards dealt to each seat."""

    stake: int = Field(default=1, ge=1)
    """What each loser pays the winner."""

    target: int = Field(default=6, ge=1)
    """A match ends when a seat reaches this many points."""


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play one card."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card.code}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the top card of the stock."""

    def __str__(self) -> str:
        return "draw"


class TinyView(View):
    """What one seat of tinyshed may know."""

    hand: CardSet = CardSet()
    hand_sizes: list[int]
    stock: int
    top: Card | None = None


class TinyState(GameState):
    """The state of a tinyshed game."""

    __slots__ = ("_hands", "_pile", "_stock", "_turn", "_winner")

    _hands: tuple[CardSet, ...]
    _stock: tuple[Card, ...]
    _pile: tuple[Card, ...]
    _turn: int
    _winner: int | None

    def __init__(
        self,
        game: TinyShed,
        setup: Setup,
        log: Log,
        hands: tuple[CardSet, ...],
        stock: tuple[Card, ...],
        pile: tuple[Card, ...],
        turn: int,
        winner: int | None,
    ) -> None:
        self._init_base(game, setup, log)
        object.__setattr__(self, "_hands", hands)
        object.__setattr__(self, "_stock", stock)
        object.__setattr__(self, "_pile", pile)
        object.__setattr__(self, "_turn", turn)
        object.__setattr__(self, "_winner", winner)

    @property
    def to_act(self) -> int | None:
        return None if self._winner is not None else self._turn

    @property
    def is_over(self) -> bool:
        return self._winner is not None

    def legal_actions(self) -> Sequence[Action]:
        if self._winner is not None:
            return []
        actions: list[Action] = [PlayCard(c) for c in self._hands[self._turn]]
        if self._stock:
            actions.append(Draw())
        return actions

    def parse_action(self, text: str) -> Action:
        verb, args = split_action_text(text)
        if verb == "draw" and not args:
            return Draw()
        if verb == "play" and len(args) == 1:
            return PlayCard(parse_card_args(text, args)[0])
        raise IllegalAction(
            "unparsable", f"cannot read {text!r}; expected 'play CARD' or 'draw'", action=text
        )

    def _apply(self, action: Action) -> Self:
        if self._winner is not None:
            raise IllegalAction("game_over", "the game is over", action=action)
        seat = self._turn
        hands = list(self._hands)
        stock, pile = self._stock, self._pile
        if isinstance(action, PlayCard):
            if action.card not in hands[seat]:
                raise IllegalAction(
                    "not_in_hand",
                    f"{action.card.code} is not in your hand",
                    action=action,
                    allowed=[str(a) for a in self.legal_actions()],
                )
            hands[seat] = hands[seat].remove(action.card)
            pile = (*pile, action.card)
            events = [Event("play", seat, cards=(action.card,))]
        elif isinstance(action, Draw):
            if not stock:
                raise IllegalAction("empty_stock", "the stock is empty", action=action)
            hands[seat] = hands[seat].add(stock[0])
            stock = stock[1:]
            events = [Event("draw", seat, count=1)]
        else:
            raise IllegalAction("unknown", f"not a tinyshed action: {action!r}", action=action)
        winner = seat if not hands[seat] else None
        if winner is not None:
            events.append(Event("round_end", None, note="a hand is empty"))
            events.append(Event("game_over", winner, note="wins"))
        log: Log = (self._log, action, tuple(events))
        return type(self)(
            self.game,  # type: ignore[arg-type]
            self.setup,
            log,
            tuple(hands),
            stock,
            pile,
            (seat + 1) % self.players,
            winner,
        )

    def result(self) -> GameResult:
        if self._winner is None:
            raise InvalidState("the game is not over yet")
        winner = self._winner
        sizes = [len(h) for h in self._hands]
        most = max(sizes)
        losers = [s for s, n in enumerate(sizes) if n == most and s != winner]
        stake = self.rules.stake  # type: ignore[attr-defined]
        points = [0] * self.players
        points[winner] = sum(sizes)
        order = sorted(range(self.players), key=lambda s: (sizes[s], s))
        return GameResult(
            reason="shed",
            players=self.players,
            order=order,
            winners=[winner],
            losers=losers,
            points=points,
            payments=[Payment(payer=s, payee=winner, amount=stake, reason="most") for s in losers],
            actions=self.action_count,
            details={"hand_sizes": sizes},
        )

    def view(self, seat: int | None = None) -> TinyView:
        own = seat is not None and self.to_act == seat
        return TinyView(
            game=NAME,
            seat=seat,
            players=self.players,
            to_act=self.to_act,
            is_over=self.is_over,
            legal_actions=[str(a) for a in self.legal_actions()] if own else [],
            recent=[e.describe() for e in self.last_events],
            hand=self._hands[seat] if seat is not None else CardSet(),
            hand_sizes=[len(h) for h in self._hands],
            stock=len(self._stock),
            top=self._pile[-1] if self._pile else None,
        )

    def snapshot(self) -> dict[str, Any]:
        return {
            "hands": [h.codes for h in self._hands],
            "stock": [c.code for c in self._stock],
            "pile": [c.code for c in self._pile],
            "turn": self._turn,
            "winner": self._winner,
        }

    def zones(self) -> Mapping[str, Sequence[Card] | CardSet]:
        zones: dict[str, Sequence[Card] | CardSet] = {
            f"hand:{s}": h for s, h in enumerate(self._hands)
        }
        zones["stock"] = self._stock
        zones["pile"] = self._pile
        return zones


class TinyMatch(MatchPolicy[TinyRules]):
    """Tinyshed's matches end once a total reaches the rules' target."""

    def over(self, rules: TinyRules, totals: list[int], deals: int) -> bool:
        return max(totals) >= rules.target


class TinyShed(Game[TinyRules, TinyState]):
    """Tinyshed: a tiny shedding game for the tests."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Tiny Shed"
    summary: ClassVar[str] = "Play or draw; first to empty their hand wins."
    players: ClassVar[Players] = Players(2, 4, default=3)
    match: ClassVar[MatchPolicy[TinyRules]] = TinyMatch()
    rules_model: ClassVar[type[Rules]] = TinyRules

    def deal(self, setup: Setup) -> TinyState:
        rules = setup.rules
        assert isinstance(rules, TinyRules)
        first = (setup.dealer + 1) % setup.players
        hands, rest = setup.deck.deal_sets(setup.players, rules.hand_size, first_seat=first)
        lead = first
        if setup.previous is not None and setup.previous.winners:
            lead = setup.previous.winners[0]
        log: Log = (None, None, (Event("deal", setup.dealer, note=f"{rules.hand_size} each"),))
        return TinyState(self, setup, log, tuple(hands), rest.cards, (), lead, None)


class FirstCardBot:
    """Always plays the first legal action (a card when it has one)."""

    description = "Plays the first legal action."

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, turn: Turn) -> Action:
        return turn.legal[0]


class DrawBot:
    """Draws whenever it can (makes long games, for action caps)."""

    description = "Draws while the stock lasts."

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, turn: Turn) -> Action:
        draws = [a for a in turn.legal if isinstance(a, Draw)]
        return draws[0] if draws else turn.legal[0]


@cardkit.hookimpl
def cardkit_register(register: Any) -> None:
    register.add_game(TinyShed(), aliases=("tiny",))
    register.add_variant(NAME, "long", {"hand_size": 8}, "Eight cards each.")
    register.add_bot(NAME, "first", FirstCardBot)
    register.add_bot(NAME, "drawer", DrawBot)


def module() -> ModuleType:
    """This module, imported by its plain name (importable by spawned workers too)."""
    tests = str(Path(__file__).resolve().parent)
    if tests not in sys.path:
        sys.path.insert(0, tests)
    return importlib.import_module("test_cli_support")


@contextmanager
def installed() -> Iterator[ModuleType]:
    """Register tinyshed in the process-wide registry for a ``with`` block."""
    mod = module()
    reg = cardkit.registry()
    if PLUGIN_NAME in reg.plugins:
        yield mod
        return
    reg.register(mod, PLUGIN_NAME)
    try:
        yield mod
    finally:
        if PLUGIN_NAME in reg.plugins:
            reg.unregister(PLUGIN_NAME)


# -- running the command line ---------------------------------------------------------


#: Wide output, so that tables and lines are never cut.
WIDE = {"COLUMNS": "200"}


def run(*args: str, input: str | None = None) -> Result:
    """Invoke ``cardkit ARGS`` (wide output, no colours)."""
    return CliRunner().invoke(app, list(args), input=input, env=WIDE)


def ok(*args: str, input: str | None = None) -> str:
    result = run(*args, input=input)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def refused(*args: str, code: int = 2) -> str:
    result = run(*args)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)
    return result.output


def plugin_dir(tmp_path: Path) -> Path:
    """`tmp_path` (made) with a single-file plugin of the game ``dirshed`` (`--plugins-dir`)."""
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "dirshed.py").write_text(
        "import cardkit\n"
        "from test_cli_support import TinyShed\n\n"
        "class DirShed(TinyShed):\n"
        "    name = 'dirshed'\n\n"
        "@cardkit.hookimpl\n"
        "def cardkit_register(register):\n"
        "    register.add_game(DirShed())\n"
    )
    return tmp_path
