"""The game's clock in the real page, on Playwright's fake clock (eightoff/web/board/clock.py):
it waits for the first move, the bar shows the time once it runs, a hidden tab pauses it,
its time is saved when the tab hides, and the page started again on that storage (what a
reload does after its boot; restarted in the tab, not booted again, to keep the test
short) goes on from there. Its decisions are
tested under CPython (tests/web/board/test_clock.py); this proves the page's wiring:
``performance.now``, the timers, ``visibilitychange`` and ``Intl.DurationFormat``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Browser, Page, expect

from eightoff.web.facts import RECORD_KEY

from .harness import watched_tab
from .helpers import Player, open_fresh, restart

SEEN = """hidden => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event('visibilitychange')); }"""
"""The tab hidden or seen again, as the browser says it (``document.hidden`` and its event)."""


@pytest.fixture
def clocked(browser: Browser, site_url: str) -> Iterator[Page]:
    """A fresh game in a browser context of its own: Playwright's fake clock is installed
    for a whole context, and the shared one keeps real time (tests/browser/test_hostile.py)."""
    with watched_tab(browser, site_url, service_workers="block") as tab:
        open_fresh(tab, site_url, "deal=EO1-C8-AAAAAFA")
        yield tab


def pause(page: Page) -> None:
    """Stop the fake clock where it is: from here only ``run_for`` moves it."""
    now = datetime.fromtimestamp(page.evaluate("Date.now()") / 1000, UTC)
    page.clock.pause_at(now + timedelta(seconds=1))


def stored_time(page: Page) -> int:
    record = json.loads(page.evaluate(f"localStorage.getItem({RECORD_KEY!r})"))
    return int(record["stats"]["current"]["time"])


def test_the_bar_shows_the_time_paused_while_hidden_and_kept_for_the_next_start(
    clocked: Page, site_url: str
) -> None:
    page, clock = clocked, clocked.locator("#clock")
    page.clock.install()
    pause(page)
    expect(clock).to_have_text("00:00")
    expect(clock).to_have_accessible_name("Time")
    expect(clock).to_have_role("timer")  # aria-live off: not a live region
    page.clock.run_for(5_000)
    expect(clock).to_have_text("00:00")  # no move yet
    Player(page).drag("5S", "cell-5")
    expect(page.locator("#moves")).to_have_text("1")
    page.clock.run_for(65_000)
    expect(clock).to_have_text("01:05")
    page.evaluate(SEEN, True)
    assert stored_time(page) == 65_000  # saved as the tab hid
    page.clock.run_for(600_000)
    expect(clock).to_have_text("01:05")  # nobody played: nothing counted
    page.evaluate(SEEN, False)
    page.clock.run_for(2_000)
    expect(clock).to_have_text("01:07")
    page.evaluate(SEEN, True)  # the reload hides the tab first, which saves
    assert stored_time(page) == 67_000
    stored = page.evaluate(f"localStorage.getItem({RECORD_KEY!r})")
    page.evaluate(SEEN, False)
    restart(page, "deal=EO1-C8-AAAAAFA", {RECORD_KEY: stored})  # the page started again on its storage
    expect(clock).to_have_text("01:07")
    page.clock.run_for(10_000)
    expect(clock).to_have_text("01:17")
