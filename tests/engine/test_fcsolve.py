"""Cross-check with the field's standard solver: Freecell Solver solves our deals in its
``eight_off`` preset, and our replay of its solution wins with the expected score.

This needs ``fc-solve`` (Debian/Ubuntu: ``apt-get install freecell-solver-bin``); without
it the test fails rather than skips, so the check is never silently lost."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess

import pytest

from eightoff import DealCode, cli

CODES = [
    "EO1-C8-AAAAAFA",
    "EO1-C8-AAAAAAA",
    "EO1-C8-AAAAAAB",
    "EO1-C4-AAAAAAF",
    "EO1-C4-AAAAABB",
    "EO1-C2-AAAAAFI",
]


def solve(code: DealCode) -> str:
    solver = shutil.which("fc-solve")
    if solver is None:
        pytest.fail(
            "fc-solve is not installed: install freecell-solver-bin (apt-get install freecell-solver-bin)"
        )
    board = io.StringIO()
    assert cli.main(["deal", str(code)], stdout=board) == 0
    done = subprocess.run(
        [solver, "-g", "eight_off", "--freecells-num", str(code.cells), "-m", "-"],
        input=board.getvalue(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=dict(os.environ, FREECELL_SOLVER_QUIET="1"),
    )
    assert done.returncode == 0, done.stderr
    assert "This game is solveable." in done.stdout
    return done.stdout


@pytest.mark.parametrize("text", CODES)
def test_replay_of_the_solvers_solution_wins(text: str) -> None:
    code = DealCode.parse(text)
    solution = solve(code)
    moves = [line for line in solution.splitlines() if line.startswith("Move ")]
    from_cell_to_column = [
        line for line in moves if re.fullmatch(r"Move a card from freecell \d+ to stack \d+", line)
    ]
    assert moves, "the solver printed no moves"
    out = io.StringIO()
    assert cli.main(["replay", text], stdin=io.StringIO(solution), stdout=out) == 0
    summary = out.getvalue().splitlines()
    assert summary[:2] == ["Foundations: S-K H-K D-K C-K", "Freecells: " + " ".join(["-"] * code.cells)]
    assert summary[-3:] == [
        f"Score: {520 + 5 * len(from_cell_to_column)}",
        f"Moves: {len(moves)}",
        "Won: yes",
    ]
