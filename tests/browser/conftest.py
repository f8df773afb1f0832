"""Fixtures for tests that drive the real page in Chromium.

- The site is built once per session and served from dist/ by tools/serve.py (stdlib server,
  application/wasm, precompressed files, the deployment headers) on a free loopback port.
- All tests share one persistent browser profile, so the 9.6 MB wasm is fetched once and
  later tests boot warm (`new_context()` is incognito and would never cache it). Service
  workers are blocked here; tests/deploy covers them.
- `page` is a fresh tab of that profile, watched by `strict_page` (autouse): a console error,
  page error, `.py-error` banner or request to another host fails the test. A test marked
  `same_tab` (it needs a fresh game, not a fresh boot, and changes nothing in the page that
  outlives its game: axe-core's and the contrast measure's globals only read; a whole
  module may be marked) shares one booted tab: `open_fresh` there clears the storage, sets
  every emulated media feature, and starts the game again from Python (`app.unbind()`, then
  `start()` on the new address, storage emptied then given what the test stores), in about
  0.2 s instead of a boot's 2 to 4 s (it is parked at about:blank while other tests run:
  see pytest_runtest_teardown); `reopen` starts it again on another address with the
  storage kept. The boot itself is tested in fresh tabs (test_boot, test_snapshot,
  test_saving's reloads and tabs, test_hostile's garbage at boot, one bad address code).
- `open_game(query="")` opens index.html?query and waits for <html data-ready>.
- `touch_page` is a tab of a fresh touch-screen context (phone size unless parametrized
  indirectly with a viewport), watched strictly too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page

from .harness import SAME_TAB, StrictPage, build_once, launch_args, opener, serve, watched_tab
from .helpers import BLANK, PHONE


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's own `browser` fixture also uses the Debian Chromium."""
    return launch_args(browser_type_launch_args)


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Build dist/ once and serve it; yields the base URL (ending in /)."""
    build_once()
    server = serve.start_server(serve.DIST)
    yield serve.url_of(server)
    server.shutdown()
    server.server_close()


KEEPER = "__keeper__.html"
"""The address of the blank page that keeps the site's renderer process alive (shared_context)."""


@pytest.fixture(scope="session")
def shared_context(
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    tmp_path_factory: pytest.TempPathFactory,
    site_url: str,
) -> Iterator[BrowserContext]:
    """The one persistent profile. Its tabs of the site share one renderer process
    (``--process-per-site``), which a blank page of the site (the launch's first tab, never
    the game) keeps alive between tests: a fresh tab then boots in a warm process (its
    compiled wasm and scripts already in memory), for half a cold process's CPU (measured:
    1.3 against 2.7 CPU-seconds a boot, 0.9 against 1.5 s). Each test still gets its own
    tab, document and JavaScript world, and the closed tabs are collected (the renderers
    held 0.85 to 1.3 GB over 70 boots in a row)."""
    profile = tmp_path_factory.mktemp("chromium-profile")
    options = {**browser_type_launch_args}
    options["args"] = [*options.get("args", []), "--process-per-site"]
    context = browser_type.launch_persistent_context(profile, **options, service_workers="block")
    keeper = context.pages[0] if context.pages else context.new_page()
    keeper.route(site_url + KEEPER, lambda route: route.fulfill(body=BLANK, content_type="text/html"))
    keeper.goto(site_url + KEEPER)
    yield context
    context.close()


@pytest.fixture
def context(shared_context: BrowserContext) -> BrowserContext:
    return shared_context


@pytest.fixture(scope="session")
def same_tab(shared_context: BrowserContext) -> Iterator[Page]:
    """One tab for the tests marked ``same_tab``: booted by the first, then given a fresh
    game from Python by each ``open_fresh`` (no boot), as long as it shows the game."""
    tab = shared_context.new_page()
    SAME_TAB[tab] = tab.viewport_size or {"width": 1280, "height": 720}
    yield tab
    del SAME_TAB[tab]
    tab.close()


@pytest.fixture
def page(shared_context: BrowserContext, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh tab; for a test marked ``same_tab`` (it only needs a fresh game, opened by
    ``open_fresh``, and leaves nothing behind in the page), the one kept booted."""
    if request.node.get_closest_marker("same_tab"):
        yield request.getfixturevalue("same_tab")
        return
    tab = shared_context.new_page()
    yield tab
    tab.close()


@pytest.fixture(autouse=True)
def strict_page(shared_context: BrowserContext, page: Page, site_url: str) -> Iterator[StrictPage]:
    """Fails the test (see pytest_runtest_call) on errors or foreign requests."""
    watcher = StrictPage(shared_context, page, site_url.split("/")[2])
    yield watcher
    watcher.detach()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Park the shared tab (at about:blank) when the next test does not use it: a booted
    game left open in the background would answer the other tests' storage writes as
    another tab does (it saves its own game over a value it cannot read), and so change
    what they test. The next ``same_tab`` test boots it again."""
    if item.get_closest_marker("same_tab") and not (nextitem and nextitem.get_closest_marker("same_tab")):
        for tab in SAME_TAB:
            tab.goto("about:blank")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    result = yield
    watcher = getattr(item, "funcargs", {}).get("strict_page")
    if isinstance(watcher, StrictPage):
        watcher.check()
    return result


@pytest.fixture
def open_game(page: Page, site_url: str) -> Callable[..., Page]:
    """`open_game(query="")` -> the page at index.html?query, once <html data-ready> is set."""
    return opener(page, site_url)


@pytest.fixture
def touch_page(browser: Browser, site_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page in a fresh touch-screen context (its own strict watch); the viewport is the
    indirect parameter, else a phone's."""
    viewport = getattr(request, "param", PHONE)
    with watched_tab(browser, site_url, viewport=viewport, has_touch=True, is_mobile=True) as tab:
        yield tab
