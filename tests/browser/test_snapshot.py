"""The memory snapshot (static/pyodide-loader.mjs and its modules, docs/performance.md).

A first visit chooses from the link and the device: on a fast link it fetches the snapshot
with the runtime and boots from it, on a slow one it boots without it (as forced here by
?first_visit= or by links emulated through the DevTools protocol); either way a worker stores
it in idle time, and a later visit boots from it. A snapshot that is missing, of another
build (stale) or that fails to load (malformed, or refused by Pyodide) leads to the normal
boot: the saved game is all there, and a fresh snapshot replaces what was stored.
`<html data-snapshot>` says which path the page took.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from eightoff import Game
from eightoff.web import facts

from .harness import StrictPage, build, wait_ready, watched_tab
from .helpers import BLANK, expect_board, expect_numbers, open_page, run_python
from .test_saving import find_scoring_start

CACHE = "pyodide-snapshot"  # the page's own cache (static/runtime-files.mjs)
RUNTIME = f"static/vendor/pyodide-{facts.PYODIDE_VERSION}/"
WASM = RUNTIME + "pyodide.asm.wasm"
STORED = f"caches.open('{CACHE}').then(c => c.keys()).then(keys => keys.map(r => r.url))"
STORED_LATER = "document.documentElement.dataset.snapshot === 'stored'"
# Every value <html data-snapshot> takes in a page load, in order.
STATES = """
window.snapshotStates = [];
new MutationObserver(() => window.snapshotStates.push(document.documentElement.dataset.snapshot))
  .observe(document, {attributes: true, subtree: true, attributeFilter: ["data-snapshot"]});
"""
# A copy of the stored snapshot with one byte of the heap's Pyodide build id changed: a
# well-formed file Pyodide refuses ("Snapshot build id mismatch").
OTHER_BUILD = """async url => {
  const cache = await caches.open('pyodide-snapshot');
  const bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());
  const view = new DataView(bytes.buffer);
  // The first written page (heap offset 0), after the written and the named pages' indices.
  const data = 32 + 4 * (view.getUint32(16, true) + view.getUint32(20, true));
  if (view.getUint32(32, true) !== 0) throw new Error('heap page 0 not stored');
  bytes[data + 16] ^= 0xff;  // Pyodide's header: magic, offsets, then the 32-byte build id
  await cache.put(url, new Response(bytes));
}"""


def snapshot_url(site_url: str) -> str:
    (path,) = (build.DIST / RUNTIME).glob("snapshot.*.bin")
    return site_url + RUNTIME + path.name


def cached_files(site_url: str) -> list[str]:
    """What the page keeps in its cache: the snapshot and the runtime's wasm (runtime-cache.mjs)."""
    return sorted([snapshot_url(site_url), site_url + WASM])


def snapshot_states(page: Page) -> list[str]:
    """The states of the current page load so far."""
    return page.evaluate("window.snapshotStates")  # type: ignore[no-any-return]


def stored(page: Page) -> list[str]:
    return page.evaluate(STORED)  # type: ignore[no-any-return]


def reload(page: Page, site_url: str) -> None:
    open_page(page, site_url)


def expect_kept(page: Page, game: Game) -> None:
    expect_board(page, game.position)
    expect_numbers(page, game.score, game.moves)
    expect(page.locator("#deal-code")).to_have_text(str(game.code))


# A first visit's path, forced (?first_visit=), and the state it leaves in <html data-snapshot>.
FIRST_STATE = {"boot": "missing", "snapshot": "fetched"}


def fresh_start(page: Page, site_url: str, path: str = "boot") -> Game:
    """No snapshot stored: a game with two moves played, booted on the first visit's `path`
    (without the snapshot, or from one fetched with the runtime); then the page stores the
    snapshot in idle time."""
    page.add_init_script(STATES)
    forget_the_snapshot(page, site_url)
    game = find_scoring_start(page, site_url, f"first_visit={path}")
    page.wait_for_function(STORED_LATER)
    assert snapshot_states(page) == [FIRST_STATE[path], "stored"]
    assert sorted(stored(page)) == cached_files(site_url)
    return game


def forget_the_snapshot(page: Page, site_url: str) -> None:
    """Delete the page's cache (from a blank page of the site's origin): a first visit next."""
    blank = site_url + "__blank__.html"
    page.route(blank, lambda route: route.fulfill(body=BLANK, content_type="text/html"))
    page.goto(blank)
    page.evaluate(f"caches.delete('{CACHE}')")
    page.unroute(blank)


