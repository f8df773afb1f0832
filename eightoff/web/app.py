"""The page's shell: the start, the listeners, the one loop that takes every action through the
update and draws the state, and the effects run.

``start_in_pieces()`` (awaited by static/main.py, which keeps the returned :class:`App`)
decides the game to open (:mod:`.links.startup`), makes the first state (:func:`.update.start`),
draws it, binds the listeners, builds the windows not yet built and sets ``<html data-ready>``
last, in pieces with the browser's tasks between them (:meth:`App.pieces`; ``start()`` runs
them all at once).

After that every input reaches the page through :meth:`App.dispatch` as one
:mod:`.actions` value: the pointer (:mod:`.view.pointer`), the keys (:mod:`.view.keys`,
read by :mod:`.board.keymap`), the buttons and choices, a chosen file, the focus landing on
the board, the tab hidden or seen, another tab's saves (:mod:`.storage.local`), the solver
worker's replies (:mod:`.solver.worker`) and the page's own timers. :meth:`App.dispatch`
hands each to :func:`.update.update`, runs the effects it returns (:meth:`App.run`: the
store, the worker, the timers, the clipboard, the files, the cues), their outcomes being actions too,
and draws the state once they are all done (:meth:`.view.page.PageView.render`).
"""

from __future__ import annotations

import asyncio
import secrets
from collections import deque
from collections.abc import Callable, Coroutine, Iterator
from datetime import UTC, datetime
from typing import Any, Final

from pyscript import document, window
from pyscript.ffi import is_none, to_js

from ..deal import DealCode
from ..winnable import winnable
from .actions import (
    Action,
    AsideRead,
    Copied,
    FileRead,
    FocusTo,
    ImportFile,
    OtherTab,
    Persisted,
    Saved,
    Shared,
    Visibility,
    WorkerFailed,
    WorkerFailure,
    WorkerReply,
    from_button,
    from_choice,
)
from .dom import Frame, Timers, intl_duration, intl_number, listen
from .effects import (
    Aside,
    Copy,
    Cue,
    Download,
    Effect,
    Later,
    Persist,
    ReadFile,
    Remember,
    RememberHowTo,
    Save,
    Share,
    Solve,
)
from .links.address import (
    DAILY,
    REPLAY,
    deal_from_query,
    flag_from_query,
    language_from_query,
    link_from_query,
    query_for,
    replay_step,
)
from .links.clipboard import copy_text, share_link
from .links.startup import choose_language, decide
from .solver.worker import Worker
from .state import PageState, World
from .storage import local
from .storage.backup_file import BackupError
from .storage.daily import daily_code, today
from .storage.files import download, read_file
from .storage.settings import Settings
from .storage.store import Store
from .update import start as first_state
from .update import update
from .view import how_to, keys
from .view.cues import Cues
from .view.page import PageView
from .view.pointer import Pointer
from .words.i18n import set_language, use_duration_format, use_number_format

PIECE_MS: Final = 16.0
"""The windows built in one piece of the start while it has run less than this (ms)."""


