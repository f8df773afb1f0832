"""Idle-time work in pieces (static/loader.js `moment` and `grant`, sw.js, static/snapshot-store.mjs;
docs/performance.md, "Idle-time work").

The service worker's install and the snapshot's store ask the page for each piece of their
work; the page answers in a quiet moment, or, for a player who never pauses, just after it
painted its answer to an input, so the work never lands on a move and still ends.
Time is Playwright's fake clock, run by the test, so no test waits out the real bounds.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Browser, Page

from .harness import StrictPage, watched_tab
from .helpers import open_page

FRAME_MS = 1000 / 60
PIECE_LATEST_MS = 2000  # static/loader.js
QUIET_MS = 1000

# The player's inputs and the page's answers to asks, timed by the page's clock.
WATCH = """() => {
  window.inputs = [];
  for (const type of ["pointerdown", "pointerup"]) {
    addEventListener(type, () => inputs.push([type, performance.now()]), true);
  }
  window.granted = [];
  const grant = eightoffLoader.grant;
  eightoffLoader.grant = (worker, ask) => grant(worker, ask).then(() => granted.push(performance.now()));
}"""
ASK = """piece => { window.answers ||= [];
  eightoffLoader.grant({postMessage: ask => answers.push([ask.piece, performance.now()])}, {piece}); }"""
TAP = """type => document.body.dispatchEvent(new PointerEvent(type, {bubbles: true}))"""


@pytest.fixture
def clocked(browser: Browser, site_url: str) -> Iterator[Page]:
    """A game in a context of its own (Playwright's fake clock is installed for a whole
    context), with the clock stopped: from here only ``run_for`` moves it."""
    with watched_tab(browser, site_url, service_workers="block") as tab:
        open_page(tab, site_url, "first_visit=boot")
        tab.clock.install()
        now = datetime.fromtimestamp(tab.evaluate("Date.now()") / 1000, UTC)
        tab.clock.pause_at(now + timedelta(seconds=1))
        yield tab


def tap(page: Page, every_ms: int = 300) -> None:
    """A tap (pointerdown, 50 ms, pointerup) and the pause to the next one."""
    page.evaluate(TAP, "pointerdown")
    page.clock.run_for(50)
    page.evaluate(TAP, "pointerup")
    page.clock.run_for(every_ms - 50)


def in_a_pause(inputs: list[tuple[str, float]], at: float) -> bool:
    """Whether `at` comes at least a frame after a pointerup, with no pointerdown since."""
    before = [(kind, time) for kind, time in inputs if time <= at]
    return bool(before) and before[-1][0] == "pointerup" and at - before[-1][1] >= FRAME_MS


def test_a_piece_waits_for_a_quiet_moment_or_the_pause_after_an_answered_tap(clocked: Page) -> None:
    """Asked while the player taps without a pause, the page lets a piece begin only after
    PIECE_LATEST_MS, and then a frame after it answered a tap, before the next; asked as the
    player stops, a second after the last input."""
    page = clocked
    page.evaluate(WATCH)
    tap(page)
    start = page.evaluate("performance.now()")
    page.evaluate(ASK, 1)
    while not page.evaluate("window.answers.length"):
        tap(page)
        assert page.evaluate("performance.now()") - start < 3 * PIECE_LATEST_MS
    ((_, at),) = page.evaluate("window.answers")
    assert at - start >= PIECE_LATEST_MS
    assert in_a_pause(page.evaluate("window.inputs"), at)
    page.evaluate(ASK, 2)
    last = max(time for kind, time in page.evaluate("window.inputs") if kind == "pointerdown")
    page.clock.run_for(int(last + QUIET_MS - 50 - page.evaluate("performance.now()")))
    assert len(page.evaluate("window.answers")) == 1  # not yet: a second since the last tap
    page.clock.run_for(1200)  # the quiet second's end, then the browser's idle callback
    (_, at) = page.evaluate("window.answers")[1]
    assert last + QUIET_MS <= at <= last + QUIET_MS + 1050


@pytest.fixture
def installing(browser: Browser, site_url: str) -> Iterator[Page]:
    """A first visit with service workers allowed, its clock stopped once it is playable."""
    context = browser.new_context(service_workers="allow")
    context.clock.install()
    tab = context.new_page()
    watcher = StrictPage(context, tab, site_url.split("/")[2])
    open_page(tab, site_url, "first_visit=boot")
    now = datetime.fromtimestamp(tab.evaluate("Date.now()") / 1000, UTC)
    tab.clock.pause_at(now + timedelta(milliseconds=500))
    yield tab
    watcher.check()
    context.close()


DONE = """async () => navigator.serviceWorker.controller !== null
  && document.documentElement.dataset.snapshot === "stored"
  && (await caches.keys()).some(name => name.startsWith("eightoff-"))"""


def test_a_player_who_never_pauses_still_gets_offline_play_and_the_snapshot(installing: Page) -> None:
    """Taps every 300 ms of the page's time from the moment the board is playable, and never
    a pause: the service worker's install and the snapshot's store still end, every piece
    the page let begin begun in the pause after an answered tap."""
    page = installing
    page.evaluate(WATCH)
    give_up = time.monotonic() + 90  # real time: the install's own work is real
    while not page.evaluate(DONE):
        tap(page)
        assert time.monotonic() < give_up, page.evaluate("window.granted")
    granted = page.evaluate("window.granted")
    inputs = page.evaluate("window.inputs")
    assert len(granted) >= 4  # the install's pieces after its first, the snapshot's
    assert all(in_a_pause(inputs, at) for at in granted), (granted, inputs)
