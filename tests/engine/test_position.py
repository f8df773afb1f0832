"""Positions: always 52 distinct cards; Freecell Solver's board format both ways."""

from __future__ import annotations

import pytest

from eightoff import (
    Card,
    DealCode,
    DealCodeError,
    EightOffError,
    NotationError,
    Pile,
    Position,
    PositionError,
)
from eightoff.position import CELL_COUNTS, cell_choices, check_cells

from .helpers import board

START = """\
Foundations: S-0 H-0 D-0 C-0
Freecells: QS 7S TH KS - - - -
: 3S AD 8H KH 6S 5S
: JH 8C 6C AC 3H 5H
: 6H 2H KD 7H 5D 8D
: 4S JC 7D 9C QH 4H
: AS QC 2S 7C 4C 5C
: 3C 9S 2D TC TD JS
: AH 9D 9H KC QD 6D
: 8S 2C 4D 3D JD TS"""


def test_fcs_round_trip_of_a_deal() -> None:
    position = DealCode.parse("EO1-C8-AAAAAFA").deal()
    assert position.fcs() == START
    assert Position.from_fcs(START) == position


def test_fcs_of_a_position_in_play() -> None:
    position = board("*", "KH QH", "", "9D", cells="5H - KS -", found="S-Q H-4 D-8", n=4)
    assert position.fcs() == (
        "Foundations: S-Q H-4 D-8 C-0\n"
        "Freecells: 5H - KS -\n"
        ": 6H 7H 8H 9H TH JH TD JD QD KD AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC\n"
        ": KH QH\n"
        ":\n"
        ": 9D\n"
        ":\n:\n:\n:"
    )
    assert Position.from_fcs(position.fcs()) == position


def test_reading_is_lenient_about_layout() -> None:
    text = """
    foundations: h-k S-13 D-10 c-j

    : QD JD
    KD
    QC KC
    """
    position = Position.from_fcs(text, cells=2)
    assert position.foundations == (13, 13, 10, 11)
    assert position.columns[:3] == (
        (Card.parse("QD"), Card.parse("JD")),
        (Card.parse("KD"),),
        (Card.parse("QC"), Card.parse("KC")),
    )
    assert position.cells == (None, None)


def test_cells_argument_pads_trailing_empty_cells() -> None:
    text = "Foundations: S-K H-K D-K C-Q\nFreecells: KC"
    assert Position.from_fcs(text, cells=4).cells == (Card.parse("KC"), None, None, None)
    with pytest.raises(NotationError, match="a game has 8, 4 or 2 cells, not 1"):
        Position.from_fcs(text)


@pytest.mark.parametrize(
    ("text", "cells", "message"),
    [
        ("Foundations: S-K H-K D-K C-K\n" + ": \n" * 0 + "\n".join(["AS"] * 9), 8, "this text has 9"),
        ("Foundations: S-K H-K D-K C-K", None, "not 0"),
        ("Foundations: S-K H-K D-K C-K", 3, "not 3"),
        ("Foundations: S-K H-K D-K C-Q\nFreecells: - - - KC", 2, "4 cells are listed for a game of 2"),
        ("Foundations: S-K H-K D-K X-K", 8, "'X-K' is not a foundation"),
        ("Foundations: S-K H-K D-K C", 8, "'C' is not a foundation"),
        ("Foundations: S-K H-K D-K C-", 8, "'C-' is not a foundation"),
        ("Foundations: S-K H-K D-K C-14", 8, "'C-14' is not a foundation"),
        ("Foundations: S-K H-K D-K C-²", 8, "'C-²' is not a foundation"),
        ("Foundations: S-K H-K D-K C-" + "0" * 5000, 8, "is not a foundation"),
        ("Foundations: S-K H-K D-K C-X", 8, "'C-X' is not a foundation"),
        ("Foundations: S-K H-K D-K C-Q\n: KC QX", 8, "'QX' is not a card"),
    ],
)
def test_notation_errors(text: str, cells: int | None, message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("(", r"\(")):
        Position.from_fcs(text, cells=cells)


