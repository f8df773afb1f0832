"""Python fakes of the page's thin parts (the view, the table, the dialogs, the windows, the
worker) for the controllers' tests under CPython: each keeps what it was asked, in order,
as ``(name, *args)`` in ``calls``, and holds a real engine :class:`Game`, so a controller's
decisions are checked against the engine's rules and exact words, without a browser."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from eightoff import DealCode, Game, Move
from eightoff.errors import IllegalMoveError
from eightoff.web.board.input_state import InputState
from eightoff.web.rooms import Parts
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Stats
from tests.web.fakes.dom import Document

CODE = "EO1-C8-AAAAAFA"
"""The deal of the module doctests: column 1's top card is the 5 of spades."""


def new_game(code: str = CODE) -> Game:
    return Game.new(DealCode.parse(code))


class Recorder:
    """Keeps every call made on it: a method it does not define is kept as called."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def __getattr__(self, name: str) -> Callable[..., None]:
        if name.startswith("__"):
            raise AttributeError(name)

        def call(*args: Any, **kwargs: Any) -> None:
            self.calls.append((name, *args, *kwargs.values()))

        return call

    def names(self) -> list[str]:
        return [call[0] for call in self.calls]

    def said(self) -> list[str]:
        """What was said in the status line, in order."""
        return [call[1] for call in self.calls if call[0] == "say"]


class FakeView(Recorder):
    """:class:`eightoff.web.board.view.View`, as the controllers call it: ``shown`` the
    cards drawn by pile, ``carried`` the head card being carried (``None``: none)."""

    def __init__(self, game: Game | None = None) -> None:
        super().__init__()
        self.shown: dict[str, list[str]] = {}
        self.carried: str | None = None
        if game is not None:
            self.draw(game.position)

    def draw(self, position: Any) -> None:
        """What the one render path would draw of ``position`` (not a call of the view)."""
        self.shown = {pile.key: [str(c) for c in position.cards(pile)] for pile in position.piles()}

    def carried_head(self) -> str | None:
        return self.carried


class FakeTable(Recorder):
    """:class:`eightoff.web.board.table.Table`: the game played by the engine itself."""

    def __init__(self, game: Game | None = None, settings: Settings | None = None) -> None:
        super().__init__()
        self.game = game or new_game()
        self.settings = settings or Settings()
        self.stats = Stats().begin(self.game.code)

    def play(self, move: Move) -> IllegalMoveError | None:
        self.calls.append(("play", move))
        try:
            self.game.play(move)
        except IllegalMoveError as error:
            return error
        return None

    def open(self, game: Game, message: Callable[[Game], str] = str, path: tuple[Move, ...] = ()) -> None:
        self.game = game
        self.calls.append(("open", str(game.code), message(game), path))

    def replace(self, game: Game, settings: Settings, stats: Stats | None = None) -> None:
        self.game, self.settings = game, settings
        if stats is not None:
            self.stats = stats
        self.calls.append(("replace", game, settings, stats))

    def keep(self, game: Game, settings: Settings, stats: Stats) -> None:
        self.game, self.settings, self.stats = game, settings, stats
        self.calls.append(("keep", game, settings, stats))

    def choose(self, settings: Settings) -> None:
        self.settings = settings
        self.calls.append(("choose", settings))

    def count_hint(self) -> None:
        self.stats = self.stats.hinted()
        self.calls.append(("count_hint",))

    def reset_stats(self) -> None:
        self.stats = self.stats.reset(self.game)
        self.calls.append(("reset_stats",))


class FakeDialogs(Recorder):
    """:class:`eightoff.web.windows.dialogs.Dialogs`: ``guarded`` asks (keeps ``then``)
    when the game has moves and is not won, as the real one does; ``confirmed`` runs
    what was asked."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: set[str] = set()
        self.pending: Callable[[], None] | None = None
        self.question = ""
        self.code: DealCode | None = None
        """What :meth:`check_code` finds in the code field."""

    def any_open(self) -> bool:
        return bool(self.opened)

    def is_open(self, ident: str) -> bool:
        return ident in self.opened

    def open(self, ident: str) -> None:
        self.opened.add(ident)
        self.calls.append(("open", ident))

    def close(self, ident: str) -> None:
        self.opened.discard(ident)
        self.calls.append(("close", ident))

    def hand_over(self, ident: str) -> None:
        self.opened.discard(ident)
        self.calls.append(("hand_over", ident))

    def close_all(self) -> None:
        self.opened.clear()
        self.calls.append(("close_all",))

    def confirm(self, words: Callable[[], str], then: Callable[[], None]) -> None:
        self.question, self.pending = words(), then
        self.opened.add("confirm")
        self.calls.append(("confirm", self.question))

    def confirmed(self) -> None:
        then, self.pending = self.pending, None
        self.opened.discard("confirm")
        if then is not None:
            then()

    def guarded(self, game: Game, then: Callable[[], None]) -> None:
        if game.moves and not game.is_won:
            self.confirm(lambda: f"lose {game.moves}", then)
        else:
            then()

    def check_code(self) -> DealCode | None:
        return self.code


