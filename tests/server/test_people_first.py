"""A worker's bots wait while a person's change is under way there, and never for long."""

from __future__ import annotations

import asyncio
import time

import pytest

pytest.importorskip("fastapi")

from cardkit.server import MemoryStorage
from cardkit.server._clients import Limits
from cardkit.server._hubstate import PEOPLE_FIRST, HubState


def _hub() -> HubState:
    return HubState(MemoryStorage(), Limits(), None, bot_delay=0, deal_pause=0, lease_interval=1)


def test_a_bot_steps_after_the_persons_change_under_way() -> None:
    async def run() -> list[str]:
        hub, order = _hub(), []

        async def bot() -> None:
            await hub.after_people()
            order.append("bot")

        await bot()  # nobody's change is under way: at once
        with hub.person_first():
            task = asyncio.create_task(bot())
            await asyncio.sleep(PEOPLE_FIRST / 5)
            with hub.person_first():  # a second person's change, inside the first
                await asyncio.sleep(0)
            await asyncio.sleep(PEOPLE_FIRST / 5)  # the first one is still under way
            order.append("person")
        await task
        return order

    assert asyncio.run(run()) == ["bot", "person", "bot"]


def test_a_persons_change_that_does_not_end_holds_a_bot_for_people_first_seconds() -> None:
    async def run() -> float:
        hub = _hub()
        with hub.person_first():
            began = time.perf_counter()
            await hub.after_people()
            return time.perf_counter() - began

    assert PEOPLE_FIRST * 0.9 <= asyncio.run(run()) < 1.0
