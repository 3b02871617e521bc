"""Properties checked on many random deals: exact legal actions (against a brute force
built on the core's meld finders), card conservation, no leak in views, determinism,
JSON round trips."""

from __future__ import annotations

import random
from itertools import combinations, pairwise
from typing import Any

from cardkit_tienlen import PASS, RANK_ORDER, Kind, Play, TienLenState
from cardkit_tienlen.combos import CARD_ORDER, BeatRules, game_mask
from cardkit_tienlen.handcombos import HandCombos
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import Card, CardSet, Deck, Rank
from cardkit.authoring import DoubleSequence, NOfAKind, Sequence

GAME = cardkit.load_game("tienlen")
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NO_TWOS = frozenset({Rank.TWO})
OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "pass_lock": st.booleans(),
        "bomb_overrides_pass": st.booleans(),
        "quad_beats_pair_of_twos": st.booleans(),
        "bomb_ladder": st.booleans(),
        "first_lead_requires_3s": st.booleans(),
        "play_until": st.sampled_from(["all_placed", "first_out"]),
        "instant_wins": st.sampled_from([[], ["dragon"], ["four_twos", "six_pairs"]]),
    },
)


# -- an independent reference: the rules spec's tables, on card sets ------------------------------


def ref_kind(cards: CardSet) -> tuple[str, int] | None:
    """``(type, length)`` of a combination from first principles, or None."""
    n = len(cards)
    counts = cards.rank_counts()
    positions = sorted(RANK_ORDER.ranks.index(r) for r in counts)
    consecutive = positions == list(range(positions[0], positions[0] + len(positions)))
    no_twos = Rank.TWO not in counts
    if len(counts) == 1:
        return ("single", "pair", "triple", "quad")[n - 1], n
    if set(counts.values()) == {1} and n >= 3 and consecutive and no_twos:
        return "sequence", n
    if set(counts.values()) == {2} and n >= 6 and consecutive and no_twos:
        return "double", n // 2
    return None


def ref_key(cards: CardSet) -> int:
    return max(CARD_ORDER.key(c) for c in cards)


def ref_beats(play: CardSet, current: CardSet, options: dict[str, Any]) -> bool:
    """Section 5.3 and options 5-6, read straight from the spec."""
    mine, theirs = ref_kind(play), ref_kind(current)
    assert mine is not None
    assert theirs is not None
    if mine == theirs:
        return ref_key(play) > ref_key(current)
    twos = all(c.rank == Rank.TWO for c in current)
    if twos and theirs[0] == "single":
        return mine[0] == "quad" or mine[0] == "double"
    if twos and theirs[0] == "pair":
        return (mine[0] == "double" and mine[1] >= 4) or (
            mine[0] == "quad" and options.get("quad_beats_pair_of_twos", False)
        )
    if twos and theirs[0] == "triple":
        return mine[0] == "double" and mine[1] >= 5
    if options.get("bomb_ladder") and theirs[0] in ("quad", "double"):
        ladder = [("double", 3), ("quad", 4), ("double", 4), ("double", 5), ("double", 6)]
        if mine in ladder:
            return ladder.index(mine) > ladder.index(theirs)
    return False


def every_combination(hand: CardSet) -> set[CardSet]:
    """Every combination in a hand, from the core's meld finders."""
    found = {CardSet([c]) for c in hand}
    found |= set(NOfAKind(2, 4).find(hand))
    found |= set(Sequence(RANK_ORDER, min_length=3, excluded=NO_TWOS).find(hand))
    found |= set(DoubleSequence(RANK_ORDER, min_pairs=3, excluded=NO_TWOS).find(hand))
    return found


def expected_legal(state: TienLenState, options: dict[str, Any]) -> set[str]:
    seat = state.to_act
    assert seat is not None
    hand = state.hand(seat)
    view = state.view(seat)
    combos = every_combination(hand)
    if not view.current:
        if view.must_include is not None:
            combos = {c for c in combos if view.must_include in c}
        return {"play " + " ".join(c.code for c in CARD_ORDER.sorted(m)) for m in combos}
    current = CardSet(view.current)
    locked_on_twos = seat in view.locked
    out = {"pass"}
    for m in combos:
        if not ref_beats(m, current, options):
            continue
        kind = ref_kind(m)
        assert kind is not None  # ref_beats accepted it, so it is a combination
        if locked_on_twos and kind[0] not in ("quad", "double"):
            continue
        out.add("play " + " ".join(c.code for c in CARD_ORDER.sorted(m)))
    return out


def playout(seed: int, options: dict[str, Any], players: int = 4) -> list[TienLenState]:
    rng = random.Random(seed)
    state = GAME.start(players=players, rules=GAME.rules(**options), seed=seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


# -- the properties -------------------------------------------------------------------------------


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS, players=st.sampled_from([2, 3, 4, 4]))
def test_legal_actions_are_exact(seed: int, options: dict[str, Any], players: int) -> None:
    for state in playout(seed, options, players)[::3]:
        if state.is_over:
            assert state.legal_actions() == ()
            continue
        legal = [str(a) for a in state.legal_actions()]
        assert len(legal) == len(set(legal))
        assert set(legal) == expected_legal(state, options)


