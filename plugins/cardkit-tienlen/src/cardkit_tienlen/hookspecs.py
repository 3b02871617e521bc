"""Tiến lên's own hook specifications: its variation points for house rules.

The tienlen plugin publishes these with the core hook
``cardkit_add_hookspecs``, so any other plugin can implement them with
``@cardkit.hookimpl`` and change what beats what, or which combinations
exist, or add combinations, without forking the game::

    import cardkit
    from cardkit_tienlen import Kind

    class NoTriples:
        "House rule: triples are not combinations."

        @cardkit.hookimpl
        def cardkit_register(self, register):
            register.add_house_rule("tienlen", "no-triples", "Triples are not combinations.")

        @cardkit.hookimpl
        def tienlen_combination(self, rules, kind):
            if "no-triples" in rules.house_rules and kind == Kind.TRIPLE:
                return False
            return None

    cardkit.register(NoTriples(), name="no-triples")

**When they run.** Never per move: when a game starts (``game.start``)
under rules not seen since the plugins last changed, the game asks each
hook once and keeps the answers (in the core's hook cache, see
`cardkit_tienlen.beating`). A plugin registered or removed later affects
the games started after that. An implementation may leave out arguments it
does not use.

**What stays fast.** When no implementation answers for a game's rules,
the game lists legal plays with its fast built-in listing. When a
``tienlen_beats`` rule answers, or ``tienlen_add_combinations`` adds a
combination, the game lists a follower's plays by asking
the one "beats" decision about every combination in the hand: listing,
`apply` and the refusal reason then agree by construction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardkit import hookspec

if TYPE_CHECKING:
    from cardkit_tienlen.beating import AddedCombination, BeatsRule
    from cardkit_tienlen.combos import Kind
    from cardkit_tienlen.rules import TienLenRules

__all__ = ["HOOK_NAMES", "tienlen_add_combinations", "tienlen_beats", "tienlen_combination"]

#: The names of the hooks this module specifies.
HOOK_NAMES = ("tienlen_beats", "tienlen_combination", "tienlen_add_combinations")


@hookspec
def tienlen_beats(rules: TienLenRules) -> BeatsRule | None:
    """A house rule's part of "what beats what" for games played under ``rules``.

    Return ``None`` when the rule is off for these rules (check
    ``rules.house_rules``): the game then keeps its built-in comparison and
    its fast listing. Otherwise return a function ``decide(play, current)``
    of two valid `cardkit_tienlen.Play` combinations that
    answers ``True`` (``play`` beats ``current``), ``False`` (it does not)
    or ``None`` (no opinion: ask the next rule, and in the end the built-in
    comparison of rules spec 5.3, with ``quad_beats_pair_of_twos`` and
    ``bomb_ladder``).

    Every answering rule is kept, newest registered first; the first
    decision that is not ``None`` wins. The decision is asked for listing
    legal plays, for `apply` and for the reason of a refusal, so they
    always agree. It is not asked when someone leads (any combination
    leads), and a seat locked by a pass may still play only bombs.

    Called once per game start. Since cardkit-tienlen 0.1.
    """


@hookspec(firstresult=True)
def tienlen_combination(rules: TienLenRules, kind: Kind) -> bool | None:
    """Whether combinations of type ``kind`` exist in games played under ``rules``.

    Return ``False`` to remove a type (its plays are neither listed nor
    accepted, refused with ``not_a_combination``), ``True`` to keep it, or
    ``None`` to leave it to the next implementation (in the end the
    built-in rule: every `cardkit_tienlen.Kind` but
    ``INVALID`` exists). Singles always exist, so that a leader can always
    play: an answer of ``False`` for `Kind.SINGLE` is refused.

    Called once per kind when a game starts. Since cardkit-tienlen 0.1.
    """


@hookspec
def tienlen_add_combinations(
    rules: TienLenRules,
) -> AddedCombination | Sequence[AddedCombination] | None:
    """Combinations a house rule adds to games played under ``rules``.

    Return ``None`` when the rule is off for these rules. Otherwise return
    one `cardkit_tienlen.beating.AddedCombination` (or several): the type
    its plays count as (a run wrapped from 2 to 3 counts as a
    `Kind.SEQUENCE`), a function giving the key card of some cards that form
    it, and a function finding every such combination in a hand. Cards that
    form a built-in combination are always that one: an added combination
    only gives a meaning to cards that form none.

    The added plays are listed, parsed (``play K♠ A♠ 2♠ 3♠``), accepted by
    `apply` and compared like the combinations of their type and length, by
    their key; ``tienlen_beats`` decisions and ``tienlen_combination``
    removals apply to them too. While one is added the game lists a
    follower's plays with the checked listing.

    Called once per game start. Since cardkit-tienlen 0.2.
    """
