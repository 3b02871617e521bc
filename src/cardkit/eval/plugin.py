"""The evaluation front end's plugin: the ISMCTS search bot for every game.

Registered through the ``cardkit`` entry point group of the core's own
distribution (``ismcts = "cardkit.eval.plugin"``), so that the engine never
imports the evaluation stack: every game's
[`Catalog.bots`][cardkit.engine.catalog.Catalog.bots] lists ``"ismcts"`` because this
plugin registers it with the bot registry. ``CARDKIT_DISABLE_PLUGINS=ismcts``
leaves it out.
"""

from __future__ import annotations

from cardkit.eval.ismcts import ISMCTSBot
from cardkit.plugins.hookspecs import hookimpl
from cardkit.plugins.register import Register

__all__ = ["CARDKIT_API_VERSION", "cardkit_register"]

CARDKIT_API_VERSION = "1.0"
"""The plugin API this plugin was written for."""


@hookimpl
def cardkit_register(register: Register) -> None:
    """Register [ISMCTSBot][cardkit.eval.ismcts.ISMCTSBot] as ``"ismcts"`` for every game."""
    register.add_common_bot("ismcts", ISMCTSBot)
