"""How many deals Freecell Solver solves, with 8, 4 and 2 cells: the FAQ's figures.

For each cell count, deals ``EO1-C{N}-…`` numbered 0 to ``--deals`` − 1 (the same shuffles
for every cell count, placed as the rules say) go through the project's deal→board tool
and the field's standard solver:

    python -m eightoff deal CODE | fc-solve -g eight_off --freecells-num N -sel -mi LIMIT -

A deal counts as solved when the solver prints "This game is solveable.". Freecell
Solver's group moves are more limited than ours (the game allows
``(free cells + 1) × 2^(empty columns)``), and a deal the solver gives up on may still be
won by a player, so the share it solves is a lower bound of the share that can be won.

    python tools/solvable_share.py                  # 300 deals for each of 8, 4, 2 cells
    python tools/solvable_share.py --deals 100 --cells 2
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eightoff import DealCode  # noqa: E402

OUTCOMES = {
    "This game is solveable.": "solved",
    "I could not solve this game.": "not solved",
    "Iterations count exceeded.": "gave up",
}


def deal_code(number: int, cells: int) -> str:
    """``EO1-C{cells}-XXXXXXX`` for a deal number (docs/deal-codes.md)."""
    return str(DealCode(number, cells))


def board(code: str) -> str:
    """The deal in Freecell Solver's board format, from ``python -m eightoff deal``."""
    done = subprocess.run(
        [sys.executable, "-m", "eightoff", "deal", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def solve(solver: str, text: str, cells: int, limit: int) -> str:
    """The solver's verdict on one board: solved, not solved, or gave up (limit reached)."""
    done = subprocess.run(
        [solver, "-g", "eight_off", "--freecells-num", str(cells), "-sel", "-mi", str(limit), "-"],
        input=text,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env=dict(os.environ, FREECELL_SOLVER_QUIET="1"),
    )
    for line in done.stdout.splitlines():
        if line.strip() in OUTCOMES:
            return OUTCOMES[line.strip()]
    raise SystemExit(f"solvable_share: fc-solve said nothing we know about {text[:40]!r}: {done.stderr}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=300, help="deals per cell count (default 300)")
    parser.add_argument("--cells", type=int, nargs="+", default=[8, 4, 2], choices=(8, 4, 2))
    parser.add_argument("--limit", type=int, default=1_000_000, help="fc-solve's -mi (states to check)")
    args = parser.parse_args(argv)
    solver = shutil.which("fc-solve")
    if solver is None:
        print("solvable_share: fc-solve is missing (apt-get install freecell-solver-bin)", file=sys.stderr)
        return 2
    for cells in args.cells:
        start = time.perf_counter()
        counts = Counter(
            solve(solver, board(deal_code(n, cells)), cells, args.limit) for n in range(args.deals)
        )
        share = counts["solved"] / args.deals
        print(
            f"{cells} cells: {counts['solved']} of {args.deals} deals solved ({share:.1%}); "
            f"not solved {counts['not solved']}, gave up {counts['gave up']}"
            f"  [{deal_code(0, cells)} … {deal_code(args.deals - 1, cells)}, "
            f"{time.perf_counter() - start:.0f} s]"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
