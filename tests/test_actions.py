"""The core's action helpers: `new_action` for interned action classes."""

from __future__ import annotations

import pytest

from cardkit.engine.actions import Action, new_action


class Flip(Action):
    """An interned-style action: immutable, its slots set by `new_action`."""

    __slots__ = ("_text", "position")
    position: int
    _text: str

    def __str__(self) -> str:
        return self._text

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("immutable")


class DoubleFlip(Flip):
    __slots__ = ("second",)
    second: int


def test_new_action_sets_every_slot_without_the_constructor() -> None:
    action = new_action(Flip, position=2, _text="flip 2")
    assert type(action) is Flip
    assert (action.position, str(action)) == (2, "flip 2")
    with pytest.raises(AttributeError):
        action.position = 3


def test_new_action_sets_the_slots_of_base_classes_too() -> None:
    action = new_action(DoubleFlip, position=1, second=4, _text="flip 1 4")
    assert (action.position, action.second, str(action)) == (1, 4, "flip 1 4")


def test_a_missing_slot_is_refused() -> None:
    with pytest.raises(TypeError, match="needs a value for _text"):
        new_action(Flip, position=2)


def test_an_unknown_slot_is_refused() -> None:
    with pytest.raises(TypeError, match="has no slot 'colour'"):
        new_action(Flip, position=2, _text="flip 2", colour="red")
