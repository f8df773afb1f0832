"""The standard library and our package in parts (static/late-stdlib.mjs, static/package.mjs,
docs/performance.md, "Bytes"): before the board is playable a first visit fetches only what
its start imports; the rest follows once playable; an import of a module the page lacks yet
works at once, through the finders; a language switch before the rest arrived changes every
word at once.

The normal boot is taken with ``?no_snapshot`` (the shared profile may hold a snapshot); a
boot from the snapshot as a first visit does (tests/browser/test_snapshot.py)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, Route, expect

from eightoff.web.words import i18n

from .helpers import open_fresh, run_python
from .test_languages import words
from .test_saving import find_scoring_start
from .test_snapshot import IMPORT_LATE, STATES, STDLIB_MARKS, forget_the_snapshot, snapshot_states

LATE_STDLIB = "**/python_stdlib_late.*.zip"
LATE_PACKAGE = "**/static/eightoff-late.*.zip"
PACKAGE_MARKS = "performance.getEntriesByName('eightoff-package').map(m => m.detail)"
# A module of ours outside the package's first part (the command line's), imported.
IMPORT_OURS = """import sys
before = "eightoff.cli" in sys.modules
import eightoff.cli
result = [before, callable(eightoff.cli.main)]"""


def hold(page: Page, pattern: str) -> Callable[[], None]:
    """Hold the page's own downloads of ``pattern`` (an import's synchronous request goes on);
    returns what lets them go."""
    held: list[Route] = []

    def handle(route: Route) -> None:
        if route.request.resource_type == "xhr":
            route.continue_()
        else:
            held.append(route)

    page.route(pattern, handle)

    def release() -> None:
        page.route(pattern, lambda route: route.continue_())  # what comes next goes on
        for route in held:
            route.continue_()

    return release


def test_the_normal_boot_needs_only_the_boot_part(page: Page, site_url: str) -> None:
    """Booted with the standard library's boot part and our package's first part, the board
    becomes playable and two moves are played while the rest is held; released, each whole
    is put in place once playable, and a module of each that the first parts lack imports."""
    release_stdlib = hold(page, LATE_STDLIB)
    release_package = hold(page, LATE_PACKAGE)
    game = find_scoring_start(page, site_url, "no_snapshot")
    assert page.evaluate(STDLIB_MARKS) == [] and page.evaluate(PACKAGE_MARKS) == []
    release_stdlib()
    release_package()
    page.wait_for_function(f"{STDLIB_MARKS}.length > 0 && {PACKAGE_MARKS}.length > 0")
    assert page.evaluate(STDLIB_MARKS) == ["once playable"]
    assert page.evaluate(PACKAGE_MARKS) == ["once playable"]
    assert run_python(page, IMPORT_LATE) == [False, [0.0, 1.0, 1.0]]
    assert run_python(page, IMPORT_OURS) == [False, True]
    expect(page.locator("#moves")).to_have_text(str(game.moves))


def test_an_import_before_the_rest_is_in_place_fetches_it(page: Page, site_url: str) -> None:
    """After the normal boot, modules of the late parts imported while the page's downloads
    of them are on their way: each import fetches its part there and then and succeeds."""
    release_stdlib = hold(page, LATE_STDLIB)
    release_package = hold(page, LATE_PACKAGE)
    open_fresh(page, site_url, "no_snapshot")
    assert run_python(page, IMPORT_LATE) == [False, [0.0, 1.0, 1.0]]
    assert run_python(page, IMPORT_OURS) == [False, True]
    assert page.evaluate(STDLIB_MARKS) == ["fetched at once: import colorsys"]
    assert page.evaluate(PACKAGE_MARKS) == ["fetched at once: import eightoff.cli"]
    release_stdlib()
    release_package()


# When <html data-ready> appeared, and the downloads of our package's files begun before it.
READY_AT = """new MutationObserver((_, observer) => {
  if (!document.documentElement.hasAttribute("data-ready")) return;
  window.readyAt = performance.now();
  observer.disconnect();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});"""
FETCHED_BEFORE_READY = r"""() => performance.getEntriesByType("resource")
  .filter((entry) => /\/static\/eightoff.*\.(zip|mo)$/.test(entry.name) && entry.startTime < window.readyAt)
  .map((entry) => entry.name.split("/").pop().split(".")[0])"""


def test_a_boot_from_the_snapshot_fetches_none_of_the_package_s_code(page: Page, site_url: str) -> None:
    """The restored heap holds our modules: before playable the page fetches the page's
    language's catalogue and nothing of the package's code; the late part once playable."""
    page.add_init_script(STATES)
    page.add_init_script(READY_AT)
    forget_the_snapshot(page, site_url)
    open_fresh(page, site_url, "first_visit=snapshot&lang=nl")
    assert snapshot_states(page)[0] == "fetched"
    expect(page.locator("#undo .label")).to_have_text(words("nl", lambda: i18n._("Undo")))
    assert page.evaluate(FETCHED_BEFORE_READY) == ["eightoff-nl"]
    page.wait_for_function(f"{PACKAGE_MARKS}.length > 0")
    assert page.evaluate(PACKAGE_MARKS) == ["once playable"]


def test_a_language_switch_before_the_rest_arrived_changes_every_word(page: Page, site_url: str) -> None:
    """In English, the late part (every catalogue) held: switching to Dutch in the settings
    fetches Dutch's catalogue at once, and the page speaks Dutch."""
    release = hold(page, LATE_PACKAGE)
    open_fresh(page, site_url, "no_snapshot&lang=en")
    page.locator("#settings").click()
    page.locator("#language").select_option("nl")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.locator("#undo .label")).to_have_text(words("nl", lambda: i18n._("Undo")))
    assert page.evaluate(PACKAGE_MARKS) == []
    page.keyboard.press("Escape")
    release()
