"""The window of the "Not saved" badge (``#saving-dialog``): why the game is not saved, and
what the player can do (docs/storage.md, "When saving stops").

Thin DOM code: :func:`reason` words the state's :attr:`.state.PageState.unsaved`; its
buttons are the page's commands (``export``, ``keep-newer``).
"""

from __future__ import annotations

from typing import Final

from ..dom import Texts, add, el
from ..state import PageState
from ..words.i18n import _, ngettext
from .panel import Panel, buttons

KEEP_AFTER: Final = 3
"""The visits that found the same newer version's record before the window offers to set
it aside and play on: by then a reload has not helped."""


def reason(state: PageState) -> str:
    """Why the game is not saved, and what to do."""
    if state.unsaved == "storage-newer":
        return _(
            "A newer version of Eight Off saved a game here, and this page will not save over it. "
            "Reload the page to continue that game. If this page comes back each time, the newer "
            "version is gone from this site: export a backup of the game here, or set the newer "
            "game aside and play on, saved."
        )
    if state.unsaved == "storage-full":
        return _(
            "The browser's storage is full, so your moves are not saved. Free some of the browser's "
            "site data, or export a backup to keep this game."
        )
    return _(
        "This browser does not let the game save here (private browsing, or site data blocked), "
        "so your moves are not saved. Export a backup to keep this game."
    )


def waiting(visits: int) -> str:
    """Before the offer to set a newer record aside: how many more visits it waits for."""
    left = KEEP_AFTER - visits
    return ngettext(
        "If the newer game is still here after {count} more visit, this window offers to set it aside.",
        "If the newer game is still here after {count} more visits, this window offers to set it aside.",
        left,
        count=left,
    )


class SavingDialog(Panel):
    """The "Not saved" window."""

    def __init__(self, texts: Texts) -> None:
        super().__init__(texts, "saving-dialog", lambda: _("Not saved"))
        self.text = el("p", "saving-text", id="saving-text")
        self.wait = el("p", "saving-wait", id="saving-wait")
        self.keep = self.action(
            lambda: _("Set the newer game aside and play on"), "keep-newer", id="keep-newer"
        )
        add(
            self.body,
            self.text,
            self.wait,
            buttons(
                self.action(lambda: _("Export a backup"), "export", "primary", id="saving-export"),
                self.keep,
                self.action(lambda: _("Close"), "close"),
            ),
        )

    def draw(self, window: object, state: PageState) -> None:
        self.text.textContent = reason(state)
        newer = state.unsaved == "storage-newer"
        offered = newer and state.newer_visits >= KEEP_AFTER
        self.keep.hidden = not offered
        self.wait.textContent = waiting(state.newer_visits) if newer and not offered else ""


__all__ = ["KEEP_AFTER", "SavingDialog", "reason", "waiting"]