class App:
    """One tab's page: the view, the store, the worker and, once started, the state."""

    def __init__(self, root: Any) -> None:
        self.view = PageView(root)
        self.storage = local.LocalStorage()
        self.store = Store(self.storage, tab_id=secrets.token_hex(6))
        self.refit = Frame(self.view.board.fit)
        """Resizes arrive many times a frame while a window is dragged: fit once a frame."""
        self.timers = Timers()
        self.waiting: dict[str, Callable[[], None]] = {}
        """The cancel of each timer waiting, by its key (:class:`.effects.Later`)."""
        self.unbinds: list[Callable[[], None]] = []
        self.cues = Cues()
        self.worker = Worker(lambda text: self.dispatch(WorkerReply(text)), self.worker_failed)
        self.tasks: set[asyncio.Future[None]] = set()
        """Running copies and file reads (kept until they end)."""
        self.queue: deque[Action] = deque()
        self.busy = False
        self.state: PageState

    @property
    def game(self) -> Any:
        return self.state.game

    # -- start -------------------------------------------------------------------

    def start(self) -> None:
        """Every piece of :meth:`pieces` at once."""
        for _piece in self.pieces():
            pass

    def pieces(self) -> Iterator[None]:
        """The start after the board's elements, in pieces (each ``yield`` lets the browser
        run its tasks: paint, input): the game decided; the listeners bound and the game
        drawn; the windows not yet built (:func:`timed`); then ``<html data-ready>``, last
        (the loading screen covers the page until then)."""
        address = query = str(window.location.search)
        loaded = self.store.load()
        if flag_from_query(query, DAILY) and deal_from_query(query) == (None, None):
            query = query_for(daily_code(today()))  # ?daily: today's deal, like its own address
        replay = link_from_query(query)[0] if flag_from_query(query, REPLAY) else None
        start = decide(loaded, "" if replay else query, _new_code(loaded.settings))
        browser = [str(tag) for tag in window.navigator.languages or [window.navigator.language or "en"]]
        language = set_language(choose_language(address, loaded.settings.language, browser))
        location = window.location
        state, effects = first_state(
            self.world(),
            start.game,
            start.settings,
            loaded.stats,
            language=language,
            address_lang=language_from_query(address),
            page=f"{location.origin}{location.pathname}",
            said=start.messages,
            path=start.path,
            ask=start.ask,
            replay_of=None if replay is None else (replay, replay_step(query)),
            how_to_seen=how_to.seen(self.storage),
            hidden=bool(document.hidden),
            unsaved=self.store.unsaved,
            newer_visits=self.store.newer_visits,
            aside=self.store.aside(),
            device=self.store.device(),
            safari=outside_home_screen(),
        )
        self.state = state
        yield
        self.bind()
        self.view.render(state)
        window.performance.mark("eightoff-shown")  # the game drawn, the listeners bound
        self.effects(effects)
        self.drain()
        self.storage_kept(ask=False)
        yield
        yield from timed(self.view.build_next)
        document.documentElement.setAttribute("data-ready", "")

    def bind(self) -> None:
        """Every listener: the board's pointer, the keys, the buttons and choices, the
        dialogs, the focus on the board, another tab's saves, the window's size, the tab's
        visibility."""
        view = self.view
        board = view.board
        self.unbinds += [
            Pointer(board.board, board, self.dispatch, lambda: self.state).bind(),
            keys.bind(self.dispatch, board.spot_of, lambda: board.layout.rows if board.layout else 1),
            listen(board.board, {"focusin": self.on_focus}),
            listen(board.root, {"click": self.on_click, "change": self.on_change}),
            view.dialogs.bind(self.dispatch),
            local.watch(self.store, lambda loaded: self.dispatch(OtherTab(loaded))),
            listen(window, {"resize": lambda _event: self.refit.request()}),
            listen(
                document,
                {"visibilitychange": lambda _event: self.dispatch(Visibility(bool(document.hidden)))},
            ),
            # Any input first ends the motion under way (a deal's cascade, a win): the
            # board's drawing is the game's position before the input is handled.
            listen(window, dict.fromkeys(("pointerdown", "keydown"), self.settle), capture=True),
        ]

    def settle(self, _event: Any) -> None:
        self.view.board.flights.settle()

    def unbind(self) -> None:
        """Every listener removed, every timer cancelled and the solver's worker stopped:
        this App is done (the browser tests start a new one in the same tab)."""
        while self.unbinds:
            self.unbinds.pop()()
        self.refit.destroy()
        self.timers.destroy()
        self.worker.stop()

    # -- the one loop ------------------------------------------------------------------

    def world(self) -> World:
        """The time, the day and a random number, as an action comes."""
        now = datetime.now(UTC)
        return World(
            float(window.performance.now()),
            now.date(),
            now.strftime("%Y-%m-%dT%H:%M:%SZ"),
            secrets.randbelow(1 << 63),
        )

    def dispatch(self, action: Action | None) -> None:
        """Take ``action`` (``None``: nothing) through the update, with every action the
        effects it asks for lead to, then draw the state."""
        if action is None:
            return
        self.queue.append(action)
        if not self.busy:
            self.drain()

    def drain(self) -> None:
        """Every action queued through the update, then one render (which may queue more:
        a dialog the browser closed)."""
        self.busy = True
        try:
            while self.queue:
                while self.queue:
                    state, effects = update(self.state, self.queue.popleft(), self.world())
                    if state.language != self.state.language:
                        set_language(state.language)
                    self.state = state
                    self.effects(effects)
                self.view.render(self.state)
        finally:
            self.busy = False

    def effects(self, effects: tuple[Effect, ...]) -> None:
        for effect in effects:
            self.run(effect)

    def run(self, effect: Effect) -> None:
        """Do one effect; what it comes to is an action, queued."""
        state = self.state
        match effect:
            case Save(take_over=take_over, first=first):
                if take_over:
                    self.store.load()
                notice = self.store.save(state.game, state.settings, state.stats)
                loaded = (
                    self.store.load() if notice is not None and notice.code == "storage-other-tab" else None
                )
                self.queue.append(Saved(notice, self.store.unsaved, loaded, first))
            case Solve(request=request):
                self.worker.send(request)
            case Later(key=key, ms=ms, action=action):
                self.waiting.pop(key, lambda: None)()
                self.waiting[key] = self.timers(ms, lambda: self.dispatch(action))
            case Copy(url=url, said=said):
                self.task(self.copy(url, said))
            case Share(url=url, title=title, text=text):
                self.task(self.share(url, title, text))
            case Download(text=text, name=name, media_type=media_type):
                download(text, name, media_type)
            case ReadFile(read=read):
                self.task(self.read(read))
            case RememberHowTo():
                how_to.remember(self.storage)
            case Remember(name=name, value=value):
                self.store.remember(name, value)
            case Persist():
                self.storage_kept(ask=True)
            case Cue(kind=kind, sound=sound, haptics=haptics):
                self.cues.play(kind, sound, haptics)
            case Aside(act="read"):
                self.queue.append(AsideRead(self.store.aside()))
            case Aside(act="discard"):
                self.store.discard_aside()
                self.queue.append(AsideRead(None))
            case Aside(act="download"):
                download(self.store.aside_text(), ASIDE_FILE, "text/plain")
            case Aside(act="keep-newer"):
                self.store.keep_newer_aside()
                self.queue.append(AsideRead(self.store.aside()))

    def task(self, job: Coroutine[Any, Any, None]) -> None:
        """Run a coroutine, kept until it ends."""
        task = asyncio.ensure_future(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def storage_kept(self, ask: bool) -> None:
        """Whether the browser keeps the page's storage (``ask``: ask it to,
        ``navigator.storage.persist``; else only read the answer it gave)."""
        manager = getattr(window.navigator, "storage", None)
        name = "persist" if ask else "persisted"
        method = None if manager is None or is_none(manager) else getattr(manager, name, None)
        if method is None:
            self.dispatch(Persisted(None))
        else:
            self.task(self.kept(method))

    async def kept(self, method: Callable[[], Any]) -> None:
        try:
            kept: bool | None = bool(await method())
        except Exception:
            kept = None
        self.dispatch(Persisted(kept))

    def worker_failed(self, failure: WorkerFailure) -> None:
        """The worker failed: when it could not start while the page is online, its file may
        be gone (a new version deployed since this page loaded): asked once, past the cache."""
        if failure != "start" or not window.navigator.onLine:
            self.dispatch(WorkerFailed(failure))
            return
        self.task(self.worker_gone())

    async def worker_gone(self) -> None:
        options = to_js({"method": "HEAD", "cache": "no-store"}, dict_converter=window.Object.fromEntries)
        failure: WorkerFailure = "start"
        try:
            response = await window.fetch(self.worker.url(), options)
            if int(response.status) == 404:
                failure = "outdated"
        except Exception:
            failure = "start"
        self.dispatch(WorkerFailed(failure))

    async def copy(self, url: str, said: str) -> None:
        self.dispatch(Copied(url, said, await copy_text(url)))

    async def share(self, url: str, title: str, text: str) -> None:
        self.dispatch(Shared(url, await share_link(url, title, text)))

    async def read(self, read: Callable[[], Any]) -> None:
        try:
            text = await read()
        except BackupError as error:
            self.dispatch(FileRead(None, error))
            return
        self.dispatch(FileRead(text))

    # -- reading the buttons, choices and the focus -----------------------------------------

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

    def on_focus(self, event: Any) -> None:
        """The focus landed on the board (Tab, a screen reader): that spot holds the tab stop."""
        spot = self.view.board.spot_of(event.target)
        if spot is not None and spot != self.state.focus:
            self.dispatch(FocusTo(spot.pile, spot.index))


ASIDE_FILE: Final = "eightoff-set-aside.txt"
"""The file a value set aside is downloaded as, exactly as it was stored."""


def outside_home_screen() -> bool:
    """Safari, not started from the home screen or the Dock: Apple's browser deletes a site's
    storage after seven days without a visit (an installed web app keeps it)."""
    navigator = window.navigator
    agent = str(getattr(navigator, "userAgent", "") or "")
    apple = any(name in agent for name in ("Macintosh", "iPhone", "iPad"))
    others = ("Chrome/", "CriOS/", "FxiOS/", "EdgiOS/")
    safari = "Safari/" in agent and not any(name in agent for name in others)
    installed = bool(getattr(navigator, "standalone", False)) or bool(
        window.matchMedia("(display-mode: standalone)").matches
    )
    return apple and safari and not installed


def timed(build: Callable[[], bool]) -> Iterator[None]:
    """Call ``build`` until it says it is done, yielding (a piece ends) whenever the piece
    has run more than :data:`PIECE_MS`: as many a piece as fit, since each task hop costs a
    frame's style and layout when one is due."""
    began = float(window.performance.now())
    while build():
        if float(window.performance.now()) - began > PIECE_MS:
            yield
            began = float(window.performance.now())


def _new_code(settings: Settings) -> Callable[[int], DealCode]:
    """How a visit with no game draws its deal: from the catalogue of the level chosen when
    only winnable deals are wanted; with no level chosen, 8 cells (a first visit's) is an
    ordinary random deal, about 999 in 1000 of which can be won, so that the first board
    does not wait for the 8-cell catalogue."""

    def draw(cells: int) -> DealCode:
        if settings.winnable and (settings.level is not None or cells != 8):
            return winnable(cells, level=settings.level)
        return DealCode.random(cells)

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
