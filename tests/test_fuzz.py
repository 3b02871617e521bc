"""The fuzz suite: malformed cards, action texts, saves, rules and start arguments.

Hypothesis throws malformed input at the public surface of every installed
game. Each input must either be accepted, or be refused with the typed error
the contract names (``InvalidCard``, ``IllegalAction``, ``InvalidState``,
``InvalidRules``), and the state or game it was given to must be unchanged.
Any other exception (a ``TypeError``, ``AttributeError``, ...) fails.

The examples per test come from the hypothesis profile ``cardkit-fuzz``
(``CARDKIT_FUZZ_EXAMPLES`` sets another number, for a long run:
``CARDKIT_FUZZ_EXAMPLES=5000 pytest tests/test_fuzz.py``).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import (
    Card,
    CardSet,
    Deck,
    GameState,
    IllegalAction,
    InvalidCard,
    InvalidRules,
    InvalidState,
    catalog,
    parse_cards,
)
from cardkit.cards.card import JOKERS, STANDARD_CARDS
from cardkit.testing import random_playout

settings.register_profile(
    "cardkit-fuzz",
    max_examples=int(os.environ.get("CARDKIT_FUZZ_EXAMPLES", "120")),
    deadline=None,
    # CI replays the same examples; a long run (CARDKIT_FUZZ_EXAMPLES) explores new ones.
    derandomize="CARDKIT_FUZZ_EXAMPLES" not in os.environ,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)
FUZZ = settings.get_profile("cardkit-fuzz")
GAMES = cardkit.available_games()

# -- strategies ----------------------------------------------------------------------------

#: Values of every kind that are not what an API expects.
JUNK: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.binary(max_size=8),
    st.lists(st.integers(-3, 60), max_size=4),
    st.lists(st.text(max_size=4), max_size=4),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
    st.frozensets(st.integers(0, 5), max_size=3),
    st.builds(object),
    st.just(float("nan")),
    st.just(Card.parse("AS")),
)

_CODES = [c.code for c in (*STANDARD_CARDS, *JOKERS)]
_TOKENS = st.one_of(
    st.sampled_from(_CODES),
    st.sampled_from(_CODES).map(str.lower),
    st.sampled_from([c.pretty for c in STANDARD_CARDS]),
    st.sampled_from(["10h", "10♥", "1S", "ZZ", "QX", "11C", "A", "S", "♠", "JJ", "0", "-1"]),
    st.text(min_size=1, max_size=4),
)
#: Card text as people might type it, well or badly.
CARD_TEXT = st.builds(
    lambda tokens, sep: sep.join(tokens),
    st.lists(_TOKENS, max_size=8),
    st.sampled_from([" ", ",", ", ", "  ", "\t", "\n", ";", ""]),
)
#: Anything card parsing may be given.
CARDS_INPUT = st.one_of(
    CARD_TEXT, JUNK, st.lists(st.one_of(_TOKENS, JUNK), max_size=6), st.text(max_size=40)
)
#: JSON values, for save and rules edits.
JSON = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(-(2**40), 2**40), st.floats(), st.text(max_size=8)
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


@cache
def sample_states(name: str) -> tuple[GameState, ...]:
    """Some states of a few random games of ``name``: the deal, the middle, the end."""
    game = cardkit.load_game(name)
    states: list[GameState] = []
    for players, seed in ((game.players.min, 1), (game.players.max, 2)):
        played = random_playout(game, players, seed, max_actions=300).states
        states.extend(played[i] for i in sorted({0, 1, len(played) // 3, len(played) - 1}))
    return tuple(states)


@st.composite
def action_texts(draw: st.DrawFn, state: GameState) -> Any:
    """Action texts near and far from the legal ones, and values that are not text."""
    legal = [str(a) for a in state.legal_actions()]
    verbs = sorted({t.split()[0] for t in legal if t.split()} | {"play", "pass", "draw"})
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return draw(JUNK)
    if kind == 1:
        return draw(st.text(max_size=60))
    if kind == 2 or not legal:
        return f"{draw(st.sampled_from(verbs))} {draw(CARD_TEXT)}"
    words = draw(st.sampled_from(legal)).split()
    edit = draw(st.integers(0, 3))
    if edit == 0 and len(words) > 1:
        del words[draw(st.integers(1, len(words) - 1))]
    elif edit == 1:
        words.insert(draw(st.integers(0, len(words))), draw(_TOKENS))
    elif edit == 2:
        words = [w.upper() if draw(st.booleans()) else w for w in words] + words[1:2]
    else:
        words[draw(st.integers(0, len(words) - 1))] = draw(_TOKENS)
    return draw(st.sampled_from([" ", ",", "  "])).join(words)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(_paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(_paths(value, (*prefix, index)))
    return found


@st.composite
def corrupted_save(draw: st.DrawFn, text: str) -> Any:
    """A save edited at one place (a value replaced or removed, a key added) or cut as text."""
    kind = draw(st.integers(0, 4))
    if kind == 0:
        cut = draw(st.integers(0, len(text)))
        return text[:cut] + draw(st.text(max_size=3))
    if kind == 1:
        return draw(st.one_of(JUNK, st.text(max_size=30)))
    data = json.loads(text)
    path = draw(st.sampled_from(_paths(data)[1:]))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    if kind == 2:
        parent[path[-1]] = draw(JSON)
    elif kind == 3:
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[draw(st.text(max_size=6))] = draw(JSON)
    else:
        parent.append(draw(JSON))
    return json.dumps(data)


@st.composite
def rules_options(draw: st.DrawFn, name: str) -> dict[str, Any]:
    """Options with real and unknown names, and values of every kind."""
    game = cardkit.load_game(name)
    fields = sorted(game.rules_model.model_fields)
    keys = st.one_of(st.sampled_from(fields), st.text(max_size=8)).filter(lambda k: k != "variant")
    values = st.one_of(JSON, JUNK)
    return draw(st.dictionaries(keys, values, max_size=4))


def _unchanged(state: GameState, before: tuple[str, int]) -> None:
    after = (json.dumps(state.snapshot(), sort_keys=True), state.action_count)
    assert after == before, "a refused input changed the state"


def _fingerprint(state: GameState) -> tuple[str, int]:
    return json.dumps(state.snapshot(), sort_keys=True), state.action_count


# -- the fuzz tests ----------------------------------------------------------------------


@FUZZ
@given(
    value=CARDS_INPUT, parse=st.sampled_from([Card.parse, CardSet.parse, Deck.parse, parse_cards])
)
def test_card_parsing(value: Any, parse: Callable[[Any], Any]) -> None:
    """Malformed cards: parsed, or refused with InvalidCard."""
    try:
        parsed = parse(value)
    except InvalidCard as exc:
        message = str(exc)
    else:
        message = ""
        if isinstance(parsed, CardSet | Deck):
            assert type(parsed).parse(str(parsed)) == parsed
    assert len(message) < 2000


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_action_texts(name: str, data: st.DataObject) -> None:
    """Malformed action texts: applied, or refused with IllegalAction; the state is unchanged."""
    state = data.draw(st.sampled_from(sample_states(name)))
    text = data.draw(action_texts(state))
    before = _fingerprint(state)
    message = ""
    try:
        after = state.apply(text)
    except IllegalAction as exc:
        message = str(exc)
    else:
        assert after.action_count == state.action_count + 1
    assert len(message) < 5000
    _unchanged(state, before)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_saves(name: str, data: st.DataObject) -> None:
    """Corrupted saves: loaded (a harmless edit), or refused with InvalidState."""
    game = cardkit.load_game(name)
    state = data.draw(st.sampled_from(sample_states(name)))
    before = _fingerprint(state)
    text = data.draw(corrupted_save(state.to_json()))
    try:
        loaded = game.load_state(text)
    except InvalidState:
        pass
    else:
        assert isinstance(loaded, GameState)
        assert game.load_state(loaded.to_json()).snapshot() == loaded.snapshot()
    _unchanged(state, before)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_rules(name: str, data: st.DataObject) -> None:
    """Malformed rules options and variants: rules, or InvalidRules; the game is unchanged."""
    game = cardkit.load_game(name)
    presets = dict(catalog(game).variants)
    options = data.draw(rules_options(name))
    variant = data.draw(st.one_of(st.none(), st.sampled_from(sorted(presets) or [None]), JUNK))
    try:
        rules = game.rules(variant, **options)
    except InvalidRules:
        pass
    else:
        assert game.rules_model.model_validate_json(rules.model_dump_json()) == rules
        players = data.draw(st.integers(game.players.min, game.players.max))
        with contextlib.suppress(InvalidRules):
            game.start(players=players, rules=rules, seed=1)
    assert dict(catalog(game).variants) == presets


@st.composite
def start_arguments(draw: st.DrawFn, name: str) -> dict[str, Any]:
    """Arguments of ``game.start``, each right, wrong in value, or of the wrong type."""
    game = cardkit.load_game(name)
    codes = [c.code for c in game.new_deck(game.rules())]
    random.Random(draw(st.integers(0, 99))).shuffle(codes)
    deck_edit = draw(st.integers(0, 4))
    if deck_edit == 1:
        codes = codes[1:]
    elif deck_edit == 2:
        codes = [*codes, codes[0]]
    elif deck_edit == 3:
        codes = [*codes[:-1], "RJ"]
    seat = st.integers(-2, game.players.max + 2)
    other = next((g for g in GAMES if g != name), name)
    return {
        "players": draw(st.one_of(st.none(), seat, JUNK)),
        "seed": draw(st.one_of(st.none(), st.integers(), JUNK)),
        "deck": draw(
            st.one_of(st.none(), st.just(codes), st.just(" ".join(codes)), CARDS_INPUT, JUNK)
        ),
        "dealer": draw(st.one_of(st.none(), seat, JUNK)),
        "rules": draw(
            st.one_of(
                st.none(),
                st.just(game.rules()),
                st.just(cardkit.load_game(other).rules()),
                JUNK,
            )
        ),
        "previous": draw(st.one_of(st.none(), JUNK)),
    }


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_start_arguments(name: str, data: st.DataObject) -> None:
    """Malformed start arguments: a state, or a typed CardkitError; the game is unchanged."""
    game = cardkit.load_game(name)
    presets = dict(catalog(game).variants)
    kwargs = data.draw(start_arguments(name))
    players, rules = kwargs.pop("players"), kwargs.pop("rules")
    try:
        state = game.start(players, rules, **kwargs)
    except (InvalidRules, InvalidCard):
        pass
    else:
        assert isinstance(state, GameState)
        assert state.zones()
    assert dict(catalog(game).variants) == presets
