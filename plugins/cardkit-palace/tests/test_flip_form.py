"""`flip <position>` is the core's typed form: the same interned flips, clear refusals."""

from __future__ import annotations

import pytest
from cardkit_palace.actions import GRAMMAR, Flip, parse_palace_action

from cardkit import IllegalAction


def test_flips_read_as_the_interned_actions() -> None:
    for position in range(1, 7):
        flip = Flip.of(position)
        assert parse_palace_action(f"flip {position}") is flip
        assert parse_palace_action(f"FLIP {position}") is flip
        assert str(flip) == f"flip {position}"


def test_the_flip_form_lists_the_six_interned_flips() -> None:
    (form,) = [f for f in GRAMMAR.forms if f.verb == "flip"]
    listed = list(form.candidates([]))
    assert len(listed) == 6
    assert all(a is Flip.of(i) for i, a in enumerate(listed, start=1))
    assert form.written == ("flip <position>",)


@pytest.mark.parametrize("text", ["flip 0", "flip 7", "flip x", "flip 12"])
def test_a_position_out_of_range_says_what_a_position_is(text: str) -> None:
    with pytest.raises(IllegalAction) as info:
        parse_palace_action(text)
    assert info.value.code == "unparsable"
    assert "<position> must be a number from 1 to 6" in str(info.value)
    assert "write 'flip <position>'" in str(info.value)
