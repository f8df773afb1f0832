"""Backup files: export the game, settings and statistics as a file, and import one after
saying what it holds (pure Python; tested under CPython; the file's format is
:mod:`.storage.backup_file`).

:class:`Backups` handles the ``export`` command and :class:`.actions.ImportFile` (a file
chosen in the Statistics window); its words go to that window.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from ...game import Game
from ..actions import ImportFile
from ..door import Routes
from ..storage.backup_file import (
    FILE_NAME,
    MEDIA_TYPE,
    Backup,
    BackupError,
    describe,
    export,
    read,
    reason_text,
)
from ..storage.settings import Settings
from ..storage.stats import Stats
from ..words.i18n import _


class Window(Protocol):
    """The Statistics window (:class:`.windows.stats_window.StatsWindow`)."""

    def show(self, stats: Stats) -> None: ...
    def say(self, text: str, bad: bool = False) -> None: ...


class Kept(Protocol):
    """The table (:class:`.board.table.Table`)."""

    @property
    def game(self) -> Game: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def stats(self) -> Stats: ...

    def replace(self, game: Game, settings: Settings, stats: Stats | None = None) -> None: ...
    def save(self) -> None: ...


class Backups:
    """Export and import. ``download(text, name, media_type)`` saves a file, ``now()`` is
    the time written in it (ISO 8601, UTC); ``confirm(words, then)`` asks first;
    ``reload()`` reads another tab's newer record; ``leave_replay()`` closes a replay;
    ``run`` runs a coroutine."""

    def __init__(
        self,
        table: Kept,
        window: Window,
        confirm: Callable[[Callable[[], str], Callable[[], None]], None],
        download: Callable[[str, str, str], None],
        now: Callable[[], str],
        reload: Callable[[], object],
        leave_replay: Callable[[], None],
        run: Callable[[Coroutine[Any, Any, None]], None],
    ) -> None:
        self.table, self.window, self.confirm = table, window, confirm
        self.download, self.now, self.reload = download, now, reload
        self.leave_replay, self.run = leave_replay, run

    def routes(self) -> Routes:
        return Routes(actions=((ImportFile, self.choose),), commands=(("export", self.export),))

    def export(self) -> None:
        table = self.table
        self.download(export(table.game, table.settings, table.stats, self.now()), FILE_NAME, MEDIA_TYPE)
        self.window.say(_("Backup saved as {name}.", name=FILE_NAME))

    def choose(self, action: ImportFile) -> None:
        self.run(self.load(action))

    async def load(self, action: ImportFile) -> None:
        """Read the chosen file; refuse it with the reason, or say what it holds and ask."""
        try:
            text = await action.read()
            if text is None:
                return
            held = read(text)
        except BackupError as error:
            self.window.say(_("This file cannot be imported: {reason}", reason=reason_text(error)), bad=True)
            return
        self.confirm(lambda: describe(held), lambda: self.take(held))

    def take(self, held: Backup) -> None:
        """Replace the game, settings and statistics with a backup's (another tab's
        newer record is read first, so this save is not refused as unseen)."""
        self.reload()
        self.leave_replay()
        self.table.replace(held.game, held.settings, held.stats)
        self.table.save()
        self.window.show(held.stats)
        self.window.say(_("Backup imported."))


__all__ = ["Backups"]
