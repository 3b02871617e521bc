"""Running a plugin's code so that nothing it raises or prints takes the host down.

The registry imports plugins and calls their registration hooks inside
`loading` and `contained`:

- whatever a plugin raises, ``SystemExit``, ``KeyboardInterrupt`` and other
  ``BaseException`` subclasses included, becomes a
  `PluginRaised` that the registry
  reports like any broken plugin;
- a real Ctrl-C of the user (a ``SIGINT`` delivered while plugins load)
  still interrupts: it is told apart from a ``KeyboardInterrupt`` that a
  plugin raises itself by a ``SIGINT`` handler installed for the duration;
- what a plugin prints to standard output goes to standard error, so that
  machine-readable output (``cardkit games --json``) stays clean.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import traceback
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

from cardkit.errors import PluginError, UnknownGame

__all__ = ["PluginRaised", "contained", "exc_text", "import_text", "loading", "original"]


class PluginRaised(Exception):
    """A plugin raised something that is not an ``Exception`` (``SystemExit``, ...).

    Attributes:
        original: what the plugin raised.
    """

    def __init__(self, original: BaseException) -> None:
        """Wrap ``original``."""
        super().__init__(str(original))
        self.original = original


def original(exc: BaseException) -> BaseException:
    """What a plugin really raised: unwraps `PluginRaised`."""
    return exc.original if isinstance(exc, PluginRaised) else exc


class _Watch(threading.local):
    depth = 0
    user_interrupt = False


_watch = _Watch()


def _watch_sigint() -> contextlib.AbstractContextManager[None]:
    """Note a real ``SIGINT`` while plugins load, then let the usual handler run."""
    if threading.current_thread() is not threading.main_thread():
        return contextlib.nullcontext()  # signals reach the main thread only
    previous = signal.getsignal(signal.SIGINT)
    if not callable(previous):
        return contextlib.nullcontext()  # ignored, or the default: no KeyboardInterrupt anyway

    def noting(signum: int, frame: FrameType | None) -> None:
        _watch.user_interrupt = True
        previous(signum, frame)

    @contextlib.contextmanager
    def installed() -> Iterator[None]:
        signal.signal(signal.SIGINT, noting)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)

    return installed()


@contextlib.contextmanager
def loading() -> Iterator[None]:
    """The scope in which plugins load: stdout goes to stderr, Ctrl-C is watched."""
    outermost = _watch.depth == 0
    if outermost:
        _watch.user_interrupt = False
    _watch.depth += 1
    try:
        with _watch_sigint(), _stdout_to_stderr():
            yield
    finally:
        _watch.depth -= 1


def _stdout_to_stderr() -> contextlib.AbstractContextManager[object]:
    if sys.stderr is None:  # no console at all (pythonw): nothing to protect
        return contextlib.nullcontext()
    return contextlib.redirect_stdout(sys.stderr)


@contextlib.contextmanager
def contained() -> Iterator[None]:
    """Run one piece of plugin code: anything but a real Ctrl-C leaves as an ``Exception``.

    Raises:
        PluginRaised: the code raised a ``BaseException`` that is not an
            ``Exception`` (``Exception`` subclasses pass through unchanged).
        KeyboardInterrupt: the user pressed Ctrl-C while it ran.
    """
    try:
        yield
    except Exception:
        raise
    except KeyboardInterrupt as exc:
        if _watch.user_interrupt:
            raise
        raise PluginRaised(exc) from exc
    except BaseException as exc:  # SystemExit, GeneratorExit, a plugin's own BaseException
        raise PluginRaised(exc) from exc


def exc_text(exc: BaseException) -> str:
    """What a plugin raised, in one line, with where in the plugin's code."""
    exc = original(exc)
    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ else []
    # Point at the plugin's own code rather than at the cardkit call it made.
    outside = [f for f in frames if not f.filename.startswith(_CORE_DIR)]
    last = (outside or frames)[-1:]
    where = f" (at {last[0].filename}:{last[0].lineno})" if last else ""
    return f"{type(exc).__name__}: {exc}{where}"


_CORE_DIR = str(Path(__file__).parent) + os.sep


def import_text(exc: BaseException) -> str:
    """Like `exc_text`, with a hint when a plugin used the cardkit API at import."""
    text = exc_text(exc)
    if isinstance(original(exc), UnknownGame | PluginError):
        text += (
            "; a plugin that uses the cardkit API while it is imported sees the registry "
            "still loading, before any game is registered: do it in a hook or a function"
        )
    return text
