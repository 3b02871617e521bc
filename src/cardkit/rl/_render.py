"""How both environments render: the modes they take and what each does with a text."""

from __future__ import annotations

from cardkit.errors import InvalidRules

__all__ = ["RENDER_FPS", "RENDER_MODES", "check_render_mode", "show"]

#: The render modes of both environments, and the frame rate `"human"` is shown at.
RENDER_MODES = ("ansi", "human")
RENDER_FPS = 4


def check_render_mode(mode: str | None) -> str | None:
    """The render mode, if it is one (`None`, `"ansi"`, `"human"`).

    Raises:
        InvalidRules: another mode.
    """
    if mode is not None and mode not in RENDER_MODES:
        raise InvalidRules(f"render_mode must be None, 'ansi' or 'human', not {mode!r}")
    return mode


def show(mode: str | None, text: str) -> str | None:
    """Render `text` in `mode`: returned for `"ansi"`, printed for `"human"`."""
    if mode == "human":
        print(text)
        return None
    return text if mode == "ansi" else None
