"""The one "what beats what" decision of a deal, and the hooks that change it.

A `Beating` is resolved from the rules and Tiến lên's hooks
(`cardkit_tienlen.hookspecs`, called through the core's
`cardkit.engine.gamehooks.HookCall`), once per rules until plugins change. It is
the only place the game asks what beats what: the legal listing, `apply`
and the refusal reason all go through it, so they cannot disagree.

With no house rule answering, `Beating.follows` keeps the fast listing of
`HandCombos.beating` (and a
faster one still for a single below the 2s); a property test proves that it
lists exactly the combinations `Beating.beats` accepts. When a house rule
answers, the listing is checked: every combination of the hand is asked.

>>> from cardkit_tienlen.combos import BeatRules, Play
>>> beating = Beating(BeatRules())
>>> beating.beats(Play("3S 3H"), Play("2S"))
False
>>> house = Beating(BeatRules(), house=(lambda play, current: play.kind == current.kind,))
>>> house.beats(Play("3S"), Play("4S")), house.fast
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Any, Final

from cardkit import Action, InvalidRules
from cardkit.authoring import HookCall
from cardkit_tienlen.combos import PASS, BeatRules, Kind, Play, _make, beats, describe_kind
from cardkit_tienlen.handcombos import SINGLES, hand_combos
from cardkit_tienlen.rules import TienLenRules

__all__ = ["AddedCombination", "Beating", "BeatsRule", "build_beating"]

#: A house rule's decision: ``True`` (``play`` beats ``current``), ``False``, or ``None``
#: (no opinion). See `cardkit_tienlen.hookspecs.tienlen_beats`.
BeatsRule = Callable[[Play, Play], bool | None]


@dataclass(frozen=True, slots=True)
class AddedCombination:
    """A combination a house rule adds (see `cardkit_tienlen.hookspecs.tienlen_add_combinations`).

    Its plays count as combinations of type ``kind``: they beat, and are
    beaten by, the combinations of that type and length by their key, with
    the built-in comparison and the house rules' ``tienlen_beats``
    decisions, and a rule removing ``kind`` removes them too.

    Attributes:
        kind: the type its plays count as (any `Kind` but ``INVALID``).
        key: given the game mask of some cards that form no built-in
            combination, the game key of the card the play is compared by
            (one of those cards), or ``None`` when they do not form this
            combination either.
        find: given a hand (a game mask), the game masks of every such
            combination inside it; each must be one that ``key`` accepts.
    """

    kind: Kind
    key: Callable[[int], int | None]
    find: Callable[[int], Iterable[int]]

    def __reduce__(self) -> tuple[type[AddedCombination], tuple[object, ...]]:
        """Copied and pickled by its values (compiled, a frozen class cannot be restored
        attribute by attribute); its functions pickle when they are module-level."""
        return AddedCombination, tuple(getattr(self, field.name) for field in fields(self))


_TWOS: Final = 48  # the game key of 2S: keys from here on are 2s
_KINDS: Final = tuple(k for k in Kind if k != Kind.INVALID)


@dataclass(frozen=True, slots=True)
class Beating:
    """What beats what, and which combinations exist, in one deal.

    Attributes:
        rules: the built-in options that change what beats what.
        house: the house rules' decisions, asked in order before the built-in one.
        removed: the kinds a house rule removed (never `Kind.SINGLE`).
        names: the house rules named by the game's rules, for refusal messages.
        added: the combinations house rules add.
    """

    rules: BeatRules
    house: tuple[BeatsRule, ...] = ()
    removed: frozenset[Kind] = frozenset()
    names: tuple[str, ...] = ()
    added: tuple[AddedCombination, ...] = ()

    def __reduce__(self) -> tuple[type[Beating], tuple[object, ...]]:
        """Copied and pickled by its values (compiled, a frozen class cannot be restored
        attribute by attribute); house rules pickle when they are module-level functions."""
        return Beating, tuple(getattr(self, field.name) for field in fields(self))

    @property
    def fast(self) -> bool:
        """Whether the built-in fast listing is used (no house rule decides what beats what)."""
        return not self.house and not self.added

    def classified(self, play: Play) -> Play:
        """``play``, or, when its cards form no built-in combination but one a house rule
        adds, the play of that combination (same cards, its kind and key)."""
        if play.kind or not self.added:
            return play
        bits = play.bits
        for added in self.added:
            key = added.key(bits)
            if key is not None:
                if not bits >> key & 1:
                    raise TypeError(
                        f"an added {added.kind.label} gave the key {key} for {play!r}, "
                        "which is not one of its cards"
                    )
                return _make(bits, added.kind, play.size, key)
        return play

    def added_plays(self, hand: int) -> list[Play]:
        """The combinations inside ``hand`` that house rules add (their kinds not removed)."""
        out: list[Play] = []
        for added in self.added:
            if added.kind in self.removed:
                continue
            for bits in added.find(hand):
                key = added.key(bits)
                if key is None or bits & ~hand or not bits >> key & 1:
                    raise TypeError(
                        f"an added {added.kind.label} found {bits:#x} in the hand {hand:#x}, "
                        "which its key function refuses or the hand does not hold"
                    )
                out.append(_make(bits, added.kind, bits.bit_count(), key))
        return out

    def exists(self, play: Play) -> bool:
        """Whether ``play`` is a combination of this deal (valid, and its kind not removed)."""
        return play.kind != Kind.INVALID and play.kind not in self.removed

    def beats(self, play: Play, current: Play) -> bool:
        """Whether the combination ``play`` beats ``current``: the house rules' decisions
        first, the first one that is not ``None`` wins; else the built-in rule."""
        for decide in self.house:
            answer = decide(play, current)
            if answer is not None:
                return bool(answer)
        return beats(play, current, self.rules)

    def leads(self, hand: int, required: int) -> tuple[Play, ...]:
        """Every combination of ``hand`` (a game mask); with ``required``, those holding it."""
        plays = hand_combos(hand).all()
        if required:
            plays = tuple([p for p in plays if p.bits & required])
        if self.removed:
            plays = tuple([p for p in plays if p.kind not in self.removed])
        if self.added:
            more = [p for p in self.added_plays(hand) if not required or p.bits & required]
            plays = (*plays, *more)
        return plays

    def follows(self, hand: int, current: Play, bombs_only: bool) -> list[Play]:
        """Every combination of ``hand`` that beats ``current`` (only bombs with ``bombs_only``)."""
        if self.house or self.added:
            return [
                p
                for p in (*hand_combos(hand).all(), *self.added_plays(hand))
                if (p.is_bomb or not bombs_only)
                and p.kind not in self.removed
                and self.beats(p, current)
            ]
        key = current.key
        out: list[Play]
        if current.kind == Kind.SINGLE and key < _TWOS and not bombs_only:
            # the most common case: a single that is not a 2; only higher singles beat it
            single = SINGLES
            out = []
            m = hand & -(2 << key)
            while m:
                low = m & -m
                out.append(single[low.bit_length() - 1])
                m ^= low
        else:
            out = hand_combos(hand).beating(current, self.rules, bombs_only=bombs_only)
        if self.removed:
            out = [p for p in out if p.kind not in self.removed]
        return out

    def follow_actions(self, hand: int, current: Play, bombs_only: bool) -> tuple[Action, ...]:
        """A follower's legal actions: `follows`, then `PASS`."""
        key = current.key
        if current.kind != Kind.SINGLE or key >= _TWOS or bombs_only or not self.fast:
            return (*self.follows(hand, current, bombs_only), PASS)
        # the most common case, as in `follows`: a single that is not a 2
        single = SINGLES
        out: list[Action] = []
        m = hand & -(2 << key)
        while m:
            low = m & -m
            out.append(single[low.bit_length() - 1])
            m ^= low
        out.append(PASS)
        return tuple(out)

    def why_not(self, play: Play, current: Play) -> str:
        """Why ``play`` does not beat ``current``, in words meant for players."""
        mine = f"{describe_kind(play.kind, play.size)} {' '.join(c.code for c in play.cards)}"
        theirs = (
            f"{describe_kind(current.kind, current.size)} {' '.join(c.code for c in current.cards)}"
        )
        if self.house and beats(play, current, self.rules):
            return f"{mine} does not beat {theirs} under the house rules {', '.join(self.names)}"
        if play.kind == current.kind and play.size == current.size:
            return (
                f"{mine} does not beat {theirs}: its highest card {play.high.code} is lower "
                f"than {current.high.code}"
            )
        if play.is_bomb and not current.is_twos and not current.is_bomb:
            return f"{mine} does not beat {theirs}: bombs only beat 2s (and other bombs)"
        return (
            f"{mine} does not beat {theirs}: follow with a higher {theirs.split(' ')[0]} of the "
            "same length (or, on 2s, a bomb that beats them), or pass"
        )

    def not_a_kind(self, play: Play) -> str:
        """Why a play of a removed kind is refused."""
        return (
            f"{' '.join(c.code for c in play.cards)} is a {play.label}, and under the house "
            f"rules {', '.join(self.names)} a {play.combo.label} is not a combination"
        )


