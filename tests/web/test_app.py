"""The page's door (eightoff/web/app.py) under CPython: the fake browser of
tests/web/fakes/browser.py around the one fake document of tests/web/fakes/dom.py, in which
the thin parts build the page's real elements (the view, the dialogs, the windows: drawn
and checked in Chromium by tests/browser). What is checked here is App's own part: the
start-up's choices, the wiring (every action type and command has its handler, or the page
does not start), and each listener's event read into its action and through the door."""

from __future__ import annotations

import asyncio
import itertools
import json
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any
from unittest.mock import MagicMock

import pytest

from eightoff import DealCode, Game, Move, saved
from eightoff.web.actions import Select
from eightoff.web.facts import RECORD_KEY
from eightoff.web.storage.daily import daily_code, today
from tests.web.fakes import browser as fakebrowser
from tests.web.fakes.dom import Document

THIN = [
    "eightoff.web.dom",
    "eightoff.web.storage.local",
    "eightoff.web.links.clipboard",
    "eightoff.web.board.view",
    "eightoff.web.board.table",
    "eightoff.web.board.pointer",
    "eightoff.web.board.keys",
    "eightoff.web.windows.dialogs",
    "eightoff.web.windows.stats_window",
    "eightoff.web.windows.replay_bar",
    "eightoff.web.windows.coach_page",
    "eightoff.web.storage.files",
    "eightoff.web.solver.worker",
    "eightoff.web.app",
]
"""The thin modules App imports, imported afresh over the fake browser."""


class Browser(fakebrowser.Window):
    """The window of one tab at ``query``, its history kept."""

    def __init__(self) -> None:
        super().__init__()
        self.location = types.SimpleNamespace(search="", origin="https://example.org", pathname="/")
        self.navigator = types.SimpleNamespace(languages=["en-GB"], language="en-GB", clipboard=None)
        self.history = types.SimpleNamespace(replaceState=self.replace_state)
        self.addresses: list[str] = []
        self.matchMedia = MagicMock()  # reduced motion: no card flights
        self.requestAnimationFrame = MagicMock(return_value=1)
        self.cancelAnimationFrame = MagicMock()
        self.setTimeout = MagicMock(return_value=2)
        self.clearTimeout = MagicMock()
        self.performance = MagicMock()  # its marks are read back (the start's parts)
        self.performance.now = lambda: self.time
        self.time = 0.0
        """What ``performance.now()`` answers (the clock's time source)."""
        self.Worker = MagicMock()
        self.Object = types.SimpleNamespace(fromEntries=dict)

    def replace_state(self, _state: Any, _title: str, query: str) -> None:
        self.addresses.append(query)
        self.location.search = query


