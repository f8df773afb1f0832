"""The win message (``#win``): the score and move count of the game just won, New Game,
Share and Close (docs/dom-contract.md, "Dialogs").

Thin DOM code: it writes the words of :func:`win_words` into the dialog.
"""

from __future__ import annotations

from ...game import Game
from ..dom import Texts, add, el
from ..words.i18n import _, ngettext
from .panel import Panel, Words, buttons


def win_words(game: Game) -> Words:
    """The win message's sentence for ``game`` (kept: a language change rewrites it)."""
    score, moves = game.score, game.moves
    return lambda: ngettext(
        "Score {score} in {moves} move.",
        "Score {score} in {moves} moves.",
        moves,
        score=score,
        moves=moves,
    )


class WinDialog(Panel):
    """The win message; :meth:`show` writes the game's figures."""

    def __init__(self, texts: Texts) -> None:
        super().__init__(texts, "win", lambda: _("You won!"))
        self.words: Words = str
        self.text = el("p", "win-text", id="win-text")
        add(
            self.body,
            self.text,
            buttons(
                self.action(lambda: _("New game"), "win-new", "primary"),
                self.action(lambda: _("Share this game"), "share", id="win-share"),
                self.action(lambda: _("Close"), "close"),
            ),
        )

    def show(self, game: Game) -> None:
        """Write the score and move count of ``game`` (the caller opens the dialog)."""
        self.words = win_words(game)
        self.text.textContent = self.words()

    def relabel(self) -> None:
        self.text.textContent = self.words()


__all__ = ["WinDialog", "win_words"]
