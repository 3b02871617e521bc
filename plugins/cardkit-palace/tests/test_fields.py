"""The field positions that transitions use on a list copy of the fields."""

from __future__ import annotations

from cardkit_palace import fields
from cardkit_palace.fields import Fields

# The position constant of each field, where its name is not the field's name in capitals.
_RENAMED = {"add": "ADDABLE"}


def test_each_position_is_its_fields_place() -> None:
    """A transition writes `n[X]`: X must be the place of that field in `Fields`."""
    for place, name in enumerate(Fields._fields):
        assert getattr(fields, _RENAMED.get(name, name.upper())) == place, name
