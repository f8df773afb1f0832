"""Find the positions the Examples page shows, with the engine and Freecell Solver.

Each case of the Examples page (pages/<lang>/examples.md) is a real position: a deal code
and the moves that lead there. This script plays Freecell Solver's solution of many deals
(``fc-solve -g eight_off``), looks at the position after every move, and keeps, for each
case, the shortest move sequence whose position shows it. The result is reproducible:
the same deals and the same solver give the same positions.

    python tools/find_examples.py                # deals EO1-C8-AAAAAAA and the next 299
    python tools/find_examples.py --deals 1000   # look further

It prints what ``pages/examples.toml`` holds: for each case the deal code, the moves
(joined with dots, as in the position link ``index.html?deal=CODE&moves=M1.M2…``) and the
moves the text is about, with the facts found as a comment. tests/tools/test_pages.py checks
what the page's text says about each position on every language's page. Needs
``fc-solve`` (``apt-get install freecell-solver-bin``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eightoff import DealCode, Game, Move, Pile, Position, capacity, is_legal
from eightoff.fcs import is_solver_move, parse_solver_move
from eightoff.rules import run_length
from eightoff.web.links.address import MOVE_SEPARATOR

Facts = dict[str, object]
Case = Callable[[Game], Facts | None]


@dataclass(frozen=True)
class Found:
    code: DealCode
    moves: tuple[Move, ...]
    facts: Facts

    def toml(self, name: str) -> str:
        """The entry of pages/examples.toml."""
        marks = ", ".join(f'"{m}"' for m in self.facts["marks"])  # type: ignore[attr-defined]
        return "\n".join(
            [
                f"[{name}]  # {len(self.moves)} moves; {self.facts}",
                f'deal = "{self.code}"',
                f'moves = "{MOVE_SEPARATOR.join(str(m) for m in self.moves)}"',
                f"marks = [{marks}]",
            ]
        )


# --- the cases --------------------------------------------------------------------------------


def _columns(position: Position) -> Iterator[tuple[Pile, tuple[object, ...]]]:
    for index, cards in enumerate(position.columns, start=1):
        yield Pile.column(index), cards


def _empty_column(position: Position) -> Pile:
    return next(pile for pile, cards in _columns(position) if not cards)


def _king_run(game: Game, length: int) -> Facts | None:
    """2 free cells, 1 empty column and a king heading a run of ``length`` cards that has
    other cards under it (so that moving it is worth something)."""
    p = game.position
    if p.free_cells != 2 or p.empty_columns != 1:
        return None
    empty = _empty_column(p)
    for pile, cards in _columns(p):
        if len(cards) > length and run_length(p.columns[pile.index - 1]) == length:
            king = p.columns[pile.index - 1][-length]
            if king.rank == 13:
                move = Move(pile, empty, length)
                return {"marks": [str(move)], "legal": is_legal(p, move), "king": str(king)}
    return None


def worked_fits(game: Game) -> Facts | None:
    return _king_run(game, 3)


def worked_refused(game: Game) -> Facts | None:
    return _king_run(game, 4)


def group(game: Game) -> Facts | None:
    """A run of 3 or more cards, more than free cells + 1, goes onto an occupied column
    as one move: it needs the empty columns' doubling. Free cells 2, 4 or 6, so that the
    seeds' capacity table shows the case in one of its rows."""
    p = game.position
    if not p.empty_columns or p.free_cells not in (2, 4, 6):  # a row of the seeds' table
        return None
    limit = capacity(p.free_cells, p.empty_columns)
    for source, _ in _columns(p):
        length = run_length(p.columns[source.index - 1])
        if length < 3 or length <= p.free_cells + 1 or length > limit:
            continue
        for target, other in _columns(p):
            move = Move(source, target, length)
            if other and is_legal(p, move):
                return {
                    "marks": [str(move)],
                    "free_cells": p.free_cells,
                    "empty_columns": p.empty_columns,
                    "capacity": limit,
                }
    return None


