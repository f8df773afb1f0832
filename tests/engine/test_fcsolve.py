"""Cross-check with the field's standard solver: Freecell Solver solves our deals in its
``eight_off`` preset with the deal's cell count, and our replay of its solution wins with
the score counted from the solver's own lines.

This needs ``fc-solve`` (Debian/Ubuntu: ``apt-get install freecell-solver-bin``); without
it the test fails rather than skips, so the check is never silently lost."""

from __future__ import annotations

import io

import pytest

from eightoff import DealCode, cli
from tests.fcsolve import NEAR_THE_END, UNSOLVED, run_solver, solution, solve

CODES = [
    "EO1-C8-AAAAAFA",
    "EO1-C8-AAAAAAA",
    "EO1-C8-AAAAAAB",
    "EO1-C4-AAAAAAF",
    "EO1-C4-AAAAABB",
    "EO1-C2-AAAAAFI",
]


@pytest.mark.parametrize("text", CODES)
def test_replay_of_the_solvers_solution_wins(text: str) -> None:
    code = DealCode.parse(text)
    winning = solution(code)
    out = io.StringIO()
    assert cli.main(["replay", text], stdin=io.StringIO(run_solver(code)), stdout=out) == 0
    summary = out.getvalue().splitlines()
    assert summary[:2] == ["Foundations: S-K H-K D-K C-K", "Freecells: " + " ".join(["-"] * code.cells)]
    assert summary[-3:] == [f"Score: {winning.score}", f"Moves: {len(winning.lines)}", "Won: yes"]


def test_the_seeds_deal_wins_with_715_points_in_143_moves() -> None:
    """The figures the browser test checks on the page, from the solver's lines alone:
    143 moves, 39 of them from a cell onto a column: 10 × 52 + 5 × 39 = 715."""
    winning = solution("EO1-C8-AAAAAFA")
    assert (len(winning.lines), winning.score) == (143, 715)


def test_the_wins_near_the_end_still_play_every_kind_of_move_the_last_43_do() -> None:
    """The wins from a position link near the end (keyboard, tap-to-select, the mouse's
    and the touch's second wins, the smoke suite's keyboard win) play the last 23 moves:
    every kind of move the last 43, where they used to start, hold."""
    moves = solution("EO1-C8-AAAAAFA").moves
    kinds = [(move.source.kind, move.target.kind) for move in moves[NEAR_THE_END:]]
    assert len(kinds) == 23
    assert (
        set(kinds)
        == {(m.source.kind, m.target.kind) for m in moves[100:]}
        == {
            ("column", "cell"),
            ("cell", "column"),
            ("column", "foundation"),
            ("cell", "foundation"),
        }
    )


def test_the_solver_plays_with_the_deals_cell_count() -> None:
    """With 2 cells the solver must not use 8: this deal is won with 8 cells but not 2."""
    assert solve(DealCode(0, 8)) is not None
    assert solve(DealCode(0, 2)) is None
    assert UNSOLVED in run_solver(DealCode(0, 2))
