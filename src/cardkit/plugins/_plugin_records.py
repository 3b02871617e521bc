"""The records of the plugin registry: what each plugin added, and its problems."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game

__all__ = [
    "API_VERSION",
    "ENTRY_POINT_GROUP",
    "PluginInfo",
    "PluginProblem",
    "PluginWarning",
    "api_compatible",
    "env_names",
    "house_rule_hints",
    "strict",
]

ENTRY_POINT_GROUP = "cardkit"
"""The entry point group game plugins declare."""
API_VERSION = "1.0"
"""The version of the plugin API this core offers, ``MAJOR.MINOR``. A plugin built for ``X.Y``
works with a core of API ``X.Z`` where ``Z >= Y``."""


def api_compatible(declared: str, offered: str = API_VERSION) -> bool:
    """Whether a plugin built for API ``declared`` runs on a core offering ``offered``."""
    try:
        want = [int(p) for p in str(declared).split(".")] + [0]
        have = [int(p) for p in offered.split(".")] + [0]
    except ValueError:
        return False
    return want[0] == have[0] and want[1] <= have[1]


def env_names(var: str) -> set[str] | None:
    """The names listed in the environment variable ``var`` (``None`` when unset or empty)."""
    value = os.environ.get(var)
    if value is None or not value.strip():
        return None
    return {n.strip() for n in value.replace(";", ",").split(",") if n.strip()}


class PluginWarning(UserWarning):
    """Warned when a plugin is skipped because of a problem."""


@dataclass(frozen=True)
class PluginProblem:
    """Why a plugin (or part of one) was skipped.

    Attributes:
        plugin: the plugin's name (its entry point or registration name).
        stage: ``"import"``, ``"hookspecs"``, ``"register"`` (the hook raised), ``"games"``,
            ``"house_rules"``, ``"common_bots"``, ``"phrases"``,
            ``"variants"`` or ``"bots"``.
        message: what went wrong.
    """

    plugin: str
    stage: str
    message: str

    def __str__(self) -> str:
        return f"plugin {self.plugin!r} ({self.stage}): {self.message}"


@dataclass
class PluginInfo:
    """One registered plugin and what it added.

    Attributes:
        name: the registration name (the entry point name for installed plugins).
        distribution: the installing distribution, if any.
        version: that distribution's version, if any.
        source: ``"entry point"``, ``"plugins dir"`` or ``"run time"``.
        api_version: the core API version the plugin declares, if any.
        games: the games it registered.
        house_rules: the house rules it declared, as ``game:rule``.
        variants: the presets it registered, as ``game:variant``.
        bots: the bots it registered, as ``game:bot``.
    """

    name: str
    distribution: str | None = None
    version: str | None = None
    source: str = "run time"
    api_version: str | None = None
    games: list[str] = field(default_factory=list)
    house_rules: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)


def strict() -> bool:
    """Whether ``CARDKIT_STRICT_PLUGINS`` turns plugin problems into errors."""
    return os.environ.get("CARDKIT_STRICT_PLUGINS", "").strip() not in ("", "0", "false", "no")


def house_rule_hints(
    unknown: Sequence[str],
    games: Mapping[str, Game[Any, Any]],
    skipped: Mapping[str, str],
    problems: Sequence[PluginProblem],
) -> str:
    """Where house rules nobody declared might be: other games, plugins left out or broken.

    `"; ..."` parts to add to a message, or `""`.
    """
    hints = []
    for name in unknown:
        owners = [g for g, game in sorted(games.items()) if name in catalog(game).house_rules]
        if owners:
            hints.append(f"{name!r} is a house rule of {', '.join(owners)}")
    if skipped:
        left_out = ", ".join(f"{n} ({why})" for n, why in sorted(skipped.items()))
        hints.append(f"plugins not loaded: {left_out}")
    broken = sorted({p.plugin for p in problems})
    if broken:
        hints.append(f"plugins with problems: {', '.join(broken)}")
    return "".join(f"; {hint}" for hint in hints)
