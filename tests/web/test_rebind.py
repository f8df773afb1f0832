"""eightoff.web.rebind: a page booted from the memory snapshot gives the globals that the
snapshot's maker imported against stand-ins (tools/snapshot.mjs) the page's own browser
objects, each exactly once; the real snapshot is proved in tests/browser/test_snapshot.py
(every test of the page boots from it once one is stored)."""

from __future__ import annotations

import types

import pytest

import eightoff.web


def test_rebind_gives_each_listed_global_its_browser_object(monkeypatch: pytest.MonkeyPatch) -> None:
    document, is_none = object(), object()
    browser = types.ModuleType("fake_pyscript")
    browser.document = document  # type: ignore[attr-defined]
    ffi = types.ModuleType("fake_pyscript.ffi")
    ffi.is_none = is_none  # type: ignore[attr-defined]
    view = types.ModuleType("fake_view")
    view.document = view.is_none = view.kept = "stand-in"  # type: ignore[attr-defined]
    for module in (browser, ffi, view):
        monkeypatch.setitem(__import__("sys").modules, module.__name__, module)
    monkeypatch.setattr(
        eightoff.web,
        "STAND_INS",
        (
            ("fake_view", "document", "fake_pyscript.document"),
            ("fake_view", "is_none", "fake_pyscript.ffi.is_none"),
        ),
    )
    assert eightoff.web.rebind() == 2
    assert (view.document, view.is_none, view.kept) == (document, is_none, "stand-in")  # type: ignore[attr-defined]
    assert eightoff.web.STAND_INS == ()
    assert eightoff.web.rebind() == 0  # once


def test_a_page_that_imported_its_modules_has_nothing_to_rebind() -> None:
    assert eightoff.web.STAND_INS == ()
    assert eightoff.web.rebind() == 0
