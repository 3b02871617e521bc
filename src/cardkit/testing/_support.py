"""Helpers shared by the contract checks: the error, replay recipes, what a seat may know.

What "hidden" means. A game says which of its zones a seat may see with
[visible_zones][cardkit.GameState.visible_zones] (`None`: the public zones). A card a
seat *may know* is one that was, at some point of the game so far, in a zone
visible to it, or that an event showed. Views are checked against that set:
any card code (`"QS"`) or pretty form (`"Q♠"`) found in a view's JSON,
in keys, values or words of text, must be known to its seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from cardkit.cards.card import JOKERS, STANDARD_CARDS, Card
from cardkit.cards.cardset import CardSet
from cardkit.engine.state import GameState
from cardkit.engine.zones import Zone, zone_value
from cardkit.errors import ContractError

__all__ = [
    "ContractError",
    "Knowledge",
    "cards_mentioned",
    "check_zone_bits",
    "check_zones",
    "replay_recipe",
]


# -- helpers --------------------------------------------------------------------


def replay_recipe(state: GameState, limit: int = 300) -> str:
    """How to rebuild ``state``: the start call and the actions applied since."""
    setup = state.setup
    rules = setup.rules.model_dump(mode="json")
    start = f"game.start(players={setup.players}, rules=game.rules(**{rules!r}), "
    if setup.seed is not None:
        start += f"seed={setup.seed}, "
    else:
        start += f"deck={str(setup.deck)!r}, "
    start += f"dealer={setup.dealer})"
    history = [str(a) for a in state.history]
    shown = history[-limit:]
    skipped = f"... {len(history) - limit} earlier actions, then " if len(history) > limit else ""
    return (
        f"game {state.game.name!r}: {start}, then apply {len(history)} actions: {skipped}{shown!r}"
    )


def _fail(state: GameState | None, message: str) -> NoReturn:
    where = f"\n  replay: {replay_recipe(state)}" if state is not None else ""
    raise ContractError(f"{message}{where}")


_MENTION: dict[str, Card] = {c.code: c for c in (*STANDARD_CARDS, *JOKERS)} | {
    c.pretty: c for c in STANDARD_CARDS
}
_STRIP = ",.;:!?()[]{}<>'\"`"


def cards_mentioned(data: Any) -> CardSet:
    """Every card whose code (``"QS"``) or pretty form (``"Q♠"``) appears in JSON-ready data.

    Strings are split into words (punctuation around a word is ignored), and
    dict keys are read as well as values.
    """
    mask = 0
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            card = _MENTION.get(item)
            if card is not None:
                mask |= card.bit
            elif len(item) > 2:
                for word in item.split():
                    card = _MENTION.get(word.strip(_STRIP))
                    if card is not None:
                        mask |= card.bit
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return CardSet.from_mask(mask)


def _zone_set(cards: Sequence[Card] | CardSet) -> CardSet:
    return cards if isinstance(cards, CardSet) else CardSet(cards)


def _event_cards(state: GameState) -> int:
    mask = 0
    for event in state.last_events:
        for card in event.cards:
            mask |= card.bit
    return mask


class Knowledge:
    """The cards each seat (and a spectator) may know so far in one game.

    Call `observe` with every state of the game in order, starting
    with the deal. A seat may know a card that was in a zone visible to it
    at some point (`visible_zones`), or that an
    event showed to everyone.
    """

    def __init__(self, players: int) -> None:
        """Start with nothing known, for ``players`` seats and the spectator (``None``)."""
        self.players = players
        self._known: dict[int | None, int] = dict.fromkeys([None, *range(players)], 0)

    def observe(self, state: GameState) -> None:
        """Add what ``state`` and its latest events show to each seat."""
        zones = state.zones()
        public = _event_cards(state)
        for seat in self._known:
            mask = public
            for name in state.visible_zones(seat):
                if name not in zones:
                    _fail(
                        state,
                        f"visible_zones({seat}) names the zone {name!r}, which zones() does "
                        f"not have (zones: {sorted(zones)})",
                    )
                mask |= _zone_set(zones[name]).mask
            self._known[seat] |= mask

    def known(self, seat: int | None) -> CardSet:
        """The cards ``seat`` (``None``: a spectator) may know so far."""
        return CardSet.from_mask(self._known[seat])


def check_zones(state: GameState) -> None:
    """``state.zones()`` holds every card of the game's deck exactly once."""
    deck = state.game.new_deck(state.rules).to_set()
    seen = 0
    where: dict[Card, str] = {}
    for name, cards in state.zones().items():
        zone = _zone_set(cards)
        if not isinstance(cards, CardSet) and len(zone) != len(cards):
            dup = next(c for i, c in enumerate(cards) if c in cards[:i])
            _fail(state, f"card {dup.code} is twice in zone {name!r}")
        if seen & zone.mask:
            card = next(iter(CardSet.from_mask(seen & zone.mask)))
            _fail(state, f"card {card.code} is in zones {where[card]!r} and {name!r}")
        for card in zone:
            where[card] = name
        seen |= zone.mask
    lost = deck - CardSet.from_mask(seen)
    extra = CardSet.from_mask(seen) - deck
    if lost:
        _fail(state, f"cards lost: {lost} are in no zone")
    if extra:
        _fail(state, f"cards {extra} are in a zone but not in this game's deck")


def check_zone_bits(state: GameState) -> None:
    """Each declared zone with `bits` gives the mask, count and top card's bit of its cards.

    A [`Zone`][cardkit.engine.zones.Zone] may give fast readers its
    `(mask, count, top)` by `bits` instead of its cards (the RL
    observations use it); they must be what its `cards` give, card by card
    (the top is the last card's bit, 0 when empty or for a `CardSet`).
    States not on `GenericState` declare no zones and pass.
    """
    zones: Sequence[Zone] = getattr(state, "zone_specs", ())
    for zone in zones:
        if zone.bits is None:
            continue
        got, cards = zone.bits(state), zone_value(zone, state)
        pairs = enumerate(zip(got, cards, strict=True)) if zone.per_seat else [(None, (got, cards))]
        for seat, (given, held) in pairs:
            expected = _bits_of(held)
            if tuple(given) != expected:
                where = zone.name if seat is None else f"{zone.name}:{seat}"
                _fail(
                    state,
                    f"zone {where!r}: bits gives (mask, count, top) {tuple(given)}, but its "
                    f"cards give {expected}",
                )


def _bits_of(cards: Sequence[Card] | CardSet) -> tuple[int, int, int]:
    """The mask, count and last card's bit of some cards, card by card."""
    mask = 0
    for card in cards:
        mask |= card.bit
    last = 0 if isinstance(cards, CardSet) or not cards else cards[-1].bit
    return mask, len(cards), last
