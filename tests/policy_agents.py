"""Policy bots named by import path, for the tests of bots across processes
(tests/rl/test_policy_processes.py): a worker imports this module by name."""

from __future__ import annotations

import os

import numpy as np
import numpy.typing as npt

import cardkit.rl


def first_legal(observation: npt.NDArray[np.float32], action_mask: npt.NDArray[np.int8]) -> int:
    """The lowest legal id, and a record of the process that chose it."""
    with open(os.environ["POLICY_AGENTS_LOG"], "a") as log:
        log.write(f"{os.getpid()}\n")
    return int(np.flatnonzero(action_mask)[0])


def lowest(observation: npt.NDArray[np.float32], action_mask: npt.NDArray[np.int8]) -> int:
    """The lowest legal id."""
    return int(np.flatnonzero(action_mask)[0])


#: Tonk at two seats, by the lowest legal id; it writes the pid of each decision's process.
tonk_logged = cardkit.rl.policy_bot("tonk", "logged", first_legal, players=2, register=False)
#: Tonk at two seats, by the lowest legal id.
tonk_lowest = cardkit.rl.policy_bot("tonk", "lowest", lowest, players=2, register=False)
