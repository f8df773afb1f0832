"""The build's certification of the levels: ``python bench/levels.py`` (about 45 s of one core).

For each cell count, ``--deals`` deals of its catalogue (default 200 for 8 and 4 cells, 100
for 2), every k-th in stored order so runs compare, are certified again as
``tools/winnable.py`` certifies them: :func:`eightoff.levels.certify` with the catalogue's
``CERTIFY`` budget (every cap from 0 up to the deal's, each searched to its end or to the
win with the fewest fills), its win replayed through ``Game`` and checked against the cap.
CPU per deal is
``time.process_time``, one process. Printed per cell count:

- the certification per 1,000 catalogue deals (seconds of CPU), and per deal the median,
  p95 and max, with the positions searched;
- the ratio to the plain win the catalogue needed before levels (``solve`` with the
  scan's ``BUDGET``, no cap) on the same deals: what certifying adds, whatever the machine;
- the build's whole scan per 1,000 catalogue deals: the certification, plus the plain
  search of every deal scanned (``SCANNED / catalogue size`` of them per deal kept, timed
  on the first ``--scan`` deals of the scan's sequence, most of them lost with 4 and 2
  cells).

The load average is printed before and after: the machine's other work slows every figure
alike but the ratios less.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from eightoff import DealCode, Game  # noqa: E402
from eightoff.levels import certify  # noqa: E402
from eightoff.solver import solve, within  # noqa: E402
from eightoff.winnable import catalogue  # noqa: E402
from figures import percentile  # noqa: E402  (bench/figures.py)
from winnable import numbers, won  # noqa: E402  (tools/winnable.py)

DEALS = {8: 200, 4: 200, 2: 100}
SCAN = 300


def per_thousand(seconds: float, count: int) -> float:
    return 1000 * seconds / count


def bench(cells: int, count: int, scan: int) -> list[str]:
    data = importlib.import_module(f"eightoff.winnable_deals_{cells}")
    numbers_kept = catalogue(cells)
    step = max(1, len(numbers_kept) // count)
    sample = [DealCode(number, cells) for number in numbers_kept[::step][:count]]
    times: list[float] = []
    positions: list[float] = []
    plain: list[float] = []
    for code in sample:
        start = time.process_time()
        found = certify(code.deal(), data.CERTIFY)
        assert found is not None, f"{code} is no longer certified"
        assert Game.after(code, found.moves).is_won and within(code.deal(), found.moves, found.measure.cap)
        times.append(time.process_time() - start)
        positions.append(found.positions)
        start = time.process_time()
        solve(code.deal(), data.BUDGET)
        plain.append(time.process_time() - start)
    source = numbers(cells)
    start = time.process_time()
    for _ in range(scan):
        won(DealCode(next(source), cells), data.BUDGET)
    per_scanned = (time.process_time() - start) / scan
    certifying = per_thousand(sum(times), len(sample))
    scanning = 1000 * per_scanned * data.SCANNED / len(numbers_kept)
    median, p95 = (percentile(times, share) * 1000 for share in (0.5, 0.95))
    whole = (certifying + scanning) * len(numbers_kept) / 1000
    return [
        f"{cells} cells, {len(sample)} of {len(numbers_kept)} catalogue deals:",
        f"  certification per 1,000 deals: {certifying:.1f} s CPU"
        f" (per deal: median {median:.1f} ms, p95 {p95:.1f} ms, max {max(times) * 1000:.1f} ms;"
        f" positions median {percentile(positions, 0.5):.0f}, max {max(positions)})",
        f"  ratio to the plain win on the same deals: {sum(times) / max(sum(plain), 1e-9):.1f}"
        f" ({per_thousand(sum(plain), len(sample)):.1f} s per 1,000)",
        f"  the build's scan per 1,000 catalogue deals: {certifying + scanning:.0f} s CPU"
        f" ({data.SCANNED / len(numbers_kept):.1f} deals scanned per deal kept,"
        f" {per_scanned * 1000:.2f} ms each); the whole catalogue: {whole:.0f} s",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--deals", type=int, help="catalogue deals per cell count (200, 200, 100)")
    parser.add_argument("--scan", type=int, default=SCAN, help=f"scanned deals timed per cell count ({SCAN})")
    parser.add_argument("--cells", type=int, nargs="+", choices=(8, 4, 2), default=[8, 4, 2])
    args = parser.parse_args()
    print(f"Level certification benchmark: {platform.python_implementation()} {platform.python_version()}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    for cells in args.cells:
        print("\n".join(bench(cells, args.deals or DEALS[cells], args.scan)), flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
