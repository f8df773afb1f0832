"""The question asked before something is lost (``#confirm``): "Replace the game in
progress?" with Replace it / Keep playing, and what "yes" runs (docs/dom-contract.md,
"Dialogs").

The decisions are pure (:class:`Question`: what is pending, whether a game in progress
must be asked about, its words); :class:`ConfirmDialog` only writes them.
"""

from __future__ import annotations

from collections.abc import Callable

from ...game import Game
from ..dom import Texts, add, el
from ..words.i18n import _, ngettext
from .panel import Panel, Words, buttons


def in_progress(game: Game) -> Words | None:
    """The question to ask before ``game`` is replaced (it has moves and is not won), or
    ``None``: nothing would be lost."""
    if not game.moves or game.is_won:
        return None
    moves = game.moves
    return lambda: ngettext(
        "The game in progress ({moves} move) will be lost.",
        "The game in progress ({moves} moves) will be lost.",
        moves,
        moves=moves,
    )


class Question:
    """The question pending: its words and what "yes" runs (run once)."""

    def __init__(self) -> None:
        self.words: Words = str
        self.pending: Callable[[], None] | None = None

    def ask(self, words: Words, then: Callable[[], None]) -> None:
        self.words, self.pending = words, then

    def answered(self) -> Callable[[], None] | None:
        """What "yes" runs, taken: a second "yes" runs nothing."""
        then, self.pending = self.pending, None
        return then


class ConfirmDialog(Panel):
    """The question's dialog; :attr:`question` holds what it asks and what "yes" runs."""

    def __init__(self, texts: Texts) -> None:
        super().__init__(texts, "confirm", lambda: _("Replace the game in progress?"))
        self.question = Question()
        self.text = el("p", "confirm-text", id="confirm-text")
        add(
            self.body,
            self.text,
            buttons(
                self.action(lambda: _("Replace it"), "confirm-yes", "primary", id="confirm-yes"),
                self.action(lambda: _("Keep playing"), "close", id="confirm-no"),
            ),
        )

    def ask(self, words: Words, then: Callable[[], None]) -> None:
        """Write the question ``words()``; "yes" will run ``then`` (the caller opens it)."""
        self.question.ask(words, then)
        self.text.textContent = words()

    def answered(self) -> None:
        """The player said yes: close the question and run what it asked about."""
        then = self.question.answered()
        self.dialog.close()
        if then is not None:
            then()

    def relabel(self) -> None:
        self.text.textContent = self.question.words()


__all__ = ["ConfirmDialog", "Question", "in_progress"]
