"""A host that turns hostile once the game is installed, and a start-up that fails: the
service worker stores only the app, and the loading screen keeps the saved game.

The host is tools/serve.py's handler with switches: answer everything with a captive
portal's page (200 text/html), or 503, or corrupt one file for its next requests, or refuse
one path (404), and let browsers keep its errors for a year (as a host that sends a path's
headers whatever the status does: deploy/README.md). Each test asserts that the game still
starts from the cache with this build's own files (the version marker the build stamps into
index.html), or that the loading screen says what failed and rescues without costing the
saved game (issue 38: a module asked for again past the HTTP cache; the rescue that repairs
first, keeps the game and downloads a backup file that imports)."""

from __future__ import annotations

import io
import json
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from browser.harness import StrictPage, serve, service_worker, wait_ready
from browser.helpers import expect_board, expect_numbers
from browser.test_saving import started
from playwright.sync_api import Browser, BrowserContext, Page, Request, Response, Route, expect

from eightoff import Game
from eightoff.web import facts
from eightoff.web.storage import backup_file

Watched = Callable[[str], tuple[BrowserContext, Page, StrictPage]]
PORTAL = b"<!doctype html><title>Log in</title><h1>Please log in to the hotel Wi-Fi</h1>"
DOWN = b"<!doctype html><title>503</title><h1>503 Service Unavailable</h1><p>Down for maintenance"
MARKER = 'meta[name="eightoff-build"]'


@dataclass
class Host:
    """A same-origin host whose behaviour a test switches between requests."""

    site: Path
    url: str = ""
    mode: str = "site"  # "site", "portal" (200 text/html to everything) or "down" (503)
    corrupt: dict[str, int] = field(default_factory=dict)  # URL path -> bad answers left
    missing: set[str] = field(default_factory=set)  # URL paths answered 404
    keeps_errors: bool = False  # an error is sent with a year of `immutable` caching
    lock: threading.Lock = field(default_factory=threading.Lock)

    def answer(self, path: str) -> tuple[int, bytes] | None:
        """The hostile answer to ``path``, or None to serve the site's file."""
        with self.lock:
            if self.mode == "down":
                return 503, DOWN
            if self.mode == "portal":
                return 200, PORTAL
            if self.corrupt.get(path, 0) > 0:
                self.corrupt[path] -= 1
                return 200, PORTAL
            if path in self.missing:
                return 404, b"not found"
        return None


class HostileHandler(serve.Handler):
    host: Host

    def send_head(self) -> Any:
        hostile = self.host.answer(urlsplit(self.path).path)
        if hostile is None:
            self.directory = str(self.host.site)
            return super().send_head()
        status, body = hostile
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def cache_control(self) -> str:
        return serve.IMMUTABLE if self.host.keeps_errors and self.status >= 400 else super().cache_control()


@pytest.fixture
def host(built_site: Path) -> Iterator[Host]:
    state = Host(built_site)
    handler = type("Handler", (HostileHandler,), {"host": state})
    server = serve.Server(("127.0.0.1", 0), partial(handler, directory=str(built_site)))
    server.sent = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    state.url = serve.url_of(server)
    yield state
    server.shutdown()
    server.server_close()


def install(page: Page, url: str) -> str:
    """First visit: the game starts and the service worker controls the page; returns the
    build's version (its marker in index.html)."""
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    version = page.locator(MARKER).get_attribute("content")
    assert version and ours(page) == [f"eightoff-{version}"]
    return version


def reload_starts(page: Page, version: str) -> None:
    """Reload: the game starts, its index.html that of build ``version``."""
    page.reload()
    wait_ready(page)
    expect(page.locator(MARKER)).to_have_attribute("content", version)


def ours(page: Page) -> list[str]:
    """The service worker's caches (the page keeps its memory snapshot in another)."""
    names: list[str] = page.evaluate("caches.keys()")
    return [name for name in names if name.startswith("eightoff-")]


def wait_for_caches(page: Page, names: list[str]) -> None:
    """Wait until the service worker's caches are exactly ``names`` (a new worker has
    activated and deleted the old cache); fails after a minute."""
    page.evaluate(
        """async (wanted) => {
          const deadline = Date.now() + 60000;
          for (;;) {
            const names = (await caches.keys()).filter((name) => name.startsWith("eightoff-"));
            if (names.join() === wanted.join()) return;
            if (Date.now() > deadline) throw new Error(`caches: ${names} instead of ${wanted}`);
            await new Promise((resolve) => setTimeout(resolve, 50));  // the poll's interval
          }
        }""",
        names,
    )


