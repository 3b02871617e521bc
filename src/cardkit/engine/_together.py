"""The reference listing's candidates: a verb's forms listed together, card by card.

Crazy Eights writes `play` twice (`play <card>`, and `play <8> <suit>` for a wild 8);
listed form by form, a hand's wild 8 would come after every other card. Listed
together, a card's actions stand side by side in the order of the cards: `play 5H`,
`play 8C clubs` ... `play 8C spades`, `play 9H`. Forms are listed together when they
share a verb, a fixed card count and a source; every other form alone, in place.

A form of one card or none and no typed argument (`play <card>`, `draw`) keeps its
candidates of each card once made: listing a hand from the checks then asks the form
nothing but its table, where building them again cost a generator, a filter and the
form's words per card and per form (twelve times Crazy Eights' step when it lists
plainly, counted in instructions).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardkit.cards.card import Card
    from cardkit.engine.actions import Action
    from cardkit.engine.grammar import Form

__all__ = ["listed_together"]

#: A group of forms listed together, and its forms' candidates by card index, -1 for no
#: card (`None`: not kept). Keyed by index, not by card: a card's hash is a Python call.
_Group = tuple[list["Form"], "dict[int, tuple[Action, ...]] | None"]
#: The groups of each grammar's forms, by the id of its forms' tuple (kept with it).
_GROUPS: dict[int, tuple[Sequence[Form], list[_Group]]] = {}


def groups_of(forms: Sequence[Form], plain: Callable[..., Any]) -> list[_Group]:
    """`forms` in the groups listed together, each at the place of its first form; a group
    keeps its candidates by card when its forms list them with `plain` (`Form`'s own)."""
    kept = _GROUPS.get(id(forms))
    if kept is not None and kept[0] is forms:
        return kept[1]
    groups: dict[object, list[Form]] = {}
    for form in forms:
        key = (form.verb, form.cards, form.source) if form.cards > 0 else id(form)
        groups.setdefault(key, []).append(form)
    made: list[_Group] = []
    for group in groups.values():
        per_card = all(
            f.cards in (0, 1) and not f.args and type(f).candidates is plain for f in group
        )
        made.append((group, {} if per_card else None))
    _GROUPS[id(forms)] = (forms, made)
    return made


def listed_together(
    forms: Sequence[Form],
    deck: Sequence[Card],
    players: int | None,
    sources: Callable[[str], Sequence[Card]] | None,
    candidates_of: Callable[..., Any],
    plain: Callable[..., Any],
) -> list[Action]:
    """Every form's candidates in listing order (see the module): a form alone from all its
    cards (its source's, else `deck`); forms listed together card by card, each form in turn.
    `candidates_of` lists one form from some cards; `plain` is `Form.candidates`."""
    out: list[Action] = []
    # A source zone's cards are worked out once for the groups in a row that take from it
    # (Gin Rummy's discard, knock and lay-off all take a card of the hand).
    last_source: str | None = None
    last_cards: Sequence[Card] = ()
    for group, table in groups_of(forms, plain):
        source = group[0].source
        if source is None or sources is None:
            cards = deck
        else:
            if source != last_source:
                last_source, last_cards = source, sources(source)
            cards = last_cards
        if table is not None:
            for card in cards if group[0].cards else (None,):
                key = -1 if card is None else card.index
                found = table.get(key)
                if found is None:
                    chosen: tuple[Card, ...] = () if card is None else (card,)
                    found = tuple(a for f in group for a in f.candidates(chosen, players=players))
                    table[key] = found
                out.extend(found)
        elif len(group) == 1:
            out.extend(candidates_of(group[0], cards, players=players))
        else:
            for chosen in combinations(cards, group[0].cards):
                for form in group:
                    out.extend(candidates_of(form, chosen, players=players))
    return out
