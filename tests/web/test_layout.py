"""Board sizes (eightoff/web/board/layout.py): everything fits without scrolling from a
360×640 phone to a 1920×1080 desktop, and corners stay readable."""

from __future__ import annotations

import pytest

from eightoff.web.board.layout import LONGEST, board_layout

# Board boxes: the viewport minus the bar above the board (two lines on phones).
BOXES = [(360, 566), (375, 600), (412, 800), (768, 960), (1024, 700), (1366, 700), (1920, 1030)]


@pytest.mark.parametrize("cells", [8, 4, 2])
@pytest.mark.parametrize(("width", "height"), BOXES)
def test_the_longest_column_fits_with_readable_corners(width: int, height: int, cells: int) -> None:
    box = board_layout(width, height, cells)
    assert box.font >= 13
    assert box.fan_min >= box.font
    top = box.rows * (box.card_h + box.gap) + box.gap
    assert top + box.card_h + (LONGEST - 1) * box.fan(LONGEST) <= height + 0.5
    slots = 8 if box.rows == 2 else cells + 4
    assert slots * box.card_w + (slots + 1) * box.gap <= width + 0.5


def test_columns_tighten_only_when_long() -> None:
    box = board_layout(360, 566, 8)
    fans = [box.fan(n) for n in range(1, LONGEST + 1)]
    assert fans[0] == fans[5] == box.fan_max
    assert fans == sorted(fans, reverse=True)
    assert fans[-1] >= box.fan_min


def test_phones_put_foundations_above_eight_cells_and_desktops_use_one_row() -> None:
    assert board_layout(360, 566, 8).rows == 2
    assert board_layout(360, 566, 4).rows == 1
    assert board_layout(1920, 1030, 8).rows == 1


def test_cards_are_readable_at_phone_size() -> None:
    box = board_layout(360, 566, 8)
    assert box.card_w >= 38 and box.card_h / box.card_w == pytest.approx(1.4)
