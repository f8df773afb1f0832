"""Build the catalogues of certified winnable deals and their levels,
``eightoff/winnable_deals_8.py``, ``_4.py`` and ``_2.py``.

For each cell count, deal numbers are drawn one after another from SplitMix64 seeded with
``SEED + cells`` (so the scan is the same on every machine). A deal enters the catalogue
when

1. our solver wins it within ``BUDGET`` positions and its solution, replayed move by move
   through :class:`eightoff.Game`, ends in a won game (the test the 4- and 2-cell
   catalogues were built by before they had levels, so they keep their deals and order:
   the daily deal draws from the 4-cell one by place), and
2. its measure is certified (:func:`eightoff.levels.certify`: caps from 0 up, each
   search within ``CERTIFY`` positions, every lower cap proved lost), and the win found
   under its cap, replayed through ``Game``, wins, keeps to the cap
   (:func:`eightoff.solver.within`) and puts exactly the measure's fills into cells.

Deals won in 1 but not certified in 2 are left out and counted (``UNCERTIFIED``). The scan
stops once a cell count holds ``--count`` deals. The levels' cuts are chosen over the
catalogue's measures (:func:`eightoff.levels.cut`: as near thirds as whole measures allow)
and stored with it. The solver is deterministic for a position budget, so the same
arguments write the same files.

    python tools/winnable.py                          # 3,000 deals for 8 cells, 2,050 for 4, 310 for 2
    python tools/winnable.py --cells 2                # only the 2-cell catalogue
    python tools/winnable.py --count 8=60 --out /tmp  # a quick look, written to /tmp

Blocks of deals are scanned in parallel (``--jobs``), the results kept in scan order. Each
module stores its deals as 6-byte big-endian words (``fills << 40 | cap << 35 | number``),
base64, in scan order.
"""

from __future__ import annotations

import argparse
import base64
import itertools
import multiprocessing
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.pool import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eightoff import DealCode, Game  # noqa: E402
from eightoff.deal import NUMBERS, SplitMix64  # noqa: E402
from eightoff.levels import CERTIFY_BUDGET, LEVELS, Measure, certify, cut, level  # noqa: E402
from eightoff.solver import fills, solve, within  # noqa: E402
from eightoff.winnable import CAP_BITS, NUMBER_BITS, WORD  # noqa: E402

SEED = 20261130
BUDGET = 20_000
CERTIFY = CERTIFY_BUDGET
COUNTS = {8: 3000, 4: 2050, 2: 310}
OUT = ROOT / "eightoff"
BLOCK = 100
"""Deals per job handed to a process."""
WIDTH = 96
"""Characters of base64 per source line."""


@dataclass(frozen=True)
class Scan:
    """One cell count's scan: the deals kept with their measures, in scan order."""

    cells: int
    kept: list[tuple[int, Measure]]
    scanned: int
    uncertified: int
    seconds: float


def won(code: DealCode, budget: int = BUDGET) -> bool:
    """Whether the solver wins ``code`` within ``budget`` positions and its moves, replayed
    through :class:`Game`, win the game (test 1)."""
    result = solve(code.deal(), budget)
    return result.verdict == "solved" and Game.after(code, result.moves).is_won


def measured(code: DealCode, budget: int = CERTIFY) -> Measure | None:
    """The certified measure of ``code`` (test 2), its win checked through :class:`Game`;
    ``None`` when a search gave up."""
    found = certify(code.deal(), budget)
    if found is None:
        return None
    measure, moves = found.measure, found.moves
    if not (Game.after(code, moves).is_won and within(code.deal(), moves, measure.cap)):
        raise AssertionError(f"{code}: the win under cap {measure.cap} does not check")
    if fills(moves) != measure.fills:
        raise AssertionError(f"{code}: the win puts {fills(moves)} cards into cells, not {measure.fills}")
    return measure


def numbers(cells: int) -> Iterator[int]:
    """The deal numbers scanned for ``cells``, in order."""
    rng = SplitMix64(SEED + cells)
    while True:
        yield rng.below(NUMBERS)


def scan_block(job: tuple[int, list[int], int, int]) -> list[tuple[int, Measure | None]]:
    """The numbers of one block of deals that pass test 1, each with its certified
    measure (``None``: not certified)."""
    cells, block, budget, certify_budget = job
    return [
        (number, measured(DealCode(number, cells), certify_budget))
        for number in block
        if won(DealCode(number, cells), budget)
    ]


