"""The small thin modules that still decide something, under CPython with a fake browser:
eightoff/web/storage/local.py (a full quota, storage refused, another tab's save) and
eightoff/web/links/clipboard.py (a browser without a clipboard, or one that refuses). They are
measured by coverage like the pure modules (tests/engine/helpers.py: FAKE_DOM).

The fake browser (tests/web/fakes/browser.py) is the few names typings/ declares (pyscript's
window, pyscript.ffi, pyodide.ffi's JsException) and what these modules call on them; the
real page runs them in tests/browser (test_saving, test_dialogs).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from eightoff import DealCode, Game, Move
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.store import KEY, Loaded, MemoryStorage, Notice, StorageFull, Store
from tests.web.fakes import browser as fakebrowser
from tests.web.fakes.browser import Area, Clipboard, JsException, NoStorage, Window

MODULES = ("eightoff.web.dom", "eightoff.web.storage.local", "eightoff.web.links.clipboard")


@pytest.fixture
def install(monkeypatch: pytest.MonkeyPatch) -> Callable[[Window], Any]:
    """``install(window)``: the fake browser around ``window``, and the thin modules
    imported afresh over it; returns a namespace of those modules."""
    return lambda window: fakebrowser.install(monkeypatch, window, MODULES)


GAME = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))


def test_local_storage_reads_writes_and_removes(install: Callable[[Window], Any]) -> None:
    window = Window()
    area = install(window).local.LocalStorage()
    assert area.get("k") is None
    area.set("k", "v")
    assert (area.get("k"), window.localStorage.items) == ("v", {"k": "v"})
    area.remove("k")
    assert area.get("k") is None and window.localStorage.items == {}


@pytest.mark.parametrize(
    ("error", "message"),
    [("QuotaExceededError", "The quota has been exceeded."), ("NS_ERROR_DOM_QUOTA_REACHED", "Full.")],
)
def test_a_full_quota_is_storage_full_and_the_store_says_so_once(
    install: Callable[[Window], Any], error: str, message: str
) -> None:
    """Told by the error's name (Chromium, WebKit) or its words (Firefox's older name)."""
    window = Window()
    window.localStorage = Area(quota=100, error=error, message=message)
    area = install(window).local.LocalStorage()
    with pytest.raises(StorageFull):
        area.set("k", "x" * 101)
    assert window.localStorage.items == {}
    store = Store(area, "tab")
    store.load()
    assert store.save(GAME, Settings()) == Notice("storage-full")
    assert store.save(GAME, Settings()) is None and not store.saving


def test_another_storage_error_is_not_a_full_quota(install: Callable[[Window], Any]) -> None:
    window = Window()
    window.localStorage = Area(
        quota=0, error="InvalidStateError", message="The object is in an invalid state."
    )
    area = install(window).local.LocalStorage()
    with pytest.raises(JsException):
        area.set("k", "v")
    store = Store(area, "tab")
    assert store.save(GAME, Settings()) == Notice("storage-failed", {"error": "JsException"})


@pytest.mark.parametrize("window", [NoStorage(), Window()], ids=["refused", "null"])
def test_storage_refused_is_said_and_play_goes_on(install: Callable[[Window], Any], window: Window) -> None:
    if type(window) is Window:
        window.localStorage = None  # the browser gives null
    area = install(window).local.LocalStorage()
    for call in (lambda: area.get(KEY), lambda: area.set(KEY, "v"), lambda: area.remove(KEY)):
        with pytest.raises(OSError, match="localStorage is not available"):
            call()
    store = Store(area, "tab")
    loaded = store.load()
    assert loaded.game is None and loaded.notice == Notice("storage-unavailable", {"error": "OSError"})
    assert store.save(GAME, Settings()) is None  # said once, at the load
    assert not store.saving


def test_another_tabs_newer_save_or_unreadable_write_is_shown_and_nothing_else(
    install: Callable[[Window], Any],
) -> None:
    window = Window()
    storage = install(window).local
    here, there = Store(MemoryStorage(), "here"), Store(MemoryStorage(), "there")
    shown: list[Loaded] = []
    unbind = storage.watch(here, shown.append)
    played = Game.new(GAME.code)
    played.play(Move.parse("1e"))
    there.save(played, Settings(4))
    newer = there.storage.get(KEY)
    window.fire("storage", key="other-key", newValue=newer)
    window.fire("storage", key=None, newValue=newer)
    window.fire("storage", key=KEY, newValue=None)  # removed: nothing to show
    assert shown == []
    window.fire("storage", key=KEY, newValue=newer)
    assert [(s.game, s.settings, s.notice) for s in shown] == [
        (played, Settings(4), Notice("storage-other-tab", {"revision": 1}))
    ]
    window.fire("storage", key=KEY, newValue=newer)  # already seen
    assert len(shown) == 1
    window.fire("storage", key=KEY, newValue="{broken")  # not a record: no game, the page saves over it
    assert [(s.game, s.notice) for s in shown[1:]] == [(None, Notice("storage-unreadable"))]
    (proxy,) = window.listeners["storage"]
    unbind()
    assert window.listeners["storage"] == [] and proxy.destroyed


@pytest.mark.parametrize(
    ("clipboard", "copied"),
    [(None, False), ("undefined", False), (Clipboard(refuse=True), False), (Clipboard(), True)],
    ids=["none", "undefined", "refused", "copied"],
)
def test_copy_text_says_whether_the_clipboard_took_it(
    install: Callable[[Window], Any], clipboard: Any, copied: bool
) -> None:
    window = Window()
    window.navigator.clipboard = clipboard
    clipboard_module = install(window).clipboard
    assert asyncio.run(clipboard_module.copy_text("https://example.org/?deal=EO1-C8-AAAAAFA")) is copied
    if isinstance(clipboard, Clipboard):
        assert clipboard.text == ("https://example.org/?deal=EO1-C8-AAAAAFA" if copied else None)
