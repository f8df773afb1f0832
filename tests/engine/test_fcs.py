"""Freecell Solver's solution lines read as our moves (docs/notation.md)."""

from __future__ import annotations

import pytest

from eightoff import DealCode, Move, NotationError
from eightoff.fcs import is_solver_move, parse_solver_move

START = DealCode.parse("EO1-C8-AAAAAFA").deal()  # tops: 5S 5H 8D 4H 5C JS 6D TS; cells QS 7S TH KS


@pytest.mark.parametrize(
    ("line", "move"),
    [
        ("Move a card from stack 0 to freecell 4", "1e"),
        ("Move a card from stack 7 to freecell 7", "8h"),
        ("Move a card from freecell 0 to stack 3", "a4"),
        ("Move a card from freecell 3 to freecell 5", "df"),
        ("Move a card from stack 0 to the foundations", "1S"),
        ("Move a card from stack 3 to the foundations", "4H"),
        ("Move a card from freecell 2 to the foundations", "cH"),
        ("Move a card from stack 4 to the foundations", "5C"),
        ("Move a card from stack 6 to the foundations", "7D"),
        ("Move 3 cards from stack 1 to stack 5", "26x3"),
        ("Move 1 cards from stack 1 to stack 5", "26"),
        ("  Move 13 cards from stack 7 to stack 0  ", "81x13"),
    ],
)
def test_lines(line: str, move: str) -> None:
    assert is_solver_move(line)
    assert parse_solver_move(line, START) == Move.parse(move)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Move a card from stack 8 to freecell 0", "there is no stack 8"),
        ("Move a card from freecell 9 to stack 0", "there is no freecell 9"),
        ("Move a card from stack 0 to stack 10", "there is no stack 10"),
        ("Move 0 cards from stack 0 to stack 1", "'Move 0 cards from stack 0 to stack 1' moves 0 cards"),
        ("Move 14 cards from stack 0 to stack 1", "moves 14 cards"),
        ("Move a card from freecell 4 to the foundations", "moves from an empty pile"),
        ("Move a card from stack 0 to the moon", "is not a Freecell Solver move"),
        ("Move two cards from stack 0 to stack 1", "is not a Freecell Solver move"),
        ("Move a card from stack 100 to stack 1", "is not a Freecell Solver move"),
    ],
)
def test_bad_lines(line: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as info:
        parse_solver_move(line, START)
    assert info.value.code == "bad-move"


def test_is_solver_move() -> None:
    assert not is_solver_move("1e 1f")
    assert not is_solver_move("This game is solveable.")
    assert is_solver_move("  Move a card")
