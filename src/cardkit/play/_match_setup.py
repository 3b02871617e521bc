"""Setting up games, bots and seeds for matches and simulations (re-exported by
`cardkit.play.match`)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from cardkit.engine.bots import BotFactory
from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.errors import InvalidRules
from cardkit.play.botpaths import is_bot_path, load_bot

__all__ = [
    "BotSpec",
    "bot_name",
    "check_setup",
    "deal_seed",
    "derive_seed",
    "fill_seats",
    "make_rules",
    "resolve_bots",
    "resolve_game",
]

#: A bot given by name (looked up in ``catalog(game).bots``, or an import path
#: ``"module:attribute"``, see [cardkit.play.botpaths][]) or as a factory.
BotSpec = str | BotFactory


def derive_seed(seed: int, *labels: object) -> int:
    """A reproducible 63-bit seed derived from ``seed`` and some labels.

    The same inputs give the same seed on every machine and Python version
    (it is a SHA-256 digest, not Python's ``hash``).

    >>> derive_seed(7, "deal", 1) == derive_seed(7, "deal", 1)
    True
    >>> derive_seed(7, "deal", 1) == derive_seed(7, "deal", 2)
    False
    """
    text = ":".join(["cardkit", str(seed), *(str(label) for label in labels)])
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def deal_seed(match_seed: int, number: int) -> int:
    """The seed of deal ``number`` (1-based) of the match seeded ``match_seed``."""
    return derive_seed(match_seed, "deal", number)


def resolve_game(game: str | Game[Any, Any]) -> Game[Any, Any]:
    """A game given by name or alias (from the registry), or the game itself.

    Raises:
        UnknownGame: no installed game has that name.
    """
    if isinstance(game, Game):
        return game
    from cardkit.plugins.registry import registry

    return registry().game(game)


def bot_name(spec: BotSpec) -> str:
    """A display name for a bot given by name or by factory."""
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    if isinstance(name, str):
        return name
    return getattr(spec, "__name__", type(spec).__name__)


def fill_seats(bots: Sequence[BotSpec] | None, players: int) -> list[BotSpec]:
    """One bot per seat: ``bots`` repeated in order to fill the seats (default: random).

    >>> fill_seats(["greedy", "random"], 4)
    ['greedy', 'random', 'greedy', 'random']

    Raises:
        InvalidRules: more bots than seats.
    """
    chosen: list[BotSpec] = list(bots) if bots else ["random"]
    if len(chosen) > players:
        raise InvalidRules(f"{len(chosen)} bots were given for {players} seats")
    return [chosen[seat % len(chosen)] for seat in range(players)]


def resolve_bots(
    game: Game[Any, Any], bots: Sequence[BotSpec] | None, players: int
) -> list[BotFactory]:
    """One bot factory per seat.

    Args:
        game: the game whose ``bots`` names refer to.
        bots: the bots, each a name registered for the game, the import path of a
            factory (``"mypkg.agents:policy"``, [cardkit.play.botpaths][]) or a factory;
            repeated in order to fill the seats (see [`fill_seats`][cardkit.play.match.fill_seats]).
        players: the number of seats.

    Raises:
        InvalidRules: an unknown bot name, or the wrong number of bots.
    """
    bots = fill_seats(bots, players)
    known = catalog(game).bots
    factories: list[BotFactory] = []
    for spec in bots:
        if isinstance(spec, str):
            key = spec.strip()
            if key not in known and is_bot_path(key):
                factories.append(load_bot(key, game))
                continue
            if key not in known:
                raise InvalidRules(
                    f"{game.name} has no bot {spec!r}; bots: {', '.join(sorted(known))}"
                )
            factories.append(known[key])
        elif callable(spec):
            factories.append(spec)
        else:
            raise InvalidRules(f"a bot is a name or a factory, not {spec!r}")
    return factories


def make_rules(game: Game[Any, Any], rules: Rules | Mapping[str, Any] | None) -> Rules:
    """The rules for ``game``: as given, from a dict of options, or the defaults.

    Raises:
        InvalidRules: unknown options or bad values.
    """
    if rules is None:
        made: Rules = game.rules()
        return made
    if isinstance(rules, Mapping):
        made = game.rules(**dict(rules))
        return made
    return rules


def check_setup(game: Game[Any, Any], players: int, rules: Rules) -> None:
    """Check a seat count and rules for ``game`` as [`start`][cardkit.engine.game.Game.start] would.

    Raises:
        InvalidRules: the seat count is out of range, the rules are not the
            game's model, or they do not fit the seat count.
    """
    if not isinstance(players, int) or not game.players.min <= players <= game.players.max:
        raise InvalidRules(
            f"{game.name} is played by {game.players.min} to {game.players.max} players, "
            f"not {players!r}"
        )
    if not isinstance(rules, game.rules_model):
        raise InvalidRules(
            f"rules must be {game.rules_model.__name__} (from {game.name}'s game.rules()), "
            f"not {type(rules).__name__}"
        )
    rules.check_players(players)
