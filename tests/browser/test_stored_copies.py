"""What the page keeps of the runtime is checked before use, and a start that failed with it
is not repeated (issue 38, items 2, 3 and 8; static/runtime-cache.mjs, docs/storage.md).

- The stored snapshot and the stored wasm are used only when they are this build's: the digest
  they carry (stamped when they were stored, from the bytes stored) is the one the build
  recorded (static/runtime-files.mjs), or, carrying none, the SHA-256 of their bytes is; and
  the browser reads their bytes back whole (Chromium checks each entry's checksum). A snapshot
  with a heap page zeroed, bytes flipped, cut short, another build's, with a heap too large for
  the wasm's memory, or changed on disk, and a wasm cut short, with a bit flipped, another
  build's or changed on disk, are deleted; the page boots the normal way with the game as it
  was, and stores this build's copies again in idle time.
- A start that ran a snapshot or the stored wasm leaves a mark in the page's cache until the
  board is playable. The next start that finds the mark of a start no longer under way (a
  tab closed mid-start, a start that ended on the error screen) boots without those copies
  and deletes them; a start under way in another tab (it holds a Web Lock) is left alone. Two
  failed starts with this build's snapshot, or one Pyodide could not restore it from, and the
  snapshot is refused: neither used, fetched nor stored again until a new build.
"""

from __future__ import annotations

import hashlib
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, Request, Route, expect

from .harness import StrictPage, build, serve, watched_tab
from .helpers import open_page
from .test_saving import find_scoring_start
from .test_snapshot import (
    CACHE,
    RUNTIME,
    STATES,
    STORED_LATER,
    WASM,
    expect_kept,
    forget_the_snapshot,
    fresh_start,
    reload,
    snapshot_states,
    snapshot_url,
)

FAILED_START = "a start failed with it"
CODE = "EO1-C8-AAAAAFA"
VERDICTS = """() => [performance.getEntriesByName('eightoff-stored-copies')[0]?.detail,
  performance.getEntriesByName('eightoff-stored-wasm')[0]?.detail ?? null]"""
# The digest of a stored entry's bytes (SubtleCrypto) and the digest it carries, or null.
STORED_DIGEST = """async url => {
  const response = await (await caches.open('pyodide-snapshot')).match(url);
  if (!response) return null;
  const digest = await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer());
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return [hex, response.headers.get('x-eightoff-sha256')];
}"""
MARKS = """async () => (await (await caches.open('pyodide-snapshot')).keys())
  .map((request) => request.url).filter((url) => url.includes('/boot-mark?'))"""
IS_STORED = "async (url) => Boolean(await (await caches.open('pyodide-snapshot')).match(url))"


def until(page: Page, predicate: str) -> None:
    """Wait until the async function `predicate` resolves true in the page (a minute at most)."""
    page.evaluate(
        """async (source) => {
          const predicate = eval(source);
          const deadline = Date.now() + 60000;
          while (!(await predicate())) {
            if (Date.now() > deadline) throw new Error(`not so: ${source}`);
            await new Promise((resolve) => setTimeout(resolve, 20));  // the poll's interval
          }
        }""",
        predicate,
    )


def digest_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_digests(site: Path = build.DIST) -> dict[str, str]:
    """The digests the build wrote into static/runtime-files.*.mjs."""
    (module,) = (site / "static").glob("runtime-files.*.mjs")
    line = r'const SHA256 = \{"snapshot": "([0-9a-f]{64})", "wasm": "([0-9a-f]{64})"\};'
    found = re.search(line, module.read_text())
    assert found, "runtime-files.mjs holds no digests"
    return {"snapshot": found[1], "wasm": found[2]}


def test_the_build_records_the_digests_of_its_snapshot_and_wasm() -> None:
    (snapshot,) = (build.DIST / RUNTIME).glob("snapshot.*.bin")
    assert build_digests() == {
        "snapshot": digest_of(snapshot),
        "wasm": digest_of(build.DIST / WASM),
    }
    assert snapshot.name == f"snapshot.{build_digests()['snapshot'][:10]}.bin"


