"""dist/ served by the real nginx with deploy/nginx.conf: types, headers, CSP, offline play."""

from __future__ import annotations

import re
import shutil
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from browser.harness import ROOT, StrictPage, serve, service_worker, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, Response, expect

from eightoff.web import facts

from .conftest import Nginx
from .test_hostile_host import half_deployed, renamed_build, wait_for_caches

IMMUTABLE = "public, max-age=31536000, immutable"
PYODIDE = f"static/vendor/pyodide-{facts.PYODIDE_VERSION}/"
PYSCRIPT = f"static/vendor/pyscript-{facts.PYSCRIPT_VERSION}/"
Watched = Callable[[str], tuple[BrowserContext, Page, StrictPage]]


def fetch(url: str, encoding: str | None = None) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(request) as response:
        return {k.lower(): v for k, v in response.headers.items()}, response.read()


def one(site: Path, pattern: str) -> str:
    """The site-relative path of the one file matching `pattern`."""
    (match,) = site.glob(pattern)
    return match.relative_to(site).as_posix()


def test_content_types_and_cache_headers(nginx: Nginx, built_site: Path) -> None:
    """Every kind of file gets its type; versioned and hashed files are immutable."""
    expected = {
        "index.html": ("text/html", "no-cache"),
        "pyscript.toml": ("text/plain", "no-cache"),
        "sw.js": ("text/javascript", "no-cache"),
        "manifest.webmanifest": ("application/manifest+json", "no-cache"),
        PYODIDE + "pyodide.asm.wasm": ("application/wasm", IMMUTABLE),
        PYODIDE + "pyodide.mjs": ("text/javascript", IMMUTABLE),
        PYSCRIPT + "core.js": ("text/javascript", IMMUTABLE),
        one(built_site, "static/pyodide-loader.*.mjs"): ("text/javascript", IMMUTABLE),
        one(built_site, "static/loader.*.js"): ("text/javascript", IMMUTABLE),
        one(built_site, "static/eightoff.*.zip"): ("application/zip", IMMUTABLE),
        one(built_site, "static/main.*.py"): ("text/plain", IMMUTABLE),
        one(built_site, "static/icon-192.*.png"): ("image/png", IMMUTABLE),
    }
    for path, (content_type, cache_control) in expected.items():
        headers, _ = fetch(nginx.url + path)
        assert headers["content-type"].split(";")[0] == content_type, path
        assert headers["cache-control"] == cache_control, path
        assert headers["content-security-policy"] == serve.CONTENT_SECURITY_POLICY, path
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["x-frame-options"] == "DENY", path


def answer(url: str, headers: dict[str, str] | None = None) -> tuple[int, str, str]:
    """The status of a GET of ``url``, its Cache-Control and its ETag."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {})) as response:
            return response.status, response.headers["Cache-Control"], response.headers["ETag"]
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Cache-Control"], error.headers["ETag"]


def test_an_error_is_never_kept(nginx: Nginx, built_site: Path) -> None:
    """N1 of the reliability review: a file a deploy has not uploaded yet is a 404 with
    `no-store`, whatever its name (before: a year of `immutable`); a file sent, in full or as
    "not modified", keeps its year."""
    missing = [
        "static/pyodide-loader.0123456789.mjs",
        PYODIDE + "python_stdlib_boot.0123456789.zip",
        PYSCRIPT + "core-00000000.js",
        "nowhere.html",
    ]
    for path in missing:
        assert answer(nginx.url + path)[:2] == (404, "no-store"), path
    for path, kept in ((one(built_site, "static/loader.*.js"), IMMUTABLE), ("index.html", "no-cache")):
        status, cache_control, etag = answer(nginx.url + path)
        assert (status, cache_control) == (200, kept), path
        assert answer(nginx.url + path, {"If-None-Match": etag})[:2] == (304, kept), path


def test_precompressed_files_are_served(nginx: Nginx, built_site: Path) -> None:
    """The .br / .gz written by the build go out as they are, chosen by Accept-Encoding."""
    wasm = PYODIDE + "pyodide.asm.wasm"
    for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
        headers, body = fetch(nginx.url + wasm, encoding)
        assert headers.get("content-encoding") == encoding
        assert headers["content-type"] == "application/wasm"
        assert "Accept-Encoding" in headers.get("vary", "")
        assert body == (built_site / (wasm + suffix)).read_bytes()
    headers, body = fetch(nginx.url + wasm)
    assert "content-encoding" not in headers
    assert body == (built_site / wasm).read_bytes()


def test_security_policy_is_the_same_everywhere() -> None:
    """nginx, Netlify/Cloudflare (_headers), the dev server and the page's meta tag agree."""
    policy = serve.CONTENT_SECURITY_POLICY
    nginx_conf = (ROOT / "deploy" / "nginx.conf").read_text()
    assert f'add_header Content-Security-Policy "{policy}" always;' in nginx_conf
    assert f"  Content-Security-Policy: {policy}\n" in (ROOT / "deploy" / "_headers").read_text()
    meta = re.search(
        r'http-equiv="Content-Security-Policy" content="([^"]+)"', (ROOT / "index.html").read_text()
    )
    assert meta and meta.group(1) + "; frame-ancestors 'none'" == policy
    # The older header beside frame-ancestors, in every host configuration.
    assert serve.SECURITY_HEADERS["X-Frame-Options"] == "DENY"
    assert 'add_header X-Frame-Options "DENY" always;' in nginx_conf
    assert "  X-Frame-Options: DENY\n" in (ROOT / "deploy" / "_headers").read_text()


