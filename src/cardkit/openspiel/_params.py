"""Game parameters: a cardkit game's player count, variant and rules options for OpenSpiel.

OpenSpiel parameters are booleans, integers, floats and strings. Each rules
option whose type is one of those (or a `Literal` of strings) becomes a
parameter of that type with the option's default. Any other option (an
optional number, a list such as ``house_rules``) becomes a string parameter
holding the option's JSON, where the empty string means the default. Two
parameters come first: ``players`` (default: the game's default player
count) and ``variant`` (a preset's name, ``""`` for none); options given
beside a variant override it, as in [`Game.rules`][cardkit.engine.game.Game.rules].
"""

from __future__ import annotations

import json
import typing
from collections.abc import Mapping
from typing import Any

from pydantic.fields import FieldInfo

from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.errors import InvalidRules

__all__ = ["ParameterValue", "game_parameters", "rules_from_parameters"]

#: What an OpenSpiel game parameter holds.
ParameterValue = bool | int | float | str

_NATIVE = (bool, int, float, str)


def _native(annotation: Any) -> type | None:
    """The OpenSpiel type of an option's annotation, or None when it needs JSON."""
    if annotation in _NATIVE:
        return typing.cast(type, annotation)
    if typing.get_origin(annotation) is typing.Literal:
        args = typing.get_args(annotation)
        if all(isinstance(a, str) for a in args):
            return str
    return None


def _options(game: Game[Any, Any]) -> Mapping[str, FieldInfo]:
    return game.rules_model.model_fields


def game_parameters(game: Game[Any, Any]) -> dict[str, ParameterValue]:
    """The OpenSpiel parameters of `game` with their defaults (see the module docs)."""
    defaults = game.rules()
    params: dict[str, ParameterValue] = {"players": game.players.default, "variant": ""}
    for name, field in _options(game).items():
        kind = _native(field.annotation)
        value = getattr(defaults, name)
        params[name] = kind(value) if kind is not None and value is not None else ""
    return params


def _option_value(name: str, field: FieldInfo, value: ParameterValue) -> tuple[bool, Any]:
    """(given, value) for one option: a native value as it is, JSON text decoded."""
    if _native(field.annotation) is not None:
        return True, value
    if not isinstance(value, str):
        raise InvalidRules(f"option {name!r} is given as JSON text, got {value!r}")
    if value == "":
        return False, None
    try:
        return True, json.loads(value)
    except json.JSONDecodeError as exc:
        raise InvalidRules(f"option {name!r} must be JSON text: {exc.msg}") from None


def rules_from_parameters(game: Game[Any, Any], params: Mapping[str, Any]) -> tuple[int, Rules]:
    """The player count and rules that OpenSpiel `params` ask for.

    Parameters equal to their default are left to the variant and the rules
    model, so that a variant's presets apply unless overridden.

    Raises:
        InvalidRules: an unknown parameter, a wrong type, or rules the game refuses.
    """
    known = game_parameters(game)
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise InvalidRules(
            f"{game.name} has no OpenSpiel parameter {', '.join(map(repr, unknown))}; "
            f"expected some of {', '.join(sorted(known))}"
        )
    players = params.get("players", known["players"])
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidRules(f"players must be an integer, got {players!r}")
    variant = str(params.get("variant", ""))
    options: dict[str, Any] = {}
    for name, field in _options(game).items():
        if name not in params or params[name] == known[name]:
            continue
        given, value = _option_value(name, field, params[name])
        if given:
            options[name] = value
    rules = game.rules(variant=variant or None, **options)
    return players, rules
