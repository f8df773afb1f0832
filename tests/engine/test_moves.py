"""Moves: our compact notation (docs/notation.md) and the points of SPEC §7."""

from __future__ import annotations

import pytest

from eightoff import Move, NotationError, Pile
from eightoff.errors import clipped


@pytest.mark.parametrize(
    ("text", "source", "target", "count", "printed"),
    [
        ("3a", "3", "a", 1, "3a"),
        ("a5", "a", "5", 1, "a5"),
        ("3H", "3", "H", 1, "3H"),
        ("H3", "H", "3", 1, "H3"),
        ("ab", "a", "b", 1, "ab"),
        ("Sa", "S", "a", 1, "Sa"),
        ("26x3", "2", "6", 3, "26x3"),
        ("81x13", "8", "1", 13, "81x13"),
        (" 12x2 ", "1", "2", 2, "12x2"),
        ("12x02", "1", "2", 2, "12x2"),
    ],
)
def test_parse_and_print(text: str, source: str, target: str, count: int, printed: str) -> None:
    move = Move.parse(text)
    assert move == Move(Pile.parse(source), Pile.parse(target), count)
    assert str(move) == printed
    assert repr(move) == f"Move.parse({printed!r})"
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize(
    "text",
    ["", "3", "123", "3ax", "26x1", "26x14", "26x0", "26x-2", "26x٣", "2 6", "26x3x", "12x" + "9" * 5000],
)
def test_syntax_errors(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Move.parse(text)
    assert info.value.code == "bad-move"
    assert str(info.value) == f"{clipped(text.strip())!r} is not a move (write it like 3a, a5, 3H or 26x3)"


def test_a_long_bad_move_is_quoted_cut() -> None:
    with pytest.raises(NotationError) as info:
        Move.parse("x" * 200_000)
    assert str(info.value) == "'xxxxxxxxxxxx…' is not a move (write it like 3a, a5, 3H or 26x3)"


@pytest.mark.parametrize(("text", "bad"), [("9a", "9"), ("1i", "i"), ("s1", "s"), ("1X", "X")])
def test_unknown_piles(text: str, bad: str) -> None:
    with pytest.raises(NotationError) as info:
        Move.parse(text)
    assert str(info.value).startswith(f"{bad!r} is not a pile")


def test_not_text() -> None:
    with pytest.raises(NotationError, match="a move must be text"):
        Move.parse(12)  # type: ignore[arg-type]


def test_reverse() -> None:
    assert Move.parse("26x3").reverse() == Move.parse("62x3")
    assert Move.parse("H3").reverse() == Move.parse("3H")


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("1H", 10),  # column to foundation
        ("aH", 10),  # cell to foundation
        ("a1", 5),  # cell to column
        ("12", 0),  # column to column
        ("12x3", 0),  # group
        ("1a", 0),  # into a cell
        ("ab", 0),  # cell to cell
        ("Ha", 0),  # take-back to a cell
        ("H1", 0),  # take-back to a column
        ("HS", 0),  # foundation to foundation (never legal, never scored)
    ],
)
def test_points(text: str, points: int) -> None:
    assert Move.parse(text).points == points