def cached_text(page: Page, path: str) -> str:
    text: str = page.evaluate(f"caches.match({json.dumps(path)}).then((r) => r && r.text())")
    return text


def test_a_captive_portal_is_never_taken_for_the_game(host: Host, watched: Watched) -> None:
    """D3: a portal answering 200 text/html to everything, then no network: the game starts
    both times, from this build's own cached files, and the portal's page is stored nowhere."""
    context, page, strict = watched(host.url)
    version = install(page, host.url)
    host.mode = "portal"
    reload_starts(page, version)
    context.set_offline(True)
    reload_starts(page, version)
    for path in ("index.html", "./", "pyscript.toml", "en/rules.html"):
        stored = cached_text(page, path)
        assert version in stored and "hotel" not in stored, path
    page.goto(host.url + "en/rules.html")
    expect(page.locator("h1")).to_have_count(1)
    strict.expect_errors()  # the portal's sw.js: the browser logs the failed update check


def test_a_host_answering_503_does_not_stop_the_game(host: Host, watched: Watched) -> None:
    """D3: a host down for maintenance (503 to everything): the cached game starts."""
    _, page, strict = watched(host.url)
    version = install(page, host.url)
    host.mode = "down"
    reload_starts(page, version)
    page.goto(host.url + "index.html?deal=EO1-C8-AAAAAFA")  # another address of the page
    wait_ready(page)
    assert version in cached_text(page, "index.html")
    strict.expect_errors()  # the 503 sw.js: the browser logs the failed update check


def test_the_worker_s_copies_carry_their_digest(host: Host, watched: Watched) -> None:
    """Every immutable file the service worker stores carries the SHA-256 it was checked
    against (sw.js), and the page then takes the runtime's wasm from that cache."""
    _, page, strict = watched(host.url)
    version = install(page, host.url)
    digests = json.loads(re.search(r'"sha256": (\{.*?\})', (host.site / "sw.js").read_text(), re.S)[1])
    stamps = page.evaluate(
        """async (name) => {
          const cache = await caches.open(name);
          const out = {};
          for (const request of await cache.keys()) {
            const stamp = (await cache.match(request)).headers.get('x-eightoff-sha256');
            out[new URL(request.url).pathname.slice(1)] = stamp;
          }
          return out;
        }""",
        f"eightoff-{version}",
    )
    assert {path: stamps[path] for path in digests} == digests
    reload_starts(page, version)
    assert page.evaluate("performance.getEntriesByName('eightoff-stored-wasm')[0].detail") == "ok"
    strict.check()


def pages_css(site: Path) -> str:
    (path,) = site.glob("static/pages.*.css")
    return path.relative_to(site).as_posix()


def test_a_corrupted_asset_during_install_is_fetched_again(host: Host, watched: Watched) -> None:
    """D5: the host sends a portal page for a content-hashed stylesheet the first visit does
    not load itself; the service worker checks its hash, fetches it again, and stores only
    the right file: offline, the Rules page is styled."""
    css = pages_css(host.site)
    host.corrupt["/" + css] = 1
    context, page, strict = watched(host.url)
    install(page, host.url)
    assert host.corrupt["/" + css] == 0  # the bad copy was served, once
    assert cached_text(page, css) == (host.site / css).read_text()
    context.set_offline(True)
    page.goto(host.url + "en/rules.html")
    loaded = "[...document.styleSheets].filter((sheet) => sheet.cssRules.length > 0).length"
    assert page.evaluate(loaded) == 2
    strict.check()


def test_a_corrupted_asset_is_stored_nowhere(host: Host, watched: Watched) -> None:
    """D5: a host that keeps sending a bad copy: the service worker does not install (the
    previous state stays: no cache holds the bad copy); once the host is fixed, the next
    visit installs the right file."""
    css = pages_css(host.site)
    host.corrupt["/" + css] = 1_000
    _, page, strict = watched(host.url)
    page.goto(host.url + "index.html?no_sw")
    wait_ready(page)
    installed = """navigator.serviceWorker.register("sw.js").then((registration) => new Promise((done) => {
        const worker = registration.installing || registration.waiting || registration.active;
        if (worker.state === "activated" || worker.state === "redundant") done(worker.state);
        worker.addEventListener("statechange", () => {
          if (worker.state === "activated" || worker.state === "redundant") done(worker.state);
        });
      }))"""
    assert page.evaluate(installed) == "redundant"
    assert host.corrupt["/" + css] < 1_000  # it was asked for
    assert cached_text(page, css) is None
    host.corrupt.clear()
    install(page, host.url)
    assert cached_text(page, css) == (host.site / css).read_text()
    strict.expect_errors()  # the failed install is logged


