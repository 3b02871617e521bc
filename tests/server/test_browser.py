"""The browser table in a real browser: Debian's Chromium driven by Playwright.

A person creates a table in the lobby, plays a whole game against bots by
clicking cards and action buttons, while a second browser watches as a
spectator. Screenshots of both are kept in ``test-artifacts/``.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, Page, Playwright, sync_playwright

pytestmark = pytest.mark.slow

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

if not shutil.which("chromium"):
    pytest.skip(
        "Debian's chromium is not installed (apt-get install -y chromium)", allow_module_level=True
    )


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    """Playwright for this module alone.

    pytest-playwright's own is session-wide: it keeps an event loop running in
    the main thread until the session ends, and every later test that calls
    `asyncio.run()` then fails. These fixtures replace its chain.
    """
    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="module")
def browser_type(playwright: Playwright, browser_name: str) -> BrowserType:
    """The browser type pytest-playwright was asked for (chromium by default)."""
    found: BrowserType = getattr(playwright, browser_name)
    return found


@pytest.fixture(scope="module")
def launch_browser(
    browser_type_launch_args: dict[str, Any], browser_type: BrowserType
) -> Callable[..., Browser]:
    """Launch the browser with the launch arguments below."""
    return lambda **more: browser_type.launch(**{**browser_type_launch_args, **more})


@pytest.fixture(scope="module")
def browser(launch_browser: Callable[..., Browser]) -> Iterator[Browser]:
    """One browser for this module, closed at its end."""
    launched = launch_browser()
    yield launched
    launched.close()


@pytest.fixture(scope="module")
def browser_context_args() -> dict[str, Any]:
    """A desktop-sized page."""
    return {"viewport": {"width": 1200, "height": 1000}}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """The system Chromium, headless: Playwright never downloads a browser here."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": FLAGS,
    }


def _move(page: Any) -> None:
    """Make one move by clicking: a card first when the moves wait for a selection."""
    buttons = page.locator("#actions button.action")
    if buttons.count() == 0:
        page.locator(".card.selectable").first.click()
        buttons = page.locator("#actions button.action")
    buttons.first.click()


def test_play_a_game_against_bots_in_the_browser(
    servers: Any, browser: Browser, page: Page, artifacts: Path
) -> None:
    server = servers("--bot-delay", "0.05")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.base + "/")
    page.select_option("#game", "crazyeights")
    page.click("#create-button")
    page.wait_for_url("**/tables/*")
    table_id = page.url.rstrip("/").split("/")[-1]
    watcher = browser.new_page(viewport={"width": 1200, "height": 1000})
    watcher.goto(f"{server.base}/tables/{table_id}?watch=1")
    watcher.wait_for_selector("text=Watching")
    moves = 0
    deadline = time.monotonic() + 90
    result = page.locator("#result-box:not(.hidden)")
    while result.count() == 0:
        assert time.monotonic() < deadline, "the game did not end in 90 s"
        page.wait_for_selector(
            "#actions button.action:enabled, #result-box:not(.hidden), .card.selectable",
            timeout=20000,
        )
        if result.count() or not page.locator("#actions-box:not(.hidden)").count():
            page.wait_for_timeout(50)
            continue
        _move(page)
        moves += 1
        page.wait_for_timeout(30)
    assert moves > 0
    assert "Winners:" in page.inner_text("#result")
    watcher.wait_for_selector("#result-box:not(.hidden)", timeout=10000)
    assert watcher.locator("#actions button").count() == 0
    assert "Watching" in watcher.inner_text("#who")
    page.screenshot(path=str(artifacts / "browser-table.png"), full_page=True)
    watcher.screenshot(path=str(artifacts / "browser-spectator.png"), full_page=True)
    assert not errors, errors