def verdicts(page: Page) -> list[object]:
    return page.evaluate(VERDICTS)  # type: ignore[no-any-return]


def expect_good_copies(page: Page, site_url: str) -> None:
    """The page's cache holds this build's snapshot and wasm, each carrying its digest."""
    digests = build_digests()
    for url, digest in ((snapshot_url(site_url), digests["snapshot"]), (site_url + WASM, digests["wasm"])):
        assert page.evaluate(STORED_DIGEST, url) == [digest, digest], url


# Each way a stored snapshot is spoiled (the reliability review's N3 and N8 cases): run in
# the page with the snapshot's URL. `data`: where the written pages begin (tools/snapshot.mjs).
SPOIL_SNAPSHOT = """async ([url, how]) => {
  const cache = await caches.open('pyodide-snapshot');
  const stored = await cache.match(url);
  let bytes = new Uint8Array(await stored.arrayBuffer());
  const view = new DataView(bytes.buffer);
  const data = 32 + 4 * (view.getUint32(16, true) + view.getUint32(20, true));
  const headers = {'content-type': 'application/octet-stream'};
  if (how === 'zeroed-page') bytes.fill(0, data + 2000 * 4096, data + 2001 * 4096);
  else if (how === 'flipped-bytes') for (let at = data; at < bytes.length; at += 97 * 4096) bytes[at] ^= 1;
  else if (how === 'cut-short') bytes = bytes.slice(0, bytes.length - 1000);
  else if (how === 'heap-too-large') view.setUint32(8, view.getUint32(8, true) + 96 * 65536, true);
  else if (how === 'another-build') {
    bytes[data + 4096 * 100 + 7] ^= 0x5a;  // another build's heap: as its own store stamped it
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    headers['x-eightoff-sha256'] = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  }
  await cache.put(url, new Response(bytes, {headers}));
}"""


@pytest.mark.parametrize(
    ("how", "verdict"),
    [
        ("zeroed-page", "damaged"),
        ("flipped-bytes", "damaged"),
        ("cut-short", "damaged"),
        ("heap-too-large", "damaged"),
        ("another-build", "another build's"),
    ],
)
def test_a_spoiled_snapshot_is_dropped_and_stored_again(
    page: Page, site_url: str, how: str, verdict: str
) -> None:
    """The spoiled copy is deleted before use: the normal boot follows in the same page load
    with the game as it was, this build's snapshot is stored again, and the next visit boots
    from it."""
    game = fresh_start(page, site_url)
    page.evaluate(SPOIL_SNAPSHOT, [snapshot_url(site_url), how])
    reload(page, site_url)
    expect_kept(page, game)
    assert verdicts(page) == [{"snapshot": verdict, "wasm": "ok"}, "ok"]
    page.wait_for_function(STORED_LATER)
    assert snapshot_states(page) == ["failed", "stored"]
    expect_good_copies(page, site_url)
    reload(page, site_url)
    expect_kept(page, game)
    assert snapshot_states(page) == ["used"]
    assert verdicts(page) == [{"snapshot": "ok", "wasm": "ok"}, "ok"]


def test_a_snapshot_stored_without_its_digest_is_checked_and_stamped(page: Page, site_url: str) -> None:
    """A snapshot an older page stored (no digest carried): its bytes' SHA-256 is computed at
    the start, it is used since it is this build's, and it is stored again with its digest."""
    game = fresh_start(page, site_url)
    page.evaluate(
        """async (url) => {
          const cache = await caches.open('pyodide-snapshot');
          const bytes = await (await cache.match(url)).arrayBuffer();
          await cache.put(url, new Response(bytes));
        }""",
        snapshot_url(site_url),
    )
    assert page.evaluate(STORED_DIGEST, snapshot_url(site_url)) == [build_digests()["snapshot"], None]
    reload(page, site_url)
    expect_kept(page, game)
    assert verdicts(page) == [{"snapshot": "ok", "wasm": "ok"}, "ok"]
    page.wait_for_function(STORED_LATER)
    assert snapshot_states(page) == ["used", "stored"]
    expect_good_copies(page, site_url)