@pytest.mark.parametrize("path", ["boot", "snapshot"])
def test_a_later_visit_boots_from_the_stored_snapshot(page: Page, site_url: str, path: str) -> None:
    """Whichever way the first visit booted, the snapshot is stored and the next visit boots
    from it, the game as it was."""
    game = fresh_start(page, site_url, path)
    reload(page, site_url)
    expect_kept(page, game)
    assert snapshot_states(page) == ["used"]
    page.locator("#undo").click()
    game.undo()
    expect_board(page, game.position)


def test_a_stale_snapshot_is_not_used_and_is_replaced(page: Page, site_url: str) -> None:
    game = fresh_start(page, site_url)
    stale = site_url + RUNTIME + "snapshot.0123456789.bin"
    page.evaluate(
        """async ([current, stale]) => {
          const cache = await caches.open('pyodide-snapshot');
          await cache.put(stale, await cache.match(current));
          await cache.delete(current);
        }""",
        [snapshot_url(site_url), stale],
    )
    open_page(page, site_url, "first_visit=boot")
    expect_kept(page, game)
    page.wait_for_function(STORED_LATER)
    assert snapshot_states(page) == ["missing", "stored"]
    assert sorted(stored(page)) == cached_files(site_url)


# A snapshot file cut short (the other spoiler, OTHER_BUILD, is above).
MALFORMED = (
    "async url => (await caches.open('pyodide-snapshot')).put(url, new Response('EOSNAP02 cut short'))"
)


@pytest.mark.parametrize("spoil", [MALFORMED, OTHER_BUILD], ids=["malformed", "refused-by-pyodide"])
def test_a_snapshot_that_fails_to_load_falls_back(page: Page, site_url: str, spoil: str) -> None:
    """A malformed file, or a well-formed one Pyodide refuses: the normal boot follows in the
    same page load, and the fresh snapshot stored meanwhile is used on the next visit."""
    game = fresh_start(page, site_url)
    page.evaluate(spoil, snapshot_url(site_url))
    reload(page, site_url)
    expect_kept(page, game)
    page.wait_for_function(STORED_LATER)
    assert snapshot_states(page) == ["failed", "stored"]
    assert sorted(stored(page)) == cached_files(site_url)
    reload(page, site_url)
    expect_kept(page, game)
    assert snapshot_states(page) == ["used"]


def test_a_stored_wasm_that_would_not_compile_is_not_used(page: Page, site_url: str) -> None:
    """A stored copy of the wasm with a type streaming compilation refuses (Pyodide would
    wait forever on it) is passed over: the network's copy boots, from the snapshot; the copy
    is deleted, and a good one stored again in idle time."""
    game = fresh_start(page, site_url)
    page.evaluate(
        """async url => {
          const cache = await caches.open('pyodide-snapshot');
          const body = await (await cache.match(url)).arrayBuffer();
          await cache.put(url, new Response(body, {headers: {'content-type': 'text/plain'}}));
        }""",
        site_url + WASM,
    )
    reload(page, site_url)
    expect_kept(page, game)
    assert page.evaluate("performance.getEntriesByName('eightoff-stored-wasm')[0].detail") == "not a wasm"
    page.wait_for_function(STORED_LATER)
    assert snapshot_states(page) == ["used", "stored"]
    wasm_type = "url => caches.match(url).then((response) => response.headers.get('content-type'))"
    assert page.evaluate(wasm_type, site_url + WASM) == "application/wasm"


def test_the_first_visit_fetches_the_snapshot_only_once_playable(page: Page, site_url: str) -> None:
    """The snapshot's download is held: the board still becomes playable, and only then
    does the page ask for it; released, it is stored. The service worker never precaches it."""
    assert "snapshot." not in (build.DIST / "sw.js").read_text(encoding="utf-8")
    page.add_init_script(STATES)
    forget_the_snapshot(page, site_url)
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(snapshot_url(site_url), hold)
    with page.expect_request(snapshot_url(site_url)):
        open_page(page, site_url, "first_visit=boot")  # playable although the snapshot is held
    assert snapshot_states(page) == ["missing"]
    assert len(held) == 1
    for route in held:
        route.continue_()
    page.wait_for_function(STORED_LATER)
    assert sorted(stored(page)) == cached_files(site_url)


