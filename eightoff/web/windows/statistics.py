"""The Statistics window's commands: open it with the player's record, reset the record
after asking (pure Python; tested under CPython).

:class:`Statistics` handles ``stats`` and ``reset-stats``; the window itself is
:class:`.windows.stats_window.StatsWindow`, the record :mod:`.storage.stats`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..door import Routes
from ..storage.stats import Stats
from ..words.i18n import _


class Window(Protocol):
    """The Statistics window (:class:`.windows.stats_window.StatsWindow`)."""

    def show(self, stats: Stats) -> None: ...
    def say(self, text: str, bad: bool = False) -> None: ...


class Opening(Protocol):
    """The dialogs (:class:`.windows.dialogs.Dialogs`)."""

    def open(self, ident: str) -> None: ...
    def is_open(self, ident: str) -> bool: ...
    def confirm(self, words: Callable[[], str], then: Callable[[], None]) -> None: ...


class Record(Protocol):
    """The table's record (:class:`.board.table.Table`)."""

    @property
    def stats(self) -> Stats: ...

    def reset_stats(self) -> None: ...


class Statistics:
    """The Statistics window's ``stats`` and ``reset-stats`` commands."""

    def __init__(self, window: Window, dialogs: Opening, table: Record) -> None:
        self.window = window
        self.dialogs = dialogs
        self.table = table

    def routes(self) -> Routes:
        return Routes(commands=(("stats", self.open), ("reset-stats", self.ask_reset)))

    def open(self) -> None:
        self.window.show(self.table.stats)
        self.dialogs.open("stats")

    def ask_reset(self) -> None:
        self.dialogs.confirm(lambda: _("Reset all statistics? This cannot be undone."), self.reset)

    def reset(self) -> None:
        self.table.reset_stats()
        self.window.show(self.table.stats)
        self.window.say(_("The statistics were reset."))

    def relabel(self) -> None:
        """The figures again in the language now in use, when the window is open."""
        if self.dialogs.is_open("stats"):
            self.window.show(self.table.stats)


__all__ = ["Statistics"]