def derived_build(site: Path, target: Path, rename_main: bool) -> str:
    """Another build of the site (index.html changed; ``rename_main``: main.py under a new
    hashed name, as a change to it gives), finished by the build's last steps."""
    shutil.copytree(site, target, symlinks=True)
    index = target / "index.html"
    text = index.read_text().replace("<head>", '<head>\n  <meta name="test-build" content="2">', 1)
    if rename_main:
        (main,) = target.glob("static/main.*.py")
        main.rename(main.with_name("main.c0c0c0c0c0.py"))
        text = text.replace(main.name, "main.c0c0c0c0c0.py")
    index.write_text(text)
    for stale in ("index.html.br", "index.html.gz", "sw.js.br", "sw.js.gz"):
        (target / stale).unlink(missing_ok=True)
    version = service_worker.content_version(target)
    service_worker.write_service_worker(target, version, sorted(target.glob("*/*.html")))
    return version


def test_a_bad_cached_copy_is_not_carried_into_the_next_deploy(
    host: Host, watched: Watched, tmp_path: Path
) -> None:
    """D5: an entry of the old cache spoiled (as a bad copy once stored would be): the next
    build's service worker checks what it would reuse, and fetches the file again."""
    css = pages_css(host.site)
    _, page, strict = watched(host.url)
    old = install(page, host.url)
    spoil = f"""caches.open('eightoff-{old}').then((cache) => cache.put({json.dumps(css)},
        new Response('<h1>Please log in</h1>', {{headers: {{'content-type': 'text/css'}}}})))"""
    page.evaluate(spoil)
    assert "log in" in cached_text(page, css)
    new = derived_build(host.site, tmp_path / "b", rename_main=False)
    host.site = tmp_path / "b"
    page.reload()
    wait_ready(page)
    wait_for_caches(page, [f"eightoff-{new}"])
    assert cached_text(page, css) == (host.site / css).read_text()
    strict.check()


def test_a_deploy_then_offline_starts_one_whole_version(host: Host, watched: Watched, tmp_path: Path) -> None:
    """D8: build C (main.py renamed) is deployed and visited once online while its service
    worker cannot install yet; then offline with the HTTP cache gone: the old worker never
    stored C's index.html, so the game starts as build A, with A's own files."""
    context, page, strict = watched(host.url)
    old = install(page, host.url)
    new = derived_build(host.site, tmp_path / "c", rename_main=True)
    host.site = tmp_path / "c"
    host.missing.add("/sw.js")  # C's worker is not installed in this window
    reload_starts(page, new)  # online: the new page
    assert old in cached_text(page, "index.html") and new not in cached_text(page, "index.html")
    context.new_cdp_session(page).send("Network.clearBrowserCache")
    context.set_offline(True)
    reload_starts(page, old)
    expect(page.locator('meta[name="test-build"]')).to_have_count(0)
    strict.expect_errors()  # the 404 sw.js: the browser logs the failed update check


RAISES = "raise RuntimeError('unforeseen')"


def break_the_start(page: Page) -> None:
    """main.py raises (loaded without a service worker): a start-up failure no test
    foresaw, of the kind the data the browser keeps may cause (the rescue is offered)."""

    def broken(route: Route) -> None:
        route.fulfill(status=200, content_type="text/plain", body=RAISES)

    page.route("**/static/main.*.py", broken)


def spoil_the_worker_s_main(page: Page, site: Path) -> None:
    """The service worker's copy of main.py damaged (it raises): every start it controls fails."""
    (main,) = site.glob("static/main.*.py")
    page.evaluate(
        """async ([path, body]) => {
          const name = (await caches.keys()).find((name) => name.startsWith('eightoff-'));
          const cache = await caches.open(name);
          const url = new URL(path, location.href).href;
          if (!(await cache.match(url))) throw new Error(`no ${url} in ${name}`);
          await cache.put(url, new Response(body, {headers: {'content-type': 'text/plain'}}));
        }""",
        [main.relative_to(site).as_posix(), RAISES],
    )


