"""The cardkit contract suite: checks that every game must pass, for any test runner.

Plain functions (no pytest needed):

```python
import cardkit
from cardkit.testing import check_game, check_random_playouts

game = cardkit.load_game("crazyeights")
check_game(game)                                   # everything, players min..max
check_random_playouts(game, players=3, seeds=range(10), max_actions=500)
```

With pytest, subclass [`GameContract`][cardkit.testing.contract.GameContract] in a
test file of your plugin (``from cardkit.testing.contract import
GameContract``), or run the bundled suite on any installed game (the
pytest plugin [`cardkit.testing.pytest_plugin`][cardkit.testing.pytest_plugin] is
registered through the ``pytest11`` entry point; ``-p cardkit.testing.pytest_plugin``
loads it explicitly):

```console
pytest --cardkit-game crazyeights
```

Recorded playthroughs ([`cardkit.testing.playthrough`][cardkit.testing.playthrough]) pin down a
game's behaviour step by step; ``pytest --update-playthroughs`` records them.

Each check raises [`ContractError`][cardkit.testing.checks.ContractError] (an
``AssertionError``) whose message says what is wrong and how to replay the game that
shows it.
"""

from cardkit.testing.checks import (
    NO_WINNER_REASONS,
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
    check_zone_bits,
    check_zones,
    policy_loop,
    random_playout,
    recent_actions,
    replay_recipe,
    unexpected_points,
)
from cardkit.testing.copies import check_copies
from cardkit.testing.corrupt import corrupted_saves
from cardkit.testing.playthrough import Playthrough, check_playthrough, record_playthrough
from cardkit.testing.refusals import check_refusal_non_interference

__all__ = [
    "NONSENSE_ACTIONS",
    "NO_WINNER_REASONS",
    "ContractError",
    "ContractReport",
    "Knowledge",
    "Playout",
    "PlayoutReport",
    "Playthrough",
    "PolicyLoopReport",
    "cards_mentioned",
    "check_bots",
    "check_copies",
    "check_corrupted_saves",
    "check_determinism",
    "check_game",
    "check_illegal_actions",
    "check_legal_actions",
    "check_midgame_non_interference",
    "check_non_interference",
    "check_playthrough",
    "check_policy_loops",
    "check_random_playouts",
    "check_refusal_non_interference",
    "check_result",
    "check_rules_model",
    "check_save_round_trip",
    "check_state",
    "check_views",
    "check_zone_bits",
    "check_zones",
    "corrupted_saves",
    "policy_loop",
    "random_playout",
    "recent_actions",
    "record_playthrough",
    "replay_recipe",
    "unexpected_points",
]
