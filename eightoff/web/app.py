"""The page: the start-up, the listeners, and one door for every action.

``start_in_pieces()`` (awaited by static/main.py, which keeps the returned :class:`App`)
decides the game to open (:mod:`.links.startup`), draws it, binds the listeners, builds
the windows not yet built and sets ``<html data-ready>`` last, in pieces with the browser's
tasks between them (:meth:`App.pieces`; ``start()`` runs them all at once). After that
every input reaches the page through :meth:`App.dispatch` as one :mod:`.actions` value:
the pointer (:mod:`.board.pointer`), the keys (:mod:`.board.keys`, read by
:mod:`.board.keymap`), the buttons and the dialogs' choices, a chosen file (read here),
another tab's saves (:mod:`.storage.local`) and the solver worker's replies
(:mod:`.solver.worker`). The door (:mod:`.door`) sends each action to the
one controller that handles it (:mod:`.rooms`): the board's hands, the game's commands,
hints, the replay, the Statistics window, backups, sharing, tab sync and the settings.

Rules come from the engine, words from :mod:`.words.i18n`.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Coroutine, Iterator
from datetime import UTC, datetime
from typing import Any, Final

from pyscript import document, window
from pyscript.ffi import is_none

from ..deal import DealCode
from ..game import Game
from ..winnable import CATALOGUED, winnable
from .actions import Action, ImportFile, OtherTab, WorkerFailed, WorkerReply, from_button, from_choice
from .board import keys
from .board.clock import Clock
from .board.input_state import InputState
from .board.pointer import Pointer
from .board.table import Table
from .board.view import View
from .dom import Frame, Timers, intl_duration, intl_number, listen
from .links.address import (
    DAILY,
    REPLAY,
    Link,
    deal_from_query,
    flag_from_query,
    link_from_query,
    query_for,
    replay_step,
)
from .links.clipboard import copy_text
from .links.startup import choose_language, decide
from .rooms import Parts, Rooms
from .solver.worker import Worker
from .storage import local
from .storage.daily import daily_code, today
from .storage.files import download, read_file
from .storage.notices import notice_text
from .storage.store import Store
from .windows.coach_page import CoachPage
from .windows.dialogs import Dialogs
from .windows.how_to_card import HowToCard
from .windows.replay_bar import ReplayBar
from .windows.stats_window import OnDemand, StatsWindow
from .words.i18n import ngettext, use_duration_format, use_number_format

PIECE_MS: Final = 16.0
"""The windows built in one piece of the start while it has run less than this (ms)."""


class App:
    """One tab's page: the view, the dialogs, the board's state and, once started, the
    table with the game and the controllers. Made with the board's elements; the windows
    are built when first wanted, and the rest of them by :meth:`pieces` before the page
    says it is ready."""

    def __init__(self, root: Any) -> None:
        self.view = View(root)
        self.dialogs = Dialogs(root)
        self.dialogs.adopt("stats", StatsWindow)
        self.ui = InputState()
        self.store = Store(local.LocalStorage(), tab_id=secrets.token_hex(6))
        self.refit = Frame(self.view.fit)
        """Resizes arrive many times a frame while a window is dragged: fit once a frame."""
        self.timers = Timers()
        """The jobs run a while later (a refused tap's double-tap window, the clock's next
        second)."""
        self.unbinds: list[Callable[[], None]] = []
        self.worker = Worker(
            lambda text: self.dispatch(WorkerReply(text)),
            lambda failure: self.dispatch(WorkerFailed(failure)),
        )
        self.stats_window = OnDemand(lambda: self.dialogs.made("stats", StatsWindow))
        self.replay_bar = ReplayBar(self.view.texts, self.view.above_board)
        self.coach_page = CoachPage(self.view, self.dialogs)
        status = self.view.elements.status
        # hidden while it holds the focus, the how-to gives it to the board's tab stop
        self.how_to = HowToCard(
            self.view.texts,
            local.LocalStorage(),
            lambda: self.view.set_spot(self.view.spot, True),
            lambda node: status.before(node),
        )
        self.tasks: set[asyncio.Future[None]] = set()
        """Running replays, copies and imports (kept until they end)."""
        # performance.now looked up at each call (a test may fake it)
        self.clock = Clock(lambda: float(window.performance.now()), self.view.bar.clock, self.timers)
        self.table: Table  # set by start(): the saved game, the address's deal or a new one
        self.rooms: Rooms
        self.pointer: Pointer

    @property
    def game(self) -> Game:
        return self.table.game

    # -- start -------------------------------------------------------------------

    def start(self) -> None:
        """Every piece of :meth:`pieces` at once."""
        for _piece in self.pieces():
            pass

    def pieces(self) -> Iterator[None]:
        """The start after the board's elements, in pieces (each ``yield`` lets the browser
        run its tasks: paint, input): the game decided and its controllers made; the game
        drawn; the listeners bound; the windows not yet built (:func:`timed`); then
        ``<html data-ready>``, last (the loading screen covers the page until then)."""
        address = query = str(window.location.search)
        loaded = self.store.load()
        if flag_from_query(query, DAILY) and deal_from_query(query) == (None, None):
            query = query_for(daily_code(today()))  # ?daily: today's deal, like its own address
        replay = link_from_query(query)[0] if flag_from_query(query, REPLAY) else None
        start = decide(loaded, "" if replay else query, _new_code(loaded.settings.winnable))
        if document.hidden:  # opened in a background tab: the clock waits to be seen
            self.clock.hide()
        self.table = Table(
            self.view, self.ui, self.store, start.game, start.settings, loaded.stats, self.clock
        )
        self.rooms = rooms = Rooms(self.parts())
        self.dialogs.on_code = rooms.coach.code
        self.pointer = Pointer(self.view.board, self.view, rooms.hands, self.dispatch)
        browser = [str(tag) for tag in window.navigator.languages or [window.navigator.language or "en"]]
        rooms.settings.speak(choose_language(address, loaded.settings.language, browser), None)
        yield
        if start.path is not None:  # opened from a position link: its moves are the game's path
            self.table.take_path(start.path)
        self.table.show()
        window.performance.mark("eightoff-shown")  # the game drawn: the rest binds and says
        yield
        rooms.how_to.start()
        said = list(start.messages)
        if replay is not None:
            said.append(rooms.replayer.start(replay, replay_step(query)))
        said.append(notice_text(self.store.save(start.game, start.settings, self.table.stats)))
        self.view.saving(self.store.saving)
        self.bind()
        self.view.say(" ".join(m for m in said if m))
        if start.ask is not None:
            ask_first(self.dialogs, start.ask, start.game.moves, rooms.deals.open_link)
        yield
        yield from timed(self.build_next)
        document.documentElement.setAttribute("data-ready", "")

    def build_next(self) -> bool:
        """Build one part of the page not yet built (a window, the replay bar, the how-to
        card, the coach's button); ``False`` when all are."""
        return (
            self.dialogs.build_next()
            or self.replay_bar.build()
            or self.how_to.build()
            or self.coach_page.build()
        )

    def parts(self) -> Parts:
        """What the controllers are given: the thin parts and the browser's functions."""
        location = window.location
        return Parts(
            view=self.view,
            dialogs=self.dialogs,
            ui=self.ui,
            table=self.table,
            store=self.store,
            solver=self.worker,
            stats_window=self.stats_window,
            replay_bar=self.replay_bar,
            coach_page=self.coach_page,
            how_to=self.how_to,
            document=document,
            page=lambda: f"{location.origin}{location.pathname}",
            address=lambda query: window.history.replaceState(None, "", query),
            copy=copy_text,
            download=download,
            now=lambda: datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            run=self.run,
            sleep=asyncio.sleep,
            later=self.timers,
        )

    def bind(self) -> None:
        """Every listener: the board's pointer, the keys, the buttons and choices, the
        code field, another tab's saves, the window's size."""
        self.unbinds += [
            self.pointer.bind(),
            keys.bind(self.dispatch, self.view.spot_of),
            listen(self.view.board, {"focusin": lambda event: self.view.follow_focus(event.target)}),
            listen(self.view.root, {"click": self.on_click, "change": self.on_change}),
            self.dialogs.bind(),
            local.watch(self.store, lambda loaded: self.dispatch(OtherTab(loaded))),
            listen(window, {"resize": lambda _event: self.refit.request()}),
            listen(document, {"visibilitychange": self.on_visibility}),
            # Any input first ends the motion under way (a deal's cascade, a win): the
            # board's drawing is the game's position before the input is handled.
            listen(window, dict.fromkeys(("pointerdown", "keydown"), self.settle), capture=True),
        ]

    def settle(self, _event: Any) -> None:
        self.view.flights.settle()

    def unbind(self) -> None:
        """Every listener removed and the solver's worker stopped: this App is done (the
        browser tests start a new one in the same tab, tests/browser/helpers.py)."""
        while self.unbinds:
            self.unbinds.pop()()
        self.refit.destroy()
        self.clock.hide()  # its timer stopped
        self.timers.destroy()
        self.worker.stop()

    def run(self, job: Coroutine[Any, Any, None]) -> None:
        """Run a coroutine, kept until it ends."""
        task = asyncio.ensure_future(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def on_visibility(self, _event: Any) -> None:
        """The tab is hidden (another tab, the window minimised, the page left or reloaded):
        the clock stops and, when it was running, the game is saved with its time; seen
        again, it goes on."""
        if document.hidden:
            if self.clock.hide():
                self.table.save()
        else:
            self.clock.reveal()

    # -- the one door ------------------------------------------------------------

    def dispatch(self, action: Action | None) -> None:
        """Do what one action asks (``None``: nothing), through the one door
        (:meth:`.rooms.Rooms.dispatch`)."""
        self.rooms.dispatch(action)

    # -- reading the buttons, choices and files ---------------------------------------

    def on_click(self, event: Any) -> None:
        button = event.target.closest("[data-action]")
        if is_none(button) or button.disabled:
            return
        dialog = button.closest("dialog")
        self.dispatch(from_button(str(button.dataset.action), "" if is_none(dialog) else str(dialog.id)))

    def on_change(self, event: Any) -> None:
        target = event.target
        if str(target.id or "") == "import-file":
            self.dispatch(ImportFile(lambda: read_file(target)))
            return
        if str(target.type or "") == "checkbox":
            value = "true" if target.checked else "false"
        else:
            value = str(target.value or "")
        self.dispatch(from_choice(str(target.name or ""), value))


def timed(build: Callable[[], bool]) -> Iterator[None]:
    """Call ``build`` until it says it is done, yielding (a piece ends) whenever the piece
    has run more than :data:`PIECE_MS`: as many a piece as fit, since each task hop costs a
    frame's style and layout when one is due."""
    began = float(window.performance.now())
    while build():
        if float(window.performance.now()) - began > PIECE_MS:
            yield
            began = float(window.performance.now())


def ask_first(dialogs: Dialogs, link: Link, moves: int, open_link: Callable[[Link], None]) -> None:
    """The address asks for another deal than the saved game in progress (``moves``
    moves): open it only if the player says yes."""
    dialogs.confirm(
        lambda: ngettext(
            "Open deal {code}? The game in progress ({moves} move) will be lost.",
            "Open deal {code}? The game in progress ({moves} moves) will be lost.",
            moves,
            code=str(link.code),
            moves=moves,
        ),
        lambda: open_link(link),
    )


def _new_code(winnable_only: bool) -> Callable[[int], DealCode]:
    """How the first visit draws its deal: from the catalogue for 4 and 2 cells when only
    winnable deals are wanted (8 cells: a random deal, which the worker is not yet there
    to solve; about 999 in 1000 can be won)."""

    def draw(cells: int) -> DealCode:
        return winnable(cells) if winnable_only and cells in CATALOGUED else DealCode.random(cells)

    return draw


def begin() -> App:
    """The page's :class:`App`, with the board's elements made."""
    use_number_format(intl_number)
    use_duration_format(intl_duration)
    app = App(document.getElementById("app"))
    window.performance.mark("eightoff-built")  # the board's elements made
    return app


def start() -> App:
    """Build the page, bind its listeners, mark ``<html data-ready>`` last, in one go;
    returns the running :class:`App`."""
    app = begin()
    app.start()
    return app


async def start_in_pieces() -> App:
    """:func:`start` in pieces, each its own task of the browser (static/main.py awaits it
    and keeps the returned :class:`App` as ``app``): no long task, and the board painted
    as soon as it is drawn."""
    app = begin()
    await asyncio.sleep(0)  # a task of its own: the next runs after the browser's
    for _piece in app.pieces():
        await asyncio.sleep(0)
    return app


__all__ = ["App", "begin", "start", "start_in_pieces"]