@pytest.mark.parametrize(
    ("module", "figure", "file"),
    [
        ("first-visit", "SNAPSHOT_BYTES", RUNTIME + "snapshot.*.bin.br"),
        ("first-visit", "STDLIB_SENT_BYTES", RUNTIME + "python_stdlib_boot.*.zip.br"),
        ("first-visit", "STDLIB_BYTES", RUNTIME + "python_stdlib_boot.*.zip"),
        ("first-visit", "PACKAGE_SENT_BYTES", "static/eightoff.*.zip.br"),
        ("package", "PACKAGE_BYTES", "static/eightoff.*.zip"),
    ],
)
def test_the_sizes_in_the_loader_are_the_build_s(module: str, figure: str, file: str) -> None:
    """The first visit's choice reckons with the bytes of the snapshot, of the standard
    library's boot part and of our package's first part as sent (brotli), the loading screen
    with the decoded bytes of those two parts: the figures in first-visit.mjs and package.mjs
    are within a tenth of the build's."""
    (loader,) = (build.DIST / "static").glob(f"{module}.*.mjs")
    match = re.search(figure + r" = ([0-9_]+);", loader.read_text(encoding="utf-8"))
    assert match, f"{module}.mjs states no {figure}"
    (sent,) = build.DIST.glob(file)
    assert abs(int(match.group(1)) / sent.stat().st_size - 1) <= 0.1


# The standard library's two parts, and how the page put the whole in place (late-stdlib.mjs).
STDLIB = "**/python_stdlib_*.zip"
STDLIB_MARKS = "performance.getEntriesByName('eightoff-stdlib').map(m => m.detail)"
# A standard-library module the snapshot does not hold, imported, and whether it was before.
IMPORT_LATE = """import sys
before = "colorsys" in sys.modules
import colorsys
result = [before, colorsys.rgb_to_hsv(1, 0, 0)]"""


def test_a_boot_from_the_snapshot_needs_no_standard_library(page: Page, site_url: str) -> None:
    """The snapshot holds every module the page imports: booted from it, the page does not
    wait for the standard library's zip. Its download held, the board becomes playable and two
    moves are played; released, the zip is put in place and a module of it that the snapshot
    does not hold imports."""
    page.add_init_script(STATES)
    forget_the_snapshot(page, site_url)
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(STDLIB, hold)
    game = find_scoring_start(page, site_url, "first_visit=snapshot")
    assert snapshot_states(page)[0] == "fetched"
    assert held, "the page never asked for the standard library"
    assert page.evaluate(STDLIB_MARKS) == []  # nothing needed it sooner
    for route in held:
        route.continue_()
    page.wait_for_function(f"{STDLIB_MARKS}.length > 0")
    assert page.evaluate(STDLIB_MARKS) == ["once playable"]
    assert run_python(page, IMPORT_LATE) == [False, [0.0, 1.0, 1.0]]
    expect_numbers(page, game.score, game.moves)


def test_an_import_before_the_standard_library_is_in_place_fetches_it(page: Page, site_url: str) -> None:
    """A module of the standard library the snapshot does not hold, imported while the page's
    download of the zip is still on its way: the import fetches the zip there and then (a
    synchronous request) and succeeds."""
    forget_the_snapshot(page, site_url)
    held: list[Route] = []

    def hold_the_download(route: Route) -> None:  # the page's fetch; the import's request goes on
        if route.request.resource_type == "xhr":
            route.continue_()
        else:
            held.append(route)

    page.route(STDLIB, hold_the_download)
    open_page(page, site_url, "first_visit=snapshot")
    assert run_python(page, IMPORT_LATE) == [False, [0.0, 1.0, 1.0]]
    assert page.evaluate(STDLIB_MARKS) == ["fetched at once: import colorsys"]
    for route in held:
        route.continue_()


# Emulated links (DevTools protocol), as bench/startup.py names them: Mbit/s, ms, CPU slowdown.
FAST_PHONE = (20.0, 40, 4)
SLOW_LINK = (1.6, 150, 4)
CHOICE = "performance.getEntriesByName('eightoff-first-visit')[0]?.detail"


