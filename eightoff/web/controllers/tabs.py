"""Tab sync: another tab's newer game shown in this one, said so; a value that is not a
game written over the record set aside by saving this tab's game (pure Python; tested
under CPython; docs/storage.md).

:class:`Tabs` handles :class:`.actions.OtherTab`, which :func:`.storage.local.watch` reads
from the window's ``storage`` event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ...game import Game
from ..actions import OtherTab
from ..door import Routes
from ..storage.notices import notice_text
from ..storage.settings import Settings
from ..storage.stats import Stats


class Told(Protocol):
    """The board's view (:class:`.board.view.View`)."""

    def say(self, text: str) -> None: ...


class Shared(Protocol):
    """The table (:class:`.board.table.Table`)."""

    @property
    def game(self) -> Game: ...
    @property
    def settings(self) -> Settings: ...

    def save(self) -> None: ...
    def replace(self, game: Game, settings: Settings, stats: Stats | None = None) -> None: ...
    def keep(self, game: Game, settings: Settings, stats: Stats) -> None: ...
    def unmark(self) -> None: ...


class Tabs:
    """Another tab's saves. ``replaying()``: a replay is shown (the game behind it follows
    unseen); ``close_dialogs()`` closes the dialogs over the board."""

    def __init__(
        self,
        view: Told,
        table: Shared,
        replaying: Callable[[], bool],
        close_dialogs: Callable[[], None],
    ) -> None:
        self.view, self.table = view, table
        self.replaying, self.close_dialogs = replaying, close_dialogs

    def routes(self) -> Routes:
        return Routes(actions=((OtherTab, self.other_tab),))

    def other_tab(self, action: OtherTab) -> None:
        """Another tab saved a newer game: show it, and say so (the same game and settings,
        saved when that tab was hidden with its clock's time: taken quietly). Or a value
        that is not a game was written (another page on this origin, say): save this tab's
        game at once, which sets that value aside and says so, so a reload finds this game."""
        loaded = action.loaded
        if loaded.game is None:
            self.table.save()
            return
        if loaded.game == self.table.game and loaded.settings == self.table.settings:
            self.table.keep(loaded.game, loaded.settings, loaded.stats)  # only its clock moved: quietly
            return
        self.table.unmark()
        if self.replaying():  # the replay stays on the board; the game behind it follows
            self.table.keep(loaded.game, loaded.settings, loaded.stats)
        else:
            self.close_dialogs()
            self.table.replace(loaded.game, loaded.settings, loaded.stats)
        self.view.say(notice_text(loaded.notice))


__all__ = ["Tabs"]
