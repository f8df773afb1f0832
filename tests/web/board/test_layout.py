"""Board sizes (eightoff/web/board/layout.py): cards sized for the columns the game has,
everything fits without scrolling from a 320×568 phone to a 1920×1080 desktop, corners
stay inside their cards and readable, and the piles stand on one grid; cards held by the
width grow taller into the height left (up to a bridge card's proportions), and the player's
"Large" cards are never smaller, with larger corners."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eightoff.web.board.layout import (
    COLUMNS,
    CORNER_EM,
    CORNER_INSET,
    LONGEST,
    MIN_CARD_W,
    RATIO,
    RATIO_TALL,
    RESERVE,
    RESERVE_LARGE,
    TARGET,
    board_layout,
    corner_font,
    least_fan,
)

# Board boxes: the viewport minus the bar above the board (two lines on phones).
BOXES = [(360, 566), (375, 600), (412, 800), (768, 960), (1024, 700), (1366, 700), (1920, 1030)]

MEASURED = {
    # window: the board's box in Chromium (tests/browser/test_fit.py) and the room the page
    # keeps beside the columns (--side), and at the deal (longest column 6) and with a
    # 15-card column: card width, top rows, corner font. Since issue 36 the bar's buttons
    # and the links to the pages are 44-px targets: on a phone upright the bar is two rows of
    # buttons over the figures and the links a row under the board; on a phone on its side
    # the buttons stand beside the columns and the links at the end of the figures' line; on
    # a tablet the links end the figures' line; on a wide screen they stand beside the
    # columns.
    (320, 568): ((320, 380, 0), (35.7, 2, 13.0), (33.7, 2, 13.0)),
    (360, 640): ((360, 452, 0), (40.1, 2, 13.0), (40.1, 2, 13.0)),
    (640, 360): ((640, 310, 108), (45.0, 1, 13.5), (31.1, 1, 11.8)),
    (768, 1024): ((768, 928, 0), (85.6, 2, 20.0), (85.6, 2, 20.0)),
    (1024, 768): ((1024, 672, 0), (97.8, 2, 20.0), (72.3, 1, 20.0)),
    (1280, 800): ((1280, 752, 120), (116.9, 2, 20.0), (93.7, 1, 20.0)),
    (1920, 1080): ((1920, 1032, 120), (150.0, 2, 24.0), (147.0, 1, 23.5)),
}
"""Before issue 21 §4 the cards were, in the same order: 34.2, 40.1, 27.9 (the page
scrolled), 85.6, 71.3, 92.7 and 124 px wide whatever the columns held; before issue 36,
at the deal: 35.7, 40.1, 45.0, 85.6, 105.0, 113.0 and 150.0."""


@pytest.mark.parametrize("window", list(MEASURED))
def test_the_cards_of_each_window_at_the_deal_and_with_a_long_column(window: tuple[int, int]) -> None:
    (width, height, side), dealt, long = MEASURED[window]
    for longest, (card_w, rows, font) in ((6, dealt), (15, long)):
        box = board_layout(width, height, 8, longest, side)
        assert (round(box.card_w, 1), box.rows, box.font) == (card_w, rows, font)
        assert box.board_h == height  # no scrolling


def test_a_phone_on_its_side_gets_cards_of_44_px_and_a_laptop_uses_its_height() -> None:
    side = board_layout(640, 299, 8, 6)
    assert side.card_w >= 44 and side.rows == 1
    laptop = board_layout(1280, 736, 8, 6)
    # limited by the height, not the width: half a pixel wider and the reserved column
    # would not fit under the top rows
    assert laptop.grid_w < 1280 - 2 * laptop.gap
    wider_h = (laptop.card_w + 0.5) * 1.4
    assert (
        laptop.rows * (wider_h + laptop.gap)
        + laptop.gap
        + wider_h
        + (RESERVE - 1) * least_fan(laptop.card_w + 0.5)
        > 736
    )


@pytest.mark.parametrize("longest", [6, RESERVE, 15, LONGEST])
@pytest.mark.parametrize("cells", [8, 4, 2])
@pytest.mark.parametrize(("width", "height"), BOXES)
def test_the_longest_column_fits_with_readable_corners(
    width: int, height: int, cells: int, longest: int
) -> None:
    box = board_layout(width, height, cells, longest)
    assert box.font >= 13
    assert box.fan_min >= box.font
    assert box.top_h + box.card_h + (longest - 1) * box.fan(longest) <= height + 0.5
    assert box.grid_w + 2 * box.gap <= width + 0.5


def test_columns_tighten_only_when_long() -> None:
    box = board_layout(360, 566, 8)
    fans = [box.fan(n) for n in range(1, LONGEST + 1)]
    assert fans[0] == fans[5] == box.fan_max
    assert fans == sorted(fans, reverse=True)
    assert fans[-1] >= box.fan_min


def test_the_rows_follow_the_room() -> None:
    assert board_layout(360, 566, 8).rows == 2  # a phone: foundations above eight cells
    assert board_layout(360, 566, 4).rows == 1
    assert (board_layout(1920, 1030, 8).rows, board_layout(1920, 1030, 8).slots) == (2, 8)
    # a long column: one row of twelve leaves more height for it
    assert (board_layout(1920, 1030, 8, 15).rows, board_layout(1920, 1030, 8, 15).slots) == (1, 12)
    assert board_layout(1920, 1030, 4, 15).slots == COLUMNS


def test_cards_are_readable_at_phone_size_and_grow_into_the_height_upright() -> None:
    box = board_layout(360, 566, 8)
    assert box.card_w >= 38 and box.card_h / box.card_w == pytest.approx(RATIO_TALL)
    side = board_layout(1024, 672, 8)  # held by the height: a poker card's proportions
    assert side.card_h / side.card_w == pytest.approx(RATIO)


# Upright, a 390 × 844 phone's board (390 × 690): the cards of each size, their height, the
# corner's font and the least strip of a covered card; 1280 × 800 as measured (1280 × 752,
# 120 px beside the columns), at the deal.
@pytest.mark.parametrize(
    ("box", "standard", "large"),
    [
        ((390, 690, 0), (44.0, 68.7, 13.2, 16.5), (44.0, 68.7, 17.0, 21.2)),
        ((1280, 752, 120), (116.9, 163.7, 20.0, 25.0), (119.5, 172.1, 26.2, 32.8)),
    ],
)
def test_large_cards_have_larger_corners_and_on_a_board_held_by_its_height_are_larger(
    box: tuple[int, int, int], standard: tuple[float, ...], large: tuple[float, ...]
) -> None:
    width, height, side = box
    for chosen, expected in ((False, standard), (True, large)):
        layout = board_layout(width, height, 8, 6, side, large=chosen)
        found = (round(layout.card_w, 1), round(layout.card_h, 1), layout.font, layout.fan_min)
        assert found == expected
        assert layout.reserve == (RESERVE_LARGE if chosen else RESERVE)
    assert board_layout(width, height, 8, 12, side, large=True).holds(12)  # a long column: sized for it


def test_the_corner_scales_below_13_px_only_when_it_must() -> None:
    assert [corner_font(w) for w in (28, 30, 34, 40, 44, 60, 100, 150)] == [
        10.4,
        11.3,
        13.0,
        13.0,
        13.2,
        18.0,
        20.0,
        24.0,
    ]


# -- properties ---------------------------------------------------------------------------

widths = st.floats(min_value=240, max_value=3840, allow_nan=False)
heights = st.floats(min_value=160, max_value=2160, allow_nan=False)
cell_counts = st.sampled_from([8, 4, 2])
longests = st.integers(min_value=0, max_value=LONGEST)


@given(st.floats(min_value=MIN_CARD_W - 0.5, max_value=400, allow_nan=False), st.booleans())
def test_the_widest_corner_stays_inside_its_card(card_w: float, large: bool) -> None:
    font = corner_font(card_w, large)
    assert CORNER_INSET + CORNER_EM * font <= card_w
    assert font >= 10 and least_fan(card_w, large) >= font
    assert corner_font(card_w, True) >= corner_font(card_w)


@given(widths, heights, cell_counts, longests, st.booleans())
def test_every_layout_fits_its_box_or_grows_only_with_the_smallest_cards(
    width: float, height: float, cells: int, longest: int, large: bool
) -> None:
    box = board_layout(width, height, cells, longest, large=large)
    assert box.holds(longest)
    assert RATIO - 1e-9 <= box.card_h / box.card_w <= RATIO_TALL + 1e-9
    assert box.grid_w + 2 * box.gap <= width + 1e-6  # never sideways
    assert box.card_h + (max(longest, 1) - 1) * box.fan(longest) <= box.column_h + 1e-6
    assert box.top_h + box.column_h <= box.board_h + 1e-6
    if box.board_h > height + 1e-6:  # the page scrolls only when nothing smaller exists
        assert box.card_w <= MIN_CARD_W
    fans = [box.fan(n) for n in range(1, LONGEST + 1)]
    assert fans == sorted(fans, reverse=True) and fans[-1] >= box.fan_min


@given(widths, heights, cell_counts, longests, longests, st.booleans())
def test_a_longer_column_never_makes_the_cards_larger(
    width: float, height: float, cells: int, one: int, other: int, large: bool
) -> None:
    short, long = sorted((one, other))
    longer, shorter = (board_layout(width, height, cells, n, large=large) for n in (long, short))
    assert longer.card_w <= shorter.card_w and longer.card_h <= shorter.card_h + 1e-9
    if long <= (RESERVE_LARGE if large else RESERVE):  # sized for the reserve: the same board
        assert longer == shorter


@given(widths, heights, cell_counts, st.integers(min_value=0, max_value=RESERVE_LARGE))
def test_large_cards_are_never_smaller_while_the_columns_are_short(
    width: float, height: float, cells: int, longest: int
) -> None:
    """A longer column needs longer strips for the larger corners: the Large cards then
    shrink more (both are sized for the column as it grows)."""
    standard, large = (board_layout(width, height, cells, longest, large=chosen) for chosen in (False, True))
    assert large.card_w >= standard.card_w and large.font >= standard.font


@given(widths, heights, st.floats(min_value=0, max_value=600, allow_nan=False), cell_counts, longests)
def test_more_height_never_makes_the_cards_smaller(
    width: float, height: float, more: float, cells: int, longest: int
) -> None:
    taller, box = (board_layout(width, h, cells, longest) for h in (height + more, height))
    assert taller.card_w >= box.card_w
    if taller.card_w == box.card_w:  # the same width: never shorter
        assert taller.card_h >= box.card_h - 1e-9


# -- touch targets, the room beside the columns, the how-to's place (issue 36) -------------


def test_a_column_with_room_shows_44_px_strips_and_a_long_one_tightens_evenly() -> None:
    box = board_layout(390, 700, 8)  # a phone upright: the deal's columns have the room
    assert box.fan_max == TARGET and box.fan(7) == TARGET
    assert box.card_h + 6 * box.fan(7) <= box.column_h
    long = box.fan(LONGEST)  # no room: evenly tighter, never under the corner
    assert box.fan_min <= long < TARGET
    side = board_layout(844, 340, 8)  # a phone on its side: the deal's columns have not
    assert side.fan(7) < TARGET and side.card_h + 6 * side.fan(7) <= side.column_h + 1e-6
    assert board_layout(1920, 1030, 8).fan_max == 52.5  # a large card keeps its quarter


def test_the_gaps_give_way_for_44_px_cards_on_a_390_px_phone() -> None:
    assert round(board_layout(390, 700, 8).card_w, 1) == 44.0
    assert board_layout(390, 700, 8).gap == 4.2
    assert board_layout(375, 700, 8).gap == 4.5  # too narrow for 44 px: the usual gap
    assert board_layout(414, 700, 8).gap == pytest.approx(414 * 0.012)


@pytest.mark.parametrize("cells", [8, 4, 2])
@pytest.mark.parametrize(("width", "height"), [(640, 310), (844, 340), (568, 270), (1280, 750), (1024, 668)])
def test_the_room_asked_beside_the_columns_is_kept(width: int, height: int, cells: int) -> None:
    for side in (0, 108, 120):
        box = board_layout(width, height, cells, side=side)
        assert box.side_w >= side - 1e-6
        assert box.columns_w + 2 * box.side_w == pytest.approx(width)
        assert box.side_top == (box.top_h if box.grid_w > box.columns_w + 0.5 else 0.0)


@given(widths, heights, cell_counts, st.floats(min_value=0, max_value=200))
def test_a_side_never_makes_the_cards_larger(width: float, height: float, cells: int, side: float) -> None:
    assert board_layout(width, height, cells, side=side).card_w <= board_layout(width, height, cells).card_w


@pytest.mark.parametrize("cells", [8, 4, 2])
@pytest.mark.parametrize(("width", "height"), BOXES)
def test_the_free_part_of_the_top_row_holds_no_card_of_a_deal(width: int, height: int, cells: int) -> None:
    """The how-to's place: the first top row from its fifth pile (one row) or all of it (the
    foundations' own row); a deal puts cards in the first four cells at most."""
    box = board_layout(width, height, cells)
    x, y, free_w, free_h = box.free_top
    grid_x = (width - box.grid_w) / 2
    assert (y, free_h) == (round(box.gap, 1), round(box.card_h, 1))
    assert x + free_w == pytest.approx(grid_x + box.grid_w, abs=0.11)
    filled = min(cells, 4)  # the cells a deal fills, from the row's left
    first = 0 if box.rows == 2 else filled
    assert x >= grid_x + first * (box.card_w + box.gap) - 0.11
