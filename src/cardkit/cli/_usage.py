"""How the ``cardkit`` command says a usage error: one line naming the help to read."""

from __future__ import annotations

from typing import Any

from typer._click.core import Context
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError
from typer.core import TyperGroup

__all__ = ["CardkitGroup"]


class _OneLineError(ClickException):
    """A usage error said as one line: ``Error: ...`` (click's ``show`` of a plain error)."""

    exit_code = 2


# typer bundles its own click (typer._click): its usage errors are these classes.
class CardkitGroup(TyperGroup):
    """The ``cardkit`` group: an option or argument it cannot parse is one line, exit code 2.

    Click says such an error in four lines (usage, a hint, a blank line, the
    error); the documentation promises one, which names the help to read.
    """

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: Context | None = None,
        **extra: Any,
    ) -> Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except NoArgsIsHelpError:
            raise
        except UsageError as exc:
            raise _one_line(exc) from None

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except NoArgsIsHelpError:
            raise
        except UsageError as exc:
            raise _one_line(exc) from None


def _one_line(exc: UsageError) -> _OneLineError:
    """``Invalid value for '--games' / '-n': ... (see 'cardkit simulate --help')``."""
    where = exc.ctx.command_path if exc.ctx is not None else "cardkit"
    message = " ".join(exc.format_message().split()).rstrip(".")
    return _OneLineError(f"{message} (see '{where} --help')")
