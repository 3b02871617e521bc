"""Rules: the frozen pydantic model of a game's variant options, and presets."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Rules", "Variant"]


class Rules(BaseModel):
    """The base of every game's rules model.

    A game subclasses it with one field per variant option, each typed and
    with its default (the seed text's rule) and a description. Unknown options
    are refused (``extra="forbid"``), and the model is frozen.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    def check_players(self, players: int) -> None:
        """Refuse options that cannot be played with this many players.

        Games override this for cross-checks such as "``double_double`` needs
        exactly 2 players"; the default accepts every count.

        Raises:
            InvalidRules: the options do not fit ``players``.
        """


class Variant(BaseModel):
    """A named preset of rules options, such as Texas Tonk.

    Attributes:
        name: the preset's name, used as ``game.rules(variant=name)``.
        description: one line for people.
        options: the options it sets; options given explicitly override them.
        source: who registered it (the game itself or a plugin's name).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    description: str = ""
    options: dict[str, Any] = Field(default_factory=dict)
    source: str = ""
