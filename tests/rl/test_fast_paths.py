"""Fast paths equal the slow ones: batch numbering of legal moves, a state's `view_scalars`."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardkit
from cardkit.engine.actions import Action
from cardkit.engine.actionspace import ActionSpace, EnumeratedActionSpace
from cardkit.rl._exactids import ExactIds
from cardkit.rl._zonecode import popcount
from cardkit.rl.fields import scalar_names
from tests.rl.test_layout import GAME_COUNTS, random_states


def per_move(
    space: ActionSpace, actions: list[Action], state: Any
) -> tuple[list[int], list[Action]]:
    """The numbering `ActionSpace.number` gave before batches: `encode` move by move."""
    chosen: dict[int, Action] = {}
    for action in actions:
        i = space.encode(action, state)
        held = chosen.get(i)
        if held is None or space._prefer(action, held):
            chosen[i] = action
    ids = sorted(chosen)
    return ids, [chosen[i] for i in ids]


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_the_batch_numbering_equals_the_per_move_one(game: str, players: int) -> None:
    found = cardkit.load_game(game)
    checked = 0
    for state in random_states(game, players, 150, seed=7):
        space = found.action_space(state.rules, state.players)
        if space is None or state.is_over:
            continue
        legal = list(state.legal_actions())
        one_by_one = [space.encode(action, state) for action in legal]
        for _ in range(2):  # the first call may fill a space's memo, the second reads it
            assert space.ids(legal, state) == one_by_one, f"{game}: {state}"
            assert space.number(legal, state) == per_move(space, legal, state)
        checked += 1
    assert checked or found.action_space(found.rules(), players) is None


def test_palace_mixed_source_plays_number_alike() -> None:
    """Under `allow_mixed_source_play` a play may take cards from the hand and the face-up ones."""
    import random

    game = cardkit.load_game("palace")
    rules = game.rules().model_copy(update={"allow_mixed_source_play": True})
    space = game.action_space(rules, 2)
    rng = random.Random(3)
    sources = set()
    for seed in range(40):
        state = game.start(players=2, rules=rules, seed=seed)
        while not state.is_over:
            legal = list(state.legal_actions())
            ids = [space.encode(action, state) for action in legal]
            assert space.ids(legal, state) == ids
            assert space.number(legal, state) == per_move(space, legal, state)
            sources.update((i - 9) % 3 for i in ids if 9 <= i < 165)
            state = state.apply(rng.choice(legal))
    assert sources == {0, 1, 2}  # hand, face up, both were all played


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_view_scalars_are_view_extra_s_own_values(game: str, players: int) -> None:
    """A state's optional `view_scalars(seat)` holds every scalar field the observation reads,
    each as `view_extra(seat)` gives it: a tuple of values named by `view_scalar_names`."""
    layout = cardkit.rl.aec_env(game, players=players).table.layout
    names = {field.name for field in layout.view_fields}
    checked = 0
    for state in random_states(game, players, 80, seed=5):
        lean = getattr(state, "view_scalars", None)
        if lean is None:
            continue
        hook = state.view_scalar_names
        assert names <= set(hook)
        for seat in [None, *range(players)]:
            values, extra = lean(seat), state.view_extra(seat)
            assert type(values) is tuple
            assert len(values) == len(hook)
            assert dict(zip(hook, values, strict=True)) == {k: extra[k] for k in hook}, (
                f"{game} seat {seat}"
            )
            checked += 1
    assert checked or game not in {"tonk", "palace", "tienlen"}


def test_a_view_scalars_hook_without_its_names_is_refused() -> None:
    """A class with `view_scalars` names its values (`view_scalar_names`), or the layout says
    what is missing: its values are read by position."""

    class Named:
        view_scalar_names = ("phase", "dealer")

        def view_scalars(self, seat: int | None) -> tuple[Any, ...]:
            return ("play", 0)

    class Unnamed:
        def view_scalars(self, seat: int | None) -> tuple[Any, ...]:
            return ("play", 0)

    assert scalar_names(Named) == ("phase", "dealer")
    assert scalar_names(object) is None
    with pytest.raises(TypeError, match="view_scalar_names"):
        scalar_names(Unnamed)


@given(st.integers(min_value=0, max_value=(1 << 63) - 1))
def test_popcount_counts_a_mask_s_bits(mask: int) -> None:
    """The compiled readers' `popcount` (machine-word arithmetic when compiled) is
    `int.bit_count` on every mask a word holds: card masks, and the top bits set."""
    assert popcount(mask) == mask.bit_count()
    assert popcount(mask | 1 << 62) == (mask | 1 << 62).bit_count()


def exact_spaces() -> list[tuple[str, EnumeratedActionSpace]]:
    """Every game's exact action space at its default table (the games whose ids the
    table reads from the actions' fields)."""
    found = []
    for name in cardkit.available_games():
        game = cardkit.load_game(name)
        space = game.action_space(game.rules(), game.players.default)
        if isinstance(space, EnumeratedActionSpace):
            found.append((name, space))
    return found


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_ids_read_from_the_fields_equal_the_per_move_numbering(game: str, players: int) -> None:
    """The table's numbering of an exact space (`ExactIds`, from the actions' fields)
    gives the ids and actions of the per-move numbering on many random states."""
    found = cardkit.load_game(game)
    for state in random_states(game, players, 150, seed=11):
        space = found.action_space(state.rules, state.players)
        if not isinstance(space, EnumeratedActionSpace) or state.is_over:
            continue
        legal = list(state.legal_actions())
        numbered = ExactIds(space).number(legal)
        assert numbered is not None, f"{game}: {legal}"
        assert numbered == per_move(space, legal, state), f"{game}: {state}"


@pytest.mark.parametrize(("game", "space"), exact_spaces(), ids=lambda v: str(v)[:20])
def test_each_id_read_from_the_fields_is_the_space_s_own(
    game: str, space: EnumeratedActionSpace
) -> None:
    """Every action of an exact space is read (or left to its hash) as its own id: one
    meaning per id; Crazy Eights' plays, draw and pass are all read from their fields."""
    exact = ExactIds(space)
    for i, action in enumerate(space.actions):
        assert exact.id_of(action) in (-1, i), f"{game}: {action}"
    if game == "crazyeights":
        assert all(exact.id_of(a) == i for i, a in enumerate(space.actions))


@given(st.data())
def test_any_listing_numbers_as_the_space_numbers_it(data: st.DataObject) -> None:
    """Any list of an exact space's actions, in any order, with repeats: `ExactIds` gives
    the space's own numbering, or leaves it to the space (`None`) when an action repeats."""
    game, space = data.draw(st.sampled_from(EXACT))
    picks = data.draw(st.lists(st.integers(0, space.size - 1), max_size=12))
    listed = [space.actions[i] for i in picks]
    numbered = ExactIds(space).number(listed)
    if len(set(picks)) < len(picks):
        assert numbered is None
    else:
        assert numbered == space.number(listed), game


EXACT = exact_spaces()
