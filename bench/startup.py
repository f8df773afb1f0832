"""Start-up benchmark: Eight Off against a stock PyScript page, measured in one run.

    python bench/startup.py [--cold 7] [--warm 7] [--offline 7] [--dwell 2] [--no-build]

Both pages are served by tools/serve.py from the same dist/ (the stock page is
dist/bench/stock.html: @pyscript/core with our unmodified Pyodide copy, which only sets
data-ready from Python). Times are from navigation start, read in the page with
performance.now(): "playable" when <html data-ready> appears (every listener is bound),
"painted" at the first animation frame after the board holds its cards (the frame that
paints it; the stock page has no board), and "our own start" from static/main.py's first
line (performance mark `eightoff-start`) to playable: our imports and `start()`.

- cold: a fresh browser profile per run (nothing cached); warm: reloads in one profile.
  Service workers are blocked for both, so this compares HTTP-cached loads.
- service worker: a profile whose service worker is active, reloads with the network on
  (online), then off (offline); each reload alongside one of the stock page and one of ours
  without a service worker (warm, in their own profiles), and its ratios are taken against
  those, so all three meet the same moment's machine load.
- Later visits come after a visit: before the first reload the page's idle-time work is
  let finish (the service worker's install, the memory snapshot's download:
  <html data-snapshot="stored">), and each reload follows `--dwell` seconds on the loaded
  page (a player stays longer than that; the browser writes its code caches meanwhile).
  The stock page gets the same dwell.
- first visit over the wire: response bodies our server sent, as sent (brotli where the
  browser accepts it), before the board is playable, then separately what the page fetched
  afterwards in idle time (service worker install, snapshot).
- taps during those idle-time fetches: the first visit's link is throttled (Chromium's
  network emulation, `--link` Mbit/s, 40 ms latency), and taps on the board (an ace sent
  home, then undone) are timed from pointerdown to the frame that paints them
  (bench/interaction.py's probe) while the fetches run: the board must answer within a frame.

Targets (issue 14): ours ≤ 0.40 × stock cold; warm and service-worker reloads online and
offline ≤ 0.25 × stock warm, the service-worker reload never slower than ours warm;
first visit before playable ≤ 7 MB. Exit status 0 either way: this measures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import BrowserContext, BrowserType, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

from interaction import CODE, FRAME_MS, PROBES, tap_and_undo  # noqa: E402  (bench/interaction.py)

import build  # noqa: E402
import chromium as launch  # noqa: E402  (tools/chromium.py)
import serve  # noqa: E402
from figures import percentile  # noqa: E402  (bench/figures.py)

OURS = "index.html"
STOCK = "bench/stock.html"
# Records when <html data-ready> appears and the frame after the board holds its cards;
# Playwright's init scripts run before the page's.
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.documentElement.hasAttribute("data-ready")) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
new MutationObserver((_, observer) => {
  if (!document.querySelector("#board [data-card]")) return;
  observer.disconnect();
  requestAnimationFrame(() => { window.__paintedAt = performance.now(); });
}).observe(document, {childList: true, subtree: true});
"""
# The page's idle-time work is done: the service worker (if allowed) and the snapshot.
SETTLED = """sw => (!sw || navigator.serviceWorker.controller !== null)
  && ["stored", "used", undefined].includes(document.documentElement.dataset.snapshot)"""
TIMEOUT_MS = 120_000


@dataclass
class Figures:
    """Seconds to playable and to painted, one entry per boot."""

    playable: list[float] = field(default_factory=list)
    painted: list[float] = field(default_factory=list)
    own: list[float] = field(default_factory=list)
    """Our own start: from static/main.py's first line (mark ``eightoff-start``) to playable."""

    def add(self, times: tuple[float, float | None, float | None]) -> None:
        self.playable.append(times[0])
        if times[1] is not None:
            self.painted.append(times[1])
        if times[2] is not None:
            self.own.append(times[2])


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


def boot(page: Page, url: str) -> tuple[float, float | None, float | None]:
    """Navigate to `url`; return the seconds until playable, until painted and of our own
    start (None: the stock page, which has no board and no start of ours)."""
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=50)
    if url.endswith(STOCK):
        return page.evaluate("window.__readyAt") / 1000, None, None
    page.wait_for_function("window.__paintedAt !== undefined", timeout=TIMEOUT_MS, polling=50)
    ready, painted, own = page.evaluate(
        """[window.__readyAt, window.__paintedAt,
            window.__readyAt - performance.getEntriesByName("eightoff-start")[0].startTime]"""
    )
    return ready / 1000, painted / 1000, own / 1000