def until_stored(page: Page) -> None:
    """Wait until the page's cache holds the snapshot (the idle-time work of the first visit;
    the wasm is in the service worker's); a minute at most."""
    page.evaluate(
        """async () => {
          const deadline = Date.now() + 60000;
          for (;;) {
            const urls = (await (await caches.open('pyodide-snapshot')).keys()).map((r) => r.url);
            if (urls.some((url) => /snapshot[.][0-9a-f]+[.]bin$/.test(url))) return;
            if (Date.now() > deadline) throw new Error(`the page's cache holds ${urls}`);
            await new Promise((resolve) => setTimeout(resolve, 50));  // the poll's interval
          }
        }"""
    )


def downloaded(page: Page, button: str) -> tuple[str, str]:
    """Click `button` of the loading screen; the file it downloads: its name and text."""
    with page.expect_download() as caught:
        page.locator(button).click()
    return caught.value.suggested_filename, Path(caught.value.path()).read_text(encoding="utf-8")


def saved(page: Page) -> str:
    """The saved record (docs/storage.md)."""
    record: str = page.evaluate(f"localStorage.getItem('{facts.RECORD_KEY}')")
    return record


def expect_the_game(page: Page, game: Game) -> None:
    expect_board(page, game.position)
    expect_numbers(page, game.score, game.moves)
    expect(page.locator("#deal-code")).to_have_text(str(game.code))


def test_the_rescue_repairs_first_and_keeps_the_game(host: Host, watched: Watched) -> None:
    """A game in progress, installed for offline play, then a damaged copy in the service
    worker's cache makes every start fail: the screen offers "Repair and try again" and the
    download of the game as a backup file. The file is one the game's own reader takes; the
    repair deletes the service worker and the copies kept of the game's files, keeps the
    saved record byte for byte, and the game comes back; the file then imports through the
    page's Import over another deal."""
    _, page, strict = watched(host.url)
    game = started(page, host.url)
    install(page, host.url + "index.html")
    until_stored(page)
    spoil_the_worker_s_main(page, host.site)
    page.reload()
    page.wait_for_selector("html[data-boot-error]", state="attached")
    record = saved(page)  # as the last page left it (it saves the clock when it goes)
    expect(page.locator(".loading-error-message")).to_have_text("The game hit an error while starting.")
    expect(page.locator(".loading-reset")).to_have_text("Repair and try again")
    expect(page.locator(".loading-rescue-hint")).to_have_text(
        "Repairing deletes the copies of the game's files that this browser keeps, and downloads"
        " them again. Your saved game stays."
    )
    name, text = downloaded(page, ".loading-backup")
    assert name == "eightoff-backup.json"
    held = backup_file.read(text)  # the game's own reader, as Import reads it
    assert (held.game.code, held.game.position, held.game.moves) == (game.code, game.position, game.moves)
    assert json.loads(text)["record"] == json.loads(record)
    page.locator(".loading-reset").click()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    wait_ready(page)
    expect_the_game(page, game)
    assert page.evaluate("navigator.serviceWorker.controller") is None  # unregistered
    assert page.evaluate("document.documentElement.dataset.snapshot") in ("missing", "fetched")  # none kept
    assert json.loads(saved(page))["game"] == json.loads(record)["game"]
    page.locator("#new-game").click()
    page.locator("#random-deal").click()
    expect(page.locator("#deal-code")).not_to_have_text(str(game.code))
    page.locator("#stats-button").click()
    page.locator("#import-file").set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}]
    )
    expect(page.locator("#confirm-text")).to_contain_text(f"holds deal {game.code} after {game.moves} moves")
    page.locator("#confirm-yes").click()
    expect(page.locator("#import-message")).to_have_text("Backup imported.")
    expect_board(page, game.position)
    strict.expect_errors()  # the forced failure


def test_a_start_that_still_fails_after_the_repair_offers_to_start_afresh(
    host: Host, watched: Watched
) -> None:
    """The repair did not help (main.py still raises, from the network now): nothing is kept
    any more but the saved game, so the screen offers to set it aside and start afresh, with
    its backup file; the record goes under the set-aside key, and a fresh game starts."""
    _, page, strict = watched(host.url)
    game = started(page, host.url)
    install(page, host.url + "index.html")
    until_stored(page)
    spoil_the_worker_s_main(page, host.site)
    break_the_start(page)  # once the service worker is gone
    page.reload()
    page.wait_for_selector("html[data-boot-error]", state="attached")
    expect(page.locator(".loading-reset")).to_have_text("Repair and try again")
    page.locator(".loading-reset").click()
    page.wait_for_selector("html[data-boot-error]", state="attached", timeout=90_000)
    reset = page.locator(".loading-reset")
    expect(reset).to_have_text("Download my saved data and start afresh")
    expect(page.locator(".loading-rescue-hint")).to_have_count(0)
    expect(page.locator(".loading-backup")).to_have_text("Download a backup of my game")
    record = saved(page)
    assert json.loads(record)["game"]["moves"] == game.moves
    page.unroute("**/static/main.*.py")
    name, text = downloaded(page, ".loading-reset")
    assert name == "eightoff-backup.json"
    assert backup_file.read(text).game.position == game.position
    wait_ready(page)
    assert page.evaluate(f"localStorage.getItem('{facts.BACKUP_KEY}')") == record
    assert page.evaluate(f"localStorage.getItem('{facts.RECORD_KEY}')") != record
    expect(page.locator("#moves")).to_have_text("0")
    strict.expect_errors()  # the forced failure


