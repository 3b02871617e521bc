"""The fields: the positions transitions use on a list copy of them, the deal's config."""

from __future__ import annotations

import copy
import pickle

from cardkit_palace import fields
from cardkit_palace.fields import Fields

import cardkit

# The position constant of each field, where its name is not the field's name in capitals.
_RENAMED = {"add": "ADDABLE"}


def test_each_position_is_its_fields_place() -> None:
    """A transition writes `n[X]`: X must be the place of that field in `Fields`."""
    for place, name in enumerate(Fields._fields):
        assert getattr(fields, _RENAMED.get(name, name.upper())) == place, name


def test_the_deals_config_copies_and_pickles_by_value() -> None:
    """Compiled, `Config` is a native frozen class: it must still copy and pickle."""
    cfg = cardkit.load_game("palace").start(players=3, seed=1).f.cfg
    for other in (copy.copy(cfg), copy.deepcopy(cfg), pickle.loads(pickle.dumps(cfg))):
        assert other == cfg
