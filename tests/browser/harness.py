"""Shared pieces of the browser and deploy tests: the build, the browser, the strict page.

Imported by tests/browser/conftest.py and tests/deploy/conftest.py.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Error, Page, Request

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402  (tools/build.py)
import chromium  # noqa: E402  (tools/chromium.py)
import serve  # noqa: E402, F401  (tools/serve.py, used by the conftests)
from sitebuild import service_worker  # noqa: E402, F401  (used by tests/deploy)

# Cold boots on a busy 2-core machine take seconds; this only bounds a hang.
BOOT_TIMEOUT_MS = 90_000
READY = "html[data-ready]"
READY_OR_FAILED = "html[data-ready], html[data-boot-error]"

_built: dict[Path, str] = {}

SAME_TAB: dict[Page, dict[str, int]] = {}
"""The tabs kept booted from test to test (tests/browser/conftest.py, marker ``same_tab``),
with the viewport each test starts with: ``open_fresh`` starts a fresh game in them from
Python instead of booting the page again (tests/browser/helpers.py)."""


def build_once(dist: Path = build.DIST) -> str:
    """Build the site into `dist` once per test session; returns its content version.

    tools/test.sh builds dist/ before the tests and names it in ``EIGHTOFF_BUILT``: that
    build is taken as it is (its version read from its sw.js), not made again."""
    if dist not in _built:
        _built[dist] = prebuilt(dist) or build.build(dist)
    return _built[dist]


def prebuilt(dist: Path) -> str | None:
    """The content version of `dist` when tools/test.sh has just built it, else None."""
    built = os.environ.get("EIGHTOFF_BUILT")
    if not built or Path(built).resolve() != dist.resolve():
        return None
    match = re.search(r'"version": "([0-9a-f]+)"', (dist / "sw.js").read_text(encoding="utf-8"))
    assert match, f"{dist}/sw.js names no build version"
    return match.group(1)


def launch_args(base: dict[str, object] | None = None) -> dict[str, object]:
    """Playwright launch arguments for the Debian Chromium (Playwright cannot download one)."""
    return chromium.launch_options(base)


class StrictPage:
    """Records what must never happen on our pages; `check()` raises if anything did.

    Console errors, uncaught page errors, PyScript's `.py-error` banner, and any request to a
    host other than the test server all fail the test.
    """

    def __init__(self, context: BrowserContext, page: Page, allowed_host: str) -> None:
        self.context = context
        self.page = page
        self.allowed_host = allowed_host
        self.problems: list[str] = []
        self.enabled = True
        page.on("console", self._on_console)
        page.on("pageerror", self._on_page_error)
        context.on("request", self._on_request)

    def expect_errors(self) -> None:
        """For a test that provokes a failure on purpose: stop recording problems."""
        self.enabled = False

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.problems.append(f"console error: {message.text} ({message.location})")

    def _on_page_error(self, error: Error) -> None:
        self.problems.append(f"page error: {error.message}\n{error.stack}")

    def _on_request(self, request: Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("data", "blob", "about"):
            return
        if parts.netloc != self.allowed_host:
            self.problems.append(f"request to a foreign host: {request.method} {request.url}")

    def check(self) -> None:
        self.detach()
        if not self.enabled:
            return
        problems = list(self.problems)
        if not self.page.is_closed():
            banners = self.page.locator(".py-error").all_text_contents()
            problems += [f".py-error banner: {text}" for text in banners]
        assert not problems, "the page misbehaved:\n" + "\n".join(problems)

    def detach(self) -> None:
        self.context.remove_listener("request", self._on_request)
        self.page.remove_listener("console", self._on_console)
        self.page.remove_listener("pageerror", self._on_page_error)


@contextmanager
def watched_tab(browser: Browser, site_url: str, **options: Any) -> Iterator[Page]:
    """A tab of a brand-new browser context made with ``options``, watched strictly
    (:class:`StrictPage`, the site's host allowed); checked, then closed, after the block."""
    context = browser.new_context(**options)
    tab = context.new_page()
    watcher = StrictPage(context, tab, urlsplit(site_url).netloc)
    yield tab
    watcher.check()
    context.close()


def opener(page: Page, base_url: str) -> Callable[..., Page]:
    """`open_game(query="")`: load index.html?query and wait until the game is ready."""

    def open_game(query: str = "") -> Page:
        page.goto(base_url + "index.html" + (f"?{query}" if query else ""))
        wait_ready(page)
        return page

    return open_game


def wait_ready(page: Page) -> None:
    """Wait for <html data-ready>; fail with the loading screen's message if boot failed."""
    page.wait_for_selector(READY_OR_FAILED, state="attached", timeout=BOOT_TIMEOUT_MS)
    failed = page.locator("html[data-boot-error]").count()
    if failed:
        message = page.locator(".loading-error-details").text_content()
        raise AssertionError(f"the game failed to start: {message}")
