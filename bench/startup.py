"""Start-up benchmark: Eight Off against a stock PyScript page, measured in one run.

    python bench/startup.py [--cold 5] [--warm 10] [--offline 10]

Both pages are served by tools/serve.py from the same dist/ (the stock page is
dist/bench/stock.html: @pyscript/core with our unmodified Pyodide copy, which only sets
data-ready from Python). Time is from navigation start to <html data-ready>, read in the
page (performance.now() when the attribute appears).

- cold: a fresh browser profile per run (nothing cached); warm: reloads in one profile.
  Service workers are blocked for both, so this compares HTTP-cached loads.
- first visit bytes: response bodies our server sent for a first visit of the game,
  service worker install included, as sent (brotli where the browser accepts it).
- offline: in a profile whose service worker is active, reloads with the network off;
  online: the same reloads with the network on.

Targets (issue): ours ≤ 0.40 × stock cold and warm; first visit ≤ 7 MB; offline reload
≤ 0.30 × the stock page's warm boot. Exit status 0 either way: this measures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import BrowserContext, BrowserType, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402
import chromium as launch  # noqa: E402  (tools/chromium.py)
import serve  # noqa: E402

OURS = "index.html"
STOCK = "bench/stock.html"
# Records when <html data-ready> appears; Playwright's init scripts run before the page's.
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.documentElement.hasAttribute("data-ready")) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""
TIMEOUT_MS = 120_000


@contextmanager
def profile(chromium: BrowserType, service_workers: str = "block") -> Iterator[BrowserContext]:
    with tempfile.TemporaryDirectory(prefix="eightoff-bench-") as directory:
        context = chromium.launch_persistent_context(
            directory, **launch.launch_options(), service_workers=service_workers
        )
        context.add_init_script(READY_PROBE)
        try:
            yield context
        finally:
            context.close()


def boot(page: Page, url: str) -> float:
    """Navigate to `url` and return the seconds until <html data-ready>."""
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=50)
    ms: float = page.evaluate("window.__readyAt")
    return ms / 1000


def cold_and_warm(chromium: BrowserType, base: str, cold: int, warm: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {f"{kind} {p}": [] for p in (OURS, STOCK) for kind in ("cold", "warm")}
    for run in range(max(cold, 1)):
        for page_path in (OURS, STOCK):  # interleaved, so machine noise hits both alike
            with profile(chromium) as context:
                page = context.new_page()
                seconds = boot(page, base + page_path)
                if run < cold:
                    times[f"cold {page_path}"].append(seconds)
                if run == 0:
                    for _ in range(warm):
                        times[f"warm {page_path}"].append(boot(page, base + page_path))
    return times


def first_visit_and_offline(
    chromium: BrowserType, server: serve.Server, base: str, reloads: int
) -> tuple[int, list[float], list[float]]:
    """Bytes of a first visit (service worker install included), then online/offline reloads."""
    with profile(chromium, service_workers="allow") as context:
        page = context.new_page()
        before = server.body_bytes
        boot(page, base + OURS)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        first_visit = server.body_bytes - before
        boot(page, base + OURS)  # the first load the service worker controls
        if not page.evaluate("navigator.serviceWorker.controller !== null"):
            raise SystemExit("bench: the service worker does not control the page")
        online = [boot(page, base + OURS) for _ in range(reloads)]
        context.set_offline(True)
        offline = [boot(page, base + OURS) for _ in range(reloads)]
        context.set_offline(False)
    return first_visit, online, offline


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cold", type=int, default=5, help="cold runs per page (fresh profiles)")
    parser.add_argument("--warm", type=int, default=10, help="warm reloads per page")
    parser.add_argument("--offline", type=int, default=10, help="service worker reloads, online and offline")
    parser.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    args = parser.parse_args(argv)
    if not args.no_build:
        build.build()
    server = serve.start_server(build.DIST)
    base = serve.url_of(server)
    try:
        with sync_playwright() as playwright:
            times = cold_and_warm(playwright.chromium, base, args.cold, args.warm)
            first_visit, online, offline = first_visit_and_offline(
                playwright.chromium, server, base, args.offline
            )
    finally:
        server.shutdown()
        server.server_close()
    report(times, first_visit, online, offline)


def report(
    times: dict[str, list[float]], first_visit: int, online: list[float], offline: list[float]
) -> None:
    m = {name: median(values) for name, values in times.items()}
    print(f"{'page':<20}{'cold median':>13}{'warm median':>13}   runs (cold/warm)")
    for page_path in (OURS, STOCK):
        cold, warm = times[f"cold {page_path}"], times[f"warm {page_path}"]
        print(
            f"{page_path:<20}{m[f'cold {page_path}']:>12.3f}s{m[f'warm {page_path}']:>12.3f}s"
            f"   {len(cold)}/{len(warm)}"
        )
    stock_warm = m[f"warm {STOCK}"]
    rows = [
        ("cold: ours / stock", m[f"cold {OURS}"] / m[f"cold {STOCK}"], "≤ 0.40"),
        ("warm: ours / stock", m[f"warm {OURS}"] / stock_warm, "≤ 0.40"),
        ("reload online (service worker) / stock warm", median(online) / stock_warm, ""),
        ("reload offline (service worker) / stock warm", median(offline) / stock_warm, "≤ 0.30"),
    ]
    print(f"reload with service worker: online {median(online):.3f}s, offline {median(offline):.3f}s")
    for label, ratio, target in rows:
        verdict = "" if not target else ("  ok" if ratio <= float(target[2:]) else "  MISSED")
        print(f"{label:<46}{ratio:6.2f}  {target}{verdict}")
    verdict = "ok" if first_visit <= 7_000_000 else "MISSED"
    print(f"first visit over the wire: {first_visit / 1e6:.2f} MB (target ≤ 7 MB) {verdict}")


if __name__ == "__main__":
    main()
