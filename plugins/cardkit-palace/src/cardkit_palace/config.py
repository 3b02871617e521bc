"""The deal's constant configuration (`Fields.cfg`): a native class when compiled, so that
the compiled transitions read its values directly.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from cardkit_palace.effects import PalaceTables
from cardkit_palace.rules import FirstPlayerRule

__all__ = ["Config"]


@dataclass(frozen=True)
class Config:
    """Everything fixed for one deal: its options as plain values and the resolved hook tables.

    Attributes:
        players: the number of seats.
        dealer: the dealer's seat.
        zone: cards per zone (``zone_size``); refills go up to it.
        bits: the deck's card bits, top first (the stock is ``bits[stock:]``).
        stock_bits: by deck position ``stock``: the stock's mask, count and
            last card's bit (see `stock_bits`).
        tables: the effect and follow tables of the hooks, resolved at the start.
        legal: ``tables.legal_cards``: by top rank, the cards that may follow.
        burn: by rank, whether it burns.
        again: by rank, whether its player plays again.
        skip: by rank, how many players lose their turn.
        reverses: by rank, whether it reverses the order of play.
        across: ``four_of_a_kind_across_plays``.
        completion: the out-of-turn completion window is on.
        add_on: ``add_drawn_match``.
        burn_next: the next player starts after a burn.
        voluntary: ``allow_voluntary_pickup``.
        mixed: ``allow_mixed_source_play``.
        first_out: ``end_condition = first_out_wins``.
        must_lowest: the starter's first play must include their lowest rank.
        first_player: ``first_player_rule``.
    """

    players: int
    dealer: int
    zone: int
    bits: tuple[int, ...]
    stock_bits: tuple[tuple[int, int, int], ...]
    tables: PalaceTables
    legal: tuple[int, ...]
    burn: tuple[bool, ...]
    again: tuple[bool, ...]
    skip: tuple[int, ...]
    reverses: tuple[bool, ...]
    across: bool
    completion: bool
    add_on: bool
    burn_next: bool
    voluntary: bool
    mixed: bool
    first_out: bool
    must_lowest: bool
    first_player: FirstPlayerRule

    def __reduce__(self) -> tuple[type[Config], tuple[object, ...]]:
        """Copied and pickled by its values (compiled, a frozen class cannot be restored
        attribute by attribute)."""
        return Config, tuple(getattr(self, field.name) for field in fields(self))
