"""Lighthouse on the shared link's page, a first visit and a later one (tools/bench.sh).

    python bench/lighthouse.py [--runs 3] [--no-build]

Lighthouse 12.8 (pinned in bench/lighthouse/package.json, installed by tools/bench.sh) in its
default mobile mode — a simulated slow 4G link and a 4× slower CPU (Lantern's simulation of
an unthrottled load) — against Debian's Chromium, on `index.html?deal=…` served by
tools/serve.py from dist/:

- first visit: a fresh browser profile per run (Lighthouse's own); the page chooses its path
  from the link it really has (Lighthouse's simulation loads it unthrottled); beside it, as
  a reference measured in the same run, the first visit forced onto today's path
  (`&first_visit=boot`);
- later visit: one profile that visited the page first (Playwright, service workers allowed,
  the page's idle-time work let finish: the service worker in control, the snapshot stored),
  then Lighthouse with `--disable-storage-reset` on it, each run a later visit.

Prints the median of the runs of total blocking time and time to interactive (issue 35's
targets: first visit TBT ≤ 2.5 s, later visit TTI ≤ 3 s; issue 22's first visit TTI ≤ 6 s
is out of reach under Lantern's 1.6 Mbit/s for any page that runs Pyodide: see
docs/performance.md), with first and
largest contentful paint, the performance score and the bytes Lighthouse counted, and the
machine's load. Exit status 0 either way: this measures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "bench")]

from interaction import CODE  # noqa: E402  (bench/interaction.py)
from startup import SETTLED, TIMEOUT_MS  # noqa: E402  (bench/startup.py)

import build  # noqa: E402  (tools/build.py)
import chromium  # noqa: E402  (tools/chromium.py)
import serve  # noqa: E402  (tools/serve.py)

LIGHTHOUSE = ROOT / "bench" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
METRICS = {
    "total-blocking-time": "TBT",
    "interactive": "TTI",
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-byte-weight": "bytes",
}
TARGETS = {("first visit", "TBT"): 2500, ("later visit", "TTI"): 3000}


def lighthouse(url: str, profile: Path | None = None, attempts: int = 3) -> dict[str, float]:
    """One Lighthouse run (mobile defaults); the metrics of :data:`METRICS` and the score.
    A run Lighthouse itself gives up on (its trace missed the navigation: "NO_NAVSTART,
    please run Lighthouse again") is run again, up to `attempts` times in all."""
    for attempt in range(attempts):
        try:
            return lighthouse_once(url, profile)
        except subprocess.CalledProcessError:
            if attempt == attempts - 1:
                raise
    raise AssertionError("unreachable")


def lighthouse_once(url: str, profile: Path | None) -> dict[str, float]:
    """One Lighthouse run; raises when Lighthouse fails."""
    flags = ["--headless=new", *chromium.ARGS]
    extra = []
    if profile:
        flags.append(f"--user-data-dir={profile}")
        extra.append("--disable-storage-reset")
    with tempfile.TemporaryDirectory(prefix="eightoff-lighthouse-") as directory:
        report = Path(directory) / "report.json"
        subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                "--only-categories=performance",
                "--output=json",
                f"--output-path={report}",
                f"--chrome-flags={' '.join(flags)}",
                "--quiet",
                *extra,
            ],
            check=True,
            env={**os.environ, "CHROME_PATH": chromium.EXECUTABLE},
        )
        result = json.loads(report.read_text(encoding="utf-8"))
    figures = {name: result["audits"][audit]["numericValue"] for audit, name in METRICS.items()}
    figures["score"] = result["categories"]["performance"]["score"]
    return figures


def visit_first(url: str, profile: Path) -> None:
    """A first visit in `profile` whose idle-time work is let finish (service worker, snapshot)."""
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, **chromium.launch_options(), service_workers="allow"
        )
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=TIMEOUT_MS)
        page.wait_for_function(SETTLED, arg=True, timeout=TIMEOUT_MS, polling=100)
        page.wait_for_timeout(2000)  # the browser writes its code caches meanwhile
        context.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs of each visit")
    parser.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    args = parser.parse_args(argv)
    if not args.no_build:
        build.build()
    server = serve.start_server(build.DIST)
    url = serve.url_of(server) + f"index.html?deal={CODE}"
    runs: dict[str, list[dict[str, float]]] = {
        "first visit": [],
        "first visit, today's path": [],
        "later visit": [],
    }
    load = [os.getloadavg()[0]]
    try:
        for _ in range(args.runs):  # interleaved, so machine noise hits both alike
            runs["first visit"].append(lighthouse(url))
            runs["first visit, today's path"].append(lighthouse(url + "&first_visit=boot"))
        load.append(os.getloadavg()[0])
        with tempfile.TemporaryDirectory(prefix="eightoff-lighthouse-profile-") as directory:
            visit_first(url, Path(directory))
            for _ in range(args.runs):
                runs["later visit"].append(lighthouse(url, Path(directory)))
        load.append(os.getloadavg()[0])
    finally:
        server.shutdown()
        server.server_close()
    print(
        "machine load (1-minute load average) at the start and after each visit: "
        + " ".join(f"{x:.1f}" for x in load)
    )
    print(f"Lighthouse mobile (simulated slow 4G, CPU 4×), {url}; medians of {args.runs} runs")
    for visit, results in runs.items():
        medians = {name: statistics.median(r[name] for r in results) for name in (*METRICS.values(), "score")}
        each = ", ".join(f"TBT {r['TBT'] / 1000:.2f} s / TTI {r['TTI'] / 1000:.2f} s" for r in results)
        print(
            f"  {visit}: TBT {medians['TBT'] / 1000:.2f} s, TTI {medians['TTI'] / 1000:.2f} s, "
            f"FCP {medians['FCP'] / 1000:.2f} s, LCP {medians['LCP'] / 1000:.2f} s, "
            f"score {medians['score']:.2f}, {medians['bytes'] / 1e6:.2f} MB  (runs: {each})"
        )
        for (target_visit, name), limit in TARGETS.items():
            if target_visit == visit:
                verdict = "ok" if medians[name] <= limit else "MISSED"
                print(f"    {name} ≤ {limit / 1000:g} s: {verdict}")


if __name__ == "__main__":
    main()