@pytest.fixture
def tab(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], Any]]:
    """``page(query)``: a started App on ``index.html?query``, in one tab whose storage
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


def test_the_page_starts_on_the_addresss_deal_and_says_it_is_ready(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C4-AAAAAFA")
    assert str(app.game.code) == "EO1-C4-AAAAAFA"
    assert app.document.documentElement.attributes == {"lang": "en", "dir": "ltr", "data-ready": ""}
    # The parts of our own start, for bench/startup.py: the elements made, the game drawn.
    marks = [call.args for call in app.window.performance.mark.call_args_list]
    assert marks == [("eightoff-built",), ("eightoff-shown",)]
    assert json.loads(app.window.localStorage.items[RECORD_KEY])["game"]["code"] == "EO1-C4-AAAAAFA"
    assert app.window.location.search == "?deal=EO1-C4-AAAAAFA"


def test_the_start_in_pieces_gives_the_browser_its_turn_and_says_it_is_ready_last(
    tab: Callable[[str], Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """static/main.py awaits ``start_in_pieces``: the board's elements, the game drawn,
    the listeners, then each window a piece; ``<html data-ready>`` only after the last."""
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
        # after the elements (marked built), the controllers, the game drawn (marked
        # shown), the listeners, then after each piece past 16 ms: two windows a piece (5
        # dialogs, the Statistics, the replay bar, the coach's button)
        assert turns == [(False, 1)] * 2 + [(False, 2)] * 6 and "data-ready" in html
        assert app.how_to.shown and not app.build_next()
    finally:
        app.unbind()


def test_daily_opens_todays_deal(tab: Callable[[str], Any]) -> None:
    assert tab("?daily").game.code == daily_code(today())


def test_a_replay_link_shows_the_replay_and_keeps_the_game(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA&moves=1eef&replay=1")
    assert app.rooms.replayer.showing() and app.game.moves == 0
    assert app.window.addresses[-1] == "?deal=EO1-C8-AAAAAFA&moves=1eef&replay=1"
    click(app, "replay-forward")
    assert app.window.addresses[-1].endswith("&replay=2")
    change(app, name="replay-speed", type="select-one", value="2")
    assert app.rooms.replayer.replay.speed == 2.0
    click(app, "replay-exit")
    assert not app.rooms.replayer.showing() and app.window.addresses[-1] == f"?deal={app.game.code}"


def test_a_link_to_another_deal_asks_before_the_game_in_progress_is_lost(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    click(app, "undo")  # nothing to undo: the engine says so
    assert app.view.elements.status.textContent == "There is nothing to undo."
    app.dispatch(Select("column-1"))
    app.dispatch(Select("cell-5"))
    assert app.game.moves == 1
    app = tab("?deal=EO1-C4-AAAAAFA")  # a reload on another deal's address
    assert str(app.game.code) == "EO1-C8-AAAAAFA" and app.game.moves == 1
    assert app.dialogs.confirmation.question.pending is not None
    click(app, "confirm-yes", dialog="confirm")
    assert str(app.game.code) == "EO1-C4-AAAAAFA" and app.game.moves == 0


def test_the_buttons_and_choices_reach_their_controllers(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    click(app, "launch-rockets")  # no such action
    click(app, "new-game", disabled=True)
    click(app, "close", dialog="settings-dialog")
    change(app, name="deck", value="two")
    change(app, name="tap-to-select", type="checkbox", checked=True)
    change(app, name="winnable", type="checkbox", checked=False)
    change(app, name="nothing", value="x")
    change(app, name="motion", type="checkbox", checked=True)  # over the device's reduced motion
    assert app.table.settings.motion == "on" and app.view.flights.moving
    change(app, name="motion", type="checkbox", checked=False)
    assert app.table.settings.motion == "off" and not app.view.flights.moving
    assert (app.table.settings.deck, app.table.settings.tap_to_select) == ("two", True)
    assert not app.table.settings.winnable and app.ui.tap_to_select
    assert json.loads(app.window.localStorage.items[RECORD_KEY])["settings"]["deck"] == "two"


def test_any_input_first_ends_the_motion_under_way(tab: Callable[[str], Any]) -> None:
    """A press or a key, in the window's capture phase: before the board's own listeners."""
    app = tab("?deal=EO1-C8-AAAAAFA")
    settled: list[str] = []
    app.view.flights.settle = lambda: settled.append("settled")
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


def test_the_workers_replies_and_a_chosen_file_are_actions(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    click(app, "hint")
    worker = app.window.Worker.new.return_value
    sent = worker.postMessage.call_args.args[0]
    assert json.loads(sent)["kind"] == "hint"
    listeners = {c.args[0]: c.args[1] for c in worker.addEventListener.call_args_list}
    serial = json.loads(sent)["serial"]
    reply = {"serial": serial, "verdict": "unsolvable", "moves": [], "code": "", "kind": "hint", "count": 0}
    listeners["message"](types.SimpleNamespace(data=json.dumps(reply)))
    # No move made: the coach says the deal itself is lost (eightoff/web/solver/coach.py).
    assert app.view.elements.status.textContent == "This deal cannot be won, not even from its first card."
    click(app, "hint")
    app.window.setTimeout.call_args.args[0]()  # no reply in time: said, the worker given up
    assert (
        app.view.elements.status.textContent
        == "The solver did not answer in time. Ask for a hint again to retry."
    )

    async def choose_a_file() -> None:
        files = types.SimpleNamespace(length=0)
        change(app, id="import-file", type="file", files=files)
        await asyncio.gather(*app.tasks)

    asyncio.run(choose_a_file())
    assert app.dialogs.confirmation.question.pending is None  # no file: nothing asked


def test_a_position_link_opens_after_its_moves_which_are_the_games_path(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA&moves=1eef")
    assert app.game.moves == 2 and app.game.undo_stack == [Move.parse("1e"), Move.parse("ef")]
    assert app.table.stats.whole_game(app.game) == (Move.parse("1e"), Move.parse("ef"))


def test_the_clock_pauses_with_the_tab_and_its_time_is_saved_when_hidden(tab: Callable[[str], Any]) -> None:
    app = tab("?deal=EO1-C8-AAAAAFA")
    app.table.play(Move.parse("1e"))  # the first move, at 0 ms
    app.window.time = 12_500.0
    app.document.hidden = True
    app.on_visibility(None)
    record = json.loads(app.window.localStorage.items[RECORD_KEY])
    assert record["stats"]["current"]["time"] == 12_500 and not app.clock.running
    app.window.time = 99_000.0  # hidden: nothing counted
    app.document.hidden = False
    app.on_visibility(None)
    app.window.time = 100_000.0
    assert app.clock.running and app.clock.elapsed() == 13_500
    timers = app.window.setTimeout.call_args_list
    assert timers[-1].args[1] == 500  # the bar's next write: when the next second starts
    reloaded = tab("?deal=EO1-C8-AAAAAFA")  # from the time saved when it was hidden
    assert reloaded.clock.elapsed() == 12_500
    app.document.hidden = True
    assert not tab("?deal=EO1-C8-AAAAAFA").clock.running  # started hidden: it waits to be seen


def test_a_tab_hidden_with_its_clock_standing_still_writes_nothing(tab: Callable[[str], Any]) -> None:
    """Nothing new to save (no move yet, or the game won): the storage is left as it is, so
    a page left after its storage was emptied or set aside does not write its game back."""
    app = tab("?deal=EO1-C8-AAAAAFA")
    app.window.localStorage.items.clear()
    app.window.time = 5_000.0
    app.document.hidden = True
    app.on_visibility(None)
    assert RECORD_KEY not in app.window.localStorage.items and not app.clock.running
