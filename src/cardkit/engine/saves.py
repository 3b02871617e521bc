"""Saved games: the JSON form of a full state, and its complete validation.

A saved game records how the game started (rules, house rules included,
players, dealer, the deck order and the seed, the previous deal's result in a
match), every action as text, and a snapshot of the state reached. Loading replays the actions from
the deal, each one checked as a move is, and then requires the replayed
state to equal the snapshot. So a saved game whose cards, turn or phase were
tampered with is refused as a whole, never half-loaded. A game played with a
house rule that this installation lacks is refused before any replay, naming
the rule and the plugin it came from.

A save longer than [MAX_SAVE_SIZE][cardkit.engine.saves.MAX_SAVE_SIZE] characters
(or bytes) is refused before it is parsed, and so is one whose actions are
longer than [MAX_ACTION_TEXT][cardkit.engine.actions.MAX_ACTION_TEXT] characters or
whose deck has more than [MAX_CARDS][cardkit.cards.cardset.MAX_CARDS] cards, so the
cost of refusing a save is bounded by what is read.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardkit.cards.cardset import MAX_CARDS
from cardkit.cards.deck import Deck
from cardkit.engine.actions import MAX_ACTION_TEXT
from cardkit.engine.catalog import catalog
from cardkit.engine.results import GameResult
from cardkit.errors import CardkitError, InvalidState, quote

if TYPE_CHECKING:
    from cardkit.engine.game import Game
    from cardkit.engine.state import GameState

__all__ = ["MAX_SAVE_SIZE", "SAVE_FORMAT", "SavedGame"]

#: The format tag of saved games written by this version.
SAVE_FORMAT: Literal["cardkit.game/1"] = "cardkit.game/1"
MAX_SAVE_SIZE = 4_000_000
"""The largest saved game accepted, in characters (or bytes). A long game of the bundled games
saves to well under 100 kB."""


class SavedGame(BaseModel):
    """The saved form of a game: its setup, its actions and its current snapshot.

    ``house_rule_sources`` maps each house rule in ``rules["house_rules"]``
    to the plugin that provided it, for the message when it is missing.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["cardkit.game/1"] = SAVE_FORMAT
    game: str
    rules_version: str
    rules: dict[str, Any]
    house_rule_sources: dict[str, str] = Field(default_factory=dict)
    players: int = Field(ge=1)
    dealer: int = Field(ge=0)
    seed: int | None = None
    deck: Annotated[list[str], Field(max_length=MAX_CARDS)]
    previous: GameResult | None = None
    actions: list[Annotated[str, Field(max_length=MAX_ACTION_TEXT)]]
    snapshot: dict[str, Any]

    @classmethod
    def from_state(cls, state: GameState) -> SavedGame:
        """Record a state."""
        setup = state.setup
        known = catalog(state.game).house_rules if setup.rules.house_rules else {}
        return cls(
            game=state.game.name,
            rules_version=state.game.rules_model.version,
            rules=setup.rules.model_dump(mode="json"),
            house_rule_sources={
                name: known[name].source
                for name in sorted(setup.rules.house_rules)
                if name in known and known[name].source
            },
            players=setup.players,
            dealer=setup.dealer,
            seed=setup.seed,
            deck=setup.deck.codes,
            previous=setup.previous,
            actions=[str(a) for a in state.history],
            snapshot=state.snapshot(),
        )

    @classmethod
    def parse(cls, text: str | bytes) -> SavedGame:
        """Parse saved-game JSON.

        Raises:
            InvalidState: the text is not a saved game, or is longer than
                [MAX_SAVE_SIZE][cardkit.engine.saves.MAX_SAVE_SIZE]; the message says why.
        """
        if not isinstance(text, str | bytes | bytearray):
            raise InvalidState(f"a saved game is JSON text, not {type(text).__name__}")
        if len(text) > MAX_SAVE_SIZE:
            raise InvalidState(
                f"a saved game of {len(text)} characters refused unread: "
                f"at most {MAX_SAVE_SIZE} are accepted"
            )
        try:
            return cls.model_validate_json(text)
        except ValidationError as exc:
            raise InvalidState(f"not a valid saved game: {_first_error(exc)}") from None

    def restore(self, game: Game[Any, Any]) -> GameState:
        """Rebuild the state by replaying the actions, and check the snapshot.

        Raises:
            InvalidState: anything fails: another game, an incompatible rules
                version, a house rule that is not installed, bad options, a
                bad deck, an illegal action, or a snapshot that the actions
                do not reproduce.
        """
        if game.name != self.game and self.game not in catalog(game).aliases:
            raise InvalidState(f"this save is a game of {self.game!r}, not of {game.name!r}")
        if self.rules_version != game.rules_model.version:
            raise InvalidState(
                f"this save was made under {self.game} rules version {self.rules_version}; "
                f"this installation plays rules version {game.rules_model.version}"
            )
        try:
            rules = game.rules_model.model_validate(self.rules)
        except ValidationError as exc:
            raise InvalidState(
                f"the saved setup is invalid: not {game.name} rules: {_all_errors(exc)}"
            ) from None
        missing = sorted(rules.house_rules - catalog(game).house_rules.keys())
        if missing:
            raise InvalidState(self._missing_house_rules(game, missing))
        try:
            deck = Deck.parse(self.deck)
            state = game.start(
                players=self.players,
                rules=rules,
                deck=deck,
                dealer=self.dealer,
                previous=self.previous,
                seed=self.seed,
            )
        except ValidationError as exc:
            raise InvalidState(f"the saved setup is invalid: {_all_errors(exc)}") from None
        except (CardkitError, ValueError) as exc:
            raise InvalidState(f"the saved setup is invalid: {exc}") from None
        for number, text in enumerate(self.actions, start=1):
            try:
                state = state.apply(text)
            except CardkitError as exc:
                raise InvalidState(
                    f"saved action #{number} {quote(text)} is illegal: {exc}"
                ) from None
        restored: GameState = state
        if _canonical(restored.snapshot()) != _canonical(self.snapshot):
            raise InvalidState(
                "the saved snapshot does not match the state its actions lead to "
                "(the save was edited or corrupted)"
            )
        return restored

    def _missing_house_rules(self, game: Game[Any, Any], missing: list[str]) -> str:
        def where(name: str) -> str:
            source = self.house_rule_sources.get(name)
            return f"{name!r} (from plugin {source!r})" if source else repr(name)

        here = ", ".join(sorted(catalog(game).house_rules)) or "none"
        return (
            f"this save was played with the {game.name} house rule"
            f"{'s' if len(missing) > 1 else ''} {', '.join(where(n) for n in missing)}, "
            f"which this installation does not have (its {game.name} house rules: {here}); "
            "install or load the plugin that provides it, then load the save again"
        )


def _canonical(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _all_errors(exc: ValidationError) -> str:
    """The first error of ``exc`` on one line, and how many more there are."""
    more = exc.error_count() - 1
    return _first_error(exc) + (f" (and {more} more)" if more > 0 else "")


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ())) or "the document"
    return f"{where}: {err.get('msg', 'invalid')}"
