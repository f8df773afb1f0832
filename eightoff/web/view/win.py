"""The win message (``#win``): the score and move count of the game just won, the solver's own
line once known (``#win-solver``), New Game, Share and Close (docs/dom-contract.md,
"Dialogs").

Thin DOM code: it writes :class:`.state.WinWindow`'s figures in words.
"""

from __future__ import annotations

from ..dom import Texts, add, el
from ..state import PageState, WinWindow
from ..words.i18n import _, ngettext
from .panel import Panel, buttons


def win_words(score: int, moves: int) -> str:
    """The win message's sentence."""
    return ngettext(
        "Score {score} in {moves} move.", "Score {score} in {moves} moves.", moves, score=score, moves=moves
    )


def line_words(length: int | None) -> str:
    """The solver's line under the win message (none until the worker answered)."""
    if length is None:
        return ""
    return ngettext(
        "The solver's line: {count} move.", "The solver's line: {count} moves.", length, count=length
    )


class WinDialog(Panel):
    """The win message."""

    def __init__(self, texts: Texts) -> None:
        super().__init__(texts, "win", lambda: _("You won!"))
        self.text = el("p", "win-text", id="win-text")
        self.line = el("p", "win-solver", id="win-solver")
        add(
            self.body,
            self.text,
            self.line,
            buttons(
                self.action(lambda: _("New game"), "win-new", "primary"),
                self.action(lambda: _("Share this game"), "share", id="win-share"),
                self.action(lambda: _("Close"), "close"),
            ),
        )

    def draw(self, window: object, state: PageState) -> None:
        assert isinstance(window, WinWindow)
        self.text.textContent = win_words(window.score, window.moves)
        self.line.textContent = line_words(window.line)


__all__ = ["WinDialog", "line_words", "win_words"]
