"""The page's shell (eightoff/web/app.py) under CPython: the fake browser of
tests/web/fakes/browser.py around the fake document of tests/web/fakes/dom.py, in which the
view builds the page's real elements (drawn and checked in Chromium by tests/browser). What
is checked here is the shell's own part: the start's choices, each listener's event read
into its action, the one loop (update, effects, render) and each effect run: the store, the
worker, the timers, the clipboard, the files, the how-to's memory."""

from __future__ import annotations

import asyncio
import itertools
import json
import sys
import types
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any
from unittest.mock import MagicMock

import pytest

from eightoff import DealCode, Game, Move, saved
from eightoff.rules import legal_moves
from eightoff.solver import solve
from eightoff.web.actions import Command, Select, Shortcut
from eightoff.web.effects import Aside, Remember
from eightoff.web.facts import HOW_TO_KEY, RECORD_KEY
from eightoff.web.state import Confirm, StatsWindow
from eightoff.web.storage.backup_file import export
from eightoff.web.storage.daily import daily_code, today
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Stats
from tests.web.fakes import browser as fakebrowser
from tests.web.fakes.browser import AudioContexts, Clipboard, JsException, Vibrator
from tests.web.fakes.dom import Document, EventTarget

THIN = [
    "eightoff.web.dom",
    "eightoff.web.storage.local",
    "eightoff.web.storage.files",
    "eightoff.web.links.clipboard",
    "eightoff.web.solver.worker",
    "eightoff.web.view.page",
    "eightoff.web.app",
]
"""The thin modules the shell imports, imported afresh over the fake browser."""


class Browser(fakebrowser.Window):
    """The window of one tab, its history kept, its timers waiting to be run by hand."""

    def __init__(self) -> None:
        super().__init__()
        self.location = types.SimpleNamespace(search="", origin="https://example.org", pathname="/")
        self.navigator = types.SimpleNamespace(languages=["en-GB"], language="en-GB", clipboard=None)
        self.history = types.SimpleNamespace(replaceState=self.replace_state)
        self.addresses: list[str] = []
        self.matchMedia = MagicMock()  # reduced motion: no card flights
        self.requestAnimationFrame = MagicMock(return_value=1)
        self.cancelAnimationFrame = MagicMock()
        self.timeouts: dict[int, tuple[Any, float, tuple[Any, ...]]] = {}
        self.performance = MagicMock()  # its marks are read back (the start's parts)
        self.performance.now = lambda: self.time
        self.time = 0.0
        """What ``performance.now()`` answers (the clock's time source)."""
        self.Worker = MagicMock()
        self.Object = types.SimpleNamespace(fromEntries=dict)

    def setTimeout(self, job: Any, ms: float, *args: Any) -> int:
        number = len(self.timeouts) + 1
        self.timeouts[number] = (job, ms, args)
        return number

    def clearTimeout(self, number: int) -> None:
        self.timeouts.pop(number, None)

    def run_timers(self, longest: float = float("inf")) -> list[float]:
        """Run every timer of at most ``longest`` ms waiting now (not those they set)."""
        due = [(n, t) for n, t in self.timeouts.items() if t[1] <= longest]
        for number, (job, _ms, args) in due:
            self.timeouts.pop(number, None)
            job(*args)
        return [t[1] for _n, t in due]

    def replace_state(self, _state: Any, _title: str, query: str) -> None:
        self.addresses.append(query)
        self.location.search = query


@pytest.fixture
def tab(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], Any]]:
    """``tab(query)``: a started App on ``index.html?query``, in one tab whose storage
    outlives each App (a reload)."""
    window, document = Browser(), Document()
    root = document.body.appendChild(document.createElement("div"))
    root.setAttribute("id", "app")
    modules = fakebrowser.install(monkeypatch, window, THIN, document)
    # The numbers stay written by Python: the browser's Intl is the page's (tests/browser).
    monkeypatch.setattr(modules.app, "use_number_format", lambda _format: None)
    monkeypatch.setattr(modules.app, "use_duration_format", lambda _format: None)
    started: list[Any] = []

    def start(query: str = "") -> Any:
        while started:
            started.pop().unbind()
        window.location.search = query
        app = modules.app.start()
        app.window, app.document = window, document
        started.append(app)
        return app

    yield start
    while started:
        started.pop().unbind()


