"""Each action kind's check and transition, found on a state class by name.

For each form of a [`Grammar`][cardkit.engine.grammar.Grammar], the verb of its first
form (`play`) names the state's `check_play` and `do_play`
([`GenericState`][cardkit.engine.generic.GenericState] looks them up once per class).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit.engine.actions import Action
from cardkit.engine.grammar import Grammar
from cardkit.errors import Refusal

__all__ = ["Check", "Do", "moves_of"]

#: `check_<kind>(state, action)`: why the action is refused, or `None`.
Check = Callable[[Any, Any], Refusal | None]
#: `do_<kind>(state, action)`: the state after the action.
Do = Callable[[Any, Any], Any]


def moves_of(cls: type, grammar: Grammar) -> dict[type[Action], tuple[Check, Do]]:
    """The check and the transition of each action kind of `grammar`, as `cls` has them
    (declared or inherited: a subclass that overrides `check_play` is played with it).

    Raises:
        TypeError: `cls` lacks the check or the transition of a kind.
    """
    moves: dict[type[Action], tuple[Check, Do]] = {}
    for form in grammar.forms:
        if form.make in moves:
            continue
        kind = form.kind
        check, do = getattr(cls, f"check_{kind}", None), getattr(cls, f"do_{kind}", None)
        if check is None or do is None:
            raise TypeError(f"{cls.__name__} needs check_{kind} and do_{kind}")
        moves[form.make] = (check, do)
    return moves
