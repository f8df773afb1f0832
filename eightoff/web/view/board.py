"""The board drawn: one :meth:`BoardView.show` brings the piles and the bar to a
:class:`.board.model.BoardModel`, with the motion between the two; and the board's sizes and
keyboard focus.

Thin DOM code. The elements are built once (:mod:`.view.build`); every change of what the
board shows, whatever caused it (a move, undo, redo, a new deal, another tab's game, a
replay's step, a language switch), is one :meth:`BoardView.show` of the next model, which
touches only what differs from the model shown last (:mod:`.view.cards` for the piles and
cards, :mod:`.view.bar` for the figures) and plays the motion between the two
(:func:`.board.model.plan`). Sizes come from :mod:`.board.layout`; nothing here decides a
rule. The page's contract with tests is docs/dom-contract.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pyscript import document, window
from pyscript.ffi import is_none

from ...piles import COLUMNS
from ..board.focus import Spot
from ..board.layout import TARGET, Layout, board_layout
from ..board.model import BoardModel, Motion, plan
from .bar import Bar
from .build import Elements
from .cards import MOST_CELLS, Cards
from .flights import Flights


def longest_column(piles: Iterable[tuple[str, Sequence[str]]]) -> int:
    """The most cards in one column of ``piles`` (pile key, card keys)."""
    return max((len(cards) for key, cards in piles if key.startswith("column-")), default=0)


class BoardView:
    """The board's elements and the model they show."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.elements = parts = Elements(root)
        self.texts, self.board, self.piles = parts.texts, parts.board, parts.piles
        self.bar = Bar(parts)
        self.drawn = Cards(parts)
        self.flights = Flights(parts)
        self.model: BoardModel | None = None
        """The model shown (``None`` before the first :meth:`show`)."""
        self.fans: dict[str, float] = {}
        self.layout: Layout | None = None
        self.large = False
        """The player's "Large" cards (the settings' ``cards``)."""
        self.roving: Any = None
        """The element holding the board's one tab stop (``tabindex=0``)."""
        self.offset = (0.0, 0.0)
        """How far the carried cards are drawn from their place (``--drag``)."""
        self.rest: tuple[str, float, float] | None = None
        """The carried head card's key and its centre at its place (viewport pixels)."""

    @property
    def shown(self) -> dict[str, list[str]]:
        """Per pile key, the card keys its element holds, bottom to top."""
        return self.drawn.shown

    @property
    def cells(self) -> int:
        return self.drawn.cells

    def show(
        self, model: BoardModel, motion: Motion = "glide", refused: str | None = None, take: bool = False
    ) -> None:
        """Bring the board to ``model`` with ``motion`` from the model shown; ``refused``: a
        card that did not move says so. The board keeps the focus it had (a moved element
        loses it); ``take``: the focus goes to the model's spot from anywhere."""
        old, self.model = self.model, model
        if old is None or old.lift_pile != model.lift_pile:
            self.offset, self.rest = (0.0, 0.0), None  # the drawn drag (--drag) is dropped
        moves = plan(old, model, motion, refused)
        first = self.flights.where(moves)
        had_focus = take or self.has_focus()
        if old is None or old.cells != model.cells:
            self.fit(model)  # before the cards go to their piles: a first layout with no card
        self.drawn.show(model)
        self.fit_columns()
        self.bar.show(model)
        self.set_spot(model.focus, had_focus)
        self.flights.fly(moves, first)

    def index_of(self, pile: str, card: str) -> int | None:
        """Where ``card`` is shown in ``pile`` (0 = bottom), or ``None`` if it is not."""
        shown = self.shown.get(pile, [])
        return shown.index(card) if card in shown else None

    def near(self, pile: str, index: int, y: float) -> tuple[tuple[int, str], ...]:
        """The cards next to the one at ``index`` of the column ``pile`` whose strip, widened
        to a touch target (``TARGET`` high, about its middle), holds the point's height ``y``:
        (index, card), nearest first. Only read on a press: two boxes."""
        shown = self.shown.get(pile, [])
        if not pile.startswith("column-"):
            return ()
        found = []
        for other in (index - 1, index + 1):
            if not 0 <= other < len(shown):
                continue
            box = self.elements.cards[shown[other]].getBoundingClientRect()
            top = float(box.top)
            if other + 1 < len(shown):
                bottom = float(self.elements.cards[shown[other + 1]].getBoundingClientRect().top)
            else:
                bottom = float(box.bottom)
            reach = max(0.0, (TARGET - (bottom - top)) / 2)
            away = max(top - y, y - bottom, 0.0)
            if away <= reach:
                found.append((away, other, shown[other]))
        return tuple((other, card) for _away, other, card in sorted(found))

    # -- carried cards -----------------------------------------------------------------

    def drag(self, dx: float, dy: float, touch: bool = False) -> None:
        """Move the carried cards (one style write); a finger's a card's height above it."""
        model = self.model
        if model is not None and model.lift_pile is not None:
            x, y = round(dx), round(dy - self.lift(touch))
            self.offset = (float(x), float(y))
            self.piles[model.lift_pile].style.setProperty("--drag", f"{x}px {y}px")

    def lift(self, touch: bool) -> float:
        """How far above the pointer the carried cards are drawn: a card's height above a
        finger (when cards move), so that it does not hide them; none under a mouse."""
        layout = self.layout
        return layout.card_h if touch and layout is not None and self.flights.moving else 0.0

    def pile_boxes(self) -> dict[str, tuple[float, float, float, float]]:
        """Each pile's box (left, top, right, bottom, viewport pixels) with its top card at
        rest in it (a column's cards may reach past the pile's own box): read once a drag,
        so that the piles under the pointer and the card are found with no layout read per
        pointer move (the carried cards' ``translate`` would make each one a style pass)."""
        lifted = set(self.model.lifted) if self.model else set()
        boxes = {}
        for key, node in self.piles.items():
            box = node.getBoundingClientRect()
            left, top, right, bottom = box.left, box.top, box.right, box.bottom
            resting = [card for card in self.shown.get(key, []) if card not in lifted]
            if resting:
                card = self.elements.cards[resting[-1]].getBoundingClientRect()
                left, top = min(left, card.left), min(top, card.top)
                right, bottom = max(right, card.right), max(bottom, card.bottom)
            boxes[key] = (float(left), float(top), float(right), float(bottom))
        return boxes

    def carried_centre(self, dx: float, dy: float, touch: bool) -> tuple[float, float] | None:
        """Where the centre of the carried head card is drawn once the pointer has moved
        (``dx``, ``dy``) from its press (``None``: nothing carried). Its place is read once
        a drag, then only added to: no layout read per pointer move."""
        model = self.model
        if model is None or not model.lifted:
            return None
        head = model.lifted[0]
        if self.rest is None or self.rest[0] != head:
            box = self.elements.cards[head].getBoundingClientRect()
            x, y = self.offset
            self.rest = (head, box.left + box.width / 2 - x, box.top + box.height / 2 - y)
        _, x, y = self.rest
        return x + dx, y + dy - self.lift(touch)

    # -- layout ------------------------------------------------------------------

    def fit(self, model: BoardModel | None = None) -> None:
        """Size cards, gaps and rows to the board's box and the longest column (``model``'s
        before it is shown, else the board's), keeping free beside the columns the room
        the stylesheet asks (``--side`` on ``#app``: the bar's buttons of a phone on its
        side go there); too small a box (200 % zoom) grows, and scrolls. The page around
        the board (the bar's buttons, the how-to) places itself by the sizes written on
        ``#app``."""
        style = self.board.style
        style.removeProperty("min-height")
        width, height = float(self.board.clientWidth), float(self.board.clientHeight)
        if width <= 0 or height <= 0:
            return
        piles: Iterable[tuple[str, Sequence[str]]] = self.shown.items() if model is None else model.piles
        cells = (self.cells or MOST_CELLS) if model is None else model.cells
        layout = board_layout(width, height, cells, longest_column(piles), self.side(), self.large)
        self.layout = layout
        if layout.board_h > height + 0.5:
            style.setProperty("min-height", f"{layout.board_h:.1f}px")
        for name, value in (
            ("--card-w", layout.card_w),
            ("--card-h", layout.card_h),
            ("--gap", layout.gap),
            ("--font", layout.font),
            ("--column-h", layout.column_h),
            ("--grid-w", layout.grid_w),
        ):
            style.setProperty(name, f"{value:.1f}px")
        self.board.setAttribute("data-rows", str(layout.rows))
        self.place_around(layout)
        self.fans.clear()
        if model is None:
            self.fit_columns()

    def side(self) -> float:
        """The room the stylesheet asks beside the columns (``--side`` on ``#app``, in
        pixels; none where it asks none, or where styles cannot be read)."""
        styles = getattr(window, "getComputedStyle", None)
        if styles is None:
            return 0.0
        text = str(styles(self.root).getPropertyValue("--side")).strip().removesuffix("px")
        try:
            return max(0.0, float(text))
        except ValueError:
            return 0.0

    def place_around(self, layout: Layout) -> None:
        """The sizes the elements around the board are placed by, on ``#app``: where the
        board starts on the page, the felt beside its columns, and the part of its first
        top row a deal leaves empty (the how-to's place)."""
        top = float(self.board.offsetTop)
        x, y, width, height = layout.free_top
        style = self.root.style
        for name, value in (
            ("--board-top", top),
            ("--card-h", layout.card_h),
            ("--gap", layout.gap),
            ("--columns-w", layout.columns_w),
            ("--side-w", layout.side_w),
            ("--side-top", layout.side_top),
            ("--free-x", x),
            ("--free-y", y),
            ("--free-w", width),
            ("--free-h", height),
        ):
            style.setProperty(name, f"{value:.1f}px")
        self.root.setAttribute("data-rows", str(layout.rows))

    def fit_columns(self) -> None:
        """Tighten or loosen each column's overlap for its length; a column grown past
        what the cards were sized for (or shrunk back) sizes the board again."""
        if self.layout is None:
            return
        lengths = [len(self.shown.get(f"column-{i}", [])) for i in range(1, COLUMNS + 1)]
        if not self.layout.holds(max(lengths)):
            self.fit()
            return
        for index, length in enumerate(lengths, start=1):
            key = f"column-{index}"
            fan = self.layout.fan(length)
            if self.fans.get(key) != fan:
                self.fans[key] = fan
                self.piles[key].style.setProperty("--fan", f"{fan}px")

    # -- the keyboard's focus ----------------------------------------------------------

    def sizes(self) -> dict[str, int]:
        return {key: len(cards) for key, cards in self.shown.items()}

    def element_of(self, spot: Spot) -> Any:
        if spot.index is not None:
            return self.elements.cards[self.shown[spot.pile][spot.index]]
        return self.piles[spot.pile]

    def has_focus(self) -> bool:
        """Whether the keyboard's focus is on the board."""
        active = document.activeElement
        return not is_none(active) and bool(self.board.contains(active))

    def set_spot(self, spot: Spot, focus: bool) -> None:
        """Give ``spot`` the board's one tab stop; ``focus``: move the focus there."""
        node = self.element_of(spot)
        if node is not self.roving:
            if self.roving is not None:
                self.roving.tabIndex = -1
            node.tabIndex = 0
            self.roving = node
        if focus:
            node.focus()

    def spot_of(self, node: Any) -> Spot | None:
        """The board's spot of a focused element, ``None`` off the board."""
        if is_none(node) or not hasattr(node, "closest"):
            return None
        pile = node.closest("[data-pile]")
        if is_none(pile) or not self.board.contains(pile):
            return None
        key = str(pile.dataset.pile)
        card = node.closest("[data-card]")
        if key.startswith("column-") and not is_none(card):
            return Spot(key, self.index_of(key, str(card.dataset.card)))
        return Spot(key)


__all__ = ["BoardView", "longest_column"]