def test_page_boots_under_the_csp(nginx: Nginx, watched: Watched) -> None:
    """The strict CSP breaks nothing: no console error (a violation logs one), game ready."""
    _, page, strict = watched(nginx.url)
    response = page.goto(nginx.url)
    assert response and response.headers["content-security-policy"] == serve.CONTENT_SECURITY_POLICY
    wait_ready(page)
    expect(page.locator("#loading")).to_have_count(0)
    strict.check()


def wait_controlled(page: Page) -> None:
    """Wait until the service worker is active and controls the page (clients.claim)."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)


def test_reload_works_with_the_server_gone(own_nginx: Nginx, watched: Watched) -> None:
    """After one visit the service worker holds everything: stop nginx, reload, play."""
    _, page, strict = watched(own_nginx.url)
    page.goto(own_nginx.url + "index.html")
    wait_ready(page)
    wait_controlled(page)
    own_nginx.stop()
    page.reload()
    wait_ready(page)
    page.goto(own_nginx.url + "index.html?seed=1")  # another address of the same page
    wait_ready(page)
    page.goto(own_nginx.url + "he/faq.html")  # the pages were precached with the game
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("h1")).to_have_count(1)
    # Its two stylesheets (the game's and the pages') came from the cache too.
    loaded = "[...document.styleSheets].filter((sheet) => sheet.cssRules.length > 0).length"
    assert page.evaluate(loaded) == 2
    strict.check()


def test_reload_works_offline(own_nginx: Nginx, watched: Watched) -> None:
    """Same with the browser offline instead of the server gone."""
    context, page, strict = watched(own_nginx.url)
    page.goto(own_nginx.url)
    wait_ready(page)
    wait_controlled(page)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    strict.check()


def new_build(site: Path, target: Path) -> str:
    """A different build of the site: index.html changed, finished by the build's last steps."""
    shutil.copytree(site, target, symlinks=True)
    index = target / "index.html"
    index.write_text(index.read_text().replace("<head>", '<head>\n  <meta name="test-build" content="2">', 1))
    for stale in (
        target / "index.html.br",
        target / "index.html.gz",
        target / "sw.js.br",
        target / "sw.js.gz",
    ):
        stale.unlink(missing_ok=True)
    version = service_worker.content_version(target)
    service_worker.write_service_worker(target, version, sorted(target.glob("*/*.html")))
    return version


def test_new_build_reaches_the_next_visit(own_nginx: Nginx, watched: Watched, tmp_path: Path) -> None:
    """A new build is what the next visit shows, and its service worker replaces the old one."""
    _, page, strict = watched(own_nginx.url)
    page.goto(own_nginx.url)
    wait_ready(page)
    wait_controlled(page)
    first = page.evaluate("caches.keys()")
    version = new_build(own_nginx.site.resolve(), tmp_path / "build-2")
    assert [f"eightoff-{version}"] != first
    own_nginx.serve(tmp_path / "build-2")
    page.reload()
    wait_ready(page)
    expect(page.locator('meta[name="test-build"]')).to_have_attribute("content", "2")
    wait_for_caches(page, [f"eightoff-{version}"])  # (a Promise is truthy to wait_for_function)
    strict.check()


def test_a_visit_during_a_deploy_keeps_nothing(own_nginx: Nginx, browser: Browser, tmp_path: Path) -> None:
    """N1 of the reliability review behind deploy/nginx.conf: the new pages are up but not the
    new Pyodide loader. A visit then (no service worker: a first visit, a private window) says
    a file could not be downloaded (HTTP 404, no rescue offered), and the 404 is sent with
    `no-store`; once the deploy is complete, the next visit starts the new build at once."""
    built = own_nginx.site.resolve()
    version = renamed_build(built, tmp_path / "whole", "pyodide-loader")
    half_deployed(tmp_path / "whole", tmp_path / "half", "pyodide-loader")
    own_nginx.serve(tmp_path / "half")
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    strict = StrictPage(context, page, own_nginx.url.split("/")[2])
    answers: list[tuple[int, str]] = []

    def answered(response: Response) -> None:
        if "/pyodide-loader." in response.url:
            answers.append((response.status, response.headers.get("cache-control", "")))

    page.on("response", answered)
    page.goto(own_nginx.url + "index.html")
    page.wait_for_selector("html[data-boot-error]", state="attached", timeout=90_000)
    expect(page.locator(".loading-error-message")).to_have_text(
        "A file of the game could not be downloaded (HTTP status 404)."
    )
    expect(page.locator(".loading-reset")).to_be_hidden()
    assert answers and set(answers) == {(404, "no-store")}
    own_nginx.serve(tmp_path / "whole")
    answers.clear()
    page.reload()
    wait_ready(page)
    expect(page.locator('meta[name="eightoff-build"]')).to_have_attribute("content", version)
    assert set(answers) == {(200, IMMUTABLE)}
    strict.detach()  # the failed visit's 404s were logged on purpose
    context.close()
