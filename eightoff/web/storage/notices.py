"""The words of the store's notices (:class:`.storage.store.Notice`: the game set aside,
saving stopped or resumed, another tab's game …) in the language in use (pure Python, no
browser import; docs/storage.md, "What the page does").

>>> from .store import Notice
>>> notice_text(Notice("storage-resumed"))
'Saving works again.'
"""

from __future__ import annotations

from typing import Final

from ..words.engine_errors import Words
from ..words.i18n import _
from .store import Notice

NOTICES: Final[dict[str, Words]] = {
    "storage-corrupt": lambda p: _(
        "The saved game could not be read: it was set aside and a new game started."
    ),
    "storage-settings-reset": lambda p: _("The saved settings could not be read: the defaults are used."),
    "storage-full": lambda p: _(
        "The browser's storage is full: your moves are no longer saved. Play goes on."
    ),
    "storage-failed": lambda p: _(
        "The browser refused to save: your moves are no longer saved. Play goes on."
    ),
    "storage-unavailable": lambda p: _("The browser does not allow saving here: your moves are not saved."),
    "storage-resumed": lambda p: _("Saving works again."),
    "storage-stats-reset": lambda p: _(
        "Your statistics could not be read and start again from here; your game is kept."
    ),
    "storage-set-aside": lambda p: _(
        "Something that was not a saved game of Eight Off was found in the browser's storage: it was "
        "set aside and your game was saved in its place."
    ),
    "storage-unreadable": lambda p: _("The browser's storage changed: your game is saved again."),
    "storage-other-tab": lambda p: _("The game was played on in another tab: this tab now shows that game."),
    "storage-newer": lambda p: _(
        "A newer version of Eight Off saved a game here, and this page will not save over it: "
        "reload to continue that game. If a reload does not help, see “Not saved” at the top."
    ),
}
"""The words of each store notice (:class:`.storage.store.Notice` codes, docs/storage.md)."""


def notice_text(notice: Notice | None) -> str:
    """The words of a store notice (docs/storage.md); ``""`` for none, its code when it has
    no words (a gap shows itself)."""
    if notice is None:
        return ""
    words = NOTICES.get(notice.code)
    return words(notice.params) if words is not None else notice.code


__all__ = ["NOTICES", "notice_text"]