def tap(game: Game) -> Facts | None:
    """A column's top card, not an ace, that one tap sends to its foundation; another
    column's top card that a tap leaves where it is."""
    p = game.position
    goes = [pile for pile, cards in _columns(p) if cards and game.tap(pile) and p.top(pile).rank > 1]  # type: ignore[union-attr]
    stays = [pile for pile, cards in _columns(p) if cards and not game.tap(pile)]
    if goes and stays:
        return {"marks": [str(game.tap(goes[0]))], "stays": str(stays[0])}
    return None


def double_tap(game: Game) -> Facts | None:
    """Three top cards that a double tap sends to three kinds of pile: one that a column
    would take too goes to its foundation, one goes to a column, one to a free cell."""
    p = game.position
    found: Facts = {}
    for pile, cards in _columns(p):
        if not cards:
            continue
        move = game.double_tap(pile, len(cards) - 1)
        if move is None or move.count != 1:
            continue
        if move.target.is_foundation and "foundation" not in found:
            if any(is_legal(p, Move(pile, other)) for other, c in _columns(p) if c):
                found["foundation"] = str(move)
        elif move.target.is_column and "column" not in found and p.size(move.target):
            found["column"] = str(move)
        elif move.target.is_cell and "cell" not in found:
            found["cell"] = str(move)
    if len(found) < 3:
        return None
    return {"marks": [found["foundation"], found["column"], found["cell"]]}


def take_back(game: Game) -> Facts | None:
    """The top card of a foundation (not an ace) that a column accepts back."""
    p = game.position
    for suit in "SHDC":
        source = Pile.foundation(suit)
        if p.size(source) < 2:
            continue
        for target, cards in _columns(p):
            if cards and is_legal(p, Move(source, target)):
                return {"marks": [str(Move(source, target))]}
    return None


CASES: dict[str, Case] = {
    "worked": worked_fits,
    "worked-refused": worked_refused,
    "group": group,
    "tap": tap,
    "double-tap": double_tap,
    "take-back": take_back,
}
DERIVED = ("undo-group",)
"""Cases made from another: the group example one move later, the group just moved."""


# --- the search -------------------------------------------------------------------------------


def solution(code: DealCode, solver: str) -> list[str]:
    """Freecell Solver's solution lines for a deal (empty when it finds none)."""
    done = subprocess.run(
        [solver, "-g", "eight_off", "--freecells-num", str(code.cells), "-mi", "200000", "-m", "-"],
        input=code.deal().fcs() + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=dict(os.environ, FREECELL_SOLVER_QUIET="1"),
    )
    if "This game is solveable." not in done.stdout:
        return []
    return [line for line in done.stdout.splitlines() if is_solver_move(line)]


def search(codes: list[DealCode], solver: str) -> dict[str, Found]:
    best: dict[str, Found] = {}
    for code in codes:
        game = Game.new(code)
        played: list[Move] = []
        for line in ["", *solution(code, solver)]:
            if line:
                move = parse_solver_move(line, game.position)
                game.play(move)
                played.append(move)
            for name, case in CASES.items():
                if name in best and len(best[name].moves) <= len(played):
                    continue
                facts = case(game)
                if facts is not None:
                    best[name] = Found(code, tuple(played), facts)
    if "group" in best:
        shown = best["group"]
        move = Move.parse(shown.facts["marks"][0])  # type: ignore[index]
        best["undo-group"] = Found(shown.code, (*shown.moves, move), {"marks": [str(move.reverse())]})
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=300, help="how many deals to look at (default 300)")
    parser.add_argument("--cells", type=int, default=8, choices=(8, 4, 2))
    args = parser.parse_args(argv)
    solver = shutil.which("fc-solve")
    if solver is None:
        print("find_examples: fc-solve is missing (apt-get install freecell-solver-bin)", file=sys.stderr)
        return 2
    codes = [DealCode(n, args.cells) for n in range(args.deals)]
    found = search(codes, solver)
    for name in (*CASES, *DERIVED):
        if name not in found:
            print(f"# {name}: not found in {args.deals} deals\n")
            continue
        print(found[name].toml(name), end="\n\n")
    return 0 if len(found) == len(CASES) + len(DERIVED) else 1


if __name__ == "__main__":
    sys.exit(main())
