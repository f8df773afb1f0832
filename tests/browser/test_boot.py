"""The page boots from our own server alone, and says so clearly when it cannot."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Route, expect

from .harness import BOOT_TIMEOUT_MS, StrictPage, build
from .helpers import open_fresh
from .test_snapshot import forget_the_snapshot

# A static import of one of our modules (`import { a } from "./b.mjs";`, one line each).
IMPORT = re.compile(r'^import [^;]*? from "\./([^"]+)";$', re.MULTILINE)
# The runtime from the network as on a first visit, although this browser profile has the
# snapshot and the wasm in Cache Storage from earlier tests (pyodide-loader.mjs).
FIRST_VISIT = "index.html?no_snapshot"


def test_boots_to_ready_without_foreign_requests(open_game: Callable[..., Page]) -> None:
    """index.html reaches data-ready; the loading screen is gone; the game drew into #app.

    The strict page fixture fails this test on any console error, page error, .py-error
    banner or request to a host other than the test server.
    """
    page = open_game()
    expect(page.locator("#loading")).to_have_count(0)
    expect(page.locator("html")).not_to_have_attribute("data-boot-error", "")
    expect(page.locator("#app")).not_to_be_empty()


def test_loading_screen_shows_real_progress(page: Page, site_url: str) -> None:
    """While the wasm is held back, the screen shows the download stage with bytes and percent.

    Every other file arrives; the wasm is released only once the progress text is seen.
    """
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/*.wasm", hold)
    page.goto(site_url + FIRST_VISIT, wait_until="commit")
    expect(page.locator("#loading .loading-title")).to_have_text("Eight Off")
    expect(page.locator("#loading .loading-stage")).to_have_text("Downloading the game engine…")
    detail = page.locator("#loading .loading-detail")
    expect(detail).to_have_text(re.compile(r"^\d+\.\d MB of \d+\.\d MB \(\d+%\)$"))
    expect(page.locator("#loading progress")).to_have_attribute("value", re.compile(r"^0\.\d+"))
    assert held, "the wasm request was not held"
    for route in held:
        route.continue_()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#loading")).to_have_count(0)


@pytest.mark.parametrize(
    "address", [FIRST_VISIT, "index.html?first_visit=snapshot"], ids=["boot", "snapshot"]
)
def test_wasm_with_wrong_type_shows_an_error(
    page: Page, site_url: str, strict_page: StrictPage, address: str
) -> None:
    """A .wasm served as text/plain makes Pyodide hang after a warning: we must say why, on
    either path of a first visit (the snapshot's compiles the wasm ahead)."""
    strict_page.expect_errors()

    def wrong_type(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-type": "text/plain"})

    forget_the_snapshot(page, site_url)  # a first visit, not a later one booting from it
    page.route("**/*.wasm", wrong_type)
    page.goto(site_url + address)
    error = page.locator("#loading .loading-error")
    expect(error).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(error).to_contain_text("application/wasm")
    expect(error).to_contain_text("text/plain")
    expect(page.locator("html")).not_to_have_attribute("data-ready", "")


# Before the game is ready, an error whose stack has only frames, as JavaScriptCore gives
# for a trap in the interpreter's wasm (seen once in WebKit: "14535@<?>:wasm-function[14535]"
# and its callers; what it said is unknown, and this message is made up).
FRAMES_ONLY = """document.addEventListener("DOMContentLoaded", () => {
  const trap = new RangeError("what went wrong");
  const frames = "14535@<?>:wasm-function[14535]\\nxe@pyodide.asm.mjs:1:623407";
  Object.defineProperty(trap, "stack", {value: frames});
  setTimeout(() => { throw trap; });
});"""


def test_an_error_whose_stack_has_only_frames_is_shown_with_its_message(
    page: Page, site_url: str, strict_page: StrictPage
) -> None:
    """The loading screen's details name the error and its message, then its frames."""
    strict_page.expect_errors()
    page.add_init_script(FRAMES_ONLY)
    page.goto(site_url + "index.html?deal=EO1-C4-AAAAAFA")
    details = page.locator("html[data-boot-error] .loading-error-details")
    expect(details).to_have_text(
        "RangeError: what went wrong\n14535@<?>:wasm-function[14535]\nxe@pyodide.asm.mjs:1:623407",
        timeout=BOOT_TIMEOUT_MS,
    )


def test_the_running_app_is_reachable_from_python_in_the_page(page: Page, site_url: str) -> None:
    """static/main.py keeps the App that start() returns as `app`; a `<script type="py">`
    added later runs in the same namespace and reads it (docs/dom-contract.md). Fresh
    storage: a game with moves saved by an earlier test would keep the link's deal waiting."""
    open_fresh(page, site_url, "deal=EO1-C4-AAAAAFA")
    page.evaluate(
        """() => { const script = document.createElement('script');
        script.type = 'py';
        script.textContent = 'import js\\njs.window.appDeal = str(app.game.code)';
        document.body.append(script); }"""
    )
    page.wait_for_function("window.appDeal !== undefined")
    assert page.evaluate("window.appDeal") == "EO1-C4-AAAAAFA"


# Counts what Pyodide builds with WebAssembly's stack-switching API (JSPI) during the boot.
COUNT_JSPI = """
window.jspiUses = 0;
for (const name of ["Suspending", "promising"]) {
  const real = WebAssembly[name];
  if (!real) continue;
  WebAssembly[name] = new Proxy(real, {
    construct(target, args) { window.jspiUses++; return new target(...args); },
    apply(target, self, args) { window.jspiUses++; return Reflect.apply(target, self, args); },
  });
}
"""


def test_python_runs_without_stack_switching(page: Page, site_url: str) -> None:
    """Pyodide boots without JSPI (pyodide-loader.mjs; docs/performance.md, "A crash in
    Chromium"): it makes no suspending import and no promising export, and the page keeps
    WebAssembly's API as it was once the boot is over."""
    page.add_init_script(COUNT_JSPI)
    page.goto(site_url + "index.html?deal=EO1-C4-AAAAAFA")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("'Suspending' in WebAssembly && 'promising' in WebAssembly")
    assert page.evaluate("window.jspiUses") == 0
    # The counter sees a use (the same API object is back in place after the boot).
    assert page.evaluate("new WebAssembly.Suspending(async () => 0), window.jspiUses") == 1


def test_every_module_of_the_loader_is_preloaded(site_url: str) -> None:
    """index.html hints every module the Pyodide loader imports, its own and the runtime's
    (modulepreload, by their content-hashed names), so that none waits for the module that
    imports it to arrive first."""
    static = build.DIST / "static"
    (entry,) = static.glob("pyodide-loader.*.mjs")
    html = (build.DIST / "index.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'<link rel="modulepreload" href="static/([^"]+)"', html))
    imported, pending = set(), [entry.name]
    while pending:
        name = pending.pop()
        if name in imported:
            continue
        imported.add(name)
        if not name.startswith("vendor/"):  # the runtime's own imports are its own affair
            pending += IMPORT.findall((static / name).read_text(encoding="utf-8"))
    assert len(imported) >= 7, imported  # the loader's six modules and Pyodide's
    assert imported <= preloaded, imported - preloaded
