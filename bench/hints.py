"""Time to a hint in the page's solver worker, measured in Chromium (python bench/hints.py).

The page is opened as players get it (dist/ built into a temporary directory, served
locally); then, in the page, the very worker the page starts (the address in its
``<meta name="eightoff-hint-worker">``) receives the page's hint requests
(eightoff/web/solver/messages.py) for the start and for a mid-game position (half-way along the
solver's line, computed here in CPython) of 50 deals of the 4-cell catalogue, one after
another. Each time is from ``postMessage`` to the reply's arrival (performance.now() in the
page). The worker's start (Pyodide loading, once) is reported apart. Target: p95 ≤ 1 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

import build  # noqa: E402  (tools/build.py)
import chromium  # noqa: E402  (tools/chromium.py)
import serve  # noqa: E402  (tools/serve.py)
from eightoff import DealCode, Game  # noqa: E402
from eightoff.solver import solve  # noqa: E402
from eightoff.web.solver.messages import hint_request, read_reply  # noqa: E402
from eightoff.winnable import catalogue  # noqa: E402
from figures import percentile  # noqa: E402  (bench/figures.py)

TARGET_MS = 1000.0

TIMER = """async (requests) => {
  const url = document.querySelector('meta[name="eightoff-hint-worker"]').content;
  const worker = new Worker(url, {type: "module"});
  const ask = (text) => new Promise((resolve) => {
    const start = performance.now();
    worker.onmessage = (event) => resolve([performance.now() - start, event.data]);
    worker.postMessage(text);
  });
  const boot = await ask(requests[0]);
  const times = [];
  for (const text of requests) times.push(await ask(text));
  worker.terminate();
  return {boot: boot[0], times};
}"""


def positions(deals: int) -> list[tuple[str, str]]:
    """(label, request) for the start and the half-way position of each deal."""
    requests = []
    for number in catalogue(4)[:deals]:
        code = DealCode(number, 4)
        game = Game.new(code)
        requests.append(("start", hint_request(len(requests), game.position)))
        line = solve(game.position).moves
        for move in line[: len(line) // 2]:
            game.play(move)
        requests.append(("mid-game", hint_request(len(requests), game.position)))
    return requests


def report(name: str, values: list[float]) -> None:
    p50, p95 = statistics.median(values), percentile(values, 0.95)
    print(
        f"{name:<26} n={len(values):>3}  p50 {p50:7.1f} ms  p95 {p95:7.1f} ms  max {max(values):7.1f} ms  "
        f"p95/target {p95 / TARGET_MS:5.2f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=50)
    args = parser.parse_args(argv)
    requests = positions(args.deals)
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        build.build(dist)
        server = serve.start_server(dist)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(**chromium.launch_options())
                page = browser.new_page()
                page.goto(serve.url_of(server) + "index.html")
                page.wait_for_selector("html[data-ready]", timeout=120_000)
                result = page.evaluate(TIMER, [text for _, text in requests])
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    print(f"worker start and first hint: {result['boot']:.0f} ms (Pyodide loads once per page)")
    by_label: dict[str, list[float]] = {"start": [], "mid-game": []}
    verdicts: dict[str, int] = {}
    for (label, _), (ms, text) in zip(requests, result["times"], strict=True):
        by_label[label].append(ms)
        verdict = read_reply(text).verdict
        verdicts[verdict] = verdicts.get(verdict, 0) + 1
    print(f"verdicts: {json.dumps(verdicts)}")
    report("hint from the start", by_label["start"])
    report("hint from mid-game", by_label["mid-game"])
    report("hint, all positions", by_label["start"] + by_label["mid-game"])


if __name__ == "__main__":
    main()
