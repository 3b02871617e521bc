"""Palace's own hook specifications: its variation points for house rules.

The palace plugin publishes these with the core hook
``cardkit_add_hookspecs``, so any other plugin can implement them with
``@cardkit.hookimpl`` and change a rule without forking the game::

    import cardkit
    from cardkit import Rank
    from cardkit_palace import CardEffect

    class EightSkips:
        "House rule: an 8 makes the next player miss their turn."

        @cardkit.hookimpl
        def cardkit_register(self, register):
            register.add_house_rule("palace", "my-eight-skips", "An 8 skips the next player.")

        @cardkit.hookimpl
        def palace_card_effect(self, rules, rank):
            if "my-eight-skips" in rules.house_rules and rank == Rank.EIGHT:
                return CardEffect(skip=1)
            return None

    cardkit.register(EightSkips(), name="eight-skips")
    game.rules(house_rules=["my-eight-skips"])   # on for the games that name it

A house rule declared this way is an option of the rules: it is recorded in
saved games, can be switched on by a preset, and is off for every game
whose rules do not name it.

Both hooks are ``firstresult``: implementations are tried from the most
recently registered plugin to the oldest, and the first answer that is not
``None`` wins. The game's own built-in rules are implemented on the same
hooks, marked ``trylast``, so they answer for every rank no house rule
claims. An implementation may leave out arguments it does not use.

**When they run.** Never per move: when a game starts (``game.start``), the
game calls each hook once per rank and freezes the answers into plain tables
(`cardkit_palace.effects.PalaceTables`). A plugin registered or
removed later affects the games started after that.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cardkit import Rank, hookspec

if TYPE_CHECKING:
    from cardkit_palace.effects import CardEffect
    from cardkit_palace.rules import PalaceRules

__all__ = ["palace_card_effect", "palace_follow_ranks"]


@hookspec(firstresult=True)
def palace_card_effect(rules: PalaceRules, rank: Rank) -> CardEffect | None:
    """The effect of a card of ``rank`` when it is played on the pile.

    Return a `cardkit_palace.CardEffect` (``burn``, ``again``,
    ``skip``, ``reverses``) to decide the effect of this rank, or ``None`` to leave it to
    the next implementation (in the end, the built-in rule: 10 burns, 2 makes
    its player play again under ``two_rule = player_continues``, other ranks
    do nothing). ``rules`` is the game's `PalaceRules`.

    The effect applies to every play of that rank: from the hand, the
    face-up cards, a face-down flip, an ``add`` and an out-of-turn
    completion. Four of a kind always burns, whatever the effect.

    Called once per rank (2 to A) when a game starts. Since cardkit-palace 0.1.
    """


@hookspec(firstresult=True)
def palace_follow_ranks(rules: PalaceRules, top: Rank) -> Iterable[Rank] | None:
    """The ranks that may be played on a pile whose top card has rank ``top``.

    Return the ranks allowed (any iterable of [`cardkit.Rank`][cardkit.cards.card.Rank]), or
    ``None`` to leave it to the next implementation (in the end, the
    built-in rule: ranks equal or higher in 3 4 5 6 7 8 9 J Q K A, plus 2
    and 10 on anything; anything on a 2; 3 to 7 plus 2 and 10 on a 7 under
    ``seven_rule = lower_or_equal``). The answer must list the 2 and the 10
    explicitly if they stay playable. An empty pile always accepts every
    rank; this hook is not asked about it.

    Called once per rank (2 to A) when a game starts. Since cardkit-palace 0.1.
    """