class FakeHowTo(Recorder):
    """:class:`eightoff.web.windows.how_to_card.HowToCard`: shown or not, and seen (its
    memory) or not."""

    def __init__(self, seen: bool = False) -> None:
        super().__init__()
        self.shown = False
        self.was_seen = seen

    def show(self, focus: bool) -> None:
        self.shown = True
        self.calls.append(("show", focus))

    def hide(self) -> None:
        self.shown = False
        self.calls.append(("hide",))

    def seen(self) -> bool:
        return self.was_seen

    def remember(self) -> None:
        self.was_seen = True
        self.calls.append(("remember",))


class FakeSolver(Recorder):
    """The solver's worker: keeps the requests sent."""

    def __init__(self) -> None:
        super().__init__()
        self.serial = 0

    def next_serial(self) -> int:
        self.serial += 1
        return self.serial

    def send(self, text: str) -> None:
        self.calls.append(("send", text))


@dataclass
class Browser:
    """The browser's functions the controllers are given: what they wrote, copied,
    downloaded, and the coroutines they ran (run to their end by :meth:`finish`)."""

    clipboard: bool = True
    addresses: list[str] = field(default_factory=list)
    copied: list[str] = field(default_factory=list)
    files: list[tuple[str, str, str]] = field(default_factory=list)
    jobs: list[Coroutine[Any, Any, None]] = field(default_factory=list)
    slept: list[float] = field(default_factory=list)
    timers: list[tuple[float, Callable[[], None]]] = field(default_factory=list)
    """The jobs given to :meth:`later` and not yet fired or cancelled, with their delay."""

    def page(self) -> str:
        return "https://example.org/eightoff/"

    def address(self, query: str) -> None:
        self.addresses.append(query)

    async def copy(self, text: str) -> bool:
        if self.clipboard:
            self.copied.append(text)
        return self.clipboard

    def download(self, text: str, name: str, media_type: str) -> None:
        self.files.append((text, name, media_type))

    def now(self) -> str:
        return "2026-12-01T12:00:00Z"

    def run(self, job: Coroutine[Any, Any, None]) -> None:
        self.jobs.append(job)

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)

    def later(self, ms: float, job: Callable[[], None]) -> Callable[[], None]:
        timer = (ms, job)
        self.timers.append(timer)
        return lambda: self.timers.remove(timer) if timer in self.timers else None

    def fire(self) -> list[float]:
        """Time passes: every job waiting runs; their delays."""
        due, self.timers = self.timers, []
        for _ms, job in due:
            job()
        return [ms for ms, _job in due]

    def finish(self) -> None:
        """Run every coroutine started (and those they start) to its end."""
        while self.jobs:
            asyncio.run(self.jobs.pop(0))


@dataclass
class Page:
    """One tab's page of fakes, and the :class:`Parts` that hand them to the controllers."""

    game: Game = field(default_factory=new_game)
    view: FakeView = field(init=False)
    table: FakeTable = field(init=False)
    dialogs: FakeDialogs = field(default_factory=FakeDialogs)
    ui: InputState = field(default_factory=InputState)
    solver: FakeSolver = field(default_factory=FakeSolver)
    stats_window: Recorder = field(init=False)
    replay_bar: Recorder = field(init=False)
    store: Recorder = field(init=False)
    how_to: FakeHowTo = field(default_factory=FakeHowTo)
    document: Document = field(default_factory=Document)
    browser: Browser = field(default_factory=Browser)

    def __post_init__(self) -> None:
        self.view = FakeView(self.game)
        self.table = FakeTable(self.game)
        self.stats_window = Calls()
        self.replay_bar = Calls()
        self.coach_page = Calls()
        self.store = Calls()

    def parts(self) -> Parts:
        b = self.browser
        return Parts(
            view=self.view,  # type: ignore[arg-type]
            dialogs=self.dialogs,  # type: ignore[arg-type]
            ui=self.ui,
            table=self.table,  # type: ignore[arg-type]
            store=self.store,  # type: ignore[arg-type]
            solver=self.solver,
            stats_window=self.stats_window,  # type: ignore[arg-type]
            replay_bar=self.replay_bar,  # type: ignore[arg-type]
            coach_page=self.coach_page,  # type: ignore[arg-type]
            how_to=self.how_to,
            document=self.document,
            page=b.page,
            address=b.address,
            copy=b.copy,
            download=b.download,
            now=b.now,
            run=b.run,
            sleep=b.sleep,
            later=b.later,
        )


class Calls(Recorder):
    """Any thin part whose calls are only kept (the Statistics window, the replay bar,
    the store)."""
