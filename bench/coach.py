"""Where a lost game slipped away, timed in the page's solver worker (python bench/coach.py).

Issue 24's budgets, measured in Chromium on the page as players get it (dist/ built into a
temporary directory, served locally), with the very worker the page starts (the address in
its ``<meta name="eightoff-hint-worker">``) and the page's own requests
(eightoff/web/solver/messages.py):

- the last winnable position of 100 lost games of the 4-cell catalogue (deal i of the
  catalogue, ``tests/players.py: lost_line(code, seed=i)``: a seeded random player plays
  until the solver proves no winning line remains, then on for up to 20 moves; a deal it
  never loses within 200 moves is passed over: one of the first 101), each the
  back request the page sends (the undo history: at most 100 moves): p50 ≤ 0.3 s,
  p95 ≤ 1.5 s, from ``postMessage`` to the reply's arrival (performance.now() in the page);
- 8-cell deals whose searches are the slowest we found (:data:`HARD_EIGHT`: of deals 0 to
  1847, those our solver does not settle within 5,000 positions; 1275 cannot be won at all),
  each after 30 moves of the seeded player: the back request and the deal code's verdict
  request; every answer, a search that gives up included, within 3 s;
- taps on the board (tap to painted, as in bench/interaction.py) while the worker works
  through the 4-cell back requests (``--rounds`` times over): p95 ≤ 1 frame.

The same back searches are timed in CPython too (their ratio says how much slower the
page's Pyodide is on this machine now). The machine's load average is printed before and
after: the figures are one run on a shared machine.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "bench")]

from interaction import CODE as TAP_CODE  # noqa: E402  (bench/interaction.py)
from interaction import FRAME_MS, PROBES, tap_and_undo  # noqa: E402
from interaction import report as report_ms  # noqa: E402

import build  # noqa: E402  (tools/build.py)
import chromium  # noqa: E402  (tools/chromium.py)
import serve  # noqa: E402  (tools/serve.py)
from eightoff import DealCode, Game  # noqa: E402
from eightoff.game import UNDO_LIMIT  # noqa: E402
from eightoff.history import last_winnable  # noqa: E402
from eightoff.rules import legal_moves  # noqa: E402
from eightoff.web.solver.messages import back_request, read_reply, verdict_request  # noqa: E402
from eightoff.winnable import catalogue  # noqa: E402
from figures import percentile  # noqa: E402  (bench/figures.py)
from tests.players import lost_line  # noqa: E402

P50_S, P95_S, GIVE_UP_S = 0.3, 1.5, 3.0
HARD_EIGHT = (63, 363, 978, 1275, 1823, 1847)
"""8-cell deal numbers our solver does not settle within 5,000 positions (a scan of deals
0 to 1847); with the full budget 1275 is proved lost, the others won, in 0.4 to 1 s of
CPython on an idle core."""

TIMER = """async (requests) => {
  const url = document.querySelector('meta[name="eightoff-hint-worker"]').content;
  const worker = new Worker(url, {type: "module"});
  window.benchWorker = {worker, replies: 0, total: 0};
  const ask = (text) => new Promise((resolve) => {
    const start = performance.now();
    worker.onmessage = (event) => resolve([performance.now() - start, event.data]);
    worker.postMessage(text);
  });
  const boot = await ask(requests[0]);
  const times = [];
  for (const text of requests) times.push(await ask(text));
  return {boot: boot[0], times};
}"""

BUSY = """(requests) => new Promise((resolve) => {
  const b = window.benchWorker;
  b.replies = 0; b.total = requests.length;
  b.worker.onmessage = () => { b.replies += 1; };
  for (const request of requests) b.worker.postMessage(request);
  resolve(null);
})"""


def lost_games(count: int) -> list[tuple[Game, str]]:
    """The lost games of the 4-cell catalogue and the page's back request for each."""
    games = []
    for index, number in enumerate(catalogue(4)):
        code = DealCode(number, 4)
        line = lost_line(code, index)
        if not line:
            continue  # the player never lost this one (within 200 moves): the next deal
        game = Game.after(code, line)
        games.append((game, request_of(game, index)))
        if len(games) == count:
            return games
    raise AssertionError(f"fewer than {count} lost games")


def request_of(game: Game, serial: int) -> str:
    """The page's back request: the undo history from the oldest position it reaches (the
    deal: these games are shorter than undo's 100 actions)."""
    assert game.moves == len(game.undo_stack) <= UNDO_LIMIT
    return back_request(serial, game.code.deal(), tuple(game.undo_stack))


