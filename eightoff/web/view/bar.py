"""The bar's figures and buttons, the status line, the live region, the share field, the
links to the pages and the colours: what the page shows around the board.

Thin DOM code over the elements of :mod:`.view.build`. :meth:`Bar.show` brings the bar to
a :class:`.board.model.BoardModel` (the score, the move count, the deal code, undo, redo,
Finish), writing only what changed; the rest is written as the page's view asks
(:mod:`.view.page`): the game's time, the words said, the settings' look.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from ..board.model import BoardModel
from ..storage.settings import Settings
from ..words.i18n import duration
from .build import Elements


class Bar:
    """The words and figures around the board."""

    def __init__(self, elements: Elements) -> None:
        self.elements = elements

    def show(self, model: BoardModel) -> None:
        """The score, the move count, the deal code and whether undo and redo can act."""
        parts = self.elements
        texts = ((parts.score, str(model.score)), (parts.moves, str(model.moves)), (parts.code, model.code))
        for node, text in texts:
            if node.textContent != text:
                node.textContent = text
        parts.undo.disabled = not model.can_undo
        parts.redo.disabled = not model.can_redo
        if bool(parts.finish.hidden) == model.can_finish:
            parts.finish.hidden = not model.can_finish

    def clock(self, ms: int) -> None:
        """The game's time in the bar (one text written; the language's digits and
        separator, :func:`.words.i18n.duration`)."""
        node, text = self.elements.clock, duration(ms)
        if node.textContent != text:
            node.textContent = text

    def clock_shown(self, shown: bool) -> None:
        """The setting "Show the clock": the clock's place in the bar shows or not."""
        stat = self.elements.clock_stat
        if bool(stat.hidden) == shown:
            stat.hidden = not shown

    def saving(self, works: bool) -> None:
        """Whether the game is being saved: ``#unsaved`` ("Not saved") shows while it is not."""
        unsaved = self.elements.unsaved
        if bool(unsaved.hidden) != works:
            unsaved.hidden = works

    def link_pages(self, lang: str) -> None:
        """Point the Rules, Examples and FAQ links at the pages in ``lang``."""
        for link in self.elements.page_links:
            link.setAttribute("href", f"{lang}/{link.dataset.page}.html")
            link.setAttribute("hreflang", lang)

    def announce(self, text: str) -> None:
        """Say ``text`` in the live region (a repeat is said again)."""
        node = self.elements.announcer
        if text and node.textContent == text:
            text += "\u00a0"
        node.textContent = text

    def say(self, text: str) -> None:
        """Show a message in the status line (plain text, replayed as a fresh toast)."""
        status = self.elements.status
        status.textContent = text
        status.classList.remove("show")
        if text:
            _ = status.offsetWidth  # restart the fade
            status.classList.add("show")

    def offer_link(self, url: str | None) -> None:
        """Show the address in a read-only field, selected, for the player to copy (the
        clipboard refused); ``None``: no field."""
        parts = self.elements
        parts.share.hidden = url is None
        if url is not None:
            parts.share_url.value = url
            parts.share_url.focus()
            parts.share_url.select()

    def apply_settings(self, settings: Settings) -> None:
        """The settings the page shows around the board: the colours, the clock shown."""
        self.deck(settings.deck)
        self.theme(settings.theme)
        self.clock_shown(settings.clock)

    def deck(self, deck: str) -> None:
        """The card colours: ``four`` or ``two`` (``#app[data-deck]``)."""
        self.elements.root.setAttribute("data-deck", deck)

    @staticmethod
    def theme(theme: str) -> None:
        """The table's colours: ``<html data-theme>`` is ``light`` or ``dark``, absent
        for ``auto`` (the device's ``prefers-color-scheme``). static/lang.js sets it
        from the saved settings before the first paint."""
        root: Any = document.documentElement
        if theme == "auto":
            root.removeAttribute("data-theme")
        else:
            root.setAttribute("data-theme", theme)


__all__ = ["Bar"]
