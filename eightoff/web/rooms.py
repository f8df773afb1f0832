"""The page's controllers, each given what it needs, and the door that routes every action to
one of them (pure Python, no browser import; tested under CPython with Python fakes).

``App`` (eightoff/web/app.py) makes the thin parts (the view, the dialogs, the table, the
worker, the windows) and the browser's few functions, hands them over as :class:`Parts`,
and keeps the :class:`Rooms` built from them: one controller per feature, in the room of
that feature, none reaching into another's elements.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol

from ..game import Game
from .actions import Action
from .board import deals, hands, replayer
from .board.deals import Deals
from .board.finisher import Finisher
from .board.hands import Hands
from .board.input_state import InputState
from .board.refusals import Later
from .board.replayer import Replayer
from .controllers import backups, settings, sharing, tabs
from .controllers.backups import Backups
from .controllers.settings import SettingsChoices
from .controllers.sharing import Sharing
from .controllers.tabs import Tabs
from .door import Door, Routes, clears_hint, needs_board
from .solver import coach, hints
from .solver.coach import Coach
from .solver.hints import Hints
from .windows import how_to, statistics
from .windows.how_to import HowTo
from .windows.statistics import Statistics


class PageView(
    hands.BoardView,
    replayer.ReplayView,
    hints.HintView,
    sharing.Said,
    tabs.Told,
    settings.Words,
    Protocol,
):
    """Everything the controllers ask of the board's view (:class:`.board.view.View`)."""

    def above_board(self, node: Any) -> None: ...


class PageTable(
    hands.GameTable,
    hints.HintTable,
    statistics.Record,
    backups.Kept,
    sharing.Played,
    tabs.Shared,
    settings.Chosen,
    deals.Played,
    replayer.Shown,
    coach.Table,
    Protocol,
):
    """Everything the controllers ask of the table (:class:`.board.table.Table`)."""

    def show(self) -> None: ...


class PageDialogs(deals.Windows, replayer.Asking, statistics.Opening, Protocol):
    """Everything the controllers ask of the dialogs (:class:`.windows.dialogs.Dialogs`)."""

    def any_open(self) -> bool: ...
    def relabel(self) -> None: ...
    def show_win(self, game: Game) -> None: ...
    def hand_over(self, ident: str) -> None: ...


class StatsWindow(statistics.Window, backups.Window, Protocol):
    """The Statistics window (:class:`.windows.stats_window.StatsWindow`)."""


class Reloading(Protocol):
    """The store (:class:`.storage.store.Store`): another tab's newer record read."""

    def load(self) -> object: ...


@dataclass(frozen=True)
class Parts:
    """The thin parts of one tab's page and the browser's functions the controllers use:
    ``page()`` the address without its query, ``address(query)`` writes the address bar,
    ``copy(text)`` the clipboard, ``download(text, name, media_type)`` a file, ``now()``
    the time (ISO 8601, UTC), ``run`` runs a coroutine, ``sleep(seconds)`` waits,
    ``later(ms, job)`` runs a job after a while and returns its cancel."""

    view: PageView
    dialogs: PageDialogs
    ui: InputState
    table: PageTable
    store: Reloading
    solver: hints.Solver
    stats_window: StatsWindow
    replay_bar: replayer.Bar
    coach_page: coach.Shown
    how_to: how_to.Card
    document: settings.Document
    page: Callable[[], str]
    address: Callable[[str], None]
    copy: Callable[[str], Awaitable[bool]]
    download: Callable[[str, str, str], None]
    now: Callable[[], str]
    run: Callable[[Coroutine[Any, Any, None]], None]
    sleep: Callable[[float], Awaitable[None]]
    later: Later


class Rooms:
    """One controller per feature, and the door over them all."""

    def __init__(self, parts: Parts) -> None:
        view, dialogs, table, ui = parts.view, parts.dialogs, parts.table, parts.ui
        self.replayer = Replayer(
            view,
            table,
            parts.replay_bar,
            dialogs,
            game=lambda: table.game,
            open_link=lambda link: self.deals.open_link(link),
            show_game=table.show,
            forget=ui.reset,
            address=parts.address,
            run=parts.run,
            sleep=parts.sleep,
        )
        self.coach = Coach(parts.solver, lambda: table, parts.coach_page)
        self.finisher = Finisher(lambda: table.game, self.dispatch, view.say, parts.run, parts.sleep)
        self.hands = Hands(view, ui, table, self.blocked, self.won, parts.later)
        self.deals = Deals(dialogs, table, self.replayer.leave, lambda cells: self.hints.ask_deal(cells))
        self.hints = Hints(parts.solver, view, table, self.deals.deal, self.coach)
        self.statistics = Statistics(parts.stats_window, dialogs, table)
        self.backups = Backups(
            table,
            parts.stats_window,
            dialogs.confirm,
            parts.download,
            parts.now,
            parts.store.load,
            self.replayer.leave,
            parts.run,
        )
        self.sharing = Sharing(view, table, parts.page, parts.copy, self.replayer.link, parts.run)
        self.tabs = Tabs(view, table, self.replayer.showing, dialogs.close_all)
        self.settings = SettingsChoices(
            parts.document,
            view,
            table,
            (dialogs.relabel, self.replayer.relabel, self.statistics.relabel),
            parts.address,
        )
        self.how_to = HowTo(parts.how_to, lambda: table.game, dialogs.hand_over)
        self.view, self.dialogs, self.table = view, dialogs, table
        self.door = Door(self.routes())

    def dispatch(self, action: Action | None) -> None:
        """Do what one action asks (``None``: nothing): the hint shown is cleared
        (:func:`.door.clears_hint`), the board's actions wait while it is blocked
        (:func:`.door.needs_board`), and the door runs the one handler of the action."""
        if action is None:
            return
        if clears_hint(action):
            self.table.unmark()
        if needs_board(action) and self.blocked():
            return
        self.door(action)
        self.coach.follow()  # the way back offered goes when its game has changed
        self.how_to.follow()  # and the how-to at the first move

    def routes(self) -> list[Routes]:
        """Every controller's routes."""
        controllers = (
            self.hands,
            self.hints,
            self.coach,
            self.finisher,
            self.deals,
            self.replayer,
            self.statistics,
            self.backups,
            self.sharing,
            self.tabs,
            self.settings,
            self.how_to,
        )
        return [controller.routes() for controller in controllers]

    def won(self, game: Game) -> None:
        """The game was just won: the win message, and the solver's line asked for."""
        self.dialogs.show_win(game)
        self.coach.won(game)

    def blocked(self) -> bool:
        """The board takes no input while a dialog is open over it, or a replay is shown."""
        return self.dialogs.any_open() or self.replayer.showing()


__all__ = ["PageDialogs", "PageTable", "PageView", "Parts", "Rooms"]