@SETTINGS
@given(st.lists(st.sampled_from(Deck.standard().cards), min_size=1, max_size=7, unique=True))
def test_classification_matches_the_spec(cards: list[Card]) -> None:
    play = Play(cards)
    expected = ref_kind(CardSet(cards))
    if expected is None:
        assert play.kind == Kind.INVALID
    else:
        name = {"double": "double sequence"}.get(expected[0], expected[0])
        assert play.combo.label.startswith(name[:4])
        assert play.key == ref_key(CardSet(cards))
        assert play.size == len(cards)


@SETTINGS
@given(
    st.lists(st.sampled_from(Deck.standard().cards), min_size=1, max_size=13, unique=True),
    st.lists(st.sampled_from(Deck.standard().cards), min_size=1, max_size=6, unique=True),
    OPTIONS,
)
def test_beating_lists_match_brute_force(
    hand: list[Card], current: list[Card], options: dict[str, Any]
) -> None:
    cur = Play(current)
    if not cur.kind:
        return
    combos = HandCombos(game_mask(hand))
    rules = GAME.rules(**options)
    beat = BeatRules(rules.quad_beats_pair_of_twos, rules.bomb_ladder)
    got = {p.cardset for p in combos.beating(cur, beat)}
    expected = {m for m in every_combination(CardSet(hand)) if ref_beats(m, cur.cardset, options)}
    assert got == expected
    assert {p.cardset for p in combos.all()} == every_combination(CardSet(hand))


def test_a_hand_full_of_sequences() -> None:
    pairs = CardSet.parse("3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H")  # two of each 3..9
    combos = HandCombos(game_mask(pairs))
    listed = combos.all()
    assert {p.cardset for p in listed} == every_combination(pairs)
    assert sum(p.kind == Kind.SEQUENCE for p in listed) == sum(
        (7 - n + 1) * 2**n for n in range(3, 8)
    )
    current = Play("4D 5D 6D 7D 8C")
    beating = combos.beating(current, BeatRules())
    assert len(beating) == 16 + 32  # 4-8 topped by 8H, and every 5-9
    assert {p.cardset for p in beating} == {
        m for m in every_combination(pairs) if ref_beats(m, current.cardset, {})
    }


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_cards_are_conserved(seed: int, options: dict[str, Any]) -> None:
    states = playout(seed, options)
    for before, after in pairwise(states):
        seat = before.to_act
        assert seat is not None
        action = after.history[-1]
        for s in range(4):
            if s != seat:
                assert after.hand(s) == before.hand(s)
        if isinstance(action, Play):
            assert before.hand(seat) - after.hand(seat) == action.cardset
            assert after.hand(seat) <= before.hand(seat)
        else:
            assert action == PASS
        zones = after.zones()
        assert sum(len(z) for z in zones.values()) == 52
        union = CardSet()
        for z in zones.values():
            union = union | CardSet(z)
        assert union == CardSet.standard()


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_views_leak_nothing(seed: int, players: int) -> None:
    for state in playout(seed, {}, players)[::2]:
        zones = state.zones()
        public = {c.code for c in zones["pile"]} | {c.code for c in zones["discard"]}
        for seat in [None, *range(players)]:
            view = state.view(seat)
            own = {c.code for c in state.hand(seat)} if seat is not None else set()
            dumped = view.model_dump_json()
            for code in {c.code for c in CardSet.standard()} - own - public:
                assert f'"{code}"' not in dumped, (seat, code)
            assert view.hand_sizes == [len(state.hand(s)) for s in range(players)]


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_determinism(seed: int, options: dict[str, Any]) -> None:
    first = playout(seed, options)
    again = playout(seed, options)
    assert [s.snapshot() for s in first] == [s.snapshot() for s in again]
    deck = first[0].setup.deck
    replay = GAME.start(rules=GAME.rules(**options), deck=deck)
    for action in first[-1].history:
        replay = replay.apply(str(action))
    assert replay.snapshot() == first[-1].snapshot()
    assert [e.to_json_dict() for e in replay.events] == [e.to_json_dict() for e in first[-1].events]


@settings(SETTINGS, max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_json_round_trip(seed: int, options: dict[str, Any]) -> None:
    states = playout(seed, options)
    for state in [*states[:: max(1, len(states) // 5)], states[-1]]:
        loaded = GAME.load_state(state.to_json())
        assert loaded.snapshot() == state.snapshot()
        assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in state.legal_actions()]
        for seat in [None, 0, 1, 2, 3]:
            view = state.view(seat)
            assert type(view).model_validate_json(view.model_dump_json()) == view
            assert loaded.view(seat) == view
        if state.is_over:
            assert loaded.result() == state.result()
    for action in states[-1].legal_actions() or ():
        assert states[-1].parse_action(str(action)) == action


def test_action_text_round_trips_in_any_order_and_case() -> None:
    play = Play("3h 3S")
    assert str(play) == "play 3S 3H"
    assert Play("3S 3H") == play
    assert hash(Play("3S 3H")) == hash(play)
    state = GAME.start(seed=1)
    assert state.parse_action("PLAY 3h 3s") == play
    assert state.parse_action("3H 3S") == play
    assert state.parse_action(" Pass ") == PASS
    assert str(PASS) == "pass"
    import copy
    import pickle

    assert pickle.loads(pickle.dumps(play)) == play
    assert copy.deepcopy(play) == play
    for combo in combinations(["3S", "4S", "5S", "6S"], 3):
        assert Play(" ".join(reversed(combo))) == Play(" ".join(combo))