def hard_eight(moves: int = 30) -> list[Game]:
    """The hard 8-cell deals after ``moves`` of a seeded player (any legal move but a
    take-back)."""
    games = []
    for number in HARD_EIGHT:
        rng = random.Random(number)
        game = Game.new(DealCode(number, 8))
        for _ in range(moves):
            legal = [m for m in legal_moves(game.position) if not m.source.is_foundation]
            if not legal:
                break
            game.play(rng.choice(legal))
        games.append(game)
    return games


def taps_while_busy(page: Page, requests: list[str], taps: int) -> tuple[list[list[float]], int]:
    page.evaluate(BUSY, requests)
    page.evaluate("() => { window.bench.taps = []; }")
    for _ in range(taps):
        if not page.evaluate("window.benchWorker.replies < window.benchWorker.total"):
            break
        tap_and_undo(page)
    return page.evaluate("window.bench.taps"), page.evaluate("window.benchWorker.replies")


def report(name: str, seconds: list[float], targets: dict[str, float]) -> None:
    p50, p95 = statistics.median(seconds), percentile(seconds, 0.95)
    ratios = "  ".join(
        f"{label}/target {value / target:5.2f}"
        for label, target in targets.items()
        for value in [{"p50": p50, "p95": p95, "max": max(seconds)}[label]]
    )
    print(
        f"{name:<34} n={len(seconds):>3}  p50 {p50:6.3f} s  p95 {p95:6.3f} s  "
        f"max {max(seconds):6.3f} s  {ratios}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument(
        "--rounds", type=int, default=4, help="how often the busy worker is sent the back searches"
    )
    args = parser.parse_args(argv)
    load_before = os.getloadavg()
    games = lost_games(args.games)
    local = []
    for game, _ in games:
        started = time.perf_counter()
        last_winnable(game.code.deal(), tuple(game.undo_stack))
        local.append(time.perf_counter() - started)
    eight = hard_eight()
    requests = [text for _, text in games]
    eight_requests = [request_of(game, 1000 + i) for i, game in enumerate(eight)]
    eight_requests += [verdict_request(2000 + i, game.code) for i, game in enumerate(eight)]
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        build.build(dist)
        server = serve.start_server(dist)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(**chromium.launch_options())
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.goto(serve.url_of(server) + f"index.html?deal={TAP_CODE}")
                page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
                page.evaluate(PROBES)
                result = page.evaluate(TIMER, requests + eight_requests)
                for _ in range(args.taps):
                    tap_and_undo(page)
                idle = page.evaluate("window.bench.taps")
                busy, answered = taps_while_busy(page, requests * args.rounds, args.taps)
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    load_after = os.getloadavg()
    times = [ms / 1000 for ms, _ in result["times"]]
    replies = [read_reply(text) for _, text in result["times"]]
    four, eight_back, eight_verdict = (
        times[: len(requests)],
        times[len(requests) :][: len(eight)],
        times[-len(eight) :],
    )
    counted = Counter(r.verdict for r in replies[: len(requests)])
    found = counted["solved"]
    print(f"load average (1, 5, 15 min): before {load_before}, after {load_after}; 2 cores, shared")
    print(f"worker start and first answer: {result['boot']:.0f} ms (Pyodide loads once per page)")
    print(
        f"4-cell lost games: {found} of {len(requests)} found the last winnable position "
        f"(verdicts {dict(counted)}; gave-up: the 2 s limit ran out)"
    )
    report("4-cell last winnable, page worker", four, {"p50": P50_S, "p95": P95_S})
    report("4-cell last winnable, CPython", local, {"p50": P50_S, "p95": P95_S})
    print(
        "  page worker / CPython, same searches: "
        f"p50 {statistics.median(four) / statistics.median(local):.2f}"
    )
    verdicts = [r.verdict for r in replies[len(requests) :]]
    print(f"8-cell hard deals {HARD_EIGHT}: back {verdicts[: len(eight)]}, verdict {verdicts[len(eight) :]}")
    report("8-cell back search, page worker", eight_back, {"max": GIVE_UP_S})
    report("8-cell code verdict, page worker", eight_verdict, {"max": GIVE_UP_S})
    report_ms("tap (pointerdown), worker idle", [t[0] for t in idle], FRAME_MS, "frame")
    report_ms("tap (pointerdown), worker busy", [t[0] for t in busy], FRAME_MS, "frame")
    quiet, loaded = [t[0] for t in idle], [t[0] for t in busy]
    print(
        f"  worker busy / idle, same run: p50 {statistics.median(loaded) / statistics.median(quiet):.2f}, "
        f"p95 {percentile(loaded, 0.95) / percentile(quiet, 0.95):.2f}"
    )
    print(f"  (the worker answered {answered} of {len(requests) * args.rounds} back searches meanwhile)")


if __name__ == "__main__":
    main()
