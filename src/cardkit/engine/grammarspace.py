"""A fixed action space for any game, from its grammar: every move the grammar can write.

A game that declares no space of its own gets this one from
[`Game.action_space`][cardkit.engine.game.Game.action_space] when its grammar can list
every action it can ever offer (its forms' candidates over the whole deck) and there are
at most `GRAMMAR_SPACE_LIMIT` of them: Spades' 68 (every `play <card>`, `bid 0` …
`bid 13`, `blind`, `look`), a scaffolded game's. Ids follow the grammar's forms in
order, then each form's candidates in the grammar's own order; each form is a block
named by its verb.
"""

from __future__ import annotations

from typing import Any, Final

from cardkit.engine.actions import Action
from cardkit.engine.actionspace import ActionBlock, EnumeratedActionSpace

__all__ = ["GRAMMAR_SPACE_LIMIT", "grammar_space"]

#: The most actions a grammar may list to become a game's action space.
GRAMMAR_SPACE_LIMIT: Final = 4096

_SPACES: dict[tuple[str, Any, int], EnumeratedActionSpace | None] = {}


def grammar_space(game: Any, rules: Any, players: int) -> EnumeratedActionSpace | None:
    """The space of every action `game`'s grammar writes, or None (no grammar, or too many).

    Built once per game, rules and player count, from a state of a sample deal.
    """
    key = (game.name, rules, players)
    if key not in _SPACES:
        _SPACES[key] = _build(game, rules, players)
    return _SPACES[key]


def _build(game: Any, rules: Any, players: int) -> EnumeratedActionSpace | None:
    grammar = getattr(type(game.start(players, rules, seed=0)), "grammar", None)
    if grammar is None:
        return None
    deck = list(dict.fromkeys(game.new_deck(rules)))
    actions: list[Action] = []
    blocks: list[ActionBlock] = []
    for form in grammar.forms:
        if form.cards < 0:
            return None  # a form of any number of cards has no finite list
        listed = list(dict.fromkeys(form.candidates(deck, players=players)))
        if len(actions) + len(listed) > GRAMMAR_SPACE_LIMIT:
            return None
        if listed:
            text = ", ".join(form.usage) or form.verb
            blocks.append(ActionBlock(form.verb, len(actions), len(listed), text))
            actions.extend(listed)
    return EnumeratedActionSpace(actions, blocks) if actions else None