SPOIL_WASM = """async ([url, how]) => {
  const cache = await caches.open('pyodide-snapshot');
  let bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());
  const headers = {'content-type': 'application/wasm'};
  if (how === 'cut-short') bytes = bytes.slice(0, 8);  // as a download cut off was stored
  else if (how === 'flipped-bit') bytes[bytes.length >> 1] ^= 1;  // it may still compile
  else headers['x-eightoff-sha256'] = 'f'.repeat(64);  // another build's, as its store stamped it
  await cache.put(url, new Response(bytes, {headers}));
}"""


@pytest.mark.parametrize(
    ("how", "verdict"),
    [("cut-short", "unstamped"), ("flipped-bit", "unstamped"), ("another-build", "another build's")],
)
def test_a_spoiled_wasm_is_never_used(page: Page, site_url: str, how: str, verdict: str) -> None:
    """A stored wasm that does not carry this build's digest (cut short: "wasm instantiation
    failed!" on every visit before) is deleted unread: the network's copy boots, from the
    stored snapshot, and this build's copy is stored again in idle time."""
    game = fresh_start(page, site_url)
    page.evaluate(SPOIL_WASM, [site_url + WASM, how])
    reload(page, site_url)
    expect_kept(page, game)
    assert verdicts(page) == [{"snapshot": "ok", "wasm": verdict}, verdict]
    page.wait_for_function(STORED_LATER)
    assert snapshot_states(page) == ["used", "stored"]
    expect_good_copies(page, site_url)
    reload(page, site_url)
    expect_kept(page, game)
    assert verdicts(page) == [{"snapshot": "ok", "wasm": "ok"}, "ok"]


def hold_the_start(route: Route) -> None:
    """Leave static/main.py unanswered: the start stays short of playable."""


def start_held(context: BrowserContext, site_url: str) -> Page:
    """A tab whose start has run the stored copies (its mark is in the cache, its lock held)
    and is held short of playable."""
    tab = context.new_page()
    tab.route("**/static/main.*.py", hold_the_start)
    with tab.expect_request("**/static/main.*.py"):
        tab.goto(site_url + "index.html")
    until(tab, f"async () => (await ({MARKS})()).length === 1")
    held = "(await navigator.locks.query()).held.some((lock) => lock.name.startsWith('eightoff-start-'))"
    until(tab, f"async () => {held}")
    return tab


def test_a_start_that_never_became_playable_is_not_repeated(
    page: Page, site_url: str, shared_context: BrowserContext
) -> None:
    """A tab closed (or crashed) while its start ran the stored copies: the next start boots
    without them and deletes them, the game as it was; its own mark goes once it is playable;
    then this build's copies are stored again and used."""
    game = fresh_start(page, site_url)
    held = start_held(shared_context, site_url)
    held.close()
    reload(page, site_url)
    expect_kept(page, game)
    assert verdicts(page) == [{"snapshot": FAILED_START, "wasm": FAILED_START}, None]
    page.wait_for_function(STORED_LATER)
    assert snapshot_states(page) == ["failed", "stored"]
    assert page.evaluate(MARKS) == []
    expect_good_copies(page, site_url)
    reload(page, site_url)
    assert snapshot_states(page) == ["used"]


def test_a_start_under_way_in_another_tab_is_left_alone(
    page: Page, site_url: str, shared_context: BrowserContext
) -> None:
    """Two tabs starting at once: the second finds the first's mark, but the first still holds
    its lock, so the second uses the copies too; once the first tab is gone, its mark counts."""
    game = fresh_start(page, site_url)
    held = start_held(shared_context, site_url)
    reload(page, site_url)
    expect_kept(page, game)
    assert snapshot_states(page) == ["used"]
    until(page, f"async () => (await ({MARKS})()).length === 1")  # the held tab's; this page's own goes
    held.close()
    reload(page, site_url)
    assert verdicts(page) == [{"snapshot": FAILED_START, "wasm": FAILED_START}, None]


