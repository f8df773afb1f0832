"""Sizes of the board: cards, gaps, the top row(s) and the overlap of each column, so that
everything fits the board's box without scrolling (pure Python, tested under CPython).

The page measures the board element and sets the results as CSS custom properties; CSS
does the placing.

>>> box = board_layout(360, 540, cells=8)
>>> box.rows, round(box.card_w), round(box.card_h)
(2, 40, 56)
>>> box.fan(6) == box.fan_max, box.fan(19) < box.fan_max
(True, True)
>>> box.font
13.0
>>> round(box.card_h + 18 * box.fan(19)) <= round(box.column_h)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

COLUMNS: Final = 8
FOUNDATIONS: Final = 4
RATIO: Final = 1.4
"""Card height over card width."""
MAX_CARD_W: Final = 124.0
MIN_CARD_W: Final = 28.0
LONGEST: Final = 19
"""The longest column possible: 7 dealt cards under a king and its 12-card run."""
PLANNED: Final = 12
"""The board keeps room for a column this long at the comfortable overlap."""
FAN_MAX: Final = 0.25
"""The comfortable overlap, as a share of the card height."""


def corner_font(card_w: float) -> float:
    """The corner's font size for a card width: readable at phone size, not huge on a
    desktop."""
    return round(max(13.0, min(card_w * 0.3, 20.0)), 1)


def least_fan(card_w: float) -> float:
    """The least overlap: the corner (rank and suit) stays fully visible."""
    return round(corner_font(card_w) * 1.25, 1)


@dataclass(frozen=True)
class Layout:
    """Pixel sizes of the board for one box size and cell count."""

    width: float
    height: float
    card_w: float
    card_h: float
    gap: float
    rows: int
    """1: cells and foundations share the top row; 2: foundations above the cells."""
    column_h: float
    """The height of the column area (the longest column must fit in it)."""

    @property
    def board_h(self) -> float:
        """The height the board needs: the box's, or more when even the smallest cards
        cannot fit the longest column in it (a small window, 200 % zoom); then the page
        scrolls rather than cut a card off.

        >>> board_layout(640, 300, cells=8).board_h > 300
        True
        >>> board_layout(1920, 1030, cells=8).board_h == 1030
        True
        """
        return max(self.height, self.rows * (self.card_h + self.gap) + self.gap + self.column_h)

    @property
    def fan_min(self) -> float:
        return least_fan(self.card_w)

    @property
    def fan_max(self) -> float:
        return round(max(self.card_h * FAN_MAX, self.fan_min * 1.3), 1)

    @property
    def font(self) -> float:
        return corner_font(self.card_w)

    def fan(self, cards: int) -> float:
        """The distance between two cards of a column of ``cards`` cards: the comfortable
        overlap, tightened so the column fits its area (never below the readable one)."""
        if cards <= 1:
            return self.fan_max
        room = (self.column_h - self.card_h) / (cards - 1)
        return max(self.fan_min, math.floor(min(self.fan_max, room) * 10) / 10)


def board_layout(width: float, height: float, cells: int) -> Layout:
    """The layout for a board box of ``width`` x ``height`` CSS pixels."""
    gap = max(3.0, min(12.0, width * 0.012))
    by_width = (width - (COLUMNS + 1) * gap) / COLUMNS
    top_slots = cells + FOUNDATIONS
    rows = 1 if top_slots <= COLUMNS else 2
    card_w = _fit(width, height, gap, by_width, rows)
    if rows == 2:
        # A wide box may hold all 12 piles in one row once the height limits the cards.
        wide = _fit(width, height, gap, (width - (top_slots + 2) * gap) / top_slots, 1)
        if wide >= card_w:
            rows, card_w = 1, wide
    card_h = card_w * RATIO
    column_h = max(height - rows * (card_h + gap) - gap, card_h + (LONGEST - 1) * least_fan(card_w))
    return Layout(width, height, card_w, card_h, gap, rows, column_h)


def _fit(width: float, height: float, gap: float, by_width: float, rows: int) -> float:
    """The widest card (at most ``by_width``) with which ``rows`` top rows fit the height
    together with a planned column at the comfortable overlap and the longest column at
    the least overlap."""
    card_w = min(by_width, MAX_CARD_W)
    while card_w > MIN_CARD_W:
        card_h = card_w * RATIO
        column_h = height - rows * (card_h + gap) - gap
        comfortable = card_h * (1 + (PLANNED - 1) * FAN_MAX)
        longest = card_h + (LONGEST - 1) * least_fan(card_w)
        if column_h >= max(comfortable, longest):
            break
        card_w -= 0.5
    return card_w
