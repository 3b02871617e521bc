"""A state class's functions the core calls, found by name once per class.

For each form of a [`Grammar`][cardkit.engine.grammar.Grammar], the verb of its first
form (`play`) names the state's `check_play` and `do_play`; and every state has its turn
(`whose_turn`) and listing (`list_legal`). [`GenericState`][cardkit.engine.generic.GenericState]
looks them up once per class and calls each as a function of the state, `do(state,
action)`, `turn(state)`: a plain method and a module function (`do_play = turns.do_play`,
compiled or not) are called alike.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from types import MethodType
from typing import Any

from cardkit.engine.actions import Action
from cardkit.engine.grammar import Grammar
from cardkit.errors import Refusal

__all__ = ["Check", "Do", "moves_of", "phase_only", "state_function"]

#: `check_<kind>(state, action)`: why the action is refused, or `None`.
Check = Callable[[Any, Any], Refusal | None]
#: `do_<kind>(state, action)`: the state after the action.
Do = Callable[[Any, Any], Any]


def moves_of(
    cls: type, grammar: Grammar, phased: Collection[type[Action]] = ()
) -> dict[type[Action], tuple[Check, Do]]:
    """The check and the transition of each action kind of `grammar`, as `cls` has them
    (declared or inherited: a subclass that overrides `check_play` is played with it).

    A kind of `phased` (named by a phase `cls` declares) may have no check: its phase is
    its whole check, and its check here is `phase_only`.

    Raises:
        TypeError: `cls` lacks the transition of a kind, or the check of one not in `phased`.
    """
    moves: dict[type[Action], tuple[Check, Do]] = {}
    for form in grammar.forms:
        if form.make in moves:
            continue
        kind = form.kind
        check, do = getattr(cls, f"check_{kind}", None), getattr(cls, f"do_{kind}", None)
        if check is None and form.make in phased:
            check = phase_only
        if check is None or do is None:
            raise TypeError(
                f"{cls.__name__} needs check_{kind} and do_{kind} (a kind that a phase "
                "of its `phases` names may have no check: the phase is its check)"
            )
        moves[form.make] = (check, do)
    return moves


def phase_only(state: object, action: object) -> None:
    """The check of a kind with none of its own: its phase, asked before, is its whole check."""
    return None


def state_function(cls: type, name: str) -> Callable[[Any], Any]:
    """`cls`'s method `name` (`whose_turn`) as a function of the state: `cls.whose_turn`.

    A class may declare it as a module function (`whose_turn = turns.whose_turn`). A
    compiled function does not bind as a method, so such a declaration is made one here,
    and `state.whose_turn()` works on both builds.
    """
    declared = vars(cls).get(name)
    if declared is not None and not hasattr(type(declared), "__get__"):
        setattr(cls, name, _Method(declared))
    function: Callable[[Any], Any] = getattr(cls, name)
    return function


class _Method:
    """A function of the state as a method of its class: `state.name()` is `function(state)`."""

    __slots__ = ("function",)

    def __init__(self, function: Callable[[Any], Any]) -> None:
        self.function = function

    def __get__(self, state: object, owner: type | None = None) -> Callable[..., Any]:
        return self.function if state is None else MethodType(self.function, state)