def settle(page: Page, service_worker: bool) -> None:
    """Wait until the page's idle-time work (service worker, snapshot) is done."""
    page.wait_for_function(SETTLED, arg=service_worker, timeout=TIMEOUT_MS, polling=100)


def cold_and_warm(chromium: BrowserType, base: str, cold: int, warm: int, dwell: float) -> dict[str, Figures]:
    times = {f"{kind} {p}": Figures() for p in (OURS, STOCK) for kind in ("cold", "warm")}
    for run in range(max(cold, 1)):
        for page_path in (OURS, STOCK):  # interleaved, so machine noise hits both alike
            with profile(chromium) as context:
                page = context.new_page()
                first = boot(page, base + page_path)
                if run < cold:
                    times[f"cold {page_path}"].add(first)
                if run == 0:
                    settle(page, service_worker=False)
                    for _ in range(warm):
                        page.wait_for_timeout(dwell * 1000)
                        times[f"warm {page_path}"].add(boot(page, base + page_path))
    return times


@dataclass
class Visits:
    before: int = 0
    idle: int = 0
    taps: list[float] = field(default_factory=list)
    idle_taps: list[float] = field(default_factory=list)
    online: Figures = field(default_factory=Figures)
    offline: Figures = field(default_factory=Figures)
    # Measured alongside, reload for reload (online, then offline phase): the stock page and
    # our page without a service worker, each warm in its own profile.
    stock: tuple[Figures, Figures] = field(default_factory=lambda: (Figures(), Figures()))
    warm: tuple[Figures, Figures] = field(default_factory=lambda: (Figures(), Figures()))


def service_worker_visits(
    chromium: BrowserType, server: serve.Server, base: str, reloads: int, dwell: float, link: float
) -> Visits:
    """A first visit (bytes before playable, bytes and taps in idle time), then reloads
    through the service worker online and offline, each one alongside a warm reload of the
    stock page and of ours without a service worker (the same moment's machine noise)."""
    visits = Visits()
    with (
        profile(chromium, service_workers="allow") as context,
        profile(chromium) as stock_context,
        profile(chromium) as warm_context,
    ):
        stock_page, warm_page = stock_context.new_page(), warm_context.new_page()
        for other, path in ((stock_page, STOCK), (warm_page, OURS)):
            boot(other, base + path)
            settle(other, service_worker=False)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        throughput = link * 1e6 / 8
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": 40,
                "downloadThroughput": throughput,
                "uploadThroughput": throughput,
            },
        )
        start = len(server.sent)
        boot(page, base + OURS + f"?deal={CODE}")
        ready = page.evaluate("(performance.timeOrigin + window.__readyAt) / 1000")
        visits.taps, visits.idle_taps = taps_while_settling(page)
        no_limit = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        cdp.send("Network.emulateNetworkConditions", no_limit)
        cdp.detach()
        sent = server.sent[start:]
        visits.before = sum(size for at, _, size in sent if at <= ready)
        visits.idle = sum(size for at, _, size in sent if at > ready)
        page.wait_for_timeout(dwell * 1000)
        boot(page, base + OURS)  # the first load the service worker controls
        if not page.evaluate("navigator.serviceWorker.controller !== null"):
            raise SystemExit("bench: the service worker does not control the page")
        for phase, figures in enumerate((visits.online, visits.offline)):
            context.set_offline(figures is visits.offline)
            for _ in range(reloads):
                page.wait_for_timeout(dwell * 1000)
                visits.stock[phase].add(boot(stock_page, base + STOCK))
                visits.warm[phase].add(boot(warm_page, base + OURS))
                figures.add(boot(page, base + OURS))
        context.set_offline(False)
    return visits