def fail_the_start(page: Page, site_url: str, strict_page: StrictPage) -> None:
    """A start that runs the stored copies and ends on the error screen (main.py raises)."""
    strict_page.expect_errors()  # the forced failure
    page.route(
        "**/static/main.*.py",
        lambda route: route.fulfill(status=200, content_type="text/plain", body="raise RuntimeError('x')"),
    )
    page.goto(site_url + "index.html")
    page.wait_for_selector("html[data-boot-error]", state="attached")
    assert len(page.evaluate(MARKS)) == 1
    page.unroute("**/static/main.*.py")


IDLE_DONE = "performance.getEntriesByName('eightoff-idle-task').length >= 2"


def test_two_failed_starts_refuse_the_build_s_snapshot(
    page: Page, site_url: str, strict_page: StrictPage
) -> None:
    """A start that failed with the snapshot counts once; a second (the copies stored again
    in between) refuses this build's snapshot: it is neither used, fetched nor stored again,
    on this visit or the next. A new build's snapshot (another digest) is tried again."""
    game = fresh_start(page, site_url)
    fail_the_start(page, site_url, strict_page)
    reload(page, site_url)
    expect_kept(page, game)
    page.wait_for_function(STORED_LATER)
    assert snapshot_states(page) == ["failed", "stored"]
    fail_the_start(page, site_url, strict_page)
    requested: list[str] = []

    def seen(request: Request) -> None:
        if "/snapshot." in request.url:
            requested.append(request.url)

    page.on("request", seen)
    for _ in range(2):
        open_page(page, site_url, "first_visit=snapshot")  # a first visit would fetch it
        expect_kept(page, game)
        page.wait_for_function(IDLE_DONE)  # the idle-time work is over: nothing stored
        assert snapshot_states(page) == ["refused"]
        assert page.evaluate(IS_STORED, snapshot_url(site_url)) is False
    assert requested == []
    page.evaluate(
        """async () => {
          const cache = await caches.open('pyodide-snapshot');
          const url = (await cache.keys()).map((r) => r.url).find((u) => u.endsWith('/snapshot-failures'));
          const record = await (await cache.match(url)).json();
          await cache.put(url, new Response(JSON.stringify({...record, sha256: '0'.repeat(64)})));
        }"""
    )
    open_page(page, site_url, "first_visit=snapshot")
    page.wait_for_function(STORED_LATER)
    assert snapshot_states(page) == ["fetched", "stored"]


@pytest.fixture
def grown_site(tmp_path: Path) -> Iterator[str]:
    """A copy of the site whose own snapshot claims a heap 96 pages of 64 KiB larger than the
    wasm's memory (the reliability review's N8: the maker now refuses to build one), with its
    digest recorded as this build's, served on its own origin."""
    site = tmp_path / "site"
    shutil.copytree(build.DIST, site)
    (snapshot,) = (site / RUNTIME).glob("snapshot.*.bin")
    data = bytearray(snapshot.read_bytes())
    heap = int.from_bytes(data[8:12], "little") + 96 * 65536
    data[8:12] = heap.to_bytes(4, "little")
    snapshot.write_bytes(data)
    (module,) = (site / "static").glob("runtime-files.*.mjs")
    text = module.read_text()
    module.write_text(text.replace(build_digests(site)["snapshot"], hashlib.sha256(data).hexdigest()))
    for stale in (*site.rglob("snapshot.*.bin.*"), *site.rglob("runtime-files.*.mjs.*")):
        stale.unlink()  # the precompressed copies of what changed
    server = serve.start_server(site)
    yield serve.url_of(server)
    server.shutdown()
    server.server_close()


@pytest.fixture
def visitor(browser: Browser, grown_site: str) -> Iterator[Page]:
    with watched_tab(browser, grown_site, service_workers="block") as tab:
        yield tab


