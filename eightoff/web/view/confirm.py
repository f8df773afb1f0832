"""The question asked before something is lost (``#confirm``): "Replace the game in
progress?" with Replace it / Keep playing (docs/dom-contract.md, "Dialogs").

Thin DOM code: :func:`question` words the state's :class:`.state.Confirm`; what "yes"
does is the state's too.
"""

from __future__ import annotations

from typing import assert_never

from ..dom import Texts, add, el
from ..state import Confirm, PageState, ResetStats, TakeAside, TakeBackup
from ..storage.backup_file import describe
from ..words.i18n import _, ngettext
from .panel import Panel, buttons


def question(window: Confirm) -> str:
    """What the question asks."""
    then, moves = window.then, window.moves
    if isinstance(then, ResetStats):
        return _("Reset all statistics? This cannot be undone.")
    if isinstance(then, TakeBackup):
        return describe(then.backup)
    if not isinstance(then, TakeAside):
        assert_never(then)
    return ngettext(
        "The game that was set aside comes back in place of the game in progress ({moves} move), "
        "which will be lost.",
        "The game that was set aside comes back in place of the game in progress ({moves} moves), "
        "which will be lost.",
        moves,
        moves=moves,
    )


class ConfirmDialog(Panel):
    """The question's dialog."""

    def __init__(self, texts: Texts) -> None:
        super().__init__(texts, "confirm", lambda: _("Replace the game in progress?"))
        self.text = el("p", "confirm-text", id="confirm-text")
        add(
            self.body,
            self.text,
            buttons(
                self.action(lambda: _("Replace it"), "confirm-yes", "primary", id="confirm-yes"),
                self.action(lambda: _("Keep playing"), "close", id="confirm-no"),
            ),
        )

    def draw(self, window: object, state: PageState) -> None:
        assert isinstance(window, Confirm)
        self.text.textContent = question(window)


__all__ = ["ConfirmDialog", "question"]