def build_beating(
    rules: TienLenRules,
    beats_hooks: HookCall | Sequence[Callable[..., Any]] = (),
    combination_hooks: HookCall | Sequence[Callable[..., Any]] = (),
    add_hooks: HookCall | Sequence[Callable[..., Any]] = (),
) -> Beating:
    """Resolve the deal's `Beating` from ``rules`` and the hooks: the core's callers of
    ``tienlen_beats``, ``tienlen_combination`` and ``tienlen_add_combinations``
    (`cardkit.engine.gamehooks.HookCall`), or plain implementations in call order.

    Raises:
        InvalidRules: a ``tienlen_combination`` implementation removed singles.
        TypeError: an implementation answered something that is not a
            function, a bool, an `AddedCombination` of a valid kind or
            ``None``; the message names the hook.
    """
    if not isinstance(beats_hooks, HookCall):
        beats_hooks = HookCall("tienlen_beats", beats_hooks)
    house: list[BeatsRule] = []
    for decide in beats_hooks(rules=rules) if beats_hooks else ():
        if not callable(decide):
            raise TypeError(
                f"tienlen_beats returned {decide!r}; expected a function (play, current) "
                "-> bool | None, or None"
            )
        house.append(decide)
    return Beating(
        BeatRules(rules.quad_beats_pair_of_twos, rules.bomb_ladder),
        tuple(house),
        _removed(rules, combination_hooks),
        tuple(sorted(rules.house_rules)),
        _added(rules, add_hooks),
    )


