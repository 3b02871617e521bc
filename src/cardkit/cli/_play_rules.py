"""The `rules` command of `cardkit play`: the game in a line, and the rules of this table."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.engine.rules import Rules

__all__ = ["rules_text"]


def rules_text(game: Game[Any, Any], rules: Rules) -> Group:
    """The game's summary, the options this table changed from the defaults (with the
    house rules on), and the command that lists every option."""
    head = f"{game.title}: {game.summary}" if game.summary else game.title
    lines: list[RenderableType] = [Text(head, style="bold")]
    changed = _changed_options(game, rules)
    if changed:
        lines.append(Text("This table's rules, changed from the defaults:"))
        lines += [Padding(Text(line), (0, 0, 0, 2)) for line in changed]
    else:
        lines.append(Text("This table plays the default rules."))
    for name in getattr(rules, "house_rules", ()) or ():
        house_rule = catalog(game).house_rules.get(name)
        described = f": {house_rule.description}" if house_rule and house_rule.description else ""
        lines.append(Padding(Text(f"house rule {name}{described}"), (0, 0, 0, 2)))
    lines.append(Text(f"Every option and what it does: cardkit rules {game.name}", style="dim"))
    return Group(*lines)


def _changed_options(game: Game[Any, Any], rules: Rules) -> list[str]:
    """``option: value (default: value) — description`` for each option not at its default."""
    defaults = game.rules().model_dump(mode="json")
    now = rules.model_dump(mode="json")
    lines = []
    for name, field in type(rules).model_fields.items():
        if name == "house_rules" or now.get(name) == defaults.get(name):
            continue
        value, default = json.dumps(now.get(name)), json.dumps(defaults.get(name))
        described = " ".join((field.description or "").split())
        lines.append(
            f"{name}: {value} (default {default})" + (f" — {described}" if described else "")
        )
    return lines
