"""Our solver against Freecell Solver on the same deals: ``python bench/solver.py`` (about 3 min).

Deals: numbers 0 to N-1 of each cell count (``EO1-C8-AAAAAAA`` …), N = 1000 with 8 and
4 cells and 300 with 2 cells (``--deals N`` runs N of each). Each deal is solved by
``eightoff.solver.solve`` (default budget) and by ``fc-solve -g eight_off -l eo
--freecells-num N -m`` reading the board ``python -m eightoff deal CODE`` prints, one
after the other in this run. CPU per deal: ``time.process_time`` around ``solve`` on our
side; on Freecell Solver's, the child's user + system time from ``getrusage`` (process
start included). Every solution, ours and Freecell Solver's, is replayed through ``Game``
and must win.

Targets (issue 12): 8 cells — every deal Freecell Solver solves is solved, median CPU
≤ 10× Freecell Solver's, p99 ≤ 1 s; 4 and 2 cells — a proved verdict for every deal,
every deal Freecell Solver solves among the solved, p95 ≤ 2 s.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eightoff import DealCode, Game
from eightoff.fcs import is_solver_move, parse_solver_move
from eightoff.solver import solve
from figures import percentile  # bench/figures.py

DEALS = {8: 1000, 4: 1000, 2: 300}


@dataclass
class Run:
    verdict: str
    seconds: float
    moves: int


def ours(code: DealCode) -> Run:
    position = code.deal()
    start = time.process_time()
    result = solve(position)
    seconds = time.process_time() - start
    if result.verdict == "solved":
        assert Game.after(code, result.moves).is_won, f"{code}: our solution does not win"
    return Run(result.verdict, seconds, len(result.moves))


def theirs(solver: str, code: DealCode) -> Run:
    board = code.deal().fcs()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [solver, "-g", "eight_off", "-l", "eo", "--freecells-num", str(code.cells), "-m", "-"],
        input=board,
        capture_output=True,
        text=True,
        check=False,
        env=dict(os.environ, FREECELL_SOLVER_QUIET="1"),
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if "This game is solveable." not in done.stdout:
        return Run("not solved", seconds, 0)
    game = Game.new(code)
    lines = [line for line in done.stdout.splitlines() if is_solver_move(line)]
    for line in lines:
        game.play(parse_solver_move(line, game.position))
    assert game.is_won, f"{code}: Freecell Solver's solution does not win here"
    return Run("solved", seconds, len(lines))


def report(cells: int, mine: list[Run], fcs: list[Run]) -> list[str]:
    count = len(mine)
    verdicts = {v: sum(r.verdict == v for r in mine) for v in ("solved", "unsolvable", "gave-up")}
    fcs_solved = sum(r.verdict == "solved" for r in fcs)
    missed = sum(f.verdict == "solved" and m.verdict != "solved" for m, f in zip(mine, fcs, strict=True))
    times = [r.seconds for r in mine]
    their_times = [r.seconds for r in fcs]
    median, p95, p99 = (percentile(times, s) for s in (0.5, 0.95, 0.99))
    their_median = percentile(their_times, 0.5)
    both = [(m.moves, f.moves) for m, f in zip(mine, fcs, strict=True) if m.verdict == f.verdict == "solved"]
    lines = [
        f"{cells} cells, {count} deals: ours solved {verdicts['solved']},"
        f" unsolvable {verdicts['unsolvable']}, gave up {verdicts['gave-up']};"
        f" Freecell Solver solved {fcs_solved}",
        f"  solvable share: {verdicts['solved'] / count:.1%} (ours, proved), {fcs_solved / count:.1%}"
        " (Freecell Solver's rules and search)",
        f"  deals Freecell Solver solves that we do not: {missed}",
        f"  CPU per deal, ours: median {median * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms,"
        f" p99 {p99 * 1000:.1f} ms, max {max(times) * 1000:.1f} ms; total {sum(times):.1f} s",
        f"  CPU per deal, Freecell Solver: median {their_median * 1000:.1f} ms,"
        f" p95 {percentile(their_times, 0.95) * 1000:.1f} ms; total {sum(their_times):.1f} s",
        f"  median ratio ours / Freecell Solver: {median / max(their_median, 1e-6):.2f}",
    ]
    if both:
        ours_median = statistics.median(m for m, _ in both)
        their_length = statistics.median(f for _, f in both)
        lines.append(
            f"  solution length (moves) median over the {len(both)} deals both solve:"
            f" ours {ours_median:.0f}, Freecell Solver {their_length:.0f}"
        )
    if cells == 8:
        checks = [
            ("every deal Freecell Solver solves is solved", missed == 0),
            ("median CPU <= 10x Freecell Solver's", median <= 10 * their_median),
            ("p99 CPU <= 1 s", p99 <= 1.0),
        ]
    else:
        checks = [
            ("a proved verdict for every deal", verdicts["gave-up"] == 0),
            ("every deal Freecell Solver solves is solved", missed == 0),
            ("p95 CPU <= 2 s", p95 <= 2.0),
        ]
    lines += [f"  target: {name}: {'met' if ok else 'NOT MET'}" for name, ok in checks]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--deals", type=int, help="deals of each cell count (default 1000, 1000, 300)")
    parser.add_argument("--cells", type=int, nargs="+", choices=(8, 4, 2), default=[8, 4, 2])
    args = parser.parse_args()
    solver = shutil.which("fc-solve")
    if solver is None:
        sys.exit("bench/solver.py needs fc-solve: apt-get install freecell-solver-bin")
    version = subprocess.run([solver, "--version"], capture_output=True, text=True, check=False)
    release = version.stdout.split()[-1] if version.stdout.split() else "?"
    python = f"{platform.python_implementation()} {platform.python_version()}"
    print(f"Solver benchmark: {python}; Freecell Solver {release}")
    print("deals: numbers 0..N-1 of each cell count; CPU: process_time (ours), child rusage (fc-solve -l eo)")
    for cells in args.cells:
        count = args.deals if args.deals is not None else DEALS[cells]
        mine, fcs = [], []
        for number in range(count):
            code = DealCode(number, cells)
            fcs.append(theirs(solver, code))
            mine.append(ours(code))
        print("\n".join(report(cells, mine, fcs)), flush=True)


if __name__ == "__main__":
    main()