def taps_while_settling(page: Page) -> tuple[list[float], list[float]]:
    """Tap times (pointerdown to painted, ms) of taps begun while the idle-time fetches ran,
    and of as many taps (at least 5) once they ended."""
    page.evaluate(PROBES)
    busy: list[float] = []
    while not page.evaluate(SETTLED, True):
        count = page.evaluate("window.bench.taps.length")
        tap_and_undo(page)
        if not page.evaluate(SETTLED, True):  # the tap's frame came before the fetches ended
            busy += [t[0] for t in page.evaluate("window.bench.taps")[count:]]
    settle(page, service_worker=True)
    count = page.evaluate("window.bench.taps.length")
    for _ in range(max(len(busy), 5)):
        tap_and_undo(page)
    idle = [t[0] for t in page.evaluate("window.bench.taps")[count:]]
    return busy, idle


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cold", type=int, default=7, help="cold runs per page (fresh profiles)")
    parser.add_argument("--warm", type=int, default=7, help="warm reloads per page")
    parser.add_argument("--offline", type=int, default=7, help="service worker reloads, online and offline")
    parser.add_argument("--dwell", type=float, default=2.0, help="seconds on a loaded page before a reload")
    parser.add_argument(
        "--link", type=float, default=20.0, help="Mbit/s of the first visit's link in idle time"
    )
    parser.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    args = parser.parse_args(argv)
    if not args.no_build:
        build.build()
    server = serve.start_server(build.DIST)
    base = serve.url_of(server)
    try:
        with sync_playwright() as playwright:
            times = cold_and_warm(playwright.chromium, base, args.cold, args.warm, args.dwell)
            visits = service_worker_visits(
                playwright.chromium, server, base, args.offline, args.dwell, args.link
            )
    finally:
        server.shutdown()
        server.server_close()
    report(times, visits, args)


def spread(values: list[float]) -> str:
    if not values:
        return f"{'—':>23}"
    return f"{min(values):7.3f}{statistics.median(values):8.3f}{max(values):8.3f}"


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def report(times: dict[str, Figures], visits: Visits, args: argparse.Namespace) -> None:
    rows = [
        ("cold", OURS, times[f"cold {OURS}"]),
        ("cold", STOCK, times[f"cold {STOCK}"]),
        ("warm", OURS, times[f"warm {OURS}"]),
        ("warm", STOCK, times[f"warm {STOCK}"]),
        ("service worker, online", OURS, visits.online),
        ("  alongside: warm", OURS, visits.warm[0]),
        ("  alongside: warm", STOCK, visits.stock[0]),
        ("service worker, offline", OURS, visits.offline),
        ("  alongside: warm", OURS, visits.warm[1]),
        ("  alongside: warm", STOCK, visits.stock[1]),
    ]
    print(f"dwell {args.dwell:g} s before each reload; seconds from navigation, min / median / max")
    print(
        f"{'load':<25}{'page':<19}{'runs':>4}   {'painted board':^23}   {'playable board':^23}"
        f"   {'our own start':^23}"
    )
    for load, page_path, figures in rows:
        print(
            f"{load:<25}{page_path:<19}{len(figures.playable):>4}   "
            f"{spread(figures.painted)}   {spread(figures.playable)}   {spread(figures.own)}"
        )
    stock_cold = median(times[f"cold {STOCK}"].playable)
    stock_warm = median(times[f"warm {STOCK}"].playable)
    warm = median(times[f"warm {OURS}"].playable)
    ratios = [
        ("cold: ours / stock cold", median(times[f"cold {OURS}"].playable) / stock_cold, 0.40),
        ("warm: ours / stock warm", warm / stock_warm, 0.25),
    ]
    for phase, label in enumerate(("online", "offline")):
        ours = median((visits.online, visits.offline)[phase].playable)
        ratios += [
            (
                f"service worker {label} / stock warm alongside",
                ours / median(visits.stock[phase].playable),
                0.25,
            ),
            (
                f"service worker {label} / ours warm alongside",
                ours / median(visits.warm[phase].playable),
                1.0,
            ),
        ]
    print("medians of time to playable board:")
    for label, ratio, target in ratios:
        verdict = "ok" if ratio <= target else "MISSED"
        print(f"  {label:<48}{ratio:6.2f}  target ≤ {target:.2f}  {verdict}")
    verdict = "ok" if visits.before <= 7_000_000 else "MISSED"
    print(
        f"first visit over the wire before playable: {visits.before / 1e6:.2f} MB (target ≤ 7 MB) {verdict}"
    )
    print(f"  fetched afterwards in idle time (service worker install, snapshot): {visits.idle / 1e6:.2f} MB")
    print(
        f"tap (pointerdown) to painted, ms (frame {FRAME_MS:.1f} ms); "
        f"idle-time fetches over {args.link:g} Mbit/s"
    )
    for label, taps in (
        ("during the idle-time fetches", visits.taps),
        ("after them, same page", visits.idle_taps),
    ):
        if not taps:
            print(f"  {label:<30} none began before they ended")
            continue
        verdict = "ok" if percentile(taps, 0.95) <= FRAME_MS else "MISSED"
        print(
            f"  {label:<30} n={len(taps):>3}  p50 {statistics.median(taps):5.1f}  "
            f"p95 {percentile(taps, 0.95):5.1f}  max {max(taps):5.1f}  {verdict}"
        )


if __name__ == "__main__":
    main()
