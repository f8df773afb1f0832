"""Freecell Solver on our deals, shared by the tests: its solution of a deal (the lines it
prints and the same read as our moves) and a walk along solutions to a wanted position.

Needs ``fc-solve`` (Debian: ``apt-get install freecell-solver-bin``). Anything but a
solution or the solver's own "I could not solve this game." fails the test with the
command and everything the solver printed: a missing solver is never a silent skip.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from eightoff import DealCode, Game, Move, cli
from eightoff.fcs import is_solver_move, parse_solver_move
from eightoff.rules import apply
from eightoff.web.links.address import encode_moves

SOLVED = "This game is solveable."
UNSOLVED = "I could not solve this game."
CELL_TO_COLUMN = re.compile(r"Move a card from freecell \d+ to stack \d+")
"""The solver's words for the one move that scores 5 (SPEC §7); a won game adds 10 × 52."""


@dataclass(frozen=True)
class Solution:
    """A winning line of ``code``: ``lines`` as the solver printed them, ``moves`` the same
    read as our moves."""

    code: DealCode
    lines: list[str]
    moves: list[Move]

    @property
    def score(self) -> int:
        """The score of the won game counted from the solver's own lines: 10 for each of
        the 52 cards on a foundation, 5 for each card from a cell onto a column."""
        return 10 * 52 + 5 * sum(bool(CELL_TO_COLUMN.fullmatch(line)) for line in self.lines)

    def link(self, played: int) -> str:
        """The query of a position link ``played`` moves along the line
        (``deal=…&moves=…``): a whole game's win is proved once per input, and the other
        wins start from such a link near the end (the moves left still hold every kind)."""
        return f"deal={self.code}&moves={encode_moves(self.moves[:played])}"

    def game(self, played: int) -> Game:
        """The game ``played`` moves along the line, as the engine plays it."""
        game = Game.new(self.code)
        for move in self.moves[:played]:
            game.play(move)
        return game


NEAR_THE_END = 120
"""Where the wins that start from a position link start: the last 23 moves of
EO1-C8-AAAAAFA's line hold every kind of move its last 43 do, to and from the cells, to
the columns and home (tests/engine/test_fcsolve.py checks it); the whole game is the mouse's
and the touch's wins (tests/browser/test_win.py) and the smoke suite's drags."""


def run_solver(code: DealCode) -> str:
    """What ``fc-solve -g eight_off --freecells-num N -m`` prints for the deal as the
    command line prints it: a solution, or the solver's "I could not solve this game."."""
    solver = shutil.which("fc-solve")
    if solver is None:
        pytest.fail("fc-solve is not installed: apt-get install freecell-solver-bin", pytrace=False)
    board = io.StringIO()
    assert cli.main(["deal", str(code)], stdout=board) == 0
    command = [solver, "-g", "eight_off", "--freecells-num", str(code.cells), "-m", "-"]
    try:
        done = subprocess.run(
            command,
            input=board.getvalue(),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            env=dict(os.environ, FREECELL_SOLVER_QUIET="1"),
        )
    except subprocess.TimeoutExpired as error:
        pytest.fail(f"{' '.join(command)} on {code} took over 120 s:\n{error.stdout!r}", pytrace=False)
    if done.returncode != 0 or (SOLVED not in done.stdout and UNSOLVED not in done.stdout):
        pytest.fail(
            f"{' '.join(command)} on {code} exited with {done.returncode}\n"
            f"stdout:\n{done.stdout}\nstderr:\n{done.stderr}",
            pytrace=False,
        )
    return done.stdout


def solve(code: DealCode) -> Solution | None:
    """The solver's winning line for a deal, checked by playing it; ``None`` when the
    solver says the deal cannot be won."""
    out = run_solver(code)
    if UNSOLVED in out:
        return None
    lines = [line.strip() for line in out.splitlines() if is_solver_move(line)]
    position = code.deal()
    moves = []
    for line in lines:
        move = parse_solver_move(line, position)
        position = apply(position, move)
        moves.append(move)
    if not lines or not position.is_won:
        pytest.fail(f"the solver's {len(lines)} moves do not win {code}:\n{out}", pytrace=False)
    return Solution(code, lines, moves)


def solution(code: str | DealCode) -> Solution:
    """The solver's winning line for a deal it can win (fails the test otherwise)."""
    deal = code if isinstance(code, DealCode) else DealCode.parse(code)
    found = solve(deal)
    if found is None:
        pytest.fail(f"the solver cannot win {deal}", pytrace=False)
    return found


def reach(
    predicate: Callable[[Game], bool], cells: int = 8, numbers: range = range(60)
) -> tuple[str, list[Move], Game]:
    """Walk the solver's winning lines of deals ``numbers`` and return the first position
    where ``predicate(game)`` is true: the code, the moves that lead there, and the game
    at that position. Deals the solver cannot win are passed over; any other failure of
    the solver fails the test."""
    unsolved = 0
    for number in numbers:
        code = DealCode(number, cells)
        found = solve(code)
        if found is None:
            unsolved += 1
            continue
        game = Game.new(code)
        for index, move in enumerate(found.moves):
            if predicate(game):
                return str(code), found.moves[:index], game
            game.play(move)
    raise LookupError(
        f"no position found along the solutions of {len(numbers)} deals with {cells} cells"
        f" ({unsolved} of them unsolvable)"
    )
