"""Fixtures of the smoke suite: the built site in Firefox ESR and in WebKitGTK.

- dist/ is built once per session (tests/browser/harness.py) and served by tools/serve.py in
  a process of its own, so a test can stop it to go offline and start it again on the same
  port (the same origin: the same storage and service worker).
- `game_page` is the game's page (tests/smoke/page.py) in one engine: every test runs once per
  engine, in one browser with one page per engine for the whole session. Service workers
  run (tests/browser blocks them).
- After each test, a step "page health": no console error, uncaught error, foreign request
  or .py-error banner (drivers.py says what each engine can see).
- The summary prints each engine's browser version and its time.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser.harness import build, build_once

from .drivers import Driver, Firefox, WebKit
from .page import GamePage
from .server import Site

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "test-results"
ENGINES = ["firefox", "webkit"]
timings: dict[str, tuple[str, float]] = {}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.smoke)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    build_once()
    server = Site(build.DIST, tmp_path_factory.mktemp("smoke-site") / "serve.log")
    yield server
    server.stop()


@pytest.fixture(scope="session", params=ENGINES)
def driver(
    request: pytest.FixtureRequest, site: Site, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Driver]:
    """One browser of an engine, with one page, for every test of that engine."""
    engine: str = request.param
    folder = tmp_path_factory.mktemp(f"smoke-{engine}")
    started = time.monotonic()
    if engine == "firefox":
        browser: Driver = Firefox(host=site.url.split("/")[2], log=folder / "firefox.log")
    else:
        browser = WebKit(log=folder / "webkit.log", home=folder)
    yield browser
    browser.close()
    timings[engine] = (browser.version, time.monotonic() - started)


@pytest.fixture
def game_page(driver: Driver, site: Site) -> GamePage:
    if not site.running:  # a test that went offline and failed before coming back
        site.start()
    return GamePage(driver, site.url, RESULTS)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    result = yield
    page = getattr(item, "funcargs", {}).get("game_page")
    if isinstance(page, GamePage):
        with page.step("page health"):
            problems = page.problems()
            assert not problems, "the page misbehaved:\n" + "\n".join(problems)
    return result


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for engine, (version, seconds) in timings.items():
        terminalreporter.write_line(f"smoke {engine}: {version}, {seconds:.0f} s from launch to close")