def test_a_record_that_is_no_json_object_gets_no_backup_button(host: Host, watched: Watched) -> None:
    """A saved value no backup could hold (not a JSON object) is not offered as a file: the
    backup button is missing, the rescue is not."""
    _, page, strict = watched(host.url)
    page.goto(host.url + "index.html?no_sw")
    wait_ready(page)
    page.evaluate(f"localStorage.setItem('{facts.RECORD_KEY}', '[1, 2')")
    break_the_start(page)
    page.reload()
    page.wait_for_selector("html[data-boot-error]", state="attached")
    expect(page.locator(".loading-reset")).to_be_visible()
    expect(page.locator(".loading-backup")).to_have_count(0)
    strict.expect_errors()  # the forced failure


def test_the_button_is_not_offered_for_a_download_failure(host: Host, watched: Watched) -> None:
    """A file that cannot be downloaded is not the saved data's fault: no rescue button."""
    _, page, strict = watched(host.url)
    page.goto(host.url + "index.html?no_sw&no_snapshot")
    wait_ready(page)
    assert page.evaluate(f"localStorage.getItem('{facts.RECORD_KEY}')")
    # The runtime's wasm: every path fetches it (a boot from the snapshot needs no package zip).
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=503, body="down"))
    page.reload()
    page.wait_for_selector("html[data-boot-error]", state="attached")
    expect(page.locator(".loading-error-message")).to_contain_text("HTTP status 503")
    expect(page.locator(".loading-reset")).to_be_hidden()
    expect(page.locator(".loading-backup")).to_have_count(0)
    strict.expect_errors()


def loader_module(site: Path) -> str:
    """The URL path of the Pyodide loader, the module PyScript imports (hashed name)."""
    (path,) = site.glob("static/pyodide-loader.*.mjs")
    return "/" + path.relative_to(site).as_posix()


def navigations(page: Page) -> list[str]:
    """The page's loads from now on (the loader's own reloads among them): its navigation
    requests."""
    seen: list[str] = []

    def navigated(request: Request) -> None:
        if request.is_navigation_request() and request.frame == page.main_frame:
            seen.append(request.url)

    page.on("request", navigated)
    return seen


@pytest.fixture
def visitor(browser: Browser, host: Host) -> Iterator[tuple[Page, StrictPage]]:
    """A tab of a new context without service workers (a first visit, a private window)."""
    context = browser.new_context(service_workers="block")
    tab = context.new_page()
    watcher = StrictPage(context, tab, host.url.split("/")[2])
    yield tab, watcher
    watcher.detach()
    context.close()


