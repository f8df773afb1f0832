"""The Keys window (``#help-dialog``): the list of the keyboard's keys (docs/dom-contract.md,
"Keys"), and the button that shows the how-to-play again (``#how-to-open``).

Thin DOM code: the list is built once; its words are rewritten on a language change.
"""

from __future__ import annotations

from ..dom import Texts, add, el
from ..words.i18n import _
from .panel import Panel, Words, buttons

HELP: tuple[Words, ...] = (
    lambda: _("Arrow keys: move between piles and, in a column, between its cards"),
    lambda: _("Home, End: the first or last pile of the row"),
    lambda: _("Enter or Space: pick up the card and the cards on it; again on a pile: put them there"),
    lambda: _("Escape: put the picked-up cards back"),
    lambda: _("1 to 8: pick up the top card of that column, or put the picked-up cards there"),
    lambda: _("Shift with 1 to 8: the same with that cell"),
    lambda: _("F: send the card to its foundation, or the picked-up card"),
    lambda: _("D: the double-tap move"),
    lambda: _("U or Ctrl+Z: undo"),
    lambda: _("Ctrl+Y or Ctrl+Shift+Z: redo"),
    lambda: _("N: new game"),
    lambda: _("H: a hint, the card of the next move of a winning line; H again: where it goes"),
    lambda: _("B: go back to the last position that can still be won (offered when a hint finds none)"),
    lambda: _(
        "E: finish, every card left to its foundation (offered when moves to the foundations "
        "and the free cells alone win)"
    ),
    lambda: _("?: this list"),
)
"""The lines of the keys' list (docs/dom-contract.md, "Keys")."""


class KeysDialog(Panel):
    """The Keys window."""

    def __init__(self, texts: Texts) -> None:
        super().__init__(texts, "help-dialog", lambda: _("Keys"), heading_first=True)
        keys = el("ul", "keys")
        for words in HELP:
            keys.appendChild(texts.text(el("li"), words))
        again = self.action(lambda: _("How to play"), "how-to", id="how-to-open")
        add(self.body, keys, buttons(again, self.action(lambda: _("Close"), "close", "primary")))


__all__ = ["HELP", "KeysDialog"]