def _added(
    rules: TienLenRules, hooks: HookCall | Sequence[Callable[..., Any]]
) -> tuple[AddedCombination, ...]:
    if not isinstance(hooks, HookCall):
        hooks = HookCall("tienlen_add_combinations", hooks)
    out: list[AddedCombination] = []
    for answer in hooks(rules=rules) if hooks else ():
        for added in answer if isinstance(answer, (list, tuple)) else (answer,):
            if not isinstance(added, AddedCombination) or added.kind == Kind.INVALID:
                raise TypeError(
                    f"tienlen_add_combinations returned {added!r}; expected AddedCombination "
                    "objects of a valid kind, or None"
                )
            out.append(added)
    return tuple(out)


def _removed(
    rules: TienLenRules, hooks: HookCall | Sequence[Callable[..., Any]]
) -> frozenset[Kind]:
    if not isinstance(hooks, HookCall):
        hooks = HookCall("tienlen_combination", hooks, firstresult=True)
    if not hooks:
        return frozenset()
    removed = set()
    for kind in _KINDS:
        answer = hooks(rules=rules, kind=kind)
        if answer is None:
            continue
        if not isinstance(answer, bool):
            raise TypeError(
                f"tienlen_combination returned {answer!r} for {kind.label}; "
                "expected True, False or None"
            )
        if not answer:
            removed.add(kind)
    if Kind.SINGLE in removed:
        raise InvalidRules(
            "a tienlen_combination hook removed singles; singles always exist (a leader "
            f"must always be able to play); house rules: {', '.join(sorted(rules.house_rules))}"
        )
    return frozenset(removed)
