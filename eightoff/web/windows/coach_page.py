"""What :class:`.solver.coach.Coach` shows on the page: the offer's button beside the status
line, the code's verdict in the New Game window, the solver's line in the win message.

Thin DOM code: it builds three elements into the view's and the dialogs' own places (their
words kept by those :class:`.dom.Texts`, so a language change rewrites them) and writes
what the coach tells it; it decides nothing. The button is built when first offered (or
ahead, by :meth:`CoachPage.build`), the two lines put into their windows when those are
built (:meth:`.windows.dialogs.Dialogs.fit`).

- ``#go-back`` (``data-action="go-back"``, key B): "Go back to the last position that can
  still be won", after ``#status``, shown only while the coach offers it;
- ``#code-verdict``, after ``#code-message``: the typed code's verdict (a polite live
  region inside the modal window);
- ``#win-solver``, after the win message's ``#win-text``: the solver's line, said in
  ``#announce`` too (``#win-text`` itself is left as it is).
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from ..board.view import View
from ..solver.coach import Words
from ..words.i18n import _
from .dialogs import Dialogs


class CoachPage:
    """The coach's elements, built once into ``view`` and ``dialogs``."""

    def __init__(self, view: View, dialogs: Dialogs) -> None:
        self.view = view
        self.dialogs = dialogs
        self.button: Any = None
        """``#go-back`` (``None`` until it is built)."""
        self.verdict_words: Words = str
        verdict = _element("p", id="code-verdict", aria_live="polite")
        self.verdict_node = dialogs.texts.text(verdict, lambda: self.verdict_words())
        dialogs.fit("new-game-dialog", lambda window: window.message.after(self.verdict_node))
        self.line_words: Words = str
        line = _element("p", id="win-solver")
        self.line_node = dialogs.texts.text(line, lambda: self.line_words())
        dialogs.fit("win", lambda window: window.text.after(self.line_node))

    def build(self) -> bool:
        """Make ``#go-back``, hidden, after the status line, once; ``False`` when it was
        already built."""
        if self.button is not None:
            return False
        button = _element("button", id="go-back", type="button", hidden="", data_action="go-back")
        self.button = self.view.texts.text(
            button, lambda: _("Go back to the last position that can still be won")
        )
        self.view.elements.status.after(self.button)
        return True

    def say(self, text: str) -> None:
        self.view.say(text)

    def announce(self, text: str) -> None:
        self.view.announce(text)

    def offer(self, shown: bool) -> None:
        if shown:
            self.build()
        if self.button is not None:
            self.button.hidden = not shown

    def verdict(self, words: Words) -> None:
        self.verdict_words = words
        self.verdict_node.textContent = words()

    def win_line(self, words: Words) -> None:
        """The solver's line under the win message (``str``: none yet), said when there
        is one."""
        self.line_words = words
        text = self.line_node.textContent = words()
        if text:
            self.view.announce(text)


def _element(tag: str, **attributes: str) -> Any:
    """A new element whose class is its id (``aria_live`` is ``aria-live``)."""
    node = document.createElement(tag)
    node.className = attributes["id"]
    for name, value in attributes.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


__all__ = ["CoachPage"]
