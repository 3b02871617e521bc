"""The ``cardkit`` command line (typer + rich).

``cardkit games``, ``plugins``, ``rules GAME``, ``demo [GAME]``, ``simulate
GAME``, ``match GAME``, ``play GAME`` and ``replay FILE``; see
``cardkit --help`` and the "Command line" page of the documentation. The CLI
works with whatever games are installed: it never imports a game plugin.
"""

from __future__ import annotations

from cardkit.cli._app import app, main

__all__ = ["app", "main"]