def renamed_build(site: Path, target: Path, stem: str) -> str:
    """Another build of the site in which our module `stem` has a new content-hashed name (as a
    change to it gives), every reference rewritten, finished by the build's last steps.
    Returns its content version."""
    shutil.copytree(site, target, symlinks=True)
    (module,) = target.glob(f"static/{stem}.*.mjs")
    renamed = f"{stem}.c0ffee0123.mjs"
    for path in target.rglob("*"):
        if path.suffix in (".html", ".toml", ".js", ".mjs") and module.name in path.read_text():
            path.write_text(path.read_text().replace(module.name, renamed))
            for copy in (path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")):
                copy.unlink(missing_ok=True)
    for suffix in ("", ".br", ".gz"):
        module.with_name(module.name + suffix).rename(target / "static" / (renamed + suffix))
    for stale in ("sw.js.br", "sw.js.gz"):
        (target / stale).unlink(missing_ok=True)
    version = service_worker.content_version(target)
    service_worker.write_service_worker(target, version, sorted(target.glob("*/*.html")))
    return version


def half_deployed(build: Path, target: Path, stem: str) -> None:
    """`build` as a deploy by copy leaves it half-way: every page there, our module `stem` not
    yet."""
    shutil.copytree(build, target, symlinks=True)
    for missing in target.glob(f"static/{stem}.*"):
        missing.unlink()


def test_a_module_a_deploy_has_not_uploaded_yet_is_asked_for_again(
    host: Host, visitor: tuple[Page, StrictPage], tmp_path: Path
) -> None:
    """N1 and N2 of the reliability review, behind a host that lets browsers keep its errors
    for a year: a visit while the new build's Pyodide loader is missing says the download
    failed (HTTP 404, no rescue, the saved game untouched). Once the deploy is complete the
    browser still holds the 404, so the loader asks for the file past the HTTP cache, loads
    the page once more, and the game starts, kept."""
    page, strict = visitor
    game = started(page, host.url)
    version = renamed_build(host.site, tmp_path / "whole", "pyodide-loader")
    half_deployed(tmp_path / "whole", tmp_path / "half", "pyodide-loader")
    host.keeps_errors = True
    host.site = tmp_path / "half"
    answers: list[tuple[int, str]] = []

    def answered(response: Response) -> None:
        if "/pyodide-loader." in response.url:
            answers.append((response.status, response.headers.get("cache-control", "")))

    page.on("response", answered)
    page.reload()
    page.wait_for_selector("html[data-boot-error]", state="attached")
    expect(page.locator(".loading-error-message")).to_have_text(
        "A file of the game could not be downloaded (HTTP status 404)."
    )
    expect(page.locator(".loading-reset")).to_be_hidden()
    assert (404, serve.IMMUTABLE) in answers
    host.site = tmp_path / "whole"  # the deploy is complete
    seen = navigations(page)
    page.reload()
    wait_ready(page)
    expect(page.locator(MARKER)).to_have_attribute("content", version)
    expect_the_game(page, game)
    assert len(seen) == 2  # the reload, then the loader's own, once the module came
    strict.expect_errors()  # the 404s


def test_a_module_that_keeps_failing_is_asked_for_again_only_once(
    host: Host, visitor: tuple[Page, StrictPage]
) -> None:
    """A module whose file comes when fetched but does not load as a module (here: its
    <script> answered 404 every time): one more load of the page, then the error screen,
    without a rescue (no kept data is at fault)."""
    page, strict = visitor
    module = loader_module(host.site)

    def scripts_fail(route: Route) -> None:
        if route.request.resource_type == "fetch":
            route.continue_()
        else:
            route.fulfill(status=404, body="not found")

    page.route("**" + module, scripts_fail)
    seen = navigations(page)
    page.goto(host.url + "index.html")
    page.wait_for_selector("html[data-boot-error]", state="attached", timeout=90_000)
    expect(page.locator(".loading-error-message")).to_have_text("An unexpected error stopped the start-up.")
    expect(page.locator(".loading-reset")).to_be_hidden()
    assert len(seen) == 2
    strict.expect_errors()  # the 404s


def test_a_stall_that_recovers_still_registers_the_service_worker(host: Host, watched: Watched) -> None:
    """D9: ?boot_timeout=5 and main.py held back: the stall is reported with the seconds that
    really passed; when main.py comes, the game shows and the service worker is registered."""
    _, page, strict = watched(host.url)
    held: list[Route] = []
    page.route("**/static/main.*.py", lambda route: held.append(route))
    page.goto(host.url + "index.html?boot_timeout=5")
    page.wait_for_selector("html[data-boot-error]", state="attached", timeout=60_000)
    expect(page.locator(".loading-error-message")).to_have_text(
        "Start-up stalled: nothing happened for 5 seconds."
    )
    expect(page.locator(".loading-error-details")).to_contain_text("stalled at")
    assert held
    for route in held:
        route.continue_()
    page.unroute("**/static/main.*.py")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    expect(page.locator("#loading")).to_have_count(0)
    expect(page.locator("html")).not_to_have_attribute("data-boot-error", "")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    strict.check()


@pytest.mark.parametrize("value", ["1e9", "-1", "Infinity", "0.001"])
def test_a_boot_timeout_from_a_link_is_harmless(host: Host, watched: Watched, value: str) -> None:
    """D9: values that fired the watchdog at once start the game normally."""
    _, page, strict = watched(host.url)
    page.goto(host.url + f"index.html?boot_timeout={value}&deal=EO1-C8-AAAAAFA")
    wait_ready(page)
    assert page.evaluate("self.eightoffLoader.bootSeconds") == 60
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    strict.check()
