"""What every suite shares: how the browser suites are shared out between processes.

tools/test.sh runs the Chromium, deploy and smoke suites together in three pytest-xdist
workers (`-n 3 --dist loadgroup`). Each test module is one group, so a module's tests run in
one process, in their order, one after another: the tests marked `same_tab` keep their one
booted tab (tests/browser/conftest.py) and each module's session fixtures start once. The
smoke suite is the one exception: its tests run once per engine in one browser per engine,
so each engine is a group of its own and Firefox and WebKit run side by side. A group's name
must not end in "]": xdist reads the group from a node id's last "@" only when no "]" follows
it, so "test_smoke.py[firefox]" made every smoke test a group of one, and each process
launched its own Firefox and WebKit for the suite's last minutes.

Hypothesis runs without its per-example deadline (200 ms by default) everywhere: a
property's example that took 882 ms once on the loaded 2-core machine failed the whole run
as "flaky", and how fast the engine is belongs to bench/, not to a timed test. Two profiles:
``ci`` (Hypothesis's 100 examples a property, what tools/test.sh runs: it sets
``HYPOTHESIS_PROFILE=ci``) and ``dev`` (50, a developer's plain ``pytest``, the default); a
property that names its own ``max_examples`` keeps it in both.

The compiled catalogues (``compiled``, ``speak``) are shared by the web tests and the tools'
tests (tests/tools/test_catalogues.py).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

SMOKE = Path(__file__).parent / "smoke"
TOOLS = Path(__file__).resolve().parents[1] / "tools"

settings.register_profile("ci", deadline=None)
settings.register_profile("dev", deadline=None, max_examples=50)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(scope="session")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The catalogues compiled into a folder of the test session's (tools/i18n.py)."""
    sys.path.insert(0, str(TOOLS))
    import i18n as catalogues  # tools/i18n.py

    out = tmp_path_factory.mktemp("locale")
    catalogues.compile_all(out)
    return out


@pytest.fixture
def speak(compiled: Path) -> Iterator[Callable[[str], None]]:
    """``speak(lang)``: the page's words in ``lang`` (English again after the test)."""
    from eightoff.web.words import i18n

    saved = i18n.LOCALE_DIR
    i18n.LOCALE_DIR = compiled

    def use(lang: str) -> None:
        assert i18n.set_language(lang) == lang

    yield use
    i18n.LOCALE_DIR = saved
    i18n.set_language("en")


LONGEST = (
    "tests/smoke/test_smoke.py-webkit",
    "tests/deploy/test_hostile_host.py",
    "tests/browser/test_win.py",
    "tests/browser/test_snapshot.py",
    "tests/smoke/test_smoke.py-firefox",
)
"""The groups that take a process longest (200, 150, 135, 130 and 115 s, measured with
``--durations=0`` on 2026-12-01), handed out first (tools/test.sh passes
``--no-loadscope-reorder``: xdist would order the groups by their number of tests, and the
smoke suite's six a group came last, each run ending with WebKit's 200 s alone). The order
only shares the work out: a group missing here runs all the same, after these."""


def group_of(item: pytest.Item) -> str:
    group = item.nodeid.split("::")[0]
    callspec = getattr(item, "callspec", None)
    if SMOKE in Path(item.path).parents and callspec and "driver" in callspec.params:
        group += f"-{callspec.params['driver']}"
    assert not group.endswith("]"), f"xdist would not read the group {group!r}"
    return group


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> Iterator[None]:
    """Each item's group before every other hook (xdist's reads it), and, after them all
    (pytest's own reorders items by their fixtures), the longest groups first."""
    groups = {id(item): group_of(item) for item in items}  # xdist changes the node ids
    for item in items:
        item.add_marker(pytest.mark.xdist_group(groups[id(item)]))
    yield
    rank = {group: n for n, group in enumerate(LONGEST)}
    items.sort(key=lambda item: rank.get(groups.get(id(item), ""), len(LONGEST)))
