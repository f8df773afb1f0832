"""The how-to-play card (``#how-to``) over the board, and its memory
(:mod:`.windows.how_to` decides when it shows).

Thin DOM code. A ``<section>`` titled by its ``<h2>``: the lines of
:data:`.how_to.LINES` and one button, "Got it" (``data-action="how-to-close"``, through
the one click listener). Its words are kept in the view's :class:`.dom.Texts`, so a
language switch rewrites them. It lets the pointer through to the cards under it (CSS:
only its button takes it) and takes the focus only when asked for from the keys' window;
hidden while it holds the focus, it hands the focus back to the board. It is built the
first time it is shown (or ahead, by :meth:`HowToCard.build`, once the board is playable).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document
from pyscript.ffi import is_none

from ..dom import Texts, add, el
from ..storage.store import Storage
from .how_to import DISMISS, LINES, TITLE, Seen
from .panel import button, buttons


class HowToCard:
    """The how-to's element, hidden until shown; ``back()`` gives the board the focus,
    ``place(node)`` puts the card on the page when it is built."""

    def __init__(
        self, texts: Texts, storage: Storage, back: Callable[[], None], place: Callable[[Any], None]
    ) -> None:
        self.memory = Seen(storage)
        self.back = back
        self.texts = texts
        self.place = place
        self.node: Any = None
        """The card's element (``None`` until it is built)."""

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

    @property
    def shown(self) -> bool:
        return self.node is not None and not self.node.hidden

    def show(self, focus: bool) -> None:
        self.build()
        self.node.hidden = False
        if focus:
            self.heading.focus()

    def hide(self) -> None:
        if self.node is None:
            return
        active = document.activeElement
        inside = not is_none(active) and not is_none(active.closest("#how-to"))
        self.node.hidden = True
        if inside:
            self.back()

    def seen(self) -> bool:
        return self.memory.seen()

    def remember(self) -> None:
        self.memory.remember()


__all__ = ["HowToCard"]
