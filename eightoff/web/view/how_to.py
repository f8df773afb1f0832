"""The first visit's how-to-play (``#how-to``): its words, its card over the board, and the
memory that it was seen.

Thin DOM code. A short card, never in the way: it takes neither the focus nor the pointer
(only its own button does: CSS), so a shared link's first visit shows its deal at once and
plays at once. When it shows and goes is the state's (:class:`.state.HowTo`: shown at the
start of a game with no move to a player who never dismissed it, gone for good at "Got it"
or the first move, shown again from the keys' window with the focus); this module draws
it, built the first time it shows (or ahead, by :meth:`HowToCard.build`, once playable).

"Seen" is kept under its own ``localStorage`` key (:data:`.facts.HOW_TO_KEY`), apart from
the record: any value there means seen (nothing of it is read, so no stored value can break
the page), a storage that cannot be read shows it, one that cannot be written shows it
again next visit.

>>> from eightoff.web.storage.store import MemoryStorage
>>> storage = MemoryStorage()
>>> seen(storage), remember(storage), seen(storage)
(False, None, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pyscript import document
from pyscript.ffi import is_none

from ..dom import Texts, add, el
from ..facts import HOW_TO_KEY
from ..state import HowTo
from ..storage.store import Storage
from ..words.i18n import _
from .panel import button, buttons

Words = Callable[[], str]

TITLE: Final[Words] = lambda: _("How to play")  # noqa: E731
LINES: Final[tuple[Words, ...]] = (
    lambda: _("Move every card to the foundations, each suit from ace to king."),
    lambda: _("Tap a card: it goes to its foundation when it can."),
    lambda: _("Double tap a card: it goes to its foundation, else to a column, else to a free cell."),
    lambda: _("Drag a card, or a run, to any pile that takes it."),
    lambda: _("Keys: the arrows and Enter, or 1 to 8 for a column; ? lists them all."),
)
"""The how-to's lines: the goal, then tap, double tap, drag and the keys."""
DISMISS: Final[Words] = lambda: _("Got it")  # noqa: E731


def seen(storage: Storage) -> bool:
    """Whether the how-to was dismissed (or a move played) on this device."""
    try:
        return storage.get(HOW_TO_KEY) is not None
    except Exception:  # storage refused: nothing could be remembered either
        return False


def remember(storage: Storage) -> None:
    """Remember that it was seen (a full or refused storage: shown again next visit)."""
    try:
        storage.set(HOW_TO_KEY, "seen")
    except Exception:
        return


class HowToCard:
    """The how-to's element, hidden until shown; ``back()`` gives the board the focus,
    ``place(node)`` puts the card on the page when it is built."""

    def __init__(self, texts: Texts, back: Callable[[], None], place: Callable[[Any], None]) -> None:
        self.texts, self.back, self.place = texts, back, place
        self.node: Any = None
        """The card's element (``None`` until it is built)."""
        self.focus = 0
        """The focus serial drawn last (:attr:`.state.HowTo.focus`)."""

    def build(self) -> bool:
        """Make the card, hidden, and put it on the page, once; ``False`` when it was
        already built."""
        if self.node is not None:
            return False
        texts = self.texts
        self.node = el("section", "how-to", id="how-to", aria_labelledby="how-to-title", hidden="")
        self.heading = texts.text(el("h2", "", id="how-to-title", tabindex="-1"), TITLE)
        lines = el("ul")
        for words in LINES:
            lines.appendChild(texts.text(el("li"), words))
        close = texts.text(button("", "how-to-close", "primary", id="how-to-close"), DISMISS)
        add(self.node, self.heading, lines, buttons(close))
        self.place(self.node)
        return True

    def show(self, how_to: HowTo) -> None:
        """Shown or hidden as the state says; the focus taken when it asks anew (hidden
        while it holds the focus, the card gives it to the board)."""
        if how_to.shown:
            self.build()
            self.node.hidden = False
            if how_to.focus != self.focus:
                self.heading.focus()
        elif self.node is not None and not self.node.hidden:
            active = document.activeElement
            inside = not is_none(active) and not is_none(active.closest("#how-to"))
            self.node.hidden = True
            if inside:
                self.back()
        self.focus = how_to.focus


__all__ = ["DISMISS", "LINES", "TITLE", "HowToCard", "remember", "seen"]