def test_a_snapshot_pyodide_cannot_restore_is_refused_at_once(visitor: Page, grown_site: str) -> None:
    """This build's own snapshot, whose heap does not fit: the first visit fetches it and
    Pyodide refuses it (the normal boot follows in the same page load); it is never stored,
    and the next visit neither fetches nor tries it."""
    visitor.add_init_script(STATES)
    requested: list[str] = []

    def seen(request: Request) -> None:
        if "/snapshot." in request.url:
            requested.append(request.url)

    visitor.on("request", seen)
    open_page(visitor, grown_site, "first_visit=snapshot")
    expect(visitor.locator("#deal-code")).to_have_text(re.compile(r"^EO1-C8-"))
    assert snapshot_states(visitor) == ["refused"]
    assert len(requested) == 1
    visitor.wait_for_function(IDLE_DONE)
    kept = "caches.open('pyodide-snapshot').then((c) => c.keys()).then((keys) => keys.map((r) => r.url))"
    assert visitor.evaluate(kept) == [grown_site + RUNTIME + "snapshot-failures"]
    open_page(visitor, grown_site, "first_visit=snapshot")
    assert snapshot_states(visitor) == ["refused"]
    assert len(requested) == 1


def test_a_start_without_stored_copies_leaves_no_mark(page: Page, site_url: str) -> None:
    """A first visit booted without a snapshot and with no stored wasm runs nothing kept: no
    mark is written (a failure of such a start is not the copies')."""
    page.add_init_script(STATES)
    forget_the_snapshot(page, site_url)
    page.evaluate(f"caches.open('{CACHE}')")
    find_scoring_start(page, site_url, "first_visit=boot")
    assert page.evaluate(MARKS) == []
    page.wait_for_function(STORED_LATER)
    assert page.evaluate(MARKS) == []


def entry_file(profile: Path, url: str) -> Path:
    """The file of the profile's Cache Storage that holds the entry of `url` (its key is written
    near the file's start)."""
    found = [
        path
        for path in profile.glob("**/CacheStorage/**/*_0")
        if path.is_file() and url.encode() in path.read_bytes()[:8192]
    ]
    assert len(found) == 1, f"{url}: {found}"
    return found[0]


@pytest.mark.parametrize("which", ["snapshot", "wasm"])
def test_a_copy_changed_on_disk_is_not_used(
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    tmp_path: Path,
    site_url: str,
    which: str,
) -> None:
    """A byte of a stored copy changed on disk, the digest it carries still this build's: the
    browser checks the entry's own checksum as it reads it back, refuses the read and drops the
    entry, so the copy is not used (the snapshot: the normal boot in the same page load; the
    wasm: the network's), the game is kept, and this build's copy is stored again."""
    profile = tmp_path / "profile"

    def visit(query: str) -> tuple[BrowserContext, Page, StrictPage]:
        context = browser_type.launch_persistent_context(
            profile, **browser_type_launch_args, service_workers="block"
        )
        tab = context.pages[0] if context.pages else context.new_page()
        tab.add_init_script(STATES)
        watcher = StrictPage(context, tab, site_url.split("/")[2])
        open_page(tab, site_url, query)
        return context, tab, watcher

    context, tab, watcher = visit(f"deal={CODE}&first_visit=boot")
    tab.wait_for_function(STORED_LATER)
    watcher.check()
    context.close()
    url = snapshot_url(site_url) if which == "snapshot" else site_url + WASM
    stored = entry_file(profile, url)
    data = bytearray(stored.read_bytes())
    data[len(data) // 2] ^= 0xFF
    stored.write_bytes(data)
    context, tab, watcher = visit(f"deal={CODE}")
    expect(tab.locator("#deal-code")).to_have_text(CODE)
    tab.wait_for_function(STORED_LATER)
    if which == "snapshot":
        assert verdicts(tab) == [{"snapshot": "unreadable", "wasm": "ok"}, "ok"]
        assert snapshot_states(tab) == ["failed", "stored"]
    else:
        assert verdicts(tab) == [{"snapshot": "ok", "wasm": "ok"}, "ok"]  # its digest: then its read failed
        assert snapshot_states(tab) == ["used", "stored"]
    expect_good_copies(tab, site_url)
    watcher.check()
    context.close()