def scan(pool: Pool, cells: int, count: int, budget: int, certify_budget: int) -> Scan:
    """Scan deals of ``cells`` cells, blocks of :data:`BLOCK` in parallel but kept in scan
    order, until ``count`` are certified. The result does not depend on the number of
    processes."""
    source = numbers(cells)
    jobs = ((cells, list(itertools.islice(source, BLOCK)), budget, certify_budget) for _ in itertools.count())
    kept: list[tuple[int, Measure]] = []
    uncertified = 0
    start = time.perf_counter()
    for blocks, block in enumerate(pool.imap(scan_block, jobs), 1):
        for number, measure in block:
            if measure is None:
                uncertified += 1
            else:
                kept.append((number, measure))
                if len(kept) == count:
                    break
        if len(kept) >= count:
            break
        print(
            f"{cells} cells: {blocks * BLOCK} deals, {len(kept)} kept, {uncertified} uncertified,"
            f" {time.perf_counter() - start:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    pool.terminate()
    # The deals scanned: up to the last one kept.
    last = kept[-1][0]
    scanned = next(i for i, n in enumerate(numbers(cells), 1) if n == last)
    return Scan(cells, kept, scanned, uncertified, time.perf_counter() - start)


def pack(kept: list[tuple[int, Measure]]) -> list[str]:
    """The deals as :data:`eightoff.winnable.WORD`-byte words, base64, cut into source lines."""
    words = []
    for number, (cap, fill) in kept:
        if not (number < 1 << NUMBER_BITS and cap < 1 << CAP_BITS and fill < 1 << (8 * WORD - 40)):
            raise ValueError(f"deal {number} with cap {cap} and {fill} fills does not fit a word")
        word = fill << (NUMBER_BITS + CAP_BITS) | cap << NUMBER_BITS | number
        words.append(word.to_bytes(WORD, "big"))
    text = base64.b64encode(b"".join(words)).decode("ascii")
    return [text[i : i + WIDTH] for i in range(0, len(text), WIDTH)]


def render(result: Scan, budget: int, certify_budget: int) -> str:
    """The catalogue module of one cell count."""
    cells = result.cells
    measures = [measure for _, measure in result.kept]
    easy, medium = cut(measures)
    sizes = Counter(level(measure, (easy, medium)) for measure in measures)
    caps = Counter(measure.cap for measure in measures)
    lines = [
        f'"""Certified winnable {cells}-cell deals and their levels: GENERATED by tools/winnable.py,',
        "do not edit.",
        "",
        "Each deal here was won by eightoff.solver, its solution replayed to a win through Game,",
        "and its measure (eightoff.levels) certified: the fewest cards its cells must hold at",
        "once (``cap``: won under it, proved lost under one card less), then the fewest cards",
        "put into cells in a win under that cap (``fills``). ``DEALS`` holds 6-byte big-endian",
        "words, ``fills << 40 | cap << 35 | deal number``, base64, in the order scanned.",
        '"""',
        "",
        "from typing import Final",
        "",
        f"CELLS: Final = {cells}",
        f"SEED: Final = {SEED}",
        f"BUDGET: Final = {budget}",
        '"""Positions the solver had to win each deal in (before its measure was certified)."""',
        f"CERTIFY: Final = {certify_budget}",
        '"""Positions each search of the certification could take."""',
        f"SCANNED: Final = {result.scanned}",
        '"""Deals the tool scanned, up to the last one kept."""',
        f"UNCERTIFIED: Final = {result.uncertified}",
        '"""Deals it won but left out: a search gave up before their measure was certified."""',
        f"CUTS: Final = ({tuple(easy)}, {tuple(medium)})",
        '"""The last (cap, fills) of Easy and of Medium: the rest is Hard."""',
        "LEVELS: Final = {" + ", ".join(f'"{name}": {sizes[name]}' for name in LEVELS) + "}",
        '"""Deals of each level."""',
        "CAPS: Final = {" + ", ".join(f"{cap}: {caps[cap]}" for cap in sorted(caps)) + "}",
        '"""Deals of each cap."""',
        "DEALS: Final = (",
    ]
    lines.extend(f'    "{chunk}"' for chunk in pack(result.kept))
    lines.append(")")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--cells", type=int, action="append", choices=sorted(COUNTS), help="only these cell counts (all)"
    )
    parser.add_argument(
        "--count",
        action="append",
        default=[],
        metavar="CELLS=N",
        help="deals to keep (" + ", ".join(f"{c}={n}" for c, n in COUNTS.items()) + ")",
    )
    parser.add_argument(
        "--budget", type=int, default=BUDGET, help=f"solver positions to win a deal ({BUDGET})"
    )
    parser.add_argument(
        "--certify", type=int, default=CERTIFY, help=f"positions for each certifying search ({CERTIFY})"
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (all cores)")
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write the modules in")
    args = parser.parse_args(argv)
    counts = dict(COUNTS)
    for item in args.count:
        cells, _, number = item.partition("=")
        if not cells.isdigit() or int(cells) not in COUNTS or not number.isdigit():
            parser.error(f"--count takes 8=N, 4=N or 2=N, not {item!r}")
        counts[int(cells)] = int(number)
    for cells in args.cells or list(COUNTS):
        with multiprocessing.Pool(args.jobs) as pool:
            result = scan(pool, cells, counts[cells], args.budget, args.certify)
        print(
            f"{cells} cells: {len(result.kept)} kept of {result.scanned} deals scanned"
            f" ({result.uncertified} won but not certified) in {result.seconds:.0f} s"
        )
        target = args.out / f"winnable_deals_{cells}.py"
        target.write_text(render(result, args.budget, args.certify), encoding="utf-8")
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
