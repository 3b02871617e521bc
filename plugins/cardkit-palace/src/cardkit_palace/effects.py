"""Card effects and the "what may follow" rule, and the tables a game is played with.

Both are variation points: the built-in rules below are this plugin's own
implementations of the hooks in `cardkit_palace.hookspecs`, and a house
rule plugin can replace them rank by rank. When a game starts, the hooks are
called once per rank and the answers are frozen into a `PalaceTables`
of plain integers and bit masks, which the state machine reads on every move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final

from cardkit import Rank, RankOrder
from cardkit.authoring import rank_mask as _core_rank_mask
from cardkit_palace.rules import PalaceRules, SevenRule, TwoRule

__all__ = [
    "RANKING",
    "SPECIAL_RANKS",
    "CardEffect",
    "PalaceTables",
    "build_tables",
    "default_card_effect",
    "default_follow_ranks",
    "rank_mask",
]

#: The ranking, low to high: 3 4 5 6 7 8 9 J Q K A. 2 and 10 are outside it.
RANKING: Final = RankOrder.parse("3 4 5 6 7 8 9 J Q K A")
#: The special ranks, outside the ranking: 2 (reset) and 10 (burn).
SPECIAL_RANKS: Final = frozenset({Rank.TWO, Rank.TEN})
_ALL_RANKS: Final = frozenset(Rank)


@dataclass(frozen=True, slots=True)
class CardEffect:
    """What a card does when it is played on the pile (and does not stay inert).

    Attributes:
        burn: the pile, this card included, leaves the game (the 10). Who
            plays next follows the ``burn_rule`` option, as for a four of a
            kind.
        again: the player of this card plays again after the completion
            window (the 2 under ``two_rule = player_continues``). Lapses if
            the player went out, or if another player burns the pile in the
            window.
        skip: how many players still in the game lose their turn after this
            play (0 for every built-in rank; a house rule "8 skips the next
            player" returns ``CardEffect(skip=1)``). Ignored when ``again``
            is set or the pile burned.
        reverses: the order of play turns round (clockwise becomes
            counter-clockwise and back) when a card of this rank is played:
            once per play, however many cards of the rank it holds, and
            also when the pile burns. ``False`` for every built-in rank; a
            house rule "9 reverses the order of play" returns
            ``CardEffect(reverses=True)``. With two players nothing changes:
            the next player is the other one either way.
    """

    burn: bool = False
    again: bool = False
    skip: int = 0
    reverses: bool = False

    def __post_init__(self) -> None:
        """Check that ``skip`` is a non-negative number of players."""
        if not isinstance(self.skip, int) or self.skip < 0:
            raise ValueError(f"CardEffect.skip must be a non-negative int, not {self.skip!r}")


#: An inert card: it just lies on the pile.
NO_EFFECT: Final = CardEffect()


def default_card_effect(rules: PalaceRules, rank: Rank) -> CardEffect:
    """The built-in effect of a card of ``rank``: the traditional rules under ``rules``.

    A 10 burns; a 2 makes its player play again under ``two_rule =
    player_continues``; every other rank has no effect.
    """
    if rank == Rank.TEN:
        return CardEffect(burn=True)
    if rank == Rank.TWO and rules.two_rule == TwoRule.PLAYER_CONTINUES:
        return CardEffect(again=True)
    return NO_EFFECT


def default_follow_ranks(rules: PalaceRules, top: Rank | None) -> frozenset[Rank]:
    """The built-in ranks that may be played on a pile whose top card has rank ``top``.

    ``top is None`` is the empty pile: any rank. On a 2 (reset), or on a 10
    left on the pile by a house rule, any rank. On a rank of the ranking:
    every rank equal or higher, plus 2 and 10; under ``seven_rule =
    lower_or_equal`` a 7 asks for 3 to 7 (plus 2 and 10) instead.
    """
    if top is None or top in SPECIAL_RANKS:
        return _ALL_RANKS
    position = RANKING.position(top)
    assert position is not None
    if top == Rank.SEVEN and rules.seven_rule == SevenRule.LOWER_OR_EQUAL:
        allowed = RANKING.ranks[: position + 1]
    else:
        allowed = RANKING.ranks[position:]
    return frozenset(allowed) | SPECIAL_RANKS


#: The card mask of the four cards of a rank (2-14); the core's
#: [`cardkit.cards.cardset.rank_mask`][cardkit.cards.cardset.rank_mask].
rank_mask: Final = _core_rank_mask


EffectHook = Callable[..., Any]
FollowHook = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class PalaceTables:
    """The per-game tables the hooks resolve to, read on every move.

    Attributes:
        legal_cards: indexed by the top rank (0 for the empty pile, else
            2-14): the mask of every card whose rank may be played on it.
        burn: indexed by rank: whether a card of that rank burns the pile.
        again: indexed by rank: whether its player plays again.
        skip: indexed by rank: how many players lose their turn after it.
        reverses: indexed by rank: whether it reverses the order of play.
        effects: the resolved `CardEffect` of each rank, for people.
        follow: the resolved follow ranks of each top (``None`` = empty).
    """

    legal_cards: tuple[int, ...]
    burn: tuple[bool, ...]
    again: tuple[bool, ...]
    skip: tuple[int, ...]
    effects: dict[Rank, CardEffect]
    follow: dict[Rank | None, frozenset[Rank]]
    reverses: tuple[bool, ...] = (False,) * 15

    @property
    def any_reverses(self) -> bool:
        """Whether a card of some rank reverses the order of play under these rules."""
        return any(self.reverses)


def _no_answer(**kwargs: Any) -> None:
    return None


def build_tables(
    rules: PalaceRules,
    effect_of: EffectHook = _no_answer,
    follow_of: FollowHook = _no_answer,
) -> PalaceTables:
    """Resolve the effect of every rank and the follow rule of every top, once.

    `effect_of(rules=, rank=)` and `follow_of(rules=, top=)` are the game's
    hook callers (pluggy's, from `Game.hooks`: ``firstresult``, so the most
    recently registered plugin that answers wins); the built-in rule answers
    when they give ``None``. The empty pile always accepts every rank,
    whatever a hook says, so a player can never be left without a legal
    action.

    Raises:
        TypeError: a hook returned something that is not a `CardEffect`
            or an iterable of ranks; the message names the hook.
    """
    effects: dict[Rank, CardEffect] = {}
    for rank in Rank:
        effect = effect_of(rules=rules, rank=rank)
        if effect is None:
            effect = default_card_effect(rules, rank)
        if not isinstance(effect, CardEffect):
            raise TypeError(
                f"palace_card_effect returned {effect!r} for rank {rank.code}; "
                "expected a CardEffect or None"
            )
        effects[rank] = effect
    follow: dict[Rank | None, frozenset[Rank]] = {None: _ALL_RANKS}
    legal = [0] * 15
    legal[0] = (1 << 52) - 1
    for top in Rank:
        ranks = follow_of(rules=rules, top=top)
        if ranks is None:
            ranks = default_follow_ranks(rules, top)
        follow[top] = _as_ranks(ranks, top)
        legal[top] = sum(rank_mask(r) for r in follow[top])
    return PalaceTables(
        legal_cards=tuple(legal),
        burn=tuple(r >= 2 and effects[Rank(r)].burn for r in range(15)),
        again=tuple(r >= 2 and effects[Rank(r)].again for r in range(15)),
        skip=tuple(effects[Rank(r)].skip if r >= 2 else 0 for r in range(15)),
        reverses=tuple(r >= 2 and effects[Rank(r)].reverses for r in range(15)),
        effects=effects,
        follow=follow,
    )


def _as_ranks(value: object, top: Rank) -> frozenset[Rank]:
    if isinstance(value, Iterable) and not isinstance(value, str | bytes):
        items = list(value)
        if all(isinstance(r, int) and 2 <= r <= 14 for r in items):
            return frozenset(Rank(r) for r in items)
    raise TypeError(
        f"palace_follow_ranks returned {value!r} for top rank {top.code}; "
        "expected an iterable of ranks (cardkit.Rank) or None"
    )