def test_not_text() -> None:
    with pytest.raises(NotationError, match="a position must be text"):
        Position.from_fcs(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Foundations: S-K H-K D-K C-Q\n: KC KC", "a card appears twice: KC"),
        ("Foundations: S-K H-K D-K C-K\n: KC", "a card appears twice: KC"),
        ("Foundations: S-K H-K D-K C-J\n: KC", "cards are missing: QC"),
        ("Foundations: S-K H-K D-K", "cards are missing: AC, 2C, 3C"),
    ],
)
def test_position_errors(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position.from_fcs(text, cells=8)


def test_one_sentence_for_a_cell_count_everywhere() -> None:
    """Every part of the game refuses a cell count outside CELL_COUNTS with one sentence,
    under its own error type and code; deal codes spell the counts with their C."""
    good = DealCode(0).deal()
    refusals = []
    for refuse in (
        lambda: Position(good.columns, good.cells[:6], good.foundations),
        lambda: Position.from_fcs(START, cells=6),
        lambda: DealCode(0, 6),
        lambda: DealCode(0, 8.0),  # type: ignore[arg-type]
    ):
        with pytest.raises(EightOffError) as info:
            refuse()
        refusals.append((type(info.value), info.value.code, str(info.value)))
    assert refusals == [
        (PositionError, "position", "a game has 8, 4 or 2 cells, not 6"),
        (NotationError, "notation", "a game has 8, 4 or 2 cells, not 6"),
        (DealCodeError, "deal-cells", "a game has 8, 4 or 2 cells, not 6"),
        (DealCodeError, "deal-cells", "a game has 8, 4 or 2 cells, not 8.0"),
    ]
    assert (CELL_COUNTS, cell_choices(), cell_choices("C")) == ((8, 4, 2), "8, 4 or 2", "C8, C4 or C2")
    assert check_cells(4, PositionError) == 4


def test_constructor_checks_the_shape() -> None:
    good = DealCode(0).deal()
    with pytest.raises(PositionError, match="8 columns, not 7"):
        Position(good.columns[:7], good.cells, good.foundations)
    with pytest.raises(PositionError, match="8, 4 or 2 cells, not 3"):
        Position(good.columns, good.cells[:3], good.foundations)
    with pytest.raises(PositionError, match="0 to 13 cards"):
        Position(good.columns, good.cells, (14, 0, 0, 0))
    with pytest.raises(PositionError, match="not a card"):
        Position(good.columns, ("AS", *good.cells[1:]), good.foundations)  # type: ignore[arg-type]


def test_queries() -> None:
    position = board("* 5C", "KH QH", "", cells="5H - KS -", found="S-Q H-4 D-8", n=4)
    h, col2, cell_a, cell_b = Pile.parse("H"), Pile.parse("2"), Pile.parse("a"), Pile.parse("b")
    assert position.cards(col2) == (Card.parse("KH"), Card.parse("QH"))
    assert position.cards(cell_a) == (Card.parse("5H"),)
    assert position.cards(cell_b) == ()
    assert [str(c) for c in position.cards(h)] == ["AH", "2H", "3H", "4H"]
    assert position.top(col2) == Card.parse("QH")
    assert position.top(Pile.parse("3")) is None
    assert position.top(h) == Card.parse("4H")
    assert position.top(Pile.parse("C")) is None
    assert position.top(cell_b) is None
    assert [position.size(p) for p in (col2, cell_a, cell_b, h)] == [2, 1, 0, 4]
    assert (position.free_cells, position.empty_columns, position.is_won) == (2, 6, False)
    assert [str(p) for p in position.piles()] == list("12345678abcdSHDC")


def test_piles_the_game_does_not_have() -> None:
    position = board(cells="- -", found="S-K H-K D-K C-K", n=2)
    assert position.is_won
    with pytest.raises(NotationError, match="there is no cell 3 in this game") as info:
        position.size(Pile.parse("c"))
    assert info.value.code == "no-pile"
    with pytest.raises(NotationError, match="there is no column 9"):
        position.top(Pile.column(9))
