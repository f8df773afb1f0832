"""The board's piles and cards brought to a model.

Thin DOM code over the elements of :mod:`.view.build`. :meth:`Cards.show` makes every
pile element hold the model's cards in order (``appendChild`` moves an element, never
rebuilt), shows exactly the model's cells, and sets the classes and names that differ from
what it wrote last: ``lifted`` (with ``aria-pressed``), ``target``, ``hint``, ``hint-target``,
``#board.replaying``, ``aria-label``, ``aria-hidden`` (a foundation's covered cards). Their
motion is :mod:`.view.flights`'. The decisions (which cards, which classes) are the model's.
"""

from __future__ import annotations

from typing import Any, Final

from ...piles import Pile
from ...position import CELL_COUNTS
from ..board.model import BoardModel
from ..words.i18n import _
from .build import Elements, pile_element

MOST_CELLS: Final = max(CELL_COUNTS)


class Cards:
    """The pile and card elements and what they show now."""

    def __init__(self, elements: Elements) -> None:
        self.elements = elements
        self.shown: dict[str, list[str]] = {}
        """Per pile key, the card keys its element holds, bottom to top."""
        self.cells = 0
        self.labels: dict[str, str] = {}
        """The ``aria-label`` written, by pile key and by card key."""
        self.covered: frozenset[str] = frozenset()
        self.classes: dict[str, frozenset[str]] = {}
        """The keys of the piles or cards that have each state class now."""
        self.lift_pile: str | None = None
        self.replaying = False

    def show(self, model: BoardModel) -> None:
        self._cells(model.cells)
        self._piles(model)
        self._labels(model)
        parts = self.elements
        if self.lift_pile is not None and self.lift_pile != model.lift_pile and self.lift_pile in parts.piles:
            parts.piles[self.lift_pile].style.removeProperty("--drag")
        self.lift_pile = model.lift_pile
        self._mark("lifted", frozenset(model.lifted), parts.cards, "aria-pressed")
        self._mark("target", model.lit, parts.piles)
        self._mark("hint", frozenset(model.hinted), parts.cards)
        self._mark("hint-target", frozenset([model.hint_target] if model.hint_target else ()), parts.piles)
        if model.replaying != self.replaying:
            self.replaying = model.replaying
            parts.board.classList.toggle("replaying", model.replaying)

    def _cells(self, cells: int) -> None:
        """Show exactly ``cells`` cell piles (one of the engine's ``CELL_COUNTS``)."""
        if cells == self.cells:
            return
        parts = self.elements
        for index in range(cells + 1, MOST_CELLS + 1):
            key = Pile.cell(index).key
            node = parts.piles.pop(key, None)
            if node is not None:
                node.remove()
            self.shown.pop(key, None)
            self.labels.pop(key, None)
        for index in range(self.cells + 1, cells + 1):
            pile = Pile.cell(index)
            node = pile_element(pile, "cell", _("Cell {n}", n=str(index)))
            parts.piles[pile.key] = parts.cell_row.appendChild(node)
        self.cells = cells
        parts.board.setAttribute("data-cells", str(cells))

    def _piles(self, model: BoardModel) -> None:
        """Every pile element holds its cards in order, touching only changes."""
        parts = self.elements
        for key, cards in model.piles:
            keys = list(cards)
            old = self.shown.get(key, [])
            if old == keys:
                continue
            node = parts.piles[key]
            same = 0
            while same < min(len(old), len(keys)) and old[same] == keys[same]:
                same += 1
            for index in range(same, len(keys)):
                card = parts.cards[keys[index]]
                node.appendChild(card)
                card.style.setProperty("--i", str(index))
            self.shown[key] = keys
        covered = model.covered
        for key in self.covered - covered:
            parts.cards[key].removeAttribute("aria-hidden")
        for key in covered - self.covered:
            parts.cards[key].setAttribute("aria-hidden", "true")
        self.covered = covered

    def _labels(self, model: BoardModel) -> None:
        parts, labels = self.elements, self.labels
        for key, text in model.labels.items():
            if labels.get(key) != text:
                labels[key] = text
                node = parts.cards.get(key)
                (parts.piles[key] if node is None else node).setAttribute("aria-label", text)

    def _mark(self, name: str, keys: frozenset[str], nodes: dict[str, Any], state: str = "") -> None:
        """Exactly the elements of ``keys`` have the class ``name`` (and the ARIA state
        ``state`` true: a held card is a pressed button, the state screen readers say of
        a button; absent from the others, which are no toggle)."""
        old = self.classes.get(name, frozenset())
        for key in old - keys:
            if key in nodes:
                nodes[key].classList.remove(name)
                if state:
                    nodes[key].removeAttribute(state)
        for key in keys - old:
            nodes[key].classList.add(name)
            if state:
                nodes[key].setAttribute(state, "true")
        self.classes[name] = keys


__all__ = ["MOST_CELLS", "Cards"]
