"""Views: what one seat (or a spectator) may know, as JSON-ready models."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["View"]


class View(BaseModel):
    """The base of every game's view model.

    A view holds only what its seat may know: its own private cards, public
    cards, and counts of everything else. It never holds another player's
    hidden cards, face-down cards, the order of the stock or the seed.
    ``seat is None`` is the spectator view, which holds public facts only.

    Attributes:
        game: the game's name.
        seat: whose view this is, or ``None`` for a spectator.
        players: the number of seats.
        to_act: the seat that must decide now, or ``None`` when the game is over.
        is_over: whether the game has ended.
        legal_actions: the legal actions as text, only in the view of the
            seat to act (empty otherwise).
        recent: the latest public events, narrated for this seat (`"You play 3♠"`)
            by the game's [`wording`][cardkit.engine.game.Game.wording].
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str
    seat: int | None
    players: int
    to_act: int | None
    is_over: bool
    legal_actions: list[str] = Field(default_factory=list)
    recent: list[str] = Field(default_factory=list)
