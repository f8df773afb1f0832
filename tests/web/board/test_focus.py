"""Where the board's focus goes for each key (eightoff/web/board/focus.py; docs/dom-contract.md,
"Keys")."""

from __future__ import annotations

import pytest

from eightoff.web.board.focus import NavKey, Spot, landing, rows_for, settle, step

ONE_ROW = rows_for(4, 1)  # cells 1-4, foundations S H D C; the columns
TWO_ROWS = rows_for(8, 2)  # foundations; cells 1-8; the columns
SIZES = {"column-1": 6, "column-2": 0, "column-8": 3, "cell-1": 1}


def test_rows_are_drawn_in_the_pages_order() -> None:
    assert ONE_ROW[0] == (
        "cell-1",
        "cell-2",
        "cell-3",
        "cell-4",
        "foundation-S",
        "foundation-H",
        "foundation-D",
        "foundation-C",
    )
    assert TWO_ROWS[0] == ("foundation-S", "foundation-H", "foundation-D", "foundation-C")
    assert TWO_ROWS[1] == tuple(f"cell-{n}" for n in range(1, 9))
    assert TWO_ROWS[2] == ONE_ROW[1] == tuple(f"column-{n}" for n in range(1, 9))


@pytest.mark.parametrize(
    ("rows", "spot", "key", "expected"),
    [
        # along a row: a column's top card, an empty column or a cell itself; no wrapping
        (ONE_ROW, Spot("column-1", 2), "ArrowRight", Spot("column-2")),
        (ONE_ROW, Spot("column-2"), "ArrowLeft", Spot("column-1", 5)),
        (ONE_ROW, Spot("column-1", 5), "ArrowLeft", Spot("column-1", 5)),
        (ONE_ROW, Spot("column-8", 2), "ArrowRight", Spot("column-8", 2)),
        (ONE_ROW, Spot("column-3"), "End", Spot("column-8", 2)),
        (ONE_ROW, Spot("column-3"), "Home", Spot("column-1", 5)),
        (ONE_ROW, Spot("column-1", 5), "Home", Spot("column-1", 5)),
        (ONE_ROW, Spot("column-1", 0), "Home", Spot("column-1", 5)),
        (ONE_ROW, Spot("column-8", 0), "End", Spot("column-8", 2)),
        (ONE_ROW, Spot("cell-2"), "ArrowLeft", Spot("cell-1")),
        (ONE_ROW, Spot("cell-4"), "ArrowRight", Spot("foundation-S")),
        (ONE_ROW, Spot("foundation-D"), "End", Spot("foundation-C")),
        # inside a column: down the fan towards the top card, then no further
        (ONE_ROW, Spot("column-1", 2), "ArrowDown", Spot("column-1", 3)),
        (ONE_ROW, Spot("column-1", 5), "ArrowDown", Spot("column-1", 5)),
        (ONE_ROW, Spot("column-2"), "ArrowDown", Spot("column-2")),
        (ONE_ROW, Spot("column-1", 3), "ArrowUp", Spot("column-1", 2)),
        # between rows: the same place across, a column's first card going down
        (ONE_ROW, Spot("column-1", 0), "ArrowUp", Spot("cell-1")),
        (ONE_ROW, Spot("column-2"), "ArrowUp", Spot("cell-2")),
        (ONE_ROW, Spot("column-8", 0), "ArrowUp", Spot("foundation-C")),
        (ONE_ROW, Spot("cell-1"), "ArrowDown", Spot("column-1", 0)),
        (ONE_ROW, Spot("foundation-S"), "ArrowDown", Spot("column-5")),
        (ONE_ROW, Spot("cell-1"), "ArrowUp", Spot("cell-1")),
        (TWO_ROWS, Spot("foundation-S"), "ArrowDown", Spot("cell-2")),
        (TWO_ROWS, Spot("foundation-C"), "ArrowDown", Spot("cell-8")),
        (TWO_ROWS, Spot("cell-8"), "ArrowUp", Spot("foundation-C")),
        (TWO_ROWS, Spot("cell-3"), "ArrowDown", Spot("column-3")),
        (TWO_ROWS, Spot("column-8", 0), "ArrowUp", Spot("cell-8")),
        (TWO_ROWS, Spot("foundation-H"), "ArrowUp", Spot("foundation-H")),
    ],
    ids=repr,
)
def test_each_key_moves_the_focus(
    rows: tuple[tuple[str, ...], ...], spot: Spot, key: NavKey, expected: Spot
) -> None:
    assert step(rows, SIZES, spot, key) == expected


def test_two_cell_rows_map_across() -> None:
    rows = rows_for(2, 1)
    assert [step(rows, {}, Spot(f"column-{n}"), "ArrowUp").pile for n in range(1, 9)] == [
        "cell-1",
        "cell-2",
        "cell-2",
        "foundation-S",
        "foundation-H",
        "foundation-D",
        "foundation-D",
        "foundation-C",
    ]
    assert [step(rows, {}, Spot(pile), "ArrowDown").pile for pile in rows[0]] == [
        "column-1",
        "column-3",
        "column-4",
        "column-5",
        "column-7",
        "column-8",
    ]


def test_a_pile_off_the_board_is_refused() -> None:
    with pytest.raises(ValueError, match="the pile 'cell-5' is not on the board"):
        step(ONE_ROW, SIZES, Spot("cell-5"), "ArrowLeft")


def test_the_focus_settles_after_the_piles_change() -> None:
    assert settle(Spot("column-1", 9), SIZES) == Spot("column-1", 5)
    assert settle(Spot("column-1", 2), SIZES) == Spot("column-1", 2)
    assert settle(Spot("column-2", 0), SIZES) == Spot("column-2")
    assert settle(Spot("column-1"), SIZES) == Spot("column-1", 5)
    assert settle(Spot("cell-1"), SIZES) == Spot("cell-1")
    assert settle(Spot("cell-8"), SIZES) == Spot("column-1", 5)  # a cell of a game with more cells
    assert landing("column-8", SIZES, first=True) == Spot("column-8", 0)
    assert landing("cell-1", SIZES) == Spot("cell-1")


def test_a_cards_spot_is_where_it_lies() -> None:
    from eightoff import DealCode
    from eightoff.web.board.focus import spot_of_card

    position = DealCode.parse("EO1-C8-AAAAAFA").deal()
    assert spot_of_card(position, "5S") == Spot("column-1", 5)
    with pytest.raises(ValueError, match="1S is not in the position"):
        spot_of_card(position, "1S")