@pytest.fixture
def new_visitor(browser: Browser, site_url: str) -> Iterator[Page]:
    """A tab of a brand-new browser context: nothing in its HTTP cache or Cache Storage (no
    service worker either, whose cache would hold the wasm: tests/deploy covers it)."""
    with watched_tab(browser, site_url, service_workers="block") as tab:
        yield tab


@pytest.mark.parametrize(
    ("link", "state"), [(FAST_PHONE, "fetched"), (SLOW_LINK, "missing")], ids=["fast-phone", "slow-link"]
)
def test_a_first_visit_chooses_its_path_from_the_link_and_the_device(
    new_visitor: Page, site_url: str, link: tuple[float, int, int], state: str
) -> None:
    """Over an emulated fast phone the first visit fetches the snapshot with the runtime and
    boots from it; over a slow link it boots without it (and fetches the snapshot only once
    playable: test_the_first_visit_fetches_the_snapshot_only_once_playable). The emulation
    holds until the page has chosen (then the rest loads at full speed, to keep the test
    short); the game is playable either way, and the snapshot stored."""
    page = new_visitor
    page.add_init_script(STATES)
    mbit, latency, cpu = link
    cdp = page.context.new_cdp_session(page)
    throughput = mbit * 1e6 / 8
    conditions = {
        "offline": False,
        "latency": latency,
        "downloadThroughput": throughput,
        "uploadThroughput": throughput,
    }
    cdp.send("Network.emulateNetworkConditions", conditions)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(site_url + "index.html?deal=EO1-C4-AAAAAFA", wait_until="commit")
    page.wait_for_function(f"{CHOICE} !== undefined", timeout=60_000)
    choice = page.evaluate(CHOICE)
    cdp.send(
        "Network.emulateNetworkConditions",
        {**conditions, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    wait_ready(page)
    assert snapshot_states(page)[0] == state, choice
    assert choice["snapshot"] == (state == "fetched"), choice
    expect(page.locator("#deal-code")).to_have_text("EO1-C4-AAAAAFA")
    page.wait_for_function(STORED_LATER)
    assert sorted(stored(page)) == cached_files(site_url)


# A tap (a pointerdown at the window) the moment the board becomes playable, before the
# page's scripts see data-ready (this observer is the first one made).
TAP_AT_READY = """
new MutationObserver((_, observer) => {
  if (!document.documentElement.hasAttribute("data-ready")) return;
  observer.disconnect();
  window.tappedAt = performance.now();
  dispatchEvent(new PointerEvent("pointerdown"));
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""


def test_idle_time_work_waits_for_a_quiet_moment(page: Page, site_url: str) -> None:
    """The idle-time queue (static/loader.js) begins no task within a second of the player's
    last tap: tapped as the board becomes playable, the page stores the snapshot (and tries
    the service worker, and unpacks the rest of our package) only a second later, one task
    after the other."""
    page.add_init_script(TAP_AT_READY)
    forget_the_snapshot(page, site_url)
    open_page(page, site_url, "first_visit=boot")
    page.wait_for_function(STORED_LATER)
    tapped = page.evaluate("window.tappedAt")
    tasks = page.evaluate(
        "performance.getEntriesByName('eightoff-idle-task').map(m => [m.startTime, m.startTime + m.duration])"
    )
    assert len(tasks) == 3, tasks  # the service worker (blocked here), our package's rest, the snapshot
    assert tasks[0][0] >= tapped + 1000
    assert tasks[1][0] >= tasks[0][1] and tasks[2][0] >= tasks[1][1]


def test_a_first_visits_snapshot_that_never_arrives_falls_back(
    page: Page, site_url: str, strict_page: StrictPage
) -> None:
    """The link fails while the snapshot chosen for a first visit arrives (it went offline):
    the normal boot follows in the same page load, with no error but the failed request."""
    page.add_init_script(STATES)
    forget_the_snapshot(page, site_url)
    failed: list[str] = []
    page.on("pageerror", lambda error: failed.append(str(error)))
    page.route("**/snapshot.*.bin", lambda route: route.abort())
    strict_page.expect_errors()  # the aborted request's console line
    open_page(page, site_url, "first_visit=snapshot")
    expect(page.locator("#deal-code")).to_have_text(re.compile(r"^EO1-C8-"))
    assert snapshot_states(page)[0] == "failed" and failed == []
    page.unroute("**/snapshot.*.bin")
