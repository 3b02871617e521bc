"""The cardkit contract suite: checks that every game must pass, for any test runner.

Plain functions (no pytest needed)::

    import cardkit
    from cardkit.testing import check_game, check_random_playouts

    game = cardkit.load_game("crazyeights")
    check_game(game)                                   # everything, players min..max
    check_random_playouts(game, players=3, seeds=range(10), max_actions=500)

With pytest, subclass :class:`~cardkit.testing.contract.GameContract` in a
test file of your plugin (``from cardkit.testing.contract import
GameContract``), or run the bundled suite on any installed game (the
pytest plugin :mod:`cardkit.testing.pytest_plugin` is registered through the
``pytest11`` entry point; ``-p cardkit.testing.pytest_plugin`` loads it
explicitly)::

    pytest --cardkit-game crazyeights

Each check raises :class:`ContractError` (an ``AssertionError``) whose
message says what is wrong and how to replay the game that shows it.
"""

from cardkit.testing.checks import (
    NONSENSE_ACTIONS,
    ContractError,
    ContractReport,
    Knowledge,
    Playout,
    PlayoutReport,
    PolicyLoopReport,
    cards_mentioned,
    check_bots,
    check_corrupted_saves,
    check_determinism,
    check_game,
    check_illegal_actions,
    check_legal_actions,
    check_midgame_non_interference,
    check_non_interference,
    check_policy_loops,
    check_random_playouts,
    check_result,
    check_rules_model,
    check_save_round_trip,
    check_state,
    check_views,
    check_zones,
    policy_loop,
    random_playout,
    recent_actions,
    replay_recipe,
    unexpected_points,
)
from cardkit.testing.corrupt import corrupted_saves

__all__ = [
    "NONSENSE_ACTIONS",
    "ContractError",
    "ContractReport",
    "Knowledge",
    "Playout",
    "PlayoutReport",
    "PolicyLoopReport",
    "cards_mentioned",
    "check_bots",
    "check_corrupted_saves",
    "check_determinism",
    "check_game",
    "check_illegal_actions",
    "check_legal_actions",
    "check_midgame_non_interference",
    "check_non_interference",
    "check_policy_loops",
    "check_random_playouts",
    "check_result",
    "check_rules_model",
    "check_save_round_trip",
    "check_state",
    "check_views",
    "check_zones",
    "corrupted_saves",
    "policy_loop",
    "random_playout",
    "recent_actions",
    "replay_recipe",
    "unexpected_points",
]
