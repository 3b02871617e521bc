"""Field values as JSON-ready data, for the snapshot a `GenericState` derives from its fields."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from cardkit.cards.cardset import CardSet

__all__ = ["field_json"]


def field_json(value: Any) -> Any:
    """A field value as JSON-ready data: cards, suits and ranks as codes."""
    code = getattr(value, "code", None)
    if isinstance(code, str):
        return code
    if isinstance(value, Enum):
        return value.value
    if value is None or isinstance(value, (bool, int, str, float)):
        return value
    if isinstance(value, CardSet):
        return value.codes
    if isinstance(value, Mapping):
        return {str(k): field_json(v) for k, v in value.items()}
    if is_dataclass(value):  # a value of the cards layer: a `Trick`
        # A field marked `omit_if_default` is written only when it differs from its default
        # (a `Sealed`'s receivers: a bid's snapshot stays as it was before they existed).
        return {
            f.name: field_json(getattr(value, f.name))
            for f in fields(value)
            if not (f.metadata.get("omit_if_default") and getattr(value, f.name) == f.default)
        }
    return [field_json(v) for v in value]
