"""Sizes of the board: cards, gaps, the top row(s) and the overlap of each column, so that
everything fits the board's box without scrolling (pure Python, tested under CPython).

The cards are sized for the columns the game has: the board keeps room for a column of
``RESERVE`` cards (more than most games ever build), and only when a column grows longer
than that do the cards shrink for it. Below that, a column that gets long tightens its
overlap. Only when even the smallest cards cannot hold the longest column does the board
grow past its box (the page scrolls: a small window, 200 % zoom).

The piles stand on one grid, so the columns line up under the row above: each row is
``slots`` cards wide, the top row's cells at its left and foundations at its right, the
eight columns centred under it.

Where the width holds the cards (a phone upright: eight columns across), they grow into
the height left over, taller up to a bridge card's proportions (``RATIO_TALL``), as far as
a column of ``RESERVE`` cards still fits at the least overlap: a long column's fan narrows
first. The player's "Large" cards (``large``) are sized for a shorter column
(``RESERVE_LARGE``: larger cards wherever the height holds them, shrinking for a longer
column) and their corner is larger, as their width allows, up to 22 % of it
(``FONT_LARGE`` at the least): the corner always stays inside its card.

A covered card shows a strip of ``TARGET`` (44 px, the size of a touch target) where the
column has the room; a longer column tightens its strips evenly down to the corner's
height. Beside the columns the board can keep ``side`` pixels free on each side, for the
controls the page puts there (the bar's buttons on a phone on its side, the links to the
pages on a wide screen): the columns never reach into them.

The page measures the board element and sets the results as CSS custom properties; CSS
does the placing.

>>> box = board_layout(360, 540, cells=8)
>>> box.rows, round(box.card_w), round(box.card_h)
(2, 40, 63)
>>> large = board_layout(360, 540, cells=8, large=True)
>>> round(large.card_w), large.font, large.reserve
(40, 15.9, 7)
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
"""Card height over card width (a poker card's, 2½ × 3½ in)."""
RATIO_TALL: Final = 1.56
"""The tallest card: a bridge card's height over its width (2¼ × 3½ in, 1.556), for cards
held by the board's width with height to spare."""
MAX_CARD_W: Final = 150.0
MIN_CARD_W: Final = 28.0
LONGEST: Final = 19
"""The longest column possible: 7 dealt cards under a king and its 12-card run."""
RESERVE: Final = 10
"""The board keeps room for a column this long at the least overlap, whatever the columns
hold: the cards keep their size through most games (a deal's columns hold 6, a game's
longest column mostly 9 to 12)."""
RESERVE_LARGE: Final = 7
"""The column length "Large" cards are sized for: a deal's 6 cards and one more; a longer
column shrinks them for it."""
FAN_MAX: Final = 0.25
"""The comfortable overlap, as a share of the card height (a large card's)."""
MIN_GAP: Final = 3.0
TARGET: Final = 44.0
"""The least comfortable overlap: a covered card's strip is a touch target (44 CSS px,
WCAG 2.5.5) when its column has the room."""
FONT: Final = 13.0
"""The corner's usual least font size; a narrower card's corner gets smaller to fit."""
FONT_MAX: Final = 20.0
"""The corner's font size on desktop cards, up to ``BIG_FONT`` of a larger card's width."""
BIG_FONT: Final = 0.16
FONT_LARGE: Final = 17.0
"""The corner's least font size on "Large" cards (as their width allows), up to
``LARGE_FONT`` of a larger card's width."""
LARGE_FONT: Final = 0.22
CORNER_EM: Final = 2.2
"""The widest corner ("10♠", "10♣": two digits and a suit in eightoff.css's bold face)
in em: 2.15 measured in Chromium with DejaVu Sans Bold, the widest face it may use."""
CORNER_INSET: Final = 5.0
"""The corner's left offset (3 px in eightoff.css) and 2 px spare on its right."""


def corner_font(card_w: float, large: bool = False) -> float:
    """The corner's font size for a card width: readable at phone size, not huge on a
    desktop (``large``: larger, as the width allows, up to 22 % of it), and always
    narrow enough for "10♠" to stay inside the card.

    >>> corner_font(44), corner_font(40), corner_font(30), corner_font(28)
    (13.2, 13.0, 11.3, 10.4)
    >>> corner_font(100), corner_font(124), corner_font(150)
    (20.0, 20.0, 24.0)
    >>> corner_font(44, True), corner_font(40, True), corner_font(28, True), corner_font(150, True)
    (17.0, 15.9, 10.4, 33.0)
    """
    fits = (card_w - CORNER_INSET) / CORNER_EM
    wanted = max(FONT, min(card_w * 0.3, FONT_MAX), card_w * BIG_FONT)
    if large:
        wanted = max(wanted, FONT_LARGE, card_w * LARGE_FONT)
    return math.floor(min(fits, wanted) * 10) / 10


def least_fan(card_w: float, large: bool = False) -> float:
    """The least overlap: the corner (rank and suit) stays fully visible."""
    return round(corner_font(card_w, large) * 1.25, 1)


@dataclass(frozen=True)
class Layout:
    """Pixel sizes of the board for one box size, cell count and longest column."""

    width: float
    height: float
    card_w: float
    card_h: float
    gap: float
    rows: int
    """1: cells and foundations share the top row; 2: foundations above the cells."""
    column_h: float
    """The height of the column area (the longest column must fit in it)."""
    slots: int
    """How many cards wide the grid is: 8, or 12 for eight cells and four foundations in
    one row."""
    reserve: int
    """The column length the cards are sized for (``RESERVE``, or the longest column)."""
    side: float = 0.0
    """The width kept free on each side of the columns (asked by the page)."""
    large: bool = False
    """The player's "Large" cards: sized for ``RESERVE_LARGE`` cards, with larger corners."""

    @property
    def board_h(self) -> float:
        """The height the board needs: the box's, or more when even the smallest cards
        cannot fit the longest column in it (a small window, 200 % zoom); then the page
        scrolls rather than cut a card off.

        >>> board_layout(640, 150, cells=8).board_h > 150
        True
        >>> board_layout(1920, 1030, cells=8).board_h == 1030
        True
        """
        return max(self.height, self.top_h + self.column_h)

    @property
    def top_h(self) -> float:
        """The height above the columns: the top row(s) and the gaps around them."""
        return self.rows * (self.card_h + self.gap) + self.gap

    @property
    def grid_w(self) -> float:
        """The width of the grid the piles stand on (the top row's)."""
        return self.slots * self.card_w + (self.slots - 1) * self.gap

    @property
    def columns_w(self) -> float:
        """The width of the eight columns, centred in the board."""
        return COLUMNS * self.card_w + (COLUMNS - 1) * self.gap

    @property
    def side_w(self) -> float:
        """The felt beside the columns on each side, below the top row where the top row
        is wider (``side_top``): always at least the ``side`` asked.

        >>> box = board_layout(640, 310, cells=8, side=100)
        >>> round(box.side_w, 1) >= 100, box.side_top == box.top_h
        (True, True)
        """
        return (self.width - self.columns_w) / 2

    @property
    def side_top(self) -> float:
        """Where the felt beside the columns starts: under the top row when it is wider
        than the columns (twelve piles in one row), else at the board's top."""
        return self.top_h if self.grid_w > self.columns_w + 0.5 else 0.0

    @property
    def free_top(self) -> tuple[float, float, float, float]:
        """The part of the first top row that holds no card at a deal, as ``(x, y, width,
        height)`` in the board: the whole row when the foundations have a row of their own
        (its left part is empty in every position), else the row from its fifth pile on
        (a deal fills at most the first four cells). The first visit's how-to goes there.

        >>> board_layout(390, 690, cells=8).free_top == (4.2, 4.2, 381.6, 68.7)
        True
        >>> x, y, width, height = board_layout(640, 310, cells=8).free_top
        >>> round(x, 1), round(width, 1)
        (218.5, 413.9)
        """
        grid_x = (self.width - self.grid_w) / 2
        first = 0 if self.rows == 2 else 4
        x = grid_x + first * (self.card_w + self.gap)
        return (round(x, 1), round(self.gap, 1), round(grid_x + self.grid_w - x, 1), round(self.card_h, 1))

    @property
    def fan_min(self) -> float:
        return least_fan(self.card_w, self.large)

    @property
    def fan_max(self) -> float:
        """The overlap of a column with room: a quarter of a large card, and never less
        than a touch target (``TARGET``).

        >>> board_layout(390, 690, cells=8).fan_max, board_layout(1920, 1030, cells=8).fan_max
        (44.0, 52.5)
        """
        return round(max(self.card_h * FAN_MAX, self.fan_min * 1.3, TARGET), 1)

    @property
    def font(self) -> float:
        return corner_font(self.card_w, self.large)

    def fan(self, cards: int) -> float:
        """The distance between two cards of a column of ``cards`` cards: the comfortable
        overlap, tightened so the column fits its area (never below the readable one)."""
        if cards <= 1:
            return self.fan_max
        room = (self.column_h - self.card_h) / (cards - 1)
        return max(self.fan_min, math.floor(min(self.fan_max, room) * 10) / 10)

    def holds(self, longest: int) -> bool:
        """Whether these cards were sized for a longest column of ``longest`` cards (the
        board need not be laid out again for it)."""
        return self.reserve == reserve_for(longest, self.large)


def reserve_for(longest: int, large: bool = False) -> int:
    """The column length the cards are sized for when the longest column has ``longest``
    cards (``large``: the player's "Large" cards)."""
    return min(LONGEST, max(RESERVE_LARGE if large else RESERVE, longest))


def board_layout(
    width: float, height: float, cells: int, longest: int = 0, side: float = 0.0, large: bool = False
) -> Layout:
    """The layout for a board box of ``width`` x ``height`` CSS pixels, ``cells`` cells
    and a longest column of ``longest`` cards, keeping ``side`` pixels free on each side
    of the columns, with the player's "Large" cards or not: of one or two top rows, the one
    that gives the larger cards (one row on a tie); the cards as tall as the height lets
    them, up to ``RATIO_TALL``.

    >>> wide, beside = board_layout(1280, 750, cells=4), board_layout(1280, 750, cells=4, side=110)
    >>> round(wide.card_w, 1), round(beside.card_w, 1)
    (146.5, 122.0)
    >>> upright, large = board_layout(390, 690, cells=8), board_layout(1280, 700, cells=8, large=True)
    >>> round(upright.card_w, 1), round(upright.card_h / upright.card_w, 2)
    (44.0, 1.56)
    >>> round(large.card_w, 1), round(board_layout(1280, 700, cells=8).card_w, 1)
    (113.6, 104.5)
    """
    gap = max(MIN_GAP, min(12.0, width * 0.012))
    # a phone: the gaps give way so that eight cards across reach a touch target's width
    narrow = math.floor((width - COLUMNS * TARGET) / (COLUMNS + 1) * 10) / 10
    if MIN_GAP <= narrow < gap:
        gap = narrow
    reserve = reserve_for(longest, large)
    top_slots = cells + FOUNDATIONS
    choices = [(1, max(COLUMNS, top_slots))]
    if top_slots > COLUMNS:
        choices.append((2, COLUMNS))
    # the columns leave ``side`` free on either side
    beside = (width - 2 * side - (COLUMNS - 1) * gap) / COLUMNS
    best: tuple[float, int, int, bool] | None = None
    for rows, slots in choices:
        # the grid, with a gap on either side
        by_width = min((width - (slots + 1) * gap) / slots, beside)
        card_w = _fit(height, gap, by_width, rows, reserve, large)
        if best is None or card_w > best[0]:
            best = (card_w, rows, slots, card_w >= by_width)
    assert best is not None
    card_w, rows, slots, held = best
    ratio = RATIO  # held by the width: taller, in hundredths, while ``reserve`` cards fit
    while held and ratio < RATIO_TALL and _fits(height, gap, rows, reserve, large, card_w, ratio + 0.01):
        ratio = round(ratio + 0.01, 2)
    card_h = card_w * ratio
    top = rows * (card_h + gap) + gap
    column_h = max(height - top, card_h + (reserve - 1) * least_fan(card_w, large))
    return Layout(width, height, card_w, card_h, gap, rows, column_h, slots, reserve, side, large)


def _fits(
    height: float, gap: float, rows: int, reserve: int, large: bool, card_w: float, ratio: float
) -> bool:
    """Whether ``rows`` top rows and a column of ``reserve`` cards at the least overlap fit
    the height with cards ``card_w`` wide and ``ratio`` times as tall."""
    card_h = card_w * ratio
    column_h = height - rows * (card_h + gap) - gap
    return column_h >= card_h + (reserve - 1) * least_fan(card_w, large)


def _fit(height: float, gap: float, by_width: float, rows: int, reserve: int, large: bool = False) -> float:
    """The widest card, at most ``by_width``, with which ``rows`` top rows and a column of
    ``reserve`` cards at the least overlap fit the height: ``by_width`` or the widest
    fitting width in tenths of a pixel, whichever is less (the smallest card if none
    fits). A narrower ``by_width`` never gives a wider card (a side kept free never grows
    the cards).

    >>> _fit(500, 8, 120, 1, 10), _fit(500, 8, 60, 1, 10), _fit(100, 8, 120, 2, 10)
    (92.5, 60, 28.0)
    """

    def fits(card_w: float) -> bool:
        return _fits(height, gap, rows, reserve, large, card_w, RATIO)

    # Fitting only gets harder as cards grow: the widest that fits, by halving, in tenths.
    low, high = round(MIN_CARD_W * 10), round(MAX_CARD_W * 10)
    if not fits(low / 10):
        return min(by_width, MIN_CARD_W)
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(middle / 10) else (low, middle - 1)
    return min(by_width, low / 10)