def click(app: Any, action: str, dialog: str = "", disabled: bool = False) -> None:
    """A click on a button with ``data-action`` (in the dialog ``dialog``)."""
    box = types.SimpleNamespace(id=dialog) if dialog else None
    button = types.SimpleNamespace(
        disabled=disabled, dataset=types.SimpleNamespace(action=action), closest=lambda _s: box
    )
    app.on_click(types.SimpleNamespace(target=types.SimpleNamespace(closest=lambda _s: button)))


def change(app: Any, **target: Any) -> None:
    fields = {"id": "", "name": "", "type": "radio", "checked": False, "value": "", **target}
    app.on_change(types.SimpleNamespace(target=types.SimpleNamespace(**fields)))


def status(app: Any) -> str:
    return str(app.view.elements.status.textContent)


def test_the_page_starts_on_the_addresss_deal_and_says_it_is_ready(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C4-AAAAAFA")
    assert str(app.game.code) == "EO1-C4-AAAAAFA"
    assert app.document.documentElement.attributes == {"lang": "en", "dir": "ltr", "data-ready": ""}
    # The parts of our own start, for bench/startup.py: the elements made, the game drawn.
    marks = [call.args for call in app.window.performance.mark.call_args_list]
    assert marks == [("eightoff-built",), ("eightoff-shown",)]
    assert json.loads(app.window.localStorage.items[RECORD_KEY])["game"]["code"] == "EO1-C4-AAAAAFA"
    assert app.window.location.search == "?deal=EO1-C4-AAAAAFA"
    assert app.view.dialogs.build_next() is False  # every window built before data-ready


def test_the_start_in_pieces_gives_the_browser_its_turn_and_says_it_is_ready_last(
    tab: Callable[[str], Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """static/main.py awaits ``start_in_pieces``: the board's elements, the game decided,
    the listeners bound and the game drawn, then the windows a piece at a time;
    ``<html data-ready>`` only after the last."""
    first = tab("")  # the fake browser, and a first visit's how-to card built and shown
    module = sys.modules["eightoff.web.app"]
    html = first.document.documentElement.attributes
    html.pop("data-ready")
    turns: list[tuple[bool, int]] = []
    marks = first.window.performance.mark

    async def turn(_seconds: float) -> None:  # the browser's turn: what the page has said so far
        turns.append(("data-ready" in html, marks.call_count))

    monkeypatch.setattr(module.asyncio, "sleep", turn)
    marks.reset_mock()
    ticks = itertools.count(0, 10)
    monkeypatch.setattr(first.window.performance, "now", lambda: next(ticks))  # 10 ms a reading
    app = asyncio.run(module.start_in_pieces())
    try:
        # after the elements (marked built), the game decided, the game drawn (marked
        # shown), then after each piece past 16 ms (two readings a part, 10 ms apart): two
        # parts a piece (7 dialogs, the replay bar; the how-to card shown already)
        assert turns == [(False, 1), (False, 1)] + [(False, 2)] * 5 and "data-ready" in html
        assert app.state.how_to.shown and not app.view.build_next()
    finally:
        app.unbind()


def test_daily_opens_todays_deal_and_an_unreadable_address_keeps_the_game(tab: Callable[[str], Any]) -> None:
    assert tab("?daily").game.code == daily_code(today())
    app = tab("?deal=EO1-C4-AAAA")
    assert status(app).startswith("The address holds a deal code that cannot be used:")


def test_a_replay_link_shows_the_replay_and_keeps_the_game(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA&moves=1eef&replay=1")
    assert app.state.replay.step == 1 and app.game.moves == 0
    assert app.window.location.search == "?deal=EO1-C8-AAAAAFA&moves=1eef&replay=1"  # as it was
    assert status(app) == "Replay of deal EO1-C8-AAAAAFA, 2 moves. Your game is kept."
    click(app, "replay-forward")
    assert app.window.addresses[-1].endswith("&replay=2")
    change(app, name="replay-speed", type="select-one", value="2")
    assert app.state.replay.speed == 2.0
    change(app, name="replay-speed", type="select-one", value="fast")  # no speed: nothing
    click(app, "replay-play")  # from the end: from the deal, a step every half second
    assert app.state.replay.playing and app.window.run_timers() == [500.0]
    assert app.state.replay.step == 1
    click(app, "replay-exit")
    assert app.state.replay is None and app.window.addresses[-1] == f"?deal={app.game.code}"


def test_a_link_to_another_deal_opens_it_and_keeps_the_game_in_progress(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    click(app, "undo")  # nothing to undo: the engine says so
    assert status(app) == "There is nothing to undo."
    app.dispatch(Select("column-1"))
    app.dispatch(Select("cell-5"))
    assert app.game.moves == 1
    app = tab("?deal=EO1-C4-AAAAAFA")  # a reload on another deal's address
    assert str(app.game.code) == "EO1-C4-AAAAAFA" and app.game.moves == 0 and app.state.windows == ()
    assert status(app) == "New deal EO1-C4-AAAAAFA. Undo brings back the last game (1 move)."
    click(app, "undo")
    assert str(app.game.code) == "EO1-C8-AAAAAFA" and app.game.moves == 1
    app = tab("")  # a reload: the game brought back, and the deal it replaced one command away
    assert str(app.game.code) == "EO1-C8-AAAAAFA" and app.game.moves == 1
    click(app, "new-game")
    back = app.document.getElementById("back-to-last")
    assert not back.hidden and back.textContent == "Back to the last game (0 moves)"
    click(app, "back-to-last", dialog="new-game-dialog")
    assert str(app.game.code) == "EO1-C4-AAAAAFA" and app.state.windows == ()


def test_the_buttons_and_choices_reach_the_update(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    click(app, "launch-rockets")  # no such action
    click(app, "new-game", disabled=True)
    click(app, "settings")
    click(app, "close", dialog="settings-dialog")
    assert app.state.windows == ()
    change(app, name="deck", value="two")
    change(app, name="tap-to-select", type="checkbox", checked=True)
    change(app, name="winnable", type="checkbox", checked=False)
    change(app, name="nothing", value="x")
    change(app, name="motion", type="checkbox", checked=True)  # over the device's reduced motion
    assert app.state.settings.motion == "on" and app.view.board.flights.moving
    change(app, name="motion", type="checkbox", checked=False)
    settings = app.state.settings
    assert settings.motion == "off" and not app.view.board.flights.moving
    assert (settings.deck, settings.tap_to_select, settings.winnable) == ("two", True, False)
    assert json.loads(app.window.localStorage.items[RECORD_KEY])["settings"]["deck"] == "two"
    change(app, name="language", type="select-one", value="nl")
    assert app.state.language == "nl" and app.document.documentElement.attributes["lang"] == "nl"
    change(app, name="language", type="select-one", value="en")


def test_any_input_first_ends_the_motion_under_way(tab: Callable[[str], Any]) -> None:
    """A press or a key, in the window's capture phase: before the board's own listeners."""
    app = tab("?deal=EO1-C8-AAAAAFA")
    settled: list[str] = []
    app.view.board.flights.settle = lambda: settled.append("settled")
    for kind in ("pointerdown", "keydown"):
        assert app.window.listeners[kind][0].function == app.settle
        app.window.fire(kind)
    assert settled == ["settled", "settled"]


def test_another_tabs_game_arrives_as_an_action(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    other = tab("?deal=EO1-C8-AAAAAFA")  # a second App on the same storage: the other tab
    record = json.loads(app.window.localStorage.items[RECORD_KEY])
    record["game"] = saved.to_dict(Game.new(DealCode.parse("EO1-C4-AAAAAFA")))
    record["revision"], record["tab"] = record["revision"] + 1, "another"
    value = json.dumps(record)
    other.window.localStorage.items[RECORD_KEY] = value
    other.window.fire("storage", key=RECORD_KEY, newValue=value)
    assert str(other.game.code) == "EO1-C4-AAAAAFA"
    assert status(other) == "The game was played on in another tab: this tab now shows that game."


def test_a_save_refused_because_another_tab_saved_shows_that_tabs_game(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    record = json.loads(app.window.localStorage.items[RECORD_KEY])
    record["game"] = saved.to_dict(Game.new(DealCode.parse("EO1-C4-AAAAAFA")))
    record["revision"], record["tab"] = record["revision"] + 1, "another"
    app.window.localStorage.items[RECORD_KEY] = json.dumps(record)  # written, its event not yet come
    app.dispatch(Select("column-1"))
    app.dispatch(Select("cell-5"))  # a move: its save finds the other tab's record
    assert str(app.game.code) == "EO1-C4-AAAAAFA"
    assert status(app) == "The game was played on in another tab: this tab now shows that game."


def test_the_workers_replies_and_failures_are_actions(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    click(app, "hint")
    worker = app.window.Worker.new.return_value
    sent = worker.postMessage.call_args.args[0]
    assert json.loads(sent)["kind"] == "hint" and status(app) == "Looking for a winning line…"
    listeners = {c.args[0]: c.args[1] for c in worker.addEventListener.call_args_list}
    serial = json.loads(sent)["serial"]
    reply = {"serial": serial, "verdict": "unsolvable", "moves": [], "code": "", "kind": "hint", "count": 0}
    listeners["message"](types.SimpleNamespace(data=json.dumps(reply)))
    # No move made: the coach says the deal itself is lost (eightoff/web/update/solver.py).
    assert status(app) == "This deal cannot be won, not even from its first card."
    click(app, "hint")
    app.window.run_timers(longest=60_000)  # no reply in time: said, the worker given up
    assert status(app) == "The solver did not answer in time. Ask for a hint again to retry."


def test_a_chosen_file_is_read_and_a_backup_taken_over_another_tabs_record(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    click(app, "stats")
    game = Game.new(DealCode.parse("EO1-C4-AAAAAFA"))
    game.play(next(iter(legal_moves(game.position))))
    contents = export(game, Settings(cells=4), Stats().begin(game.code), "2026-12-04T10:00:00Z")

    class File:
        size = len(contents)

        async def text(self) -> str:
            return contents

    async def choose(*chosen: Any) -> None:
        files = types.SimpleNamespace(length=len(chosen), item=lambda index: chosen[index])
        change(app, id="import-file", type="file", files=files, value="x.json")
        await asyncio.gather(*app.tasks)

    asyncio.run(choose())  # no file: nothing asked
    assert not isinstance(app.state.windows[-1], Confirm)
    asyncio.run(choose(File()))
    assert isinstance(app.state.windows[-1], Confirm)
    record = json.loads(app.window.localStorage.items[RECORD_KEY])
    record["revision"] += 5  # another tab saved meanwhile: taking the backup replaces it still
    app.window.localStorage.items[RECORD_KEY] = json.dumps(record)
    click(app, "confirm-yes", dialog="confirm")
    assert str(app.game.code) == "EO1-C4-AAAAAFA" and app.game.moves == 1
    assert app.state.windows == (StatsWindow(app.state.windows[0].message),)
    assert app.state.windows[0].message.text == "Backup imported."
    assert json.loads(app.window.localStorage.items[RECORD_KEY])["game"]["code"] == "EO1-C4-AAAAAFA"


def test_export_downloads_the_backup_and_the_links_go_to_the_clipboard(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    click(app, "stats")
    click(app, "export")
    (link,) = app.document.clicked
    assert link.getAttribute("download") == "eightoff-backup.json"
    assert app.state.windows[-1].message.text == "Backup saved as eightoff-backup.json."

    async def copy(command: str) -> None:
        click(app, command)
        await asyncio.gather(*app.tasks)

    asyncio.run(copy("copy-link"))  # no clipboard: the link shown to copy by hand
    assert app.state.share == "https://example.org/?deal=EO1-C8-AAAAAFA"
    app.window.navigator.clipboard = Clipboard()
    asyncio.run(copy("copy-link"))
    assert app.window.navigator.clipboard.text == "https://example.org/?deal=EO1-C8-AAAAAFA"
    assert app.state.share is None and status(app) == "Link copied."


class Sheet:
    """``navigator.share`` and ``canShare``: takes what it is given, or the player closes it."""

    def __init__(self, close: bool = False) -> None:
        self.given: list[dict[str, str]] = []
        self.close = close

    def canShare(self, data: dict[str, str]) -> bool:
        return data["url"].startswith("https://")

    async def share(self, data: dict[str, str]) -> None:
        if self.close:
            raise JsException("AbortError", "Share canceled")
        self.given.append(data)


def test_a_replay_goes_to_the_share_sheet_else_to_the_clipboard(tab: Callable[[str], Any]) -> None:
    """Issue 36 item 7 through the shell: a device with a share sheet gets the replay link
    with a title and a sentence; closed, nothing is said; with none, the link is copied
    and "Replay link copied." said, never the address."""
    app = tab("?deal=EO1-C8-AAAAAFA&moves=1e")
    url = "https://example.org/?deal=EO1-C8-AAAAAFA&moves=1e&replay"  # no time: begun by the link

    async def share() -> None:
        click(app, "share")
        while app.tasks:
            await asyncio.gather(*app.tasks)

    sheet = Sheet()
    app.window.navigator.share, app.window.navigator.canShare = sheet.share, sheet.canShare
    asyncio.run(share())
    assert [given["url"] for given in sheet.given] == [url] and status(app) == "Replay link shared."
    assert sheet.given[0]["text"] == "A game of Eight Off, deal EO1-C8-AAAAAFA, move by move."
    closed = Sheet(close=True)
    app.window.navigator.share = closed.share
    asyncio.run(share())
    assert closed.given == [] and status(app) == "Replay link shared."  # nothing new said
    del app.window.navigator.share
    app.window.navigator.clipboard = Clipboard()
    asyncio.run(share())
    assert app.window.navigator.clipboard.text == url and status(app) == "Replay link copied."


def test_a_position_link_opens_after_its_moves_which_are_the_games_path(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA&moves=1eef")
    assert app.game.moves == 2 and app.game.undo_stack == [Move.parse("1e"), Move.parse("ef")]
    assert app.state.stats.whole_game(app.game) == (Move.parse("1e"), Move.parse("ef"))


def test_a_drag_marks_the_pile_it_drops_on_from_boxes_read_once(
    tab: Callable[[str], Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The shell's pointer on the fake layout (piles 100 px apart by key; cell 6 at 500):
    the 5 of spades carried over cell 6 marks it ``drop`` and goes there; the piles' boxes
    are read once for the drag, then no more until the next."""
    app = tab("?deal=EO1-C8-AAAAAFA")
    view = app.view.board
    reads: list[int] = []
    boxes = view.pile_boxes
    monkeypatch.setattr(view, "pile_boxes", lambda: reads.append(1) or boxes())
    board, five = view.board, view.elements.cards["5S"]
    press = {"isPrimary": True, "pointerType": "mouse", "button": 0, "pointerId": 1, "clientY": 105.0}
    EventTarget.fire(
        board, "pointerdown", target=five, preventDefault=lambda: None, clientX=840.0, timeStamp=0, **press
    )
    for x in (700.0, 600.0, 540.0):
        EventTarget.fire(board, "pointermove", pointerId=1, clientX=x, clientY=105.0)
    assert app.state.input.aim == "cell-6" and len(reads) == 1
    assert [key for key, node in view.piles.items() if node.classList.contains("drop")] == ["cell-6"]
    EventTarget.fire(board, "pointerup", pointerId=1, clientX=540.0, clientY=105.0, timeStamp=90.0)
    assert app.game.undo_stack == [Move.parse("1f")] and len(reads) == 1
    assert not any(node.classList.contains("drop") for node in view.piles.values())


def test_a_refused_tap_waits_out_the_double_tap_window_on_a_timer(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    down = {"isPrimary": True, "pointerType": "mouse", "button": 0, "pointerId": 1, "clientX": 5.0}
    board, card = app.view.board.board, app.view.board.elements.cards["KH"]  # under other cards: no move
    EventTarget.fire(
        board, "pointerdown", target=card, preventDefault=lambda: None, clientY=5.0, timeStamp=0, **down
    )
    EventTarget.fire(board, "pointerup", pointerId=1, clientX=5.0, clientY=5.0, timeStamp=40.0)
    assert status(app) == "" and app.state.tap_wait is not None
    assert app.window.run_timers(longest=1_000) == [350.0]  # the window passed: said
    assert status(app) == "The king of hearts does not head a run of one suit in sequence."


def test_the_clock_pauses_with_the_tab_and_its_time_is_saved_when_hidden(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    app.dispatch(Select("column-1"))
    app.dispatch(Select("cell-5"))  # the first move, at 0 ms
    app.window.time = 12_500.0
    app.document.hidden = True
    app.document.fire("visibilitychange")
    record = json.loads(app.window.localStorage.items[RECORD_KEY])
    assert record["stats"]["current"]["time"] == 12_500 and not app.state.clock.running
    app.window.time = 99_000.0  # hidden: nothing counted
    app.document.hidden = False
    app.document.fire("visibilitychange")
    app.window.time = 100_000.0
    app.window.run_timers()  # the bar's next second
    assert app.state.clock.running and app.state.clock.shown == 13_500
    assert app.view.elements.clock.textContent == "00:13"
    reloaded = tab("?deal=EO1-C8-AAAAAFA")  # from the time saved when it was hidden
    assert reloaded.state.clock.shown == 12_500
    app.document.hidden = True
    assert not tab("?deal=EO1-C8-AAAAAFA").state.clock.running  # started hidden: it waits to be seen


def test_a_tab_hidden_with_its_clock_standing_still_writes_nothing(tab: Callable[[str], Any]) -> None:
    """Nothing new to save (no move yet, or the game won): the storage is left as it is, so
    a page left after its storage was emptied or set aside does not write its game back."""
    app = tab("?deal=EO1-C8-AAAAAFA")
    app.window.localStorage.items.clear()
    app.window.time = 5_000.0
    app.document.hidden = True
    app.document.fire("visibilitychange")
    assert RECORD_KEY not in app.window.localStorage.items and not app.state.clock.running


def test_the_how_to_is_remembered_once_dismissed_and_the_focus_followed(tab: Callable[[str], Any]) -> None:
    app = tab("")
    assert app.state.how_to.shown
    click(app, "how-to-close")
    assert app.window.localStorage.items[HOW_TO_KEY] == "seen" and not tab("").state.how_to.shown
    app = tab("?deal=EO1-C8-AAAAAFA")
    board = app.view.board.board
    EventTarget.fire(board, "focusin", target=app.view.board.elements.cards["KH"])
    assert app.state.focus.pile == "column-1" and app.state.focus.index == 3
    EventTarget.fire(board, "focusin", target=app.view.elements.status)  # not on the board: nothing
    app.dispatch(None)
    app.dispatch(Command("help"))
    assert app.state.windows


def test_what_storage_keeps_is_run_by_the_shell(tab: Callable[[str], Any]) -> None:
    """The set-aside slot read, downloaded and emptied; the device's memory; a browser with
    no storage manager answers nothing (the settings say it may clear the game)."""
    app = tab("?deal=EO1-C8-AAAAAFA")
    assert app.state.kept is None  # the fake browser has no navigator.storage
    items = app.window.localStorage.items
    items["eightoff:backup"] = "{not a record"
    app.dispatch(Command("settings"))
    app.run(Aside("read"))
    app.dispatch(None)
    app.drain()
    assert app.state.aside is not None and app.state.aside.chars == 13
    app.dispatch(Command("download-aside"))
    assert app.document.clicked[-1].getAttribute("download") == "eightoff-set-aside.txt"
    app.dispatch(Command("discard-aside"))
    assert "eightoff:backup" not in items and app.state.aside is None
    app.run(Remember("told", ["safari"]))
    assert json.loads(items["eightoff:device"]) == {"told": ["safari"]}


def test_a_worker_that_cannot_start_online_is_asked_after_past_the_cache(tab: Callable[[str], Any]) -> None:
    """Its file gone (a 404: a new version deployed since the page loaded): the hint says to
    reload; offline, or any other answer, it is a worker that could not start."""
    app = tab("?deal=EO1-C8-AAAAAFA")
    asked: list[Any] = []

    def answering(status: int | None) -> Callable[..., Any]:
        async def fetch(url: str, options: Any) -> Any:
            asked.append((url, options))
            if status is None:
                raise OSError("offline")
            return types.SimpleNamespace(status=status)

        return fetch

    for answer, said in (
        (404, "A new version of Eight Off is on the site: reload the page to use the solver again."),
        (200, "The solver could not start (is the connection down?). Ask for a hint again to retry."),
        (None, "The solver could not start (is the connection down?). Ask for a hint again to retry."),
    ):
        app.window.fetch = answering(answer)
        app.window.navigator.onLine = True

        async def hint_fails() -> None:
            click(app, "hint")
            app.worker_failed("start")
            await asyncio.gather(*app.tasks)

        asyncio.run(hint_fails())
        assert status(app) == said
    assert asked[0][1] == {"method": "HEAD", "cache": "no-store"}
    app.window.navigator.onLine = False
    click(app, "hint")
    app.worker_failed("start")
    assert status(app).startswith("The solver could not start")


def test_only_safari_outside_the_home_screen_is_told_how_long_it_keeps_the_game(
    tab: Callable[[str], Any],
) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    module = sys.modules["eightoff.web.app"]
    navigator = app.window.navigator
    safari = (
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 "
        "Version/18.0 Mobile/15E148 Safari/604.1"
    )
    navigator.userAgent = safari
    app.window.matchMedia.return_value = types.SimpleNamespace(matches=False)
    assert module.outside_home_screen()
    navigator.standalone = True
    assert not module.outside_home_screen()
    del navigator.standalone
    navigator.userAgent = safari.replace("Version/18.0", "CriOS/131.0")
    assert not module.outside_home_screen()
    navigator.userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15"
    assert not module.outside_home_screen()  # WebKitGTK: no seven-day deletion of ours to tell


def test_a_cue_is_heard_and_felt_as_the_settings_say_and_never_while_hidden(
    tab: Callable[[str], Any],
) -> None:
    """Issue 37 item 5 through the shell: the two switches of the Settings window turn the
    cues on; a card placed is one soft click (one oscillator through a gain, an envelope of
    40 ms) and a 10 ms vibration; a refusal and a win their own; nothing with the page hidden."""
    app = tab("?deal=EO1-C8-AAAAAFA")
    audio, vibrate = AudioContexts(state="suspended"), Vibrator()
    app.window.AudioContext, app.window.navigator.vibrate = audio, vibrate
    app.dispatch(Select("column-1"))
    app.dispatch(Select("cell-5"))
    assert audio.made == [] and vibrate.patterns == []  # both off until turned on
    click(app, "settings")
    switches = [app.document.getElementById(name) for name in ("sound", "haptics")]
    assert [(s.checked, s.getAttribute("type")) for s in switches] == [(False, "checkbox")] * 2
    change(app, name="sound", type="checkbox", checked=True)
    change(app, name="haptics", type="checkbox", checked=True)
    assert [s.checked for s in switches] == [True, True]
    click(app, "close", dialog="settings-dialog")
    app.dispatch(Command("undo"))  # no card placed by a move: no cue
    assert audio.made == [] and vibrate.patterns == []
    app.dispatch(Select("column-1"))
    app.dispatch(Select("cell-5"))
    [context] = audio.made  # made at the first sound, resumed as it was made before a gesture
    assert context.resumed == 1 and context.state == "running" and vibrate.patterns == [[10]]
    [click_] = context.oscillators
    [gain] = context.gains
    assert (click_.type, click_.frequency.value, click_.started, click_.stopped) == (
        "triangle",
        1200.0,
        2.0,
        pytest.approx(2.06),
    )
    assert gain.gain.events == [("set", 0.0001, 2.0), ("ramp", 0.12, 2.005), ("ramp", 0.0001, 2.04)]
    assert click_.outputs == [gain] and gain.outputs == [context.destination]
    app.dispatch(Shortcut("tap", "column-1"))  # the 6 of spades home: refused
    assert [o.frequency.value for o in context.oscillators[1:]] == [196.0, 147.0]
    assert vibrate.patterns[-1] == [30, 40, 30] and audio.made == [context]
    app.document.hidden = True
    app.dispatch(Select("column-1"))
    app.dispatch(Select("cell-6"))
    assert app.game.moves == 2 and len(context.oscillators) == 3 and len(vibrate.patterns) == 2
    app.document.hidden = False
    change(app, name="sound", type="checkbox", checked=False)
    app.dispatch(Command("undo"))
    app.dispatch(Command("redo"))
    app.dispatch(Select("column-1"))
    app.dispatch(Select("cell-7"))
    assert len(context.oscillators) == 3 and vibrate.patterns[-1] == [10]  # felt, not heard


def test_a_win_is_a_rising_arpeggio_and_a_browser_without_audio_or_vibration_plays_on(
    tab: Callable[[str], Any],
) -> None:
    game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
    line = solve(game.position).moves
    for move in line[:-1]:
        game.play(move)
    app = tab("?deal=EO1-C8-AAAAAFA")

    def win() -> None:
        """The last move of the line played again from the position before it."""
        app.state = replace(
            app.state, game=game.copy(), windows=(), settings=Settings(sound=True, haptics=True)
        )
        app.dispatch(Select(line[-1].source.key))
        app.dispatch(Select(line[-1].target.key))
        assert app.game.is_won

    audio, vibrate = AudioContexts(), Vibrator()
    app.window.AudioContext, app.window.navigator.vibrate = audio, vibrate
    win()
    [context] = audio.made
    assert context.resumed == 0 and vibrate.patterns == [[60, 40, 120]]
    assert [o.frequency.value for o in context.oscillators] == [523.25, 659.25, 783.99, 1046.5]
    assert [o.started for o in context.oscillators] == pytest.approx([2.0, 2.09, 2.18, 2.27])
    del app.window.AudioContext, app.window.navigator.vibrate  # none at all: nothing, no error
    app.cues.context = None
    win()
    assert app.cues.context is None and len(audio.made) == 1 and vibrate.patterns == [[60, 40, 120]]
    app.window.webkitAudioContext = AudioContexts(refuse=True)  # older Safari's, refused
    app.window.navigator.vibrate = Vibrator(refuse=True)
    win()
    assert app.cues.context is None
    app.window.webkitAudioContext = webkit = AudioContexts()
    win()
    assert app.cues.context is webkit.made[0] and len(webkit.made[0].oscillators) == 4
